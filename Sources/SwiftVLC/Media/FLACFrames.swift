// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Whether a local FLAC file holds the samples its STREAMINFO block declares, from its last
/// frame's header (RFC 9639): a FLAC file declares no byte count, so a file cut short is
/// told by the frame its data end with, whose number says where it starts.
enum FLACFrames {
  /// How many bytes at the end of the file are searched for the last frame's header (a frame
  /// of 16-bit stereo at 4,096 samples is at most about 16 KiB).
  static let tailLength = 64 << 10

  /// `true` when the last frame in the file ends at the declared sample count, `false` when
  /// it ends before, `nil` when the count is not declared (0) or no frame header is found.
  /// `file` starts with "fLaC" after `start` bytes (an ID3v2 tag).
  static func isComplete(_ file: borrowing ReadOnlyFile, start: Int, size: UInt64) -> Bool? {
    let info = start + 8  // "fLaC", then the STREAMINFO block's header
    guard let head = file.read(at: UInt64(info), upTo: 18), head.count == 18 else { return nil }
    let stream = [UInt8](head)
    let maxBlock = Int(stream[2]) << 8 | Int(stream[3])
    let total = (0..<4).reduce(UInt64(stream[13] & 0x0F)) { $0 << 8 | UInt64(stream[14 + $1]) }
    guard total > 0, maxBlock > 0 else { return nil }
    // Metadata blocks (a padding block of 8 KiB after ffmpeg's) that run past the end: cut
    // before the first frame.
    var block = UInt64(start + 4)
    for _ in 0..<128 {
      guard let header = file.read(at: block, upTo: 4), header.count == 4 else { return false }
      let bytes = [UInt8](header)
      block += 4 + UInt64(Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]))
      if block > size { return false }
      if bytes[0] & 0x80 != 0 { break }  // the last metadata block
    }
    let from = size > UInt64(tailLength) ? size - UInt64(tailLength) : UInt64(info + 18)
    guard let tail = file.read(at: from, upTo: tailLength) else { return nil }
    let bytes = [UInt8](tail)
    // The last header there is (a silent last frame is a dozen bytes), read backwards. A
    // header that ends the samples says whole; one that does not, cut, once the header before
    // it ends where it starts: audio bytes pass for a header now and then (sync, reserved
    // bits and CRC-8: about one in a thousand files), never twice in a row.
    var later: (first: UInt64, samples: Int)?
    var offset = bytes.count - 6
    while offset >= 0 {
      defer { offset -= 1 }
      guard bytes[offset] == 0xFF, bytes[offset + 1] & 0xFE == 0xF8,
        let frame = header(bytes, at: offset, maxBlock: maxBlock)
      else { continue }
      let end = frame.first + UInt64(frame.samples)
      if end >= total { return true }
      if let later, end == later.first { return false }
      later = frame  // the later one, if any, was audio that passed for a header
    }
    return nil
  }

  /// The frame header at `offset`: its first sample and its sample count; `nil` when the
  /// bytes are no header (reserved values, a bad coded number, a CRC-8 that does not hold).
  private static func header(_ bytes: [UInt8], at offset: Int, maxBlock: Int) -> (
    first: UInt64, samples: Int
  )? {
    let variable = bytes[offset + 1] & 1 == 1
    let sizeCode = Int(bytes[offset + 2] >> 4)
    let rateCode = Int(bytes[offset + 2] & 0x0F)
    guard sizeCode != 0, rateCode != 15, bytes[offset + 3] & 1 == 0,
      bytes[offset + 3] >> 4 < 11, (bytes[offset + 3] >> 1) & 7 != 3
    else { return nil }
    // The coded number: one byte, or a UTF-8-like lead byte and its continuation bytes.
    var cursor = offset + 4
    guard cursor < bytes.count else { return nil }
    let lead = bytes[cursor]
    let ones = (~lead).leadingZeroBitCount
    let extra = lead < 0x80 ? 0 : ones >= 2 ? ones - 1 : -1
    // The number's bytes, two block size bytes, two rate bytes and the CRC at most.
    guard extra >= 0, extra <= 6, cursor + 1 + extra + 5 <= bytes.count else { return nil }
    var number = UInt64(lead & (0xFF >> (extra == 0 ? 1 : extra + 2)))
    for index in 1...max(extra, 1) where extra > 0 {
      let byte = bytes[cursor + index]
      guard byte & 0xC0 == 0x80 else { return nil }
      number = number << 6 | UInt64(byte & 0x3F)
    }
    cursor += 1 + extra
    var samples: Int
    switch sizeCode {
    case 1: samples = 192
    case 2...5: samples = 576 << (sizeCode - 2)
    case 6:
      samples = Int(bytes[cursor]) + 1
      cursor += 1
    case 7:
      samples = (Int(bytes[cursor]) << 8 | Int(bytes[cursor + 1])) + 1
      cursor += 2
    default: samples = 256 << (sizeCode - 8)
    }
    cursor += rateCode == 12 ? 1 : rateCode == 13 || rateCode == 14 ? 2 : 0
    guard cursor < bytes.count, crc8(bytes[offset..<cursor]) == bytes[cursor] else { return nil }
    return (variable ? number : number * UInt64(maxBlock), samples)
  }

  /// FLAC's header CRC-8 (polynomial x^8 + x^2 + x + 1, initial 0).
  private static func crc8(_ bytes: ArraySlice<UInt8>) -> UInt8 {
    var crc: UInt8 = 0
    for byte in bytes {
      crc ^= byte
      for _ in 0..<8 { crc = crc & 0x80 != 0 ? crc << 1 ^ 0x07 : crc << 1 }
    }
    return crc
  }
}
