// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// The format of a still picture file, from its first bytes. libVLC 3's image demuxer
/// decodes the picture itself and lists its track as raw RGB (`RV24`), not as the PNG or
/// JPEG the file holds (which ffprobe names).
enum PictureSignature {
  /// The libVLC codec code of the picture format `bytes` start with ("png ", "jpeg",
  /// "gif ", "bmp ", "webp"), or `nil` for another start.
  static func codec(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png " }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
    if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
      return "gif "
    }
    if bytes.starts(with: Array("BM".utf8)), bytes.count >= 14 { return "bmp " }
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
}
