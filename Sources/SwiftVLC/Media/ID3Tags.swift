// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The ID3v2 text frames libVLC 3's demuxers do not map: the track number and total
/// (`TRCK`, "4/10"), the disc number and total (`TPOS`) and the date (`TDRC` in 2.4, `TYER`
/// in 2.3). A local file's are read by libVLC's TagLib meta reader too; a download's only by
/// the demuxer (`modules/meta_engine/ID3Meta.h` maps title, artist, album, album artist,
/// genre and a few more), so a probe over HTTP left them out. Title, artist, album and album
/// artist too, for where libVLC has none (a download whose cover picture is larger than
/// what its demuxer reads of the tag). ID3v2.3 and 2.4 (id3.org).
enum ID3Tags {
  /// The tags of the ID3v2 tag at the start of `bytes`: empty without one; of the whole frames
  /// before the cut when `bytes` end inside it. `picture`: an attached picture's codec
  /// ("jpeg", "png", "picture" when its type is cut off) when a frame header before the cut
  /// is one (`APIC`).
  static func read(_ bytes: [UInt8]) -> (tags: [MetadataKey: String], picture: String?) {
    guard bytes.count >= 10, bytes.starts(with: Array("ID3".utf8)),
      [3, 4].contains(bytes[3]), bytes[5] & 0x40 == 0  // no extended header
    else { return ([:], nil) }
    let version = bytes[3]
    let tagEnd = 10 + syncsafe(bytes, at: 6)
    let end = min(bytes.count, tagEnd)
    var found: [MetadataKey: String] = [:]
    var picture: String?
    var offset = 10
    while offset + 10 <= end, bytes[offset] != 0 {
      let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = version == 4 ? syncsafe(bytes, at: offset + 4) : integer(bytes, at: offset + 4)
      let body = offset + 10
      // A picture is usually larger than the bytes read: its header and type suffice.
      if id == "APIC", size > 0, body + size <= tagEnd {
        picture = picture ?? pictureCodec(Array(bytes[body..<min(end, body + size)]))
      }
      guard size > 0, body + size <= end else { break }
      if let text = text(Array(bytes[body..<body + size])), !text.isEmpty {
        switch id {
        case "TRCK": note(pair: text, first: .trackNumber, second: .trackTotal, in: &found)
        case "TPOS": note(pair: text, first: .discNumber, second: .discTotal, in: &found)
        case "TDRC", "TYER": found[.date] = found[.date] ?? text
        // libVLC's own reading, where its demuxer did not get to them (a download whose
        // cover picture runs past what it reads of the tag).
        case "TIT2": found[.title] = found[.title] ?? text
        case "TPE1": found[.artist] = found[.artist] ?? text
        case "TALB": found[.album] = found[.album] ?? text
        case "TPE2": found[.albumArtist] = found[.albumArtist] ?? text
        default: break
        }
      }
      offset = body + size
    }
    return (found, picture)
  }

  /// An `APIC` frame's picture as a codec name, from its MIME type (after the text encoding
  /// byte).
  private static func pictureCodec(_ frame: [UInt8]) -> String {
    pictureCodec(mime: String(decoding: frame.dropFirst().prefix { $0 != 0 }, as: UTF8.self))
  }

  /// A cover picture's MIME type ("image/jpeg") as a codec name: "jpeg", "png"; "picture" for
  /// another, or none.
  static func pictureCodec(mime: String) -> String {
    switch mime.lowercased() {
    case "image/jpeg", "image/jpg", "jpg": return "jpeg"
    case "image/png", "png": return "png"
    default: return "picture"
    }
  }

  /// "4/10": 4 under `first`, 10 under `second`.
  private static func note(
    pair text: String, first: MetadataKey, second: MetadataKey,
    in found: inout [MetadataKey: String]
  ) {
    let parts = text.split(separator: "/", maxSplits: 1).map { String($0).trimmingSpaces() }
    if let number = parts.first, !number.isEmpty { found[first] = number }
    if parts.count == 2, !parts[1].isEmpty { found[second] = parts[1] }
  }

  /// A text frame's first string: ISO 8859-1, UTF-16 with a byte-order mark, UTF-16BE or
  /// UTF-8 (its first byte says which).
  private static func text(_ frame: [UInt8]) -> String? {
    guard let encoding = frame.first else { return nil }
    let body = Array(frame.dropFirst())
    let string: String?
    switch encoding {
    case 0: string = String(body.prefix { $0 != 0 }.map { Character(Unicode.Scalar($0)) })
    case 3: string = String(decoding: body.prefix { $0 != 0 }, as: UTF8.self)
    case 1, 2:
      var units = stride(from: 0, to: body.count - 1, by: 2).map {
        UInt16(body[$0]) << 8 | UInt16(body[$0 + 1])
      }
      if encoding == 1, let mark = units.first {
        if mark == 0xFFFE { units = units.map(\.byteSwapped) }
        if mark == 0xFEFF || mark == 0xFFFE { units.removeFirst() }
      }
      string = String(decoding: units.prefix { $0 != 0 }, as: UTF16.self)
    default: string = nil
    }
    return string?.trimmingSpaces()
  }

  private static func syncsafe(_ bytes: [UInt8], at offset: Int) -> Int {
    (0..<4).reduce(0) { $0 << 7 | Int(bytes[offset + $1] & 0x7F) }
  }

  private static func integer(_ bytes: [UInt8], at offset: Int) -> Int {
    (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
  }
}
