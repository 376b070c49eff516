// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// The format of a still picture file, from its first bytes. libVLC 3's image demuxer
/// decodes the picture itself and lists its track as raw (`RV24`, `I420`), not as the PNG or
/// JPEG the file holds (which ffprobe names).
enum PictureSignature {
  /// The libVLC codec code of the picture format `bytes` start with ("png ", "jpeg",
  /// "gif ", "bmp ", "tiff", "webp"), or `nil` for another start.
  static func codec(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png " }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
    if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
      return "gif "
    }
    if bytes.starts(with: Array("BM".utf8)), bytes.count >= 14 { return "bmp " }
    if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    {
      return "tiff"
    }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      Array(bytes[8..<12]) == Array("WEBP".utf8)
    {
      return "webp"
    }
    return nil
  }

  /// The picture format `code` names (``codec(of:)``), as a track gives its codec: trimmed
  /// ("png"), and libVLC's name for it ("PNG Image"), `nil` where libVLC has none.
  static func trackCodec(code: String) -> (codec: String, name: String?) {
    let value = code.utf8.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    return (code.trimmingSpaces(), codecDescription(libvlc_track_video, value))
  }

  /// Whether `info` is libVLC 3's image demuxer's reading of a still picture: that demuxer
  /// named, or, at container depth where none is, the file's first bytes a picture's
  /// (`pictureCodec`) and its one track the raw picture that demuxer lists (a folder probe said
  /// "container unknown", 10 s, RV24, where a probe of the file said PNG).
  static func isStill(_ info: MediaInfo, pictureCodec: String?) -> Bool {
    info.demuxer == "image"
      || (pictureCodec != nil && info.tracks.count == 1
        && rawChromas.contains(info.tracks[0].codec))
  }

  /// The chromas libVLC 3's image demuxer lists a picture as (PNG and JPEG: RV24, GIF: BGRA,
  /// TIFF: I420).
  private static let rawChromas: Set = [
    "RV15", "RV16", "RV24", "RV32", "RGBA", "BGRA", "ARGB", "I420", "J420", "I422", "J422",
    "I444", "J444", "YUVA", "GREY",
  ]

  /// Corrects libVLC's reading of a still picture: its image demuxer shows it as a video of
  /// `--image-duration` (10 s) at `--image-fps` (10), a length and a rate no file states, and
  /// lists the raw picture it decodes the picture into, where the file holds `pictureCodec`.
  static func correct(_ info: inout MediaInfo, pictureCodec: String?) {
    info.duration = nil
    info.bitrate = nil
    let format = pictureCodec.map(trackCodec(code:))
    for index in info.tracks.indices {
      info.tracks[index].frameRate = nil
      if let format, info.tracks[index].kind == .video {
        (info.tracks[index].codec, info.tracks[index].codecName) = format
      }
    }
    info.unknowns.append(
      "the duration: a still picture, which libVLC 3 shows for 10 s at 10 fps "
        + "(its image-duration and image-fps)")
  }
}
