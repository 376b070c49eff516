// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Finding one top-level element of a Matroska or WebM file (its `Chapters`, `Tags`, `Tracks`)
/// and reading the EBML inside it: the one reader ``MatroskaChapters``, ``MatroskaTags`` and
/// ``MatroskaTracks`` share.
///
/// An element is found through the segment's `SeekHead` (following a seek head that points to
/// another, as libVLC does) or, without one, by walking the segment's top-level elements
/// (skipping clusters by their sizes); EBML is the variable-length integers of RFC 8794.
enum MatroskaElements {
  /// What a search for an element found: where it starts, that the file has none, or that
  /// this cannot be told (damage, a download's part not at hand).
  enum Search: Equatable {
    case found(UInt64)
    case none
    case unknown
  }

  /// At most this many bytes of one element are read (a chapter is about a hundred bytes).
  static let elementLimit = 4 << 20
  /// At most this many top-level elements are walked when there is no seek head.
  static let walkLimit = 100_000

  static let segmentID: UInt32 = 0x1853_8067
  static let seekHeadID: UInt32 = 0x114D_9B74
  static let clusterID: UInt32 = 0x1F43_B675

  /// An element's id, the size of its body (`nil`: unknown, it runs to its parent's end) and
  /// the length of its id and size together.
  struct Header {
    var id: UInt32
    var size: Int?
    var length: Int
  }

  /// The body of the top-level element `id` of `file`: empty when the file has none, `nil`
  /// when that cannot be told or the element is larger than ``elementLimit``.
  static func body<Bytes: RandomAccessBytes & ~Copyable>(of id: UInt32, in file: borrowing Bytes)
    -> [UInt8]?
  {
    switch locate(id, in: file) {
    case .unknown: return nil
    case .none: return []
    case .found(let offset):
      guard let element = header(file, at: offset), element.id == id,
        let size = element.size, size <= elementLimit,
        let data = file.read(at: offset + UInt64(element.length), upTo: size)
      else { return nil }
      return [UInt8](data)
    }
  }

  /// Where the top-level element `id` of `file` is, for a reader that fetches more of a
  /// download when it lies past the bytes at hand. A file whose seek heads do not name it has
  /// none before its first cluster, where muxers put such elements (mkvmerge, FFmpeg): the
  /// walk stops there with none instead of reading every cluster's header.
  static func locate<Bytes: RandomAccessBytes & ~Copyable>(
    _ id: UInt32, in file: borrowing Bytes
  ) -> Search {
    guard let segment = segmentStart(file) else { return .unknown }
    var offset = segment
    var seekHeadRead = false
    for _ in 0..<walkLimit {
      // The end of the media after a seek head that did not name it: none. Bytes that
      // cannot be read before it (damage, a download's part not fetched) tell nothing.
      guard let element = header(file, at: offset) else {
        return seekHeadRead && offset >= file.size ?? .max ? .none : .unknown
      }
      if element.id == id { return .found(offset) }
      if element.id == clusterID && seekHeadRead { return .none }
      guard let size = element.size else { return .unknown }
      if element.id == seekHeadID {
        var visited: Set<UInt64> = []
        let found = seek(id, in: file, head: offset, segment: segment, visited: &visited)
        guard case .none = found else { return found }
        seekHeadRead = true
      }
      offset += UInt64(element.length + size)
    }
    return .unknown
  }

  /// Whether the file's segment declares its size: a file's does, a live stream's is unknown.
  static func segmentIsSized<Bytes: RandomAccessBytes & ~Copyable>(_ file: borrowing Bytes) -> Bool
  {
    guard let ebml = header(file, at: 0), ebml.id == 0x1A45_DFA3, let size = ebml.size,
      let segment = header(file, at: UInt64(ebml.length + size)), segment.id == segmentID
    else { return false }
    return segment.size != nil
  }

  /// The element header at `offset` of `file`.
  static func header<Bytes: RandomAccessBytes & ~Copyable>(
    _ file: borrowing Bytes, at offset: UInt64
  ) -> Header? {
    guard let data = file.read(at: offset, upTo: 12) else { return nil }
    return header([UInt8](data), at: 0)
  }

  /// The element header at `offset` of `bytes`, bounds-checked.
  static func header(_ bytes: [UInt8], at offset: Int) -> Header? {
    guard let id = variableInteger(bytes, at: offset, keepingMarker: true), id.length <= 4,
      let size = variableInteger(bytes, at: offset + id.length, keepingMarker: false)
    else { return nil }
    let unknown = size.value == (1 << (7 * size.length)) - 1
    return Header(
      id: UInt32(id.value), size: unknown || size.value > Int.max >> 1 ? nil : Int(size.value),
      length: id.length + size.length)
  }

  /// The elements in `range` of `bytes`: id and body.
  static func children(_ bytes: [UInt8], _ range: Range<Int>) -> [(
    id: UInt32, body: Range<Int>
  )] {
    var found: [(id: UInt32, body: Range<Int>)] = []
    var offset = range.lowerBound
    while offset < range.upperBound, let element = header(bytes, at: offset) {
      let start = offset + element.length
      let size = element.size ?? (range.upperBound - start)
      guard size >= 0, start + size <= range.upperBound else { break }
      found.append((element.id, start..<(start + size)))
      offset = start + size
    }
    return found
  }

  /// A big-endian unsigned integer element's value; `nil` when longer than 8 bytes.
  static func unsigned(_ bytes: [UInt8], _ body: Range<Int>) -> UInt64? {
    guard body.count <= 8 else { return nil }
    return bytes[body].reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// A UTF-8 string element's value, ended at its first NUL as libebml does.
  static func string(_ bytes: [UInt8], _ body: Range<Int>) -> String {
    String(decoding: bytes[body].prefix { $0 != 0 }, as: UTF8.self)
  }

  /// An EBML variable-length integer: its value (with the length marker for an id) and length.
  private static func variableInteger(_ bytes: [UInt8], at offset: Int, keepingMarker: Bool)
    -> (value: UInt64, length: Int)?
  {
    guard offset >= 0, offset < bytes.count, bytes[offset] != 0 else { return nil }
    let length = bytes[offset].leadingZeroBitCount + 1
    guard offset + length <= bytes.count else { return nil }
    var value = UInt64(keepingMarker ? bytes[offset] : bytes[offset] & (0xFF >> length))
    for byte in bytes[(offset + 1)..<(offset + length)] { value = value << 8 | UInt64(byte) }
    return (value, length)
  }

  /// Where the segment's body starts, after the EBML header.
  private static func segmentStart<Bytes: RandomAccessBytes & ~Copyable>(_ file: borrowing Bytes)
    -> UInt64?
  {
    guard let ebml = header(file, at: 0), ebml.id == 0x1A45_DFA3, let size = ebml.size else {
      return nil
    }
    let offset = UInt64(ebml.length + size)
    guard let segment = header(file, at: offset), segment.id == segmentID else { return nil }
    return offset + UInt64(segment.length)
  }

  /// Where the seek head at `offset`, or one it points to, puts element `id`: `.none` when
  /// they do not name it, `.unknown` when a head cannot be read or names a place no file has.
  private static func seek<Bytes: RandomAccessBytes & ~Copyable>(
    _ id: UInt32, in file: borrowing Bytes, head offset: UInt64, segment: UInt64,
    visited: inout Set<UInt64>
  ) -> Search {
    guard visited.count < 8, visited.insert(offset).inserted else { return .none }
    guard let element = header(file, at: offset), element.id == seekHeadID,
      let size = element.size, size <= elementLimit,
      let data = file.read(at: offset + UInt64(element.length), upTo: size)
    else { return .unknown }
    let bytes = [UInt8](data)
    func absolute(_ position: UInt64) -> UInt64? {
      let (target, overflow) = segment.addingReportingOverflow(position)
      // A download's length may be unknown (a server without ranges): a read there fails.
      guard !overflow, target < file.size ?? .max else { return nil }
      return target
    }
    if let position = seekPosition(of: id, in: bytes) {
      return absolute(position).map { .found($0) } ?? .unknown
    }
    guard let position = seekPosition(of: seekHeadID, in: bytes) else { return .none }
    guard let next = absolute(position) else { return .unknown }
    return seek(id, in: file, head: next, segment: segment, visited: &visited)
  }

  /// The position, from the segment's body, that a seek head gives for element `id`.
  private static func seekPosition(of id: UInt32, in bytes: [UInt8]) -> UInt64? {
    for seek in children(bytes, 0..<bytes.count) where seek.id == 0x4DBB {
      let fields = children(bytes, seek.body)
      guard let named = fields.first(where: { $0.id == 0x53AB }),
        unsigned(bytes, named.body) == UInt64(id),
        let position = fields.first(where: { $0.id == 0x53AC })
      else { continue }
      return unsigned(bytes, position.body)
    }
    return nil
  }
}
