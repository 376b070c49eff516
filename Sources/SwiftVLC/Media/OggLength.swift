// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// The length of an Ogg file with one audio stream (Vorbis, Opus, Speex, FLAC), from its
/// last page's granule position (RFC 3533): samples at the stream's rate, less Opus's
/// pre-skip (RFC 7845 4.4), of the last page the file holds whole.
enum OggLength {
  /// How much of the file's end is searched for the last page.
  static let tailLength = 64 << 10

  /// Reads the first page's stream header from `head` and the last page from `file`; `nil`
  /// for several streams, an unknown codec or no final granule position.
  static func read(_ file: borrowing ReadOnlyFile, head: [UInt8]) -> Duration? {
    read(head: head) {
      guard let size = file.size else { return nil }
      return try? MP4Boxes.read(file, at: size - min(size, UInt64(tailLength)), count: tailLength)
    }
  }

  /// The same from a stream's first bytes and its last ``tailLength`` ones (a download's),
  /// which `tail` gives only once the head is a stream whose length can be read.
  static func read(head: [UInt8], tail readTail: () -> [UInt8]?) -> Duration? {
    // The first page, with its segment table, must be whole; it begins the stream.
    guard head.count >= 28, head.count >= 27 + Int(head[26]), head[5] & 0x02 != 0 else {
      return nil
    }
    let serial = littleEndian(head, 14, 4)
    let packet = 27 + Int(head[26])
    // A second stream's first page follows at once: the headers of every stream come first.
    let second = packet + (0..<Int(head[26])).reduce(0) { $0 + Int(head[27 + $1]) }
    if second + 28 <= head.count, head[second..<second + 4].elementsEqual("OggS".utf8),
      head[second + 5] & 0x02 != 0
    {
      return nil
    }
    guard let (rate, skip) = format(head, at: packet), rate > 0, let end = readTail() else {
      return nil
    }
    // The last whole page of the stream: a file cut short ends inside a page whose granule
    // position its data never reach (a Vorbis file cut at half read 2.0 s, not the 1.0 s
    // it holds).
    var offset = end.count - 27
    while offset >= 0 {
      if let page = OggPages.page(end, at: offset), page.serial == serial,
        offset + page.length <= end.count, page.granule >= 0
      {
        guard page.granule > skip else { return nil }
        return .microseconds((page.granule - skip) * 1_000_000 / Int64(rate))
      }
      offset -= 1
    }
    return nil
  }

  /// The rate of the granule positions and the samples to skip, from a stream's first packet.
  private static func format(_ bytes: [UInt8], at packet: Int) -> (Int, Int64)? {
    func starts(_ text: [UInt8]) -> Bool {
      packet + text.count <= bytes.count && bytes[packet..<packet + text.count].elementsEqual(text)
    }
    if starts([0x01] + Array("vorbis".utf8)) { return (littleEndian(bytes, packet + 12, 4), 0) }
    if starts(Array("OpusHead".utf8)) {
      return (48_000, Int64(littleEndian(bytes, packet + 10, 2)))
    }
    if starts(Array("Speex   ".utf8)) { return (littleEndian(bytes, packet + 36, 4), 0) }
    if starts([0x7F] + Array("FLAC".utf8)), packet + 30 <= bytes.count {
      let info = packet + 17  // mapping header, "fLaC", block header
      return (
        Int(bytes[info + 10]) << 12 | Int(bytes[info + 11]) << 4 | Int(bytes[info + 12] >> 4), 0
      )
    }
    return nil
  }
}
