// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The length and average bitrate of a local MPEG audio file (MP3, MP2), counted frame by
/// frame.
///
/// libVLC 3's elementary-stream demuxer estimates an MP3's length from the first frame's
/// bitrate when there is no Xing/VBRI header, which for a VBR file is far off (0.53 s for a
/// 3 s file); counting frame headers is exact and reads only 4 bytes per frame.
struct MPEGAudioScan: Sendable, Equatable {
  /// Frames times samples per frame, over the sample rate.
  var duration: Duration
  /// Audio bytes times 8 over the duration, in bits per second.
  var bitrate: Int

  /// Scans `path`; `nil` when it does not hold MPEG audio frames from its start (after an
  /// ID3v2 tag), or when it is larger than `limit` bytes. The file is mapped, not read into memory.
  static func scan(path: String, limit: Int = 512 << 20) -> MPEGAudioScan? {
    guard
      let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped),
      data.count <= limit
    else {
      return nil
    }
    return data.withUnsafeBytes { raw in scan(raw.bindMemory(to: UInt8.self)) }
  }

  /// What the first bytes of an MPEG audio stream say of its length: the length a Xing/Info
  /// or VBRI header declares (its frame count), `nil` when the first frame has none; `nil`
  /// altogether when the first frame is not in `head` (a large ID3 tag before it). libVLC 3
  /// reads Xing but not VBRI.
  static func declaredDuration(head: [UInt8]) -> Duration?? {
    let offset = FileHeaders.id3Length(head)
    return head.withUnsafeBufferPointer { bytes -> Duration?? in
      guard offset + 4 <= bytes.count, let header = Header(bytes, at: offset),
        header.sampleRate > 0
      else { return nil }
      guard let frames = header.declaredFrames(head, at: offset), frames > 0 else {
        return .some(nil)
      }
      return .microseconds(
        Int64(frames) * Int64(header.samples) * 1_000_000 / Int64(header.sampleRate))
    }
  }

  /// What the first frame of an MPEG audio stream declares in its Xing/Info header: the
  /// stream's bytes from that frame on (LAME's and libavformat's headers give them), and
  /// where the frame starts (after an ID3v2 tag); `nil` without such a count, or when the
  /// frame is not in `head` (``FileHeaders/headNeeded(for:)`` says how much to read).
  static func declaredBytes(head: [UInt8]) -> (start: Int, bytes: Int)? {
    let start = FileHeaders.id3Length(head)
    guard start + 4 <= head.count else { return nil }
    return head.withUnsafeBufferPointer { buffer in
      guard let header = Header(buffer, at: start), header.sampleRate > 0,
        let count = header.declaredBytes(head, at: start), count > 0
      else { return nil }
      return (start, count)
    }
  }

  /// The length in bytes the MPEG audio frame header starting `bytes` declares; `nil` for
  /// bytes that are no header (or a free-format one).
  static func frameLength(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      guard buffer.count >= 4, let header = Header(buffer, at: 0), header.sampleRate > 0,
        header.bitrate > 0
      else { return nil }
      return header.length
    }
  }

  /// The format an MPEG audio frame starting `bytes` declares: its channels (1 or 2) and
  /// sample rate, and its codec where libVLC 3 names the stream by its container's code
  /// (`mpga` for every layer: MP3 in MP4 or MPEG-TS): `"mp3"` for layer III, `nil` for layers
  /// I and II (libVLC's `mpga`). `nil` for bytes that are no frame (or a free-format one),
  /// and with `confirmed`, unless the next frame's header follows the first (bytes that
  /// need not start on a frame, as a PES payload's: one in about 5,000 random words passes
  /// for a header).
  static func format(ofFrame bytes: [UInt8], confirmed: Bool = false) -> FileHeaders.Audio? {
    bytes.withUnsafeBufferPointer { buffer in
      guard buffer.count >= 4, let header = Header(buffer, at: 0) else { return nil }
      if confirmed {
        let next = header.length
        guard next > 0, next + 4 <= buffer.count, let second = Header(buffer, at: next),
          second.layer == header.layer, second.sampleRate == header.sampleRate
        else { return nil }
      }
      return FileHeaders.Audio(
        channels: header.mono ? 1 : 2, sampleRate: header.sampleRate,
        codec: header.layer == 3 ? "mp3" : nil)
    }
  }

  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> MPEGAudioScan? {
    var offset = FileHeaders.id3Length(Array(bytes.prefix(10)))
    var frames = 0
    var samples = 0
    var audioBytes = 0
    var sampleRate = 0
    while offset + 4 <= bytes.count, let header = Header(bytes, at: offset) {
      if frames == 0 && sampleRate == 0 && header.isInfoFrame(bytes, at: offset) {
        // A Xing/Info/VBRI frame carries no audio.
        sampleRate = header.sampleRate
        offset += header.length
        continue
      }
      sampleRate = header.sampleRate
      frames += 1
      samples += header.samples
      audioBytes += header.length
      offset += header.length
    }
    guard frames >= 2, sampleRate > 0 else { return nil }
    let microseconds = Int64(samples) * 1_000_000 / Int64(sampleRate)
    guard microseconds > 0 else { return nil }
    return MPEGAudioScan(
      duration: .microseconds(microseconds),
      bitrate: Int(Int64(audioBytes) * 8 * 1_000_000 / microseconds))
  }
}

/// One MPEG audio frame header (ISO 11172-3, 13818-3 and MPEG 2.5).
private struct Header {
  var version: Int  // 1, 2, or 25 for MPEG 2.5
  var layer: Int
  var bitrate: Int  // bits per second
  var sampleRate: Int
  var padding: Int
  var mono: Bool

  init?(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
    let b1 = bytes[offset + 1]
    let b2 = bytes[offset + 2]
    guard bytes[offset] == 0xFF, b1 & 0xE0 == 0xE0 else { return nil }
    switch (b1 >> 3) & 3 {
    case 0: version = 25
    case 2: version = 2
    case 3: version = 1
    default: return nil
    }
    switch (b1 >> 1) & 3 {
    case 1: layer = 3
    case 2: layer = 2
    case 3: layer = 1
    default: return nil
    }
    let bitrateIndex = Int(b2 >> 4)
    let rateIndex = Int((b2 >> 2) & 3)
    guard bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
    let table =
      version == 1
      ? [
        [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
        [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
        [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
      ][layer - 1]
      : layer == 1
        ? [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
        : [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
    bitrate = table[bitrateIndex - 1] * 1_000
    let rates = [44_100, 48_000, 32_000][rateIndex]
    sampleRate = version == 1 ? rates : version == 2 ? rates / 2 : rates / 4
    padding = Int((b2 >> 1) & 1)
    mono = bytes[offset + 3] >> 6 == 3
  }

  var samples: Int {
    layer == 1 ? 384 : layer == 2 || version == 1 ? 1_152 : 576
  }

  var length: Int {
    layer == 1
      ? (12 * bitrate / sampleRate + padding) * 4
      : samples / 8 * bitrate / sampleRate + padding
  }

  /// Whether this first frame is a Xing, Info or VBRI header rather than audio.
  func isInfoFrame(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    guard layer == 3 else { return false }
    let xing = tag(bytes, at: offset + 4 + sideInformation)
    return xing == "Xing" || xing == "Info" || tag(bytes, at: offset + 36) == "VBRI"
  }

  /// The audio frames a Xing/Info header (when its flags say it counts them) or a VBRI
  /// header in this first frame of `bytes` declares.
  func declaredFrames(_ bytes: [UInt8], at offset: Int) -> Int? {
    guard layer == 3 else { return nil }
    let xing = offset + 4 + sideInformation
    if ["Xing", "Info"].contains(tag(bytes, at: xing)),
      MP4Boxes.integer(bytes, xing + 4, 4) & 1 != 0,
      xing + 12 <= bytes.count
    {
      return MP4Boxes.integer(bytes, xing + 8, 4)
    }
    return tag(bytes, at: offset + 36) == "VBRI" && offset + 54 <= bytes.count
      ? MP4Boxes.integer(bytes, offset + 50, 4) : nil
  }

  /// The stream's bytes a Xing/Info header in this first frame declares, when its flags say
  /// it counts them (they follow the frame count, when there is one).
  func declaredBytes(_ bytes: [UInt8], at offset: Int) -> Int? {
    guard layer == 3 else { return nil }
    let xing = offset + 4 + sideInformation
    guard ["Xing", "Info"].contains(tag(bytes, at: xing)), xing + 8 <= bytes.count else {
      return nil
    }
    let flags = MP4Boxes.integer(bytes, xing + 4, 4)
    let field = xing + 8 + (flags & 1 != 0 ? 4 : 0)
    guard flags & 2 != 0, field + 4 <= bytes.count else { return nil }
    return MP4Boxes.integer(bytes, field, 4)
  }

  /// The side information's length in a layer III frame, after the 4-byte header.
  private var sideInformation: Int { version == 1 ? (mono ? 17 : 32) : (mono ? 9 : 17) }

  private func tag<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: Int) -> String
  where Bytes.Index == Int {
    guard offset >= 0, offset + 4 <= bytes.count else { return "" }
    return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
  }
}
