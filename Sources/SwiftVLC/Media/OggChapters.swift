// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The chapters of an Ogg file, from the `CHAPTERnnn` and `CHAPTERnnnNAME` Vorbis comments of
/// its streams (the convention FFmpeg and most taggers write), as libVLC 3 reads them while
/// playing (`vorbis_ParseComment` in `modules/demux/xiph_metadata.c`, called by the Ogg
/// demuxer for each stream): each stream's ordered by their number, the streams' one after
/// the other, each lasting until the next one starts.
///
/// libVLC 3's preparse does not report them, so a container-depth probe said "chapters
/// unknown" where a decoded one listed them. The comment header is at the start of the file,
/// after the identification headers (RFC 3533 pages, RFC 7845 and the Vorbis I spec).
enum OggChapters {
  /// How many bytes from the file's start are searched for the comment header (a cover
  /// picture can make it large).
  static let searchLength = 1 << 20

  /// The chapters of a native FLAC file (not in Ogg), from its VORBIS_COMMENT metadata block,
  /// which libVLC's FLAC demuxer reads the same way; `bytes` are the file's first bytes and
  /// `start` where "fLaC" is (after an ID3v2 tag). None when the blocks have no comments or
  /// no chapters, `nil` when the blocks are cut off.
  static func readFLAC(_ bytes: [UInt8], at start: Int) -> [Chapter]? {
    guard let block = flacComments(bytes, at: start) else { return nil }
    return block.map { chapters(inComments: [(.bare, $0)]) } ?? []
  }

  /// A native FLAC file's metadata blocks whose headers lie in `bytes` (the stream marker at
  /// `start`), in order: each one's type (4 comments, 6 a picture), where its body is (it may
  /// run past `bytes`) and whether it is the last.
  static func flacBlocks(_ bytes: [UInt8], at start: Int) -> [(
    type: UInt8, body: Range<Int>, isLast: Bool
  )] {
    var blocks: [(type: UInt8, body: Range<Int>, isLast: Bool)] = []
    var offset = start + 4
    while offset + 4 <= bytes.count {
      let header = bytes[offset]
      let length =
        Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      blocks.append((header & 0x7F, offset + 4..<offset + 4 + length, header & 0x80 != 0))
      if header & 0x80 != 0 { break }
      offset += 4 + length
    }
    return blocks
  }

  /// The VORBIS_COMMENT block of a native FLAC file whose first bytes are `bytes` ("fLaC" at
  /// `start`): `.some(nil)` when its blocks have none, `nil` when the blocks are cut off.
  static func flacComments(_ bytes: [UInt8], at start: Int) -> [UInt8]?? {
    for block in flacBlocks(bytes, at: start) {
      guard block.body.upperBound <= bytes.count else { return nil }
      if block.type == 4 { return .some(Array(bytes[block.body])) }
      if block.isLast { return .some(nil) }
    }
    return nil
  }

  /// The chapters in the comment headers of `streams` (``OggHeaders/streams(_:)``): none when
  /// the headers have none.
  static func chapters(of streams: [OggHeaders.Stream]) -> [Chapter] {
    chapters(inComments: streams.map { ($0.codec, $0.comment) })
  }

  /// The chapters of comment packets, each stream's after the one before.
  private static func chapters(inComments packets: [(codec: OggHeaders.Codec, bytes: [UInt8])])
    -> [Chapter]
  {
    // libVLC appends each stream's chapters, in stream order, to one list.
    let entries = packets.compactMap(commentFields).flatMap(chapterEntries)
    return entries.indices.map { index in
      // The last one's end is the media's, which the caller knows (a duration of zero).
      let start = entries[index].start
      let next = index + 1 < entries.count ? entries[index + 1].start : start
      return Chapter(
        index: index, name: entries[index].name, start: start, duration: max(next - start, .zero))
    }
  }

  /// One stream's chapters from its comments, by number: a name with no time starts at 0.
  private static func chapterEntries(_ fields: [String]) -> [(start: Duration, name: String?)] {
    var starts: [Int: Duration] = [:]
    var names: [Int: String] = [:]
    for field in fields {
      guard let equals = field.firstIndex(of: "="),
        field[..<equals].uppercased().hasPrefix("CHAPTER")
      else { continue }
      let key = field[..<equals].uppercased().dropFirst(7)
      let value = String(field[field.index(after: equals)...])
      // libVLC keeps chapter numbers up to 4096, and the first name given.
      if key.hasSuffix("NAME"), let number = Int(key.dropLast(4)), (0...4_096).contains(number) {
        if names[number] == nil { names[number] = value.trimmingSpaces() }
      } else if let number = Int(key), (0...4_096).contains(number), let start = clock(value) {
        starts[number] = start
      }
    }
    return Set(starts.keys).union(names.keys).sorted().map { number in
      (starts[number] ?? .zero, names[number].flatMap { $0.isEmpty ? nil : $0 })
    }
  }

  /// "HH:MM:SS.mmm" as a duration, read as libVLC's `sscanf("%u:%u:%u.%u")` reads it:
  /// spaces before a number and anything after the last one are let pass, and the digits
  /// after the point count milliseconds however many there are ("00:00:01.5" is 1.005 s, as
  /// FFmpeg reads it too).
  private static func clock(_ text: String) -> Duration? {
    var rest = Substring(text)
    var numbers: [Int] = []
    for separator in [":", ":", ".", ""] {
      rest = rest.drop { $0 == " " || $0 == "\t" }
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count <= 9, let value = Int(digits) else { return nil }
      numbers.append(value)
      rest = rest.dropFirst(digits.count)
      if !separator.isEmpty {
        guard rest.hasPrefix(separator) else { return nil }
        rest = rest.dropFirst()
      }
    }
    return .seconds(numbers[0] * 3_600 + numbers[1] * 60 + numbers[2]) + .milliseconds(numbers[3])
  }

  /// The comments of a comment packet: Vorbis ("\u{3}vorbis"), Opus ("OpusTags"), Theora
  /// ("\u{81}theora"), a FLAC metadata block of type 4, or Speex's bare list.
  static func commentFields(_ packet: (codec: OggHeaders.Codec, bytes: [UInt8]))
    -> [String]?
  {
    let bytes = packet.bytes
    let start: Int
    switch packet.codec {
    case .vorbis, .theora: start = 7
    case .opus: start = 8
    case .flac:
      // A metadata block: its type and length come first. libVLC reads it only as the last
      // block (0x84: VORBIS_COMMENT with the last-block flag), `Ogg_ExtractFlacComments`.
      guard bytes.first == 0x84 else { return nil }
      start = 4
    case .bare: start = 0
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
}
