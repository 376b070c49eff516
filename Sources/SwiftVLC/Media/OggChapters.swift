// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The chapters of an Ogg file, from the `CHAPTERnnn` and `CHAPTERnnnNAME` Vorbis comments of
/// its first stream (the convention FFmpeg and most taggers write), as libVLC 3 reads them
/// while playing (`vorbis_ParseComment` in `modules/demux/xiph_metadata.c`): ordered by
/// their number, each lasting until the next one starts.
///
/// libVLC 3's preparse does not report them, so a container-depth probe said "chapters
/// unknown" where a decoded one listed them. The comment header is at the start of the file,
/// after the identification headers (RFC 3533 pages, RFC 7845 and the Vorbis I spec).
enum OggChapters {
  /// How many bytes from the file's start are searched for the comment header (a cover
  /// picture can make it large).
  static let searchLength = 1 << 20

  /// The chapters in the first stream's comment header in `bytes`, the file's first bytes:
  /// none when the header has none, `nil` when the header is not there (cut off, or not an
  /// Ogg stream whose comments are known).
  static func read(_ bytes: [UInt8]) -> [Chapter]? {
    guard let comments = commentPacket(bytes), let fields = commentFields(comments) else {
      return nil
    }
    var starts: [Int: Duration] = [:]
    var names: [Int: String] = [:]
    for field in fields {
      guard let equals = field.firstIndex(of: "="),
        field[..<equals].uppercased().hasPrefix("CHAPTER")
      else { continue }
      let key = field[..<equals].uppercased().dropFirst(7)
      let value = String(field[field.index(after: equals)...])
      // libVLC keeps chapter numbers up to 4096.
      if key.hasSuffix("NAME"), let number = Int(key.dropLast(4)), (0...4_096).contains(number) {
        if names[number] == nil { names[number] = value }
      } else if let number = Int(key), (0...4_096).contains(number), let start = clock(value) {
        starts[number] = start
      }
    }
    let numbers = Set(starts.keys).union(names.keys).sorted()
    guard !numbers.isEmpty else { return [] }
    let begins = numbers.map { starts[$0] ?? .zero }
    return numbers.indices.map { index in
      // The last one's end is the media's, which the caller knows (a duration of zero).
      let next = index + 1 < begins.count ? begins[index + 1] : begins[index]
      return Chapter(
        index: index, name: names[numbers[index]], start: begins[index],
        duration: max(next - begins[index], .zero))
    }
  }

  /// "HH:MM:SS.mmm" as a duration. The digits after the point count milliseconds, however
  /// many there are, as libVLC and FFmpeg both read them ("00:00:01.5" is 1.005 s).
  private static func clock(_ text: String) -> Duration? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]) else {
      return nil
    }
    let second = parts[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard second.count == 2, let seconds = Int(second[0]), let milliseconds = Int(second[1]),
      (0...1_000_000).contains(hours), (0...1_000_000).contains(minutes),
      (0...1_000_000_000).contains(seconds), (0...1_000_000_000).contains(milliseconds)
    else { return nil }
    return .seconds(hours * 3_600 + minutes * 60 + seconds) + .milliseconds(milliseconds)
  }

  /// The comments of a comment packet: Vorbis ("\u{3}vorbis"), Opus ("OpusTags"), Theora
  /// ("\u{81}theora"), a FLAC metadata block of type 4, or Speex's bare list.
  private static func commentFields(_ packet: (codec: Codec, bytes: [UInt8])) -> [String]? {
    let bytes = packet.bytes
    let start: Int
    switch packet.codec {
    case .vorbis, .theora: start = 7
    case .opus: start = 8
    case .flac:
      // A metadata block: its type (4, VORBIS_COMMENT) and length come first.
      guard bytes.first.map({ $0 & 0x7F }) == 4 else { return nil }
      start = 4
    case .speex: start = 0
    }
    var offset = start
    func integer() -> Int? {
      guard offset + 4 <= bytes.count else { return nil }
      defer { offset += 4 }
      return (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    guard let vendor = integer(), vendor <= bytes.count - offset else { return nil }
    offset += vendor
    guard let count = integer() else { return nil }
    var fields: [String] = []
    for _ in 0..<min(count, bytes.count) {
      guard let length = integer(), length <= bytes.count - offset else { break }
      fields.append(String(decoding: bytes[offset..<offset + length], as: UTF8.self))
      offset += length
    }
    return fields
  }

  /// The codecs whose comment header is read.
  private enum Codec { case vorbis, opus, theora, flac, speex }

  /// The second packet of the first stream in `bytes` (its comment header) and the codec its
  /// first packet names, reassembled across pages; `nil` when cut off or unknown.
  private static func commentPacket(_ bytes: [UInt8]) -> (codec: Codec, bytes: [UInt8])? {
    var offset = 0
    var serial: Int?
    var codec: Codec?
    var packets = 0
    var packet: [UInt8] = []
    while offset + 27 <= bytes.count, bytes[offset..<offset + 4].elementsEqual("OggS".utf8) {
      let segments = Int(bytes[offset + 26])
      var body = offset + 27 + segments
      guard body <= bytes.count else { return nil }
      let pageSerial = (0..<4).reduce(0) { $0 | Int(bytes[offset + 14 + $1]) << (8 * $1) }
      if serial == nil { serial = pageSerial }
      for segment in 0..<segments {
        let length = Int(bytes[offset + 27 + segment])
        guard body + length <= bytes.count else { return nil }
        if pageSerial == serial { packet += bytes[body..<body + length] }
        body += length
        // A lacing value under 255 ends a packet.
        guard pageSerial == serial, length < 255 else { continue }
        if packets == 0 {
          codec = Self.codec(of: packet)
          guard codec != nil else { return nil }
        } else if let codec {
          return (codec, packet)
        }
        packets += 1
        packet = []
      }
      offset = body
    }
    return nil
  }

  /// The codec an identification header names.
  private static func codec(of packet: [UInt8]) -> Codec? {
    func starts(_ text: [UInt8]) -> Bool { packet.starts(with: text) }
    if starts([0x01] + Array("vorbis".utf8)) { return .vorbis }
    if starts(Array("OpusHead".utf8)) { return .opus }
    if starts([0x80] + Array("theora".utf8)) { return .theora }
    if starts([0x7F] + Array("FLAC".utf8)) { return .flac }
    if starts(Array("Speex   ".utf8)) { return .speex }
    return nil
  }
}
