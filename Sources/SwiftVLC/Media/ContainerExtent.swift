// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// What a local file's container declares of its own extent, read once (one open, its
/// first bytes, a few box or element headers, or its last pages): whether the file holds
/// every byte it declares (an MP4's top-level boxes, a Matroska segment's size, a RIFF's
/// (WAV, AVI) chunk size, an MP3's Xing/Info byte count, a FLAC file's sample count
/// (``FLACFrames``), an Ogg file's last page), the length it declares where libVLC gives
/// another, and whether an MP4 lacks its index.
///
/// A file cut short keeps its header's sizes, so its last box, segment, chunk or page ends
/// past the file's end. Evidence for an end that libVLC's clock reports early: libVLC 3
/// stops its clock about 2 s short on a whole Matroska file without the video's
/// DefaultDuration. Probes, players' ends and recordings read it alike.
struct ContainerExtent: Equatable, Sendable {
  /// `true` when the container's declared sizes fit the file, `false` when they run past
  /// its end (cut short), `nil` for other containers, sizes left open, or a file that cannot
  /// be read.
  var isComplete: Bool?
  /// The length the headers declare where libVLC 3 gives the length of what the file holds
  /// instead: an MP3's Xing/Info frame count, a WAV's `data` chunk size over its byte rate;
  /// `nil` for other containers (whose length libVLC takes from their headers) and headers
  /// that declare none. A file cut short falls short of it.
  var declaredLength: Duration?
  /// Whether the container declares no length at all (an Ogg file; a fragmented MP4 without
  /// a fragment duration, `mehd`): every length given for it is that of what it holds, so a
  /// file cut short ends at its length, not before it.
  var declaresNoLength = false
  /// Whether the file is an MP4 whose top-level boxes, as far as the file goes, hold no index
  /// (`moov`, nor a fragment's `moof`): cut before its index, which a muxer writes last, or
  /// still being written. libVLC 3's MP4 demuxer discards it ("no moov,foov,moof box") and a
  /// fallback demuxer reads its coded bytes as streams that are not there (three MPEG-2
  /// videos and three MPEG audios of an H.264 file), to an end without an error.
  var lacksIndex = false

  /// Whether the file is known cut short.
  var isCut: Bool { isComplete == false }

  /// How many top-level MP4 boxes are walked before the answer is "unknown" (a fragmented
  /// MP4 has one pair per fragment).
  static let boxLimit = 256
  /// How many bytes at an Ogg file's end are read for its last pages (two of the largest).
  static let oggTailLength = 2 * OggPages.pageLimit

  /// Reads the file at `path`; nothing known when it cannot be opened.
  static func read(path: String) -> ContainerExtent {
    guard let file = ReadOnlyFile(path: path), let head = FileHeaders.head(of: file) else {
      return ContainerExtent()
    }
    return read(file, head: head)
  }

  /// Reads `file`, whose first bytes are `head` (``FileHeaders/head(of:)``).
  static func read(_ file: borrowing ReadOnlyFile, head bytes: [UInt8]) -> ContainerExtent {
    var extent = ContainerExtent()
    guard let size = file.size, bytes.count >= 16 else { return extent }
    let container = FileHeaders.containerName(bytes)
    switch container {
    case "MP4/QuickTime":
      let walk = walkBoxes(file, size: size)
      extent.isComplete = walk.fits
      // A walk that could not finish (a box smaller than its header, too many boxes) knows
      // nothing of what follows.
      extent.lacksIndex = walk.reachedEnd && !walk.sawIndex
      extent.declaresNoLength = walk.fragmentsWithoutLength
    case "Matroska/WebM":
      extent.isComplete = segmentFits(bytes, size: size)
    case "WAV", "AVI":
      // A RIFF written to a pipe leaves its size unknown: 0 or 0xFFFFFFFF.
      let riffSize = UInt64(littleEndian(bytes, 4, 4))
      if riffSize != 0, riffSize != 0xFFFF_FFFF { extent.isComplete = riffSize + 8 <= size }
      if container == "WAV" { extent.declaredLength = waveLength(bytes) }
    case "FLAC":
      extent.isComplete = FLACFrames.isComplete(
        file, start: FileHeaders.id3Length(bytes), size: size)
    case "MP3":
      // Counted from the first frame, after an ID3v2 tag; an ID3v1 tag may follow.
      if let declared = MPEGAudioScan.declaredBytes(head: bytes) {
        extent.isComplete = UInt64(declared.start + declared.bytes) <= size
      }
      extent.declaredLength = MPEGAudioScan.declaredDuration(head: bytes) ?? nil
    case "Ogg":
      extent.declaresNoLength = true
      let from = size - min(size, UInt64(oggTailLength))
      extent.isComplete = file.read(at: from, upTo: oggTailLength).flatMap {
        OggPages.ending([UInt8]($0))
      }
    default: break
    }
    return extent
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

  /// A file ``isComplete`` finds cut, in words (a probe's note).
  static let cutShort =
    "the duration: the file is cut short (its container declares more than it holds), so it "
    + "plays for less than its declared length"

  /// A file cut short whose container ``declaresNoLength``, in words (a probe's note).
  static let cutShortUndeclared =
    "the whole duration: the file is cut short (it ends inside a page or box its container "
    + "began) and its container declares no length: the duration is that of what it holds"

  /// A probe's note of a file ``isCut``.
  var cutNote: String { declaresNoLength ? Self.cutShortUndeclared : Self.cutShort }

  /// Why a player's or a recording's end at `reached` of a file ``isCut`` whose container
  /// ``declaresNoLength`` is no natural end, in words.
  static func undeclaredCutEnd(at reached: Duration) -> String {
    "the file is cut short: it ends inside a page or box its container began, at "
      + "\(formatSeconds(reached)), and its container declares no length to say how much is missing"
  }

  /// What ``lacksIndex`` finds, in words.
  static let missingIndex =
    "the MP4 file ends before its index (moov box): cut short, or still being written"

  /// The one walk of an MP4 file's top-level boxes from its start: whether they end within
  /// the file (`nil`: unknown), whether one of them is an index (`moov`, a fragment's `moof`,
  /// `foov`, or a HEIF or AVIF picture's `meta`, which a movie has its `moov` in place of),
  /// whether the walk reached the file's end (not stopped by a box smaller than its header or
  /// by ``boxLimit``), and whether the file is fragmented with no fragment duration in its
  /// `moov` (``declaresNoLength``).
  ///
  /// Bytes after the last box that are not one (an ID3v1 tag, a few bytes of padding) leave
  /// the answer unknown: only a box of a type a muxer writes at the top level that runs past
  /// the end, or a file that ends inside a box's 64-bit size, is cut.
  private static func walkBoxes(_ file: borrowing ReadOnlyFile, size: UInt64) -> (
    fits: Bool?, sawIndex: Bool, reachedEnd: Bool, fragmentsWithoutLength: Bool
  ) {
    var offset: UInt64 = 0
    var sawIndex = false
    var movie: (offset: UInt64, size: Int)?
    var fragmented = false
    func result(_ fits: Bool?, reachedEnd: Bool) -> (Bool?, Bool, Bool, Bool) {
      let unsized = fragmented && movie.map { !declaresFragmentDuration(file, movie: $0) } ?? false
      return (fits, sawIndex, reachedEnd, unsized)
    }
    for _ in 0..<boxLimit {
      guard offset < size else { return result(true, reachedEnd: true) }
      // Under 8 bytes left: not a box.
      guard let box = MP4Boxes.header(file, at: offset) else {
        return result(nil, reachedEnd: true)
      }
      if ["moov", "moof", "foov", "meta"].contains(box.type) { sawIndex = true }
      if box.type == "moov" { movie = (offset, box.size) }
      if box.type == "moof" { fragmented = true }
      // Size 0: the last box runs to the end; 1: the file ends in its 64-bit size.
      if box.size == 0 { return result(true, reachedEnd: true) }
      if box.size == 1 { return result(false, reachedEnd: true) }
      guard box.size >= box.headerLength else { return result(nil, reachedEnd: false) }
      offset += UInt64(box.size)
      if offset > size {
        return result(topLevelTypes.contains(box.type) ? false : nil, reachedEnd: true)
      }
    }
    return result(nil, reachedEnd: false)
  }

  /// Whether a fragmented MP4's `moov` box (at most 1 MiB of it read) holds a fragment
  /// duration (`mvex`/`mehd`), the length libVLC 3 gives such a file; without one it gives
  /// the fragments' it has read.
  private static func declaresFragmentDuration(
    _ file: borrowing ReadOnlyFile, movie: (offset: UInt64, size: Int)
  ) -> Bool {
    guard movie.size > 8,
      let bytes = try? MP4Boxes.read(file, at: movie.offset, count: min(movie.size, 1 << 20))
    else { return false }
    return MP4Boxes.find(bytes, 8..<bytes.count, path: ["mvex", "mehd"]) != nil
  }

  /// The box types muxers write at an MP4 file's top level (ISO/IEC 14496-12, QuickTime).
  private static let topLevelTypes: Set<String> = [
    "ftyp", "styp", "moov", "mdat", "moof", "mfra", "free", "skip", "wide", "uuid", "meta",
    "pdin", "sidx", "ssix", "prft", "emsg", "foov", "pnot", "udta",
  ]

  /// Whether the Matroska segment after the EBML header ends within the file; `nil` when
  /// its size is left open (a live recording).
  private static func segmentFits(_ bytes: [UInt8], size: UInt64) -> Bool? {
    guard let header = MatroskaElements.header(bytes, at: 0), header.id == 0x1A45_DFA3,
      let headerSize = header.size,
      let segment = MatroskaElements.header(bytes, at: header.length + headerSize),
      segment.id == MatroskaElements.segmentID, let segmentSize = segment.size
    else { return nil }
    return UInt64(header.length + headerSize + segment.length + segmentSize) <= size
  }
}
