// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials
import Glibc

extension Media {
  /// The metadata libVLC holds for this media now: what a parse, or playing it, has read so
  /// far (tags arrive once playback has opened the source). The title is left out where
  /// libVLC 3 only put the file name there for want of a title tag. Once
  /// ``parse(timeout:network:depth:)`` has read the file's own headers, their tags correct
  /// libVLC's values as in the parse's result (a Matroska file's artist, album artist, track
  /// number and date; tags libVLC's demuxers leave out). Doesn't block; any thread. Maps
  /// `libvlc_media_get_meta`.
  public var currentMetadata: Metadata {
    var values: [MetadataKey: String] = [:]
    for key in MetadataKey.allCases {
      if let value = libvlc_media_get_meta(pointer, key.native) {
        // libVLC's ID3 reader (a download's MP3) keeps a UTF-16 string's byte-order mark.
        let text = String(String(cString: value).drop { $0 == "\u{FEFF}" }).trimmingSpaces()
        libvlc_free(value)
        if !text.isEmpty { values[key] = text }
      }
    }
    // libVLC 3 puts the file name where a title tag is missing.
    if let title = values[.title], title == URL(string: mrl)?.lastPathComponent {
      values[.title] = nil
    }
    var metadata = Metadata(values)
    parsedHeaders.withLock { $0 }?.correct(&metadata)
    return metadata
  }

  /// What to call this media on a screen: its title tag when libVLC has read one (see
  /// ``currentMetadata``), else the last component of its location ("song.mp3"), else its
  /// MRL. Doesn't block; any thread.
  public var displayTitle: String {
    if let title = currentMetadata.title { return title }
    let name = URL(string: mrl)?.lastPathComponent ?? ""
    return name.isEmpty || name == "/" ? mrl : name
  }
}
