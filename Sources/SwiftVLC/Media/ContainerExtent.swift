// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Whether a local file holds every byte its container declares: an MP4's top-level boxes,
/// a Matroska segment's size, a RIFF (WAV, AVI) chunk's size, an MP3's Xing/Info byte count,
/// a FLAC file's sample count (``FLACFrames``).
///
/// A file cut short keeps its header's sizes, so its last box, segment or chunk ends past
/// the file's end. Evidence for an end that libVLC's clock reports early: libVLC 3 stops its
/// clock about 2 s short on a whole Matroska file without the video's DefaultDuration.
enum ContainerExtent {
  /// How many top-level MP4 boxes are walked before the answer is "unknown" (a fragmented
  /// MP4 has one pair per fragment).
  static let boxLimit = 256

  /// `true` when the container's declared sizes fit the file, `false` when they run past
  /// its end, `nil` for other containers, sizes left open, or a file that cannot be read.
  static func isComplete(path: String) -> Bool? {
    guard let file = ReadOnlyFile(path: path), let size = file.size, let bytes = head(file),
      bytes.count >= 16
    else { return nil }
    switch FileHeaders.containerName(bytes) {
    case "MP4/QuickTime": return walkBoxes(file, size: size).fits
    case "Matroska/WebM": return segmentFits(bytes, size: size)
    case "WAV", "AVI":
      // A RIFF written to a pipe leaves its size unknown: 0 or 0xFFFFFFFF.
      let riffSize = UInt64(littleEndian(bytes, 4, 4))
      guard riffSize != 0, riffSize != 0xFFFF_FFFF else { return nil }
      return riffSize + 8 <= size
    case "FLAC":
      return FLACFrames.isComplete(file, start: FileHeaders.id3Length(bytes), size: size)
    case "MP3":
      // Counted from the first frame, after an ID3v2 tag; an ID3v1 tag may follow.
      guard let declared = MPEGAudioScan.declaredBytes(path: path) else { return nil }
      return UInt64(declared.start + declared.bytes) <= size
    default: return nil
    }
  }

  /// The length a local file's headers declare where libVLC 3 gives the length of what the
  /// file holds instead: an MP3's Xing/Info frame count, a WAV's `data` chunk size over its
  /// byte rate; `nil` for other containers (whose length libVLC takes from their headers)
  /// and headers that declare none. A file ``isComplete(path:)`` finds cut falls short of it.
  static func declaredLength(path: String) -> Duration? {
    guard let file = ReadOnlyFile(path: path), let bytes = head(file) else { return nil }
    switch FileHeaders.containerName(bytes) {
    case "MP3": return MPEGAudioScan.declaredDuration(head: bytes) ?? nil
    case "WAV": return waveLength(bytes)
    default: return nil
    }
  }

  /// The file's first bytes, as many as name its container: an MP3's first frame follows its
  /// ID3v2 tag, which holds any cover picture (FileHeaders.headNeeded).
  private static func head(_ file: borrowing ReadOnlyFile) -> [UInt8]? {
    guard let first = file.read(at: 0, upTo: FileHeaders.headLength) else { return nil }
    let bytes = [UInt8](first)
    guard let longer = FileHeaders.headNeeded(for: bytes) else { return bytes }
    return file.read(at: 0, upTo: longer).map { [UInt8]($0) } ?? bytes
  }

  /// A WAV's `data` chunk size over the byte rate of its `fmt ` chunk, both within `bytes`;
  /// `nil` for a size left open (a WAV written to a pipe, RF64).
  private static func waveLength(_ bytes: [UInt8]) -> Duration? {
    var offset = 12
    var byteRate = 0
    while offset + 8 <= bytes.count {
      let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = Int(littleEndian(bytes, offset + 4, 4))
      if id == "fmt ", offset + 20 <= bytes.count {
        byteRate = Int(littleEndian(bytes, offset + 16, 4))
      }
      if id == "data" {
        guard byteRate > 0, size != 0, size != 0xFFFF_FFFF else { return nil }
        return .microseconds(Int64(size) * 1_000_000 / Int64(byteRate))
      }
      offset += 8 + size + (size & 1)
    }
    return nil
  }

  /// Whether `path` is an MP4 file whose top-level boxes, as far as the file goes, hold no
  /// index (`moov`, nor a fragment's `moof`): cut before its index, which a muxer writes
  /// last, or still being written. libVLC 3's MP4 demuxer discards it ("no moov,foov,moof
  /// box") and a fallback demuxer reads its coded bytes as streams that are not there (three
  /// MPEG-2 videos and three MPEG audios of an H.264 file), to an end without an error.
  static func lacksIndex(path: String) -> Bool {
    guard let file = ReadOnlyFile(path: path), let size = file.size,
      let head = file.read(at: 0, upTo: 128),
      FileHeaders.containerName([UInt8](head)) == "MP4/QuickTime"
    else { return false }
    let walk = walkBoxes(file, size: size)
    // A walk that could not finish (a box smaller than its header, too many boxes) knows
    // nothing of what follows.
    return walk.reachedEnd && !walk.sawIndex
  }

  /// A file ``isComplete(path:)`` finds cut, in words (a probe's note).
  static let cutShort =
    "the duration: the file is cut short (its container declares more than it holds), so it "
    + "plays for less than its declared length"

  /// What ``lacksIndex(path:)`` finds, in words.
  static let missingIndex =
    "the MP4 file ends before its index (moov box): cut short, or still being written"

  /// The one walk of an MP4 file's top-level boxes from its start: whether they end within
  /// the file (`nil`: unknown), whether one of them is an index (`moov`, a fragment's `moof`,
  /// `foov`, or a HEIF or AVIF picture's `meta`, which a movie has its `moov` in place of),
  /// and whether the walk reached the file's end (not stopped by a box smaller than its
  /// header or by ``boxLimit``).
  ///
  /// Bytes after the last box that are not one (an ID3v1 tag, a few bytes of padding) leave
  /// the answer unknown: only a box of a type a muxer writes at the top level that runs past
  /// the end, or a file that ends inside a box's 64-bit size, is cut.
  private static func walkBoxes(_ file: borrowing ReadOnlyFile, size: UInt64) -> (
    fits: Bool?, sawIndex: Bool, reachedEnd: Bool
  ) {
    var offset: UInt64 = 0
    var sawIndex = false
    for _ in 0..<boxLimit {
      guard offset < size else { return (true, sawIndex, true) }
      // Under 8 bytes left: not a box.
      guard let box = MP4Boxes.header(file, at: offset) else { return (nil, sawIndex, true) }
      if ["moov", "moof", "foov", "meta"].contains(box.type) { sawIndex = true }
      if box.size == 0 { return (true, sawIndex, true) }  // the last box runs to the end
      if box.size == 1 { return (false, sawIndex, true) }  // the file ends in its 64-bit size
      guard box.size >= box.headerLength else { return (nil, sawIndex, false) }
      offset += UInt64(box.size)
      if offset > size { return (topLevelTypes.contains(box.type) ? false : nil, sawIndex, true) }
    }
    return (nil, sawIndex, false)
  }

  /// The box types muxers write at an MP4 file's top level (ISO/IEC 14496-12, QuickTime).
  private static let topLevelTypes: Set<String> = [
    "ftyp", "styp", "moov", "mdat", "moof", "mfra", "free", "skip", "wide", "uuid", "meta",
    "pdin", "sidx", "ssix", "prft", "emsg", "foov", "pnot", "udta",
  ]

  /// Whether the Matroska segment after the EBML header ends within the file; `nil` when
  /// its size is left open (a live recording).
  private static func segmentFits(_ bytes: [UInt8], size: UInt64) -> Bool? {
    guard let header = element(bytes, at: 0), header.id == 0x1A45_DFA3,
      let headerSize = header.size,
      let segment = element(bytes, at: header.data + Int(clamping: headerSize)),
      segment.id == 0x1853_8067, let segmentSize = segment.size
    else { return nil }
    return UInt64(segment.data) + segmentSize <= size
  }

  /// The EBML element at `offset`: its id, where its data start, and its size (`nil`: unknown).
  private static func element(_ bytes: [UInt8], at offset: Int) -> (
    id: UInt32, data: Int, size: UInt64?
  )? {
    guard let id = variableInteger(bytes, at: offset, keepMarker: true),
      let size = variableInteger(bytes, at: offset + id.length, keepMarker: false)
    else { return nil }
    let isUnknown = size.value == (UInt64(1) << (7 * UInt64(size.length))) - 1
    return (
      UInt32(truncatingIfNeeded: id.value), offset + id.length + size.length,
      isUnknown ? nil : size.value
    )
  }

  /// An EBML variable-length integer at `offset` (its length from the leading zero bits).
  private static func variableInteger(_ bytes: [UInt8], at offset: Int, keepMarker: Bool)
    -> (value: UInt64, length: Int)?
  {
    guard offset < bytes.count, bytes[offset] != 0 else { return nil }
    let length = bytes[offset].leadingZeroBitCount + 1
    guard offset + length <= bytes.count else { return nil }
    var value = UInt64(keepMarker ? bytes[offset] : bytes[offset] & (0xFF >> length))
    for index in 1..<length { value = value << 8 | UInt64(bytes[offset + index]) }
    return (value, length)
  }
}
