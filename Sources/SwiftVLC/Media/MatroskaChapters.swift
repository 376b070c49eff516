// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The chapters of a Matroska or WebM file, read from its `Chapters` element as libVLC 3
/// lists them while playing (see ``chapters(in:)``).
///
/// libVLC 3's preparse does not report Matroska chapters (its demuxer adds them as seekpoints
/// once an input plays), so without this a container-depth probe listed none where a decoded
/// one listed them. The element is found through the segment's `SeekHead` or, without one, by
/// walking the segment's top-level elements (skipping clusters by their sizes); EBML is the
/// variable-length integers of RFC 8794.
enum MatroskaChapters {
  /// The chapters of `file`: none when it has no chapter element, `nil` when that cannot be
  /// told (damage, a walk that gave up, chapters of an ordered edition or from other
  /// segments, which libVLC places on a timeline of its own).
  static func read<Bytes: RandomAccessBytes & ~Copyable>(_ file: borrowing Bytes) -> [Chapter]? {
    guard let segment = segmentStart(file) else { return nil }
    switch search(file, segment: segment) {
    case .unknown: return nil
    case .none: return []
    case .found(let offset):
      guard let element = header(file, at: offset), element.id == chaptersID,
        let size = element.size, size <= chaptersLimit,
        let data = file.read(at: offset + UInt64(element.length), upTo: size)
      else { return nil }
      return chapters(in: [UInt8](data))
    }
  }

  /// Where the `Chapters` element of `file` is (see ``read(_:)``), for a reader that fetches
  /// more of a download when it lies past the bytes at hand.
  static func locate<Bytes: RandomAccessBytes & ~Copyable>(_ file: borrowing Bytes) -> Search {
    guard let segment = segmentStart(file) else { return .unknown }
    return search(file, segment: segment)
  }

  /// What a search for the `Chapters` element found.
  enum Search {
    case found(UInt64)
    case none
    case unknown
  }

  /// At most this many bytes of chapters are read (a chapter is about a hundred).
  static let chaptersLimit = 4 << 20
  /// At most this many top-level elements are walked when there is no seek head.
  static let walkLimit = 100_000

  static let segmentID: UInt32 = 0x1853_8067
  static let seekHeadID: UInt32 = 0x114D_9B74
  static let chaptersID: UInt32 = 0x1043_A770
  static let clusterID: UInt32 = 0x1F43_B675

  /// An element's id, the size of its body (`nil`: unknown, it runs to its parent's end) and
  /// the length of its id and size together.
  struct Header {
    var id: UInt32
    var size: Int?
    var length: Int
  }

  /// The element header at `offset` of `file`.
  static func header<Bytes: RandomAccessBytes & ~Copyable>(
    _ file: borrowing Bytes, at offset: UInt64
  )
    -> Header?
  {
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

  /// Where the `Chapters` element is: the seek head's entry for it (following a seek head that
  /// points to another, as libVLC does), else the first one found walking the segment's
  /// top-level elements. A file whose seek heads name no chapters has none before its first
  /// cluster, where muxers put them (mkvmerge, FFmpeg): the walk stops there with none
  /// instead of reading every cluster's header.
  private static func search<Bytes: RandomAccessBytes & ~Copyable>(
    _ file: borrowing Bytes, segment: UInt64
  ) -> Search {
    var offset = segment
    var seekHeadRead = false
    for _ in 0..<walkLimit {
      // The end of the media after a seek head that named no chapters: none. Bytes that
      // cannot be read before it (damage, a download's part not fetched) tell nothing.
      guard let element = header(file, at: offset) else {
        return seekHeadRead && offset >= file.size ?? .max ? .none : .unknown
      }
      if element.id == chaptersID { return .found(offset) }
      if element.id == clusterID && seekHeadRead { return .none }
      guard let size = element.size else { return .unknown }
      if element.id == seekHeadID {
        var visited: Set<UInt64> = []
        let found = seek(file, head: offset, segment: segment, visited: &visited)
        guard case .none = found else { return found }
        seekHeadRead = true
      }
      offset += UInt64(element.length + size)
    }
    return .unknown
  }

  /// Where the seek head at `offset`, or one it points to, puts `Chapters`: `.none` when they
  /// name no chapters, `.unknown` when a head cannot be read or names a place no file has.
  private static func seek<Bytes: RandomAccessBytes & ~Copyable>(
    _ file: borrowing Bytes, head offset: UInt64, segment: UInt64,
    visited: inout Set<UInt64>
  ) -> Search {
    guard visited.count < 8, visited.insert(offset).inserted else { return .none }
    guard let element = header(file, at: offset), element.id == seekHeadID,
      let size = element.size, size <= chaptersLimit,
      let data = file.read(at: offset + UInt64(element.length), upTo: size)
    else { return .unknown }
    let bytes = [UInt8](data)
    func absolute(_ position: UInt64) -> UInt64? {
      let (target, overflow) = segment.addingReportingOverflow(position)
      // A download's length may be unknown (a server without ranges): a read there fails.
      guard !overflow, target < file.size ?? .max else { return nil }
      return target
    }
    if let position = seekPosition(of: chaptersID, in: bytes) {
      return absolute(position).map { .found($0) } ?? .unknown
    }
    guard let position = seekPosition(of: seekHeadID, in: bytes) else { return .none }
    guard let next = absolute(position) else { return .unknown }
    return seek(file, head: next, segment: segment, visited: &visited)
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

  /// The chapters of the chosen edition of a `Chapters` body, as libVLC 3's Matroska demuxer
  /// publishes them (`PublishChapters` in `modules/demux/mkv/virtual_segment.cpp`, parsed by
  /// `ParseChapterAtom` in `matroska_segment_parse.cpp`), so that the indices are those
  /// ``Player/selectChapter(_:)`` takes: the last edition flagged default (else the first),
  /// its chapters and their sub-chapters in tree order, hidden ones left out (their
  /// sub-chapters kept; libVLC has no rule for the enabled flag), each named by its display
  /// strings with a "+" per level of nesting ("+ Scene 2"), and lasting until the next one
  /// starts (libVLC ignores the end times). `nil` for an ordered edition or chapters that
  /// name another segment: libVLC then builds a timeline of its own.
  private static func chapters(in bytes: [UInt8]) -> [Chapter]? {
    let editions = children(bytes, 0..<bytes.count).filter { $0.id == 0x45B9 }
    let chosen =
      editions.last { edition in
        children(bytes, edition.body).contains {
          $0.id == 0x45DB && unsigned(bytes, $0.body).map { UInt8(truncatingIfNeeded: $0) } != 0
        }
      } ?? editions.first
    guard let chosen else { return [] }
    let ordered = children(bytes, chosen.body).contains {
      $0.id == 0x45DD && unsigned(bytes, $0.body).map { UInt8(truncatingIfNeeded: $0) } != 0
    }
    var atoms: [(start: UInt64, name: String?)] = []
    guard !ordered, collect(bytes, in: chosen.body, level: 0, into: &atoms) else { return nil }
    return atoms.enumerated().map { index, atom in
      // The last one's end is the media's, which the caller knows (a duration of zero).
      let next = index + 1 < atoms.count ? atoms[index + 1].start : atom.start
      return Chapter(
        index: index, name: atom.name, start: .nanoseconds(Int64(clamping: atom.start)),
        duration: .nanoseconds(Int64(clamping: next > atom.start ? next - atom.start : 0)))
    }
  }

  /// Appends the shown chapters among the `ChapterAtom`s in `range`, then their sub-chapters;
  /// `false` for a chapter of another segment (`ChapterSegmentUID`).
  private static func collect(
    _ bytes: [UInt8], in range: Range<Int>, level: Int,
    into atoms: inout [(start: UInt64, name: String?)]
  ) -> Bool {
    guard level < 16 else { return true }  // deeper nesting is damage
    for atom in children(bytes, range) where atom.id == 0xB6 {
      let fields = children(bytes, atom.body)
      let value = { (id: UInt32) in
        fields.first { $0.id == id }.flatMap { unsigned(bytes, $0.body) }
      }
      if fields.contains(where: { $0.id == 0x6E67 }) { return false }
      // libVLC reads the flag as a byte: any value but 0 hides the chapter.
      if value(0x98).map({ UInt8(truncatingIfNeeded: $0) }) ?? 0 == 0 {
        let strings = fields.filter { $0.id == 0x80 }.flatMap { display in
          children(bytes, display.body).filter { $0.id == 0x85 }.map {
            // libebml ends a string at its first NUL.
            let text = bytes[$0.body].prefix { $0 != 0 }
            return String(repeating: "+", count: level) + " "
              + String(decoding: text, as: UTF8.self)
          }
        }
        let name = strings.joined().trimmingSpaces()
        atoms.append((value(0x91) ?? 0, name.isEmpty ? nil : name))
      }
      guard collect(bytes, in: atom.body, level: level + 1, into: &atoms) else { return false }
    }
    return true
  }

  /// The elements in `range` of `bytes`: id and body.
  private static func children(_ bytes: [UInt8], _ range: Range<Int>) -> [(
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
  private static func unsigned(_ bytes: [UInt8], _ body: Range<Int>) -> UInt64? {
    guard body.count <= 8 else { return nil }
    return bytes[body].reduce(0) { $0 << 8 | UInt64($1) }
  }
}
