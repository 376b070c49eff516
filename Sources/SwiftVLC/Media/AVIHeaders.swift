// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The stream headers of an AVI file (the `strh` chunks of its `hdrl` list).
///
/// libVLC 3 gives an AVI file its video's length (5.000 s) where the audio runs longer (MP3
/// to 5.042 s, as ffprobe, mediainfo and a recording of it measure): the file's length is its
/// longest stream's.
enum AVIHeaders {
  /// The most `hdrl` bytes read (ffmpeg reserves 4 KiB of index per stream there).
  static let headerLimit = 1 << 20

  /// The longest stream's length, from the start of the file to the end of that stream
  /// (`dwStart` plus `dwLength` units of `dwScale` / `dwRate` seconds); `nil` for another
  /// file, a damaged header, an OpenDML file (over 1 GiB), whose `strh` lengths count its
  /// first part only, or a file written to a pipe, whose sizes and lengths were never filled
  /// in (RIFF size 0 or 0xFFFFFFFF; ffmpeg's `dwLength` placeholder read as 11,930 hours).
  static func length(_ file: borrowing ReadOnlyFile) -> Duration? {
    guard let start = file.read(at: 0, upTo: 24).map({ [UInt8]($0) }), start.count == 24,
      start[0..<4].elementsEqual("RIFF".utf8), start[12..<16].elementsEqual("LIST".utf8),
      start[20..<24].elementsEqual("hdrl".utf8),
      ![0, 0xFFFF_FFFF].contains(littleEndian(start, 4, 4))
    else { return nil }
    let size = littleEndian(start, 16, 4) - 4
    guard size > 0, size <= headerLimit, let list = file.read(at: 24, upTo: size) else {
      return nil
    }
    let bytes = [UInt8](list)
    var longest: Duration?
    for (id, body) in chunks(bytes, in: 0..<bytes.count) where id == "LIST" {
      guard body.count >= 4 else { continue }
      let type = String(decoding: bytes[body.lowerBound..<body.lowerBound + 4], as: UTF8.self)
      if type == "odml" { return nil }
      guard type == "strl" else { continue }
      for (inner, header) in chunks(bytes, in: body.lowerBound + 4..<body.upperBound)
      where inner == "strh" && header.count >= 36 {
        let at = header.lowerBound
        let (scale, rate) = (littleEndian(bytes, at + 20, 4), littleEndian(bytes, at + 24, 4))
        let units = littleEndian(bytes, at + 28, 4) + littleEndian(bytes, at + 32, 4)
        guard scale > 0, rate > 0 else { continue }
        let length = Duration.microseconds(
          Int64(Double(units) * Double(scale) / Double(rate) * 1e6))
        longest = max(longest ?? length, length)
      }
    }
    return longest
  }

  /// The RIFF chunks in `range` of `bytes`: each one's id and body, in order (bodies padded
  /// to an even length); stops at the first that runs past the range.
  private static func chunks(_ bytes: [UInt8], in range: Range<Int>) -> [(String, Range<Int>)] {
    var found: [(String, Range<Int>)] = []
    var offset = range.lowerBound
    while offset + 8 <= range.upperBound {
      let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = littleEndian(bytes, offset + 4, 4)
      guard offset + 8 + size <= range.upperBound else { break }
      found.append((id, offset + 8..<offset + 8 + size))
      offset += 8 + size + size % 2
    }
    return found
  }
}
