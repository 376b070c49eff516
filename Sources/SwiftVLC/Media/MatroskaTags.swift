// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The tags of a Matroska or WebM file that describe the file itself, read from its `Tags`
/// element (found by ``MatroskaElements``), where libVLC 3 reads them otherwise than FFmpeg,
/// MediaInfo and the muxers that write them.
///
/// libVLC's Matroska demuxer (`metadata_map` in `modules/demux/mkv/matroska_segment.cpp`)
/// takes a tag without a target type as level 50 (album, movie, episode), as the Matroska
/// specification says, and maps `ARTIST` there to the album artist and `PART_NUMBER` to the
/// episode; it reads no `DATE`, `ALBUM_ARTIST` or level-50 `TOTAL_PARTS`. FFmpeg writes a
/// file's artist, album artist, track number and date exactly so, untargeted, and reads them
/// back as the file's own (`ff_mkv_metadata_conv`), as MediaInfo does: a song file made with
/// `ffmpeg -metadata artist=…` was probed with that artist as its album artist, its track
/// number as an episode, and no date.
enum MatroskaTags {
  static let tagsID: UInt32 = 0x1254_C367

  private typealias EBML = MatroskaElements

  /// What a file's tags say of the file.
  struct FileTags: Sendable, Equatable {
    /// The file-level tags' values, under the keys ffprobe and MediaInfo show them as (the
    /// first value of a name wins). File-level: a `Tag` whose `Targets` name no track,
    /// edition, chapter or attachment and no target type, at level 50 (the default).
    var values: [MetadataKey: String] = [:]
    /// Whether a `Tag` of the file (not of a track) names its target type (`TargetType`:
    /// "ALBUM", "EPISODE"), as taggers that follow the specification write; FFmpeg names
    /// none.
    var namesTargetTypes = false
  }

  /// The tags of `file`: none when it has no tags, `nil` when that cannot be told.
  static func read<Bytes: RandomAccessBytes & ~Copyable>(_ file: borrowing Bytes) -> FileTags? {
    guard let body = EBML.body(of: tagsID, in: file) else { return nil }
    return tags(in: body)
  }

  /// The tags of a `Tags` body; the first value of a name wins.
  static func tags(in bytes: [UInt8]) -> FileTags {
    var found = FileTags()
    for tag in EBML.children(bytes, 0..<bytes.count) where tag.id == 0x7373 {
      let fields = EBML.children(bytes, tag.body)
      if let targets = fields.first(where: { $0.id == 0x63C0 }) {
        let named = EBML.children(bytes, targets.body)
        // TagTrackUID, TagEditionUID, TagChapterUID, TagAttachmentUID; 0 targets everything.
        if named.contains(where: {
          [0x63C5, 0x63C9, 0x63C4, 0x63C6].contains($0.id) && EBML.unsigned(bytes, $0.body) != 0
        }) {
          continue
        }
        // A tag that names its target type (mkvmerge's "ALBUM", "EPISODE") means what its
        // level means, as libVLC reads it: its values are left to libVLC.
        if named.contains(where: { $0.id == 0x63CA }) {
          found.namesTargetTypes = true
          continue
        }
        let level = named.first { $0.id == 0x68CA }.flatMap { EBML.unsigned(bytes, $0.body) }
        if let level, level != 50 { continue }
      }
      for simple in fields where simple.id == 0x67C8 {
        let parts = EBML.children(bytes, simple.body)
        guard let name = parts.first(where: { $0.id == 0x45A3 }),
          let value = parts.first(where: { $0.id == 0x4487 }),
          let key = key(EBML.string(bytes, name.body))
        else { continue }
        let text = EBML.string(bytes, value.body).trimmingSpaces()
        if !text.isEmpty, found.values[key] == nil { found.values[key] = text }
      }
    }
    return found
  }

  /// The key of a tag name that libVLC reads otherwise at level 50 or leaves out, or `nil`
  /// for a name it reads as FFmpeg does. `TITLE` there is the album to libVLC, the title to FFmpeg and
  /// MediaInfo ("Movie name"; FFmpeg itself writes a file's title in the segment's `Info`).
  private static func key(_ name: String) -> MetadataKey? {
    switch name.uppercased() {
    case "TITLE": .title
    case "ARTIST": .artist
    case "ALBUM_ARTIST": .albumArtist
    case "PART_NUMBER": .trackNumber
    case "TOTAL_PARTS": .trackTotal
    case "DATE", "DATE_RELEASED", "DATE_RELEASE", "DATE_RECORDED": .date
    // libVLC's Matroska demuxer drops it; its avformat demuxer (a server without ranges)
    // calls it the setting. FFmpeg's muxer names itself here.
    case "ENCODER": .encodedBy
    default: nil
    }
  }

  /// `metadata` as libVLC read it, corrected with the file's `tags`: each file-level tag's
  /// value under its key. In a file whose tags name no target type (FFmpeg's, mkvpropedit's
  /// global tags), libVLC's album artist and episode are its readings of level-50 `ARTIST`
  /// and `PART_NUMBER` tags (of the file or of a track), not an album artist or an episode:
  /// the album artist is the `ALBUM_ARTIST` tag's, and there is no episode; an album equal
  /// to the level-50 `TITLE` is libVLC's reading of that title.
  static func correct(_ metadata: inout Metadata, with tags: FileTags) {
    if !tags.namesTargetTypes {
      metadata[.albumArtist] = nil
      metadata[.episode] = nil
      if let title = tags.values[.title], metadata[.album] == title { metadata[.album] = nil }
    }
    // libVLC's avformat demuxer read the encoder as the setting.
    if let encoder = tags.values[.encodedBy], metadata[.setting] == encoder {
      metadata[.setting] = nil
    }
    for (key, value) in tags.values { metadata[key] = value }
  }
}
