// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// A file's first bytes: reading them (past an ID3v2 tag) and the container they name.
extension FileHeaders {
  /// The container named by the first bytes of a file.
  static func containerName(_ bytes: [UInt8]) -> String? {
    func ascii(_ range: Range<Int>) -> String {
      guard range.upperBound <= bytes.count else { return "" }
      return String(decoding: bytes[range], as: UTF8.self)
    }
    let start = id3Length(bytes)
    let magic = ascii(start..<start + 4)
    if magic == "fLaC" { return "FLAC" }
    if start > 0, let audio = elementaryAudio(bytes, at: start) { return audio }
    switch ascii(4..<8) {
    case "ftyp", "moov", "mdat", "wide", "free", "skip", "pnot": return "MP4/QuickTime"
    default: break
    }
    switch ascii(0..<4) {
    case "OggS": return "Ogg"
    case "wvpk": return "WavPack"
    case "TTA1": return "TTA"
    case "MAC ": return "Monkey's Audio"
    case "caff": return "CAF"
    case ".snd": return "Sun AU"
    case "RIFF", "RF64":
      switch ascii(8..<12) {
      case "WAVE": return "WAV"
      case "AVI ": return "AVI"
      default: return nil
      }
    case "FORM" where ["AIFF", "AIFC"].contains(ascii(8..<12)): return "AIFF"
    case "FRM8" where ascii(12..<16) == "DSD ": return "DSDIFF"
    case "DSD ": return "DSF"
    case "MThd": return "MIDI"
    case "MPCK": return "Musepack"
    default: break
    }
    if magic.hasPrefix("MP+") { return "Musepack" }  // stream version 7
    if bytes.starts(with: Array("FLV".utf8) + [1]) { return "FLV" }
    if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return "Matroska/WebM" }
    if bytes.starts(with: [0x30, 0x26, 0xB2, 0x75]) { return "ASF" }
    if bytes.starts(with: [0x00, 0x00, 0x01, 0xBA]) { return "MPEG-PS" }
    // 188-byte packets, or BDAV's 192-byte ones (a 4-byte time stamp first).
    for (start, stride) in [(0, 188), (4, 192)]
    where bytes.count >= start + stride * 3
      && (0..<3).allSatisfy({ bytes[start + $0 * stride] == 0x47 })
    {
      return "MPEG-TS"
    }
    return elementaryAudio(bytes, at: 0)
  }

  /// The first ``headLength`` bytes of `file`, and more when its ID3v2 tag runs past them
  /// (``headNeeded(for:)``): as many as name its container and hold an MP3's first frame.
  static func head(of file: borrowing ReadOnlyFile) -> [UInt8]? {
    guard let first = file.read(at: 0, upTo: headLength) else { return nil }
    let bytes = [UInt8](first)
    guard let longer = headNeeded(for: bytes) else { return bytes }
    return file.read(at: 0, upTo: longer).map { [UInt8]($0) } ?? bytes
  }

  /// How many first bytes a file needs read when its ID3v2 tag runs past `bytes` (a cover
  /// picture of a few KiB before the text frames and the first audio frame): the tag and
  /// ``headLength`` more, at most 16 MiB; `nil` when `bytes` hold them and the first frame's
  /// Xing/Info or VBRI header (``firstFrameHeaders``: a cut MP3 whose tag ended 36 bytes
  /// before the 4 KiB read had its byte count left out, and was not known cut).
  static func headNeeded(for bytes: [UInt8]) -> Int? {
    let tag = id3Length(bytes)
    guard tag + firstFrameHeaders > bytes.count else { return nil }
    return min(tag + headLength, 16 << 20)
  }

  /// How many bytes from an MPEG audio stream's first frame hold its Xing/Info header's
  /// counts (after up to 32 bytes of side information) or its VBRI header's.
  static let firstFrameHeaders = 192

  /// The length of an ID3v2 tag at the start, 0 without one (reads the first 10 bytes).
  static func id3Length(_ bytes: [UInt8]) -> Int {
    guard bytes.count >= 10, bytes.starts(with: Array("ID3".utf8)) else { return 0 }
    let size = (0..<4).reduce(0) { $0 << 7 | Int(bytes[6 + $1] & 0x7F) }
    return 10 + size + (bytes[5] & 0x10 != 0 ? 10 : 0)
  }

  /// The elementary audio stream starting at `offset`: MPEG audio (layer III "MP3", else
  /// "MPEG audio"), ADTS AAC, AC-3, E-AC-3 or DTS.
  static func elementaryAudio(_ bytes: [UInt8], at offset: Int) -> String? {
    guard offset + 6 <= bytes.count else { return nil }
    let (first, second) = (bytes[offset], bytes[offset + 1])
    if bytes[offset..<offset + 4].elementsEqual([0x7F, 0xFE, 0x80, 0x01]) { return "DTS" }
    if first == 0x0B, second == 0x77 {
      return bytes[offset + 5] >> 3 > 10 ? "E-AC-3" : "AC-3"
    }
    guard first == 0xFF, second & 0xE0 == 0xE0 else { return nil }
    let layer = (second >> 1) & 0x3
    if second & 0xF6 == 0xF0 { return "ADTS AAC" }  // MPEG-4/2 sync, layer 0
    return layer == 1 ? "MP3" : layer == 0 ? nil : "MPEG audio"
  }
}
