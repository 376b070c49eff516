// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Ogg pages (RFC 3533) as they lie in a file's bytes: one page's header, and how the pages
/// at the file's end end. ``OggLength`` reads the last granule position with it,
/// ``ContainerExtent`` whether the file is cut.
enum OggPages {
  /// The most bytes one page can take: its header, 255 lacing values and 255 full segments.
  static let pageLimit = 27 + 255 + 255 * 255

  /// A page's header.
  struct Page: Equatable {
    /// Its header type flags: 0x01 continued packet, 0x02 first page, 0x04 last page.
    var flags: UInt8
    /// Its granule position (-1: no packet ends on it).
    var granule: Int64
    /// Its stream's serial number.
    var serial: Int
    /// The whole page's length in bytes: header, lacing values and segments.
    var length: Int

    /// Whether the page ends its stream (the `eos` flag).
    var endsStream: Bool { flags & 0x04 != 0 }
  }

  /// The page whose capture pattern is at `offset` of `bytes`; `nil` when there is none, or
  /// its lacing values are not all within `bytes` (the page itself may run past them).
  static func page(_ bytes: [UInt8], at offset: Int) -> Page? {
    guard offset >= 0, offset + 27 <= bytes.count,
      bytes[offset..<offset + 4].elementsEqual("OggS".utf8), bytes[offset + 4] == 0
    else { return nil }
    let segments = Int(bytes[offset + 26])
    guard offset + 27 + segments <= bytes.count else { return nil }
    let body = bytes[(offset + 27)..<(offset + 27 + segments)].reduce(0) { $0 + Int($1) }
    return Page(
      flags: bytes[offset + 5],
      granule: Int64(bitPattern: UInt64(littleEndian(bytes, offset + 6, 8))),
      serial: littleEndian(bytes, offset + 14, 4), length: 27 + segments + body)
  }

  /// Whether the last page of a file whose last bytes are `tail` is whole and ends its
  /// stream (`true`), runs past the file's end (`false`: cut short), or neither (`nil`: whole
  /// but no stream's end, as in a file still being written, or no page found whose checksum
  /// holds to start from).
  ///
  /// The walk starts at the first page in `tail` whose CRC holds (a capture pattern inside a
  /// packet's data is not a page) and follows the pages' lengths to the end.
  static func ending(_ tail: [UInt8]) -> Bool? {
    var offset = 0
    while offset + 27 <= tail.count {
      if let page = page(tail, at: offset), offset + page.length <= tail.count,
        checksumHolds(tail, page: offset, length: page.length)
      {
        break
      }
      offset += 1
    }
    guard offset + 27 <= tail.count else { return nil }
    while true {
      guard let page = page(tail, at: offset) else {
        // The file ends inside the next page's header (cut), or what follows is no page
        // (damage, bytes appended: unknown). A page is told by its whole capture pattern:
        // an "Og" appended to a whole file is no cut.
        let rest = tail[offset...]
        let startsPage = rest.count >= 4 && rest.prefix(4).elementsEqual("OggS".utf8)
        let headerCut =
          offset + 27 > tail.count || offset + 27 + Int(tail[offset + 26]) > tail.count
        return startsPage && headerCut ? false : nil
      }
      let end = offset + page.length
      if end > tail.count { return false }
      if end == tail.count { return page.endsStream ? true : nil }
      offset = end
    }
  }

  /// Whether the page at `offset` carries the CRC-32 of its bytes (RFC 3533: generator
  /// 0x04C11DB7, computed with the checksum field as zeros).
  private static func checksumHolds(_ bytes: [UInt8], page offset: Int, length: Int) -> Bool {
    var crc: UInt32 = 0
    for index in offset..<offset + length {
      let byte = (22..<26).contains(index - offset) ? 0 : bytes[index]
      crc = crc << 8 ^ crcTable[Int((crc >> 24) ^ UInt32(byte))]
    }
    return crc == UInt32(littleEndian(bytes, offset + 22, 4))
  }

  /// The CRC-32 of each byte value, most significant bit first.
  private static let crcTable: [UInt32] = (0..<256).map { value in
    (0..<8).reduce(UInt32(value) << 24) { crc, _ in
      crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1
    }
  }
}
