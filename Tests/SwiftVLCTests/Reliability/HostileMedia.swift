// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// Damaged inputs made from the fixtures at test time: truncations, flipped header bytes,
/// empty and random files with media extensions, absurd declared sizes and broken playlists.
/// The same seed always gives the same files.
struct HostileMedia {
  /// One generated input.
  struct Case: Sendable, CustomStringConvertible {
    /// What was done, such as "seek.mp4 cut at 6057".
    var name: String
    /// The generated file.
    var path: String

    var description: String { name }
  }

  /// Where the files are written; removed by ``removeFiles()``.
  let directory: URL
  /// The cases of this share of the corpus, in order.
  private(set) var cases: [Case] = []
  /// How many cases the whole corpus has.
  private(set) var corpusSize = 0
  private var random: SeededRandom
  private let share: (part: Int, of: Int)

  /// The fixtures the damage starts from.
  static let sources: [Fixture] = [.shortMP4, .seekMP4, .tracksMKV, .sineWAV, .shortTS]
  static let extensions = [
    "mp4", "mkv", "ts", "wav", "avi", "mp3", "webm", "flac", "ogg", "m3u8", "mov", "m4a",
  ]

  /// Generates the cases of one share of the corpus, every `share.of`-th one from the
  /// `share.part`-th (so each share has some of every kind of damage), into a new temporary
  /// directory, named after the process and `label` (tests running side by side each make
  /// their own). The whole corpus is drawn, so a case is the same in every share.
  init(seed: UInt64, label: String, share: (part: Int, of: Int) = (0, 1)) throws {
    random = SeededRandom(seed: seed)
    self.share = share
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "swiftvlc-hostile-\(ProcessInfo.processInfo.processIdentifier)-\(label)")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for source in Self.sources {
      let bytes = [UInt8](try Data(contentsOf: source.url))
      try addTruncations(of: bytes, from: source)
      try addHeaderFlips(of: bytes, from: source)
    }
    for ext in Self.extensions {
      try add("empty .\(ext)", bytes: [], ext: ext)
      for size in [17, 4_096, 65_536] {
        try add("\(size) random bytes as .\(ext)", bytes: noise(size), ext: ext)
      }
    }
    try addHugeSizes()
    try addPlaylists()
  }

  /// Deletes the generated files.
  func removeFiles() {
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: - Kinds of damage

  /// The file cut at fixed offsets (inside the first headers and at fractions of the size)
  /// and at random ones.
  private mutating func addTruncations(of bytes: [UInt8], from source: Fixture) throws {
    let size = bytes.count
    var offsets: Set<Int> = [1, 8, 64, 188, 512, size / 10, size / 4, size / 2, 3 * size / 4]
    offsets.insert(size - 1)
    while offsets.count < 12 { offsets.insert(Int.random(in: 1..<size, using: &random)) }
    for offset in offsets.sorted() where offset < size {
      try add("\(source.rawValue) cut at \(offset)", bytes: Array(bytes[..<offset]), like: source)
    }
  }

  /// 1 to 4 random bytes of the first kilobyte (where the container headers are) replaced.
  private mutating func addHeaderFlips(of bytes: [UInt8], from source: Fixture) throws {
    let span = min(1_024, bytes.count)
    for index in 0..<16 {
      var damaged = bytes
      let flips = Int.random(in: 1...4, using: &random)
      var changed: [Int] = []
      for _ in 0..<flips {
        let offset = Int.random(in: 0..<span, using: &random)
        damaged[offset] ^= UInt8.random(in: 1...255, using: &random)
        changed.append(offset)
      }
      try add(
        "\(source.rawValue) header flip #\(index) at \(changed.sorted())", bytes: damaged,
        like: source)
    }
  }

  /// Containers whose headers declare sizes far beyond the file.
  private mutating func addHugeSizes() throws {
    for source in [Fixture.shortMP4, .seekMP4] {
      let bytes = [UInt8](try Data(contentsOf: source.url))
      var first = bytes  // the first box ("ftyp") claims 4 GB
      first.replaceSubrange(0..<4, with: [0xFF, 0xFF, 0xFF, 0xFF])
      try add("\(source.rawValue) first box of 4 GB", bytes: first, like: source)
      if let moov = Self.find("moov", in: bytes) {
        var huge = bytes  // the movie header claims 2 GB
        huge.replaceSubrange(moov - 4..<moov, with: [0x7F, 0xFF, 0xFF, 0xFF])
        try add("\(source.rawValue) moov of 2 GB", bytes: huge, like: source)
      }
      if let mdat = Self.find("mdat", in: bytes) {
        var huge = bytes  // size 1: the real size is a 64-bit field, here 2^62
        huge.replaceSubrange(mdat - 4..<mdat, with: [0, 0, 0, 1])
        huge.insert(contentsOf: [0x40, 0, 0, 0, 0, 0, 0, 0], at: mdat + 4)
        try add("\(source.rawValue) mdat of 2^62 bytes", bytes: huge, like: source)
      }
    }
    let mkv = [UInt8](try Data(contentsOf: Fixture.tracksMKV.url))
    if let segment = Self.find([0x18, 0x53, 0x80, 0x67], in: mkv) {
      var huge = mkv  // the Segment claims 2^56 - 2 bytes, in an 8-byte size field
      huge.replaceSubrange(
        segment + 4..<segment + 12, with: [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE])
      try add("tracks.mkv segment of 2^56 bytes", bytes: huge, like: .tracksMKV)
    }
    var ebml = mkv  // the EBML header claims 2^56 - 2 bytes
    ebml.replaceSubrange(4..<5, with: [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE])
    try add("tracks.mkv EBML header of 2^56 bytes", bytes: ebml, like: .tracksMKV)
    let wav = [UInt8](try Data(contentsOf: Fixture.sineWAV.url))
    var riff = wav  // RIFF and data chunks of 4 GB
    riff.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
    riff.replaceSubrange(40..<44, with: [0xFF, 0xFF, 0xFF, 0xFF])
    try add("sine440.wav chunks of 4 GB", bytes: riff, like: .sineWAV)
    var format = wav  // a format chunk of 4 GB
    format.replaceSubrange(16..<20, with: [0xFF, 0xFF, 0xFF, 0xFF])
    try add("sine440.wav fmt chunk of 4 GB", bytes: format, like: .sineWAV)
  }

  /// HLS playlists that are empty, loop on themselves, list missing or damaged segments.
  private mutating func addPlaylists() throws {
    try add("playlist with no segments", text: "#EXTM3U\n#EXT-X-ENDLIST\n", ext: "m3u8")
    try add(
      "master playlist that lists itself",
      text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nself-0.m3u8\n", ext: "m3u8",
      fileName: "self-0.m3u8")
    let missing = (0..<500).map { "#EXTINF:2.0,\nmissing\($0).ts" }.joined(separator: "\n")
    try add(
      "playlist of 500 missing segments",
      text: "#EXTM3U\n#EXT-X-TARGETDURATION:2\n\(missing)\n#EXT-X-ENDLIST\n", ext: "m3u8")
    try add(
      "playlist with garbage tags",
      text: "#EXTM3U\n#EXT-X-TARGETDURATION:-5\n#EXTINF:nan,\n\u{0}\u{7}seg\n#EXT-X-KEY:METHOD\n",
      ext: "m3u8")
    let segment = directory.appendingPathComponent("ts-segment.ts")
    var damaged = [UInt8](try Data(contentsOf: Fixture.shortTS.url))
    for index in stride(from: 0, to: damaged.count, by: 97) { damaged[index] ^= 0x5A }
    try Data(damaged).write(to: segment)
    try add(
      "playlist of a damaged segment",
      text: "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nts-segment.ts\n#EXT-X-ENDLIST\n",
      ext: "m3u8")
  }

  // MARK: - Writing

  private mutating func add(_ name: String, bytes: [UInt8], like source: Fixture) throws {
    let ext = (source.rawValue as NSString).pathExtension
    try add(name, bytes: bytes, ext: ext)
  }

  private mutating func add(
    _ name: String, text: String, ext: String, fileName: String? = nil
  ) throws {
    try add(name, bytes: Array(text.utf8), ext: ext, fileName: fileName)
  }

  private mutating func add(
    _ name: String, bytes: [UInt8], ext: String, fileName: String? = nil
  ) throws {
    let index = corpusSize
    corpusSize += 1
    guard index % share.of == share.part else { return }
    let file = directory.appendingPathComponent(fileName ?? "case-\(index).\(ext)")
    try Data(bytes).write(to: file)
    cases.append(Case(name: name, path: file.path))
  }

  /// `count` random bytes, eight from each draw (one draw per byte took seconds of CPU in a
  /// debug build).
  private mutating func noise(_ count: Int) -> [UInt8] {
    let words = (0..<(count + 7) / 8).map { _ in random.next() }
    return words.withUnsafeBytes { Array($0.prefix(count)) }
  }

  private static func find(_ tag: String, in bytes: [UInt8]) -> Int? {
    find(Array(tag.utf8), in: bytes)
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    return (0...(bytes.count - needle.count)).first {
      bytes[$0..<$0 + needle.count].elementsEqual(needle)
    }
  }
}
