// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Adds text to an encoded PNG: one `iTXt` chunk (UTF-8, uncompressed) per entry, right after
/// the `IHDR` chunk, as PNG readers (`exiftool`, `identify -verbose`, image viewers) show them.
enum PNGTextChunks {
  /// `png` with `text` inserted; `png` itself when it does not start with a PNG signature and
  /// an `IHDR` chunk. Keywords are cut to PNG's 79 Latin-1 characters.
  static func inserting(_ text: [(keyword: String, value: String)], into png: Data) -> Data {
    let headerEnd = 8 + 8 + 13 + 4  // signature, IHDR length and type, IHDR data, CRC
    guard !text.isEmpty, png.count >= headerEnd,
      png.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
      png[png.startIndex + 12..<png.startIndex + 16].elementsEqual(Array("IHDR".utf8))
    else { return png }
    var chunks = Data()
    for (keyword, value) in text {
      let name = keyword.unicodeScalars.filter { (32...126).contains($0.value) }.prefix(79)
      // keyword, NUL, no compression (flag and method 0), no language tag, no translated
      // keyword, then the UTF-8 text.
      var body = Array("iTXt".utf8) + name.map { UInt8($0.value) } + [0, 0, 0, 0, 0]
      body += Array(value.utf8)
      chunks.append(contentsOf: bigEndian(UInt32(body.count - 4)))
      chunks.append(contentsOf: body)
      chunks.append(contentsOf: bigEndian(crc32(body)))
    }
    var result = png.prefix(headerEnd)
    result.append(chunks)
    result.append(png.dropFirst(headerEnd))
    return Data(result)
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// PNG's CRC-32 (ISO 3309, polynomial 0xEDB88320) of a chunk's type and data.
  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }

  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }
}
