// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Reading ISO base media (MP4/QuickTime) boxes from memory, bounds-checked at every step: a
/// damaged box ends the walk instead of reading past its parent.
enum MP4Boxes {
  /// The big-endian unsigned integer of `count` bytes at `offset`; 0 past the end.
  static func integer(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
    guard offset >= 0, offset + count <= bytes.count else { return 0 }
    return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
  }

  /// The header of the top-level box of `file` at `offset`: its type, its whole size (0: it
  /// runs to the end of the file; 1 when its 64-bit size is cut off) and the header's
  /// length; `nil` when fewer than 8 bytes are left.
  static func header(_ file: borrowing some RandomAccessBytes & ~Copyable, at offset: UInt64) -> (
    type: String, size: Int, headerLength: Int
  )? {
    guard let header = try? read(file, at: offset, count: 16), header.count >= 8 else {
      return nil
    }
    let type = String(decoding: header[4..<8], as: UTF8.self)
    let size = integer(header, 0, 4)
    guard size == 1, header.count >= 16 else { return (type, size, 8) }
    return (type, integer(header, 8, 8), 16)
  }

  /// `count` bytes (or fewer, at the end) of `file` from `offset`.
  static func read(
    _ file: borrowing some RandomAccessBytes & ~Copyable, at offset: UInt64, count: Int
  ) throws
    -> [UInt8]
  {
    guard let data = file.read(at: offset, upTo: count) else { throw ReadFailed() }
    return [UInt8](data)
  }

  /// A read of the file failed.
  struct ReadFailed: Error {}

  /// The boxes in `range`: type and body.
  static func children(_ bytes: [UInt8], _ range: Range<Int>) -> [(type: String, body: Range<Int>)]
  {
    var found: [(type: String, body: Range<Int>)] = []
    var offset = range.lowerBound
    while offset + 8 <= range.upperBound {
      var size = integer(bytes, offset, 4)
      var header = 8
      if size == 1, offset + 16 <= range.upperBound {
        size = integer(bytes, offset + 8, 8)
        header = 16
      } else if size == 0 {
        size = range.upperBound - offset
      }
      guard size >= header, size <= range.upperBound - offset else { break }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      found.append((type, (offset + header)..<(offset + size)))
      offset += size
    }
    return found
  }

  /// The body of the box at `path` below `range`.
  static func find(_ bytes: [UInt8], _ range: Range<Int>, path: [String]) -> Range<Int>? {
    var current = range
    for type in path {
      guard let box = children(bytes, current).first(where: { $0.type == type }) else {
        return nil
      }
      current = box.body
    }
    return current
  }
}

/// Where a track's samples are and how long each lasts (`stts`, `stsc`, `stsz`, `stco` or
/// `co64`), as far as reading a text track's samples needs.
struct SampleTable {
  private var durations: [Int] = []
  private var sizes: [Int] = []
  private var offsets: [Int] = []

  /// At most this many samples are read: a chapter track has one per chapter.
  private static let sampleLimit = 4_096

  init(_ bytes: [UInt8], _ stbl: Range<Int>) {
    var chunkOffsets: [Int] = []
    var samplesPerChunk: [(first: Int, count: Int)] = []
    let read = MP4Boxes.integer
    for box in MP4Boxes.children(bytes, stbl) {
      let start = box.body.lowerBound
      let entries = min(read(bytes, start + 4, 4), Self.sampleLimit)
      switch box.type {
      case "stts":
        for entry in 0..<entries where start + 16 + entry * 8 <= box.body.upperBound {
          let count = read(bytes, start + 8 + entry * 8, 4)
          let delta = read(bytes, start + 12 + entry * 8, 4)
          durations += repeatElement(delta, count: min(count, Self.sampleLimit - durations.count))
        }
      case "stsz":
        let fixed = read(bytes, start + 4, 4)
        let count = min(read(bytes, start + 8, 4), Self.sampleLimit)
        sizes = (0..<count).map { fixed != 0 ? fixed : read(bytes, start + 12 + $0 * 4, 4) }
      case "stsc":
        samplesPerChunk = (0..<entries).map {
          (read(bytes, start + 8 + $0 * 12, 4), read(bytes, start + 12 + $0 * 12, 4))
        }
      case "stco":
        chunkOffsets = (0..<entries).map { read(bytes, start + 8 + $0 * 4, 4) }
      case "co64":
        chunkOffsets = (0..<entries).map { read(bytes, start + 8 + $0 * 8, 8) }
      default: break
      }
    }
    // Each chunk holds its run's count of samples, one after the other. A damaged table
    // (an offset past Int.max, samples running past it) ends the list there.
    chunks: for (chunk, base) in chunkOffsets.enumerated() where offsets.count < sizes.count {
      let run = samplesPerChunk.last { $0.first <= chunk + 1 }?.count ?? 1
      var offset = base
      for _ in 0..<max(run, 0) where offsets.count < sizes.count {
        guard offset >= 0 else { break chunks }
        offsets.append(offset)
        let (next, overflow) = offset.addingReportingOverflow(sizes[offsets.count - 1])
        guard !overflow else { break chunks }
        offset = next
      }
    }
  }

  /// Where the first sample lies in the file; `nil` for a track without samples.
  var firstOffset: Int? { offsets.first }

  /// The text samples of a QuickTime text track (a 16-bit length, then UTF-8 or UTF-16 with
  /// a byte-order mark), with their start in the track's timescale; as libVLC 3's
  /// `LoadChapterApple`, without the samples of 2 bytes or less (the empty ones a muxer
  /// writes for a gap between chapters). `nil` when a sample cannot be read (a download's
  /// part that was not fetched).
  func textSamples(_ file: borrowing some RandomAccessBytes & ~Copyable) -> [(
    time: Int64, text: String?
  )]? {
    var time: Int64 = 0
    var samples: [(time: Int64, text: String?)] = []
    for index in 0..<min(durations.count, sizes.count, offsets.count) {
      defer { time += Int64(durations[index]) }
      guard sizes[index] > 2 else { continue }
      guard
        let data = try? MP4Boxes.read(
          file, at: UInt64(clamping: offsets[index]), count: min(sizes[index], 1_024))
      else { return nil }
      let length = min(MP4Boxes.integer(data, 0, 2), max(data.count - 2, 0))
      let body = Array(data.dropFirst(2).prefix(length))
      samples.append((time, text(body)))
    }
    return samples
  }

  private func text(_ body: [UInt8]) -> String? {
    guard !body.isEmpty else { return nil }
    if body.starts(with: [0xFE, 0xFF]) {
      return String(bytes: body.dropFirst(2), encoding: .utf16BigEndian)
    }
    if body.starts(with: [0xFF, 0xFE]) {
      return String(bytes: body.dropFirst(2), encoding: .utf16LittleEndian)
    }
    return String(decoding: body, as: UTF8.self)
  }
}
