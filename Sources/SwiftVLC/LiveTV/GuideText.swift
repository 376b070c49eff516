// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Turns the raw bytes of XML text or an attribute value into a `String`: decoded from the
/// guide's encoding, entities (`&amp;`, `&#233;`, `&#xE9;`) replaced, whitespace runs
/// collapsed and trimmed. Bytes invalid in the encoding become U+FFFD; an unknown entity is
/// kept as written.
enum GuideText {
  /// The encodings a guide's XML declaration can name that are read as such; any other is
  /// read as UTF-8.
  enum Encoding {
    case utf8
    /// ISO-8859-1 (and -15, whose few differences are rare in guides).
    case latin1
    /// Windows-1252: Latin-1 with printable characters in 0x80…0x9F.
    case windows1252

    /// The encoding an XML declaration's `encoding` value names.
    init(declared name: String) {
      switch name.lowercased() {
      case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "iso-8859-15", "iso8859-15",
        "us-ascii", "ascii":
        self = .latin1
      case "windows-1252", "cp1252":
        self = .windows1252
      default:
        self = .utf8
      }
    }
  }

  /// The text of `bytes`, decoded.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, encoding: Encoding) -> String {
    if isPlain(bytes, encoding: encoding) { return String(decoding: bytes, as: UTF8.self) }
    var utf8: [UInt8] = []
    utf8.reserveCapacity(bytes.count)
    var pendingSpace = false
    var index = bytes.startIndex
    func append(_ byte: UInt8) {
      if pendingSpace && !utf8.isEmpty { utf8.append(Byte.space) }
      pendingSpace = false
      utf8.append(byte)
    }
    while index < bytes.endIndex {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x20, 0x09, 0x0A, 0x0D:
        pendingSpace = true
      case Byte.ampersand:
        guard let (scalar, end) = entity(in: bytes, after: index) else {
          append(byte)
          continue
        }
        index = end
        for unit in UTF8.encode(scalar)! { append(unit) }
      case 0x80...0xFF where encoding != .utf8:
        let scalar =
          encoding == .windows1252 && byte < 0xA0
          ? windows1252[Int(byte - 0x80)] : Unicode.Scalar(byte)
        for unit in UTF8.encode(scalar)! { append(unit) }
      default:
        append(byte)
      }
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Whether `bytes` decode to themselves: no entity, no whitespace but single spaces
  /// between words, and no byte to transcode.
  private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, encoding: Encoding) -> Bool {
    guard let first = bytes.first, let last = bytes.last, first != Byte.space,
      last != Byte.space
    else { return bytes.isEmpty }
    var previous: UInt8 = 0
    let highIsPlain = encoding == .utf8
    for byte in bytes {
      switch byte {
      case Byte.ampersand, 0x09, 0x0A, 0x0D: return false
      case Byte.space where previous == Byte.space: return false
      case 0x80...0xFF where !highIsPlain: return false
      default: previous = byte
      }
    }
    return true
  }

  /// The character of the entity whose name starts at `start` (after `&`), and the index
  /// after its `;`; `nil` when it is not a known entity.
  private static func entity<Bytes: RandomAccessCollection<UInt8>>(
    in bytes: Bytes, after start: Int
  ) -> (Unicode.Scalar, Int)? where Bytes.Index == Int {
    // Entities are short: look at most 10 bytes ahead for the semicolon.
    let limit = min(start + 10, bytes.endIndex)
    guard let semicolon = bytes[start..<limit].firstIndex(of: Byte.semicolon),
      semicolon > start
    else { return nil }
    let name = bytes[start..<semicolon]
    let end = semicolon + 1
    if name.first == Byte.hash {
      var digits = name.dropFirst()
      var radix: UInt32 = 10
      if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
        radix = 16
        digits = digits.dropFirst()
      }
      guard !digits.isEmpty else { return nil }
      var value: UInt32 = 0
      for digit in digits {
        guard let figure = hexValue(digit), figure < radix, value < 0x11_0000 else { return nil }
        value = value * radix + figure
      }
      return (Unicode.Scalar(value) ?? "\u{FFFD}", end)
    }
    switch name.count {
    case 2 where name.last == UInt8(ascii: "t"):
      if name.first == UInt8(ascii: "l") { return ("<", end) }
      if name.first == UInt8(ascii: "g") { return (">", end) }
    case 3 where name.elementsEqual("amp".utf8): return ("&", end)
    case 4 where name.elementsEqual("quot".utf8): return ("\"", end)
    case 4 where name.elementsEqual("apos".utf8): return ("'", end)
    default: break
    }
    return nil
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  /// Windows-1252's characters for 0x80…0x9F (U+FFFD where it has none).
  private static let windows1252: [Unicode.Scalar] = [
    0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
  ].map { Unicode.Scalar($0)! }
}
