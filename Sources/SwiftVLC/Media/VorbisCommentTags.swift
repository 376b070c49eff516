// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The Vorbis comments of an Ogg or FLAC file that libVLC 3's demuxers do not map to a key
/// (`vorbis_ParseComment` in `modules/demux/xiph_metadata.c` keeps them as extras): the album
/// artist, the track and disc totals, the disc number. A local file's are read by libVLC's
/// TagLib meta reader too; a download's only by the demuxer, so a probe over HTTP left them
/// out.
enum VorbisCommentTags {
  /// The tags among a comment packet's `fields` ("KEY=value"); the first value of a key wins.
  static func tags(_ fields: [String]) -> [MetadataKey: String] {
    var found: [MetadataKey: String] = [:]
    for field in fields {
      guard let equals = field.firstIndex(of: "=") else { continue }
      let value = String(field[field.index(after: equals)...]).trimmingSpaces()
      guard let key = key(field[..<equals].uppercased()), !value.isEmpty, found[key] == nil
      else { continue }
      found[key] = value
    }
    return found
  }

  /// The tags of the first of `streams` whose comment header has any.
  static func tags(of streams: [OggHeaders.Stream]) -> [MetadataKey: String] {
    for stream in streams {
      let found = OggChapters.commentFields((stream.codec, stream.comment)).map(tags) ?? [:]
      if !found.isEmpty { return found }
    }
    return [:]
  }

  private static func key(_ name: String) -> MetadataKey? {
    switch name {
    case "ALBUMARTIST", "ALBUM ARTIST", "ALBUM_ARTIST": .albumArtist
    case "TRACKTOTAL", "TOTALTRACKS": .trackTotal
    case "DISCNUMBER": .discNumber
    case "DISCTOTAL", "TOTALDISCS": .discTotal
    default: nil
    }
  }
}
