// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// The corpus files of issue 31 that many more encoders write: a Fraunhofer VBRI MP3,
/// TwoLAME MP2, GSM 6.10 in WAV, Sun AU, CAF, Musepack (mpcenc), WMA v1, DTS, TrueHD, Opus
/// with chapters, FLAC in Ogg, stereo ultra-wideband Speex, MP4 with two video tracks, a
/// variable-frame-rate MKV, interlaced MPEG-2 in TS, BDAV M2TS, 10-bit HEVC, AV1, MJPEG,
/// Flash video, an MPEG-1 program stream, WMV, Opus in MP4, MP3 in MP4 and MPEG-TS, and what this libVLC cannot play: DSD (DSF
/// and DSDIFF) and a MIDI file, written by hand from their specifications.
extension ProbeCorpus {
  /// The ffmpeg inputs and encoding of these files; `nil` for the others and for the ones
  /// written by hand (``handMade(at:)``).
  func encoderRecipe(in folder: URL) -> (inputs: [String], encoding: [String])? {
    let tone = Self.tone(44_100)
    let tone48 = Self.tone(48_000)
    switch self {
    case .mp3VBRI:
      return (
        tone, ["-c:a", "libmp3lame", "-q:a", "4", "-write_xing", "0", "-id3v2_version", "0"]
      )
    case .mp2TwoLAME: return (tone, ["-ac", "2", "-c:a", "libtwolame", "-b:a", "192k"])
    // MPEG audio is `mpga` to libVLC whatever its layer (its MP3 was "MP2"), and MP4's
    // sample entry says stereo for the mono MP3.
    case .mp4MP3: return (Self.video + Self.tone(22_050), Self.x264 + ["-c:a", "libmp3lame"])
    case .tsMP2MP3:
      return (
        Self.video + tone48 + tone,
        ["-map", "0", "-map", "1", "-map", "2", "-c:v", "mpeg2video", "-c:a:0", "mp2"]
          + ["-ac:a:0", "2", "-c:a:1", "libmp3lame"]
      )
    case .gsmWAV: return (Self.tone(8_000), ["-c:a", "libgsm_ms"])
    case .au: return (tone, ["-ac", "2", "-c:a", "pcm_s16be"])
    case .caf: return (tone, ["-ac", "2", "-c:a", "alac"])
    // mpcenc reads a WAV file (``rewrite(_:to:)``).
    case .musepack: return (tone, ["-ac", "2", "-c:a", "pcm_s16le"])
    case .wma1: return (tone, ["-c:a", "wmav1"])
    case .dts: return (tone48, ["-ac", "6", "-strict", "-2", "-c:a", "dca"])
    case .trueHD: return (tone48, ["-ac", "2", "-strict", "-2", "-c:a", "truehd"])
    case .mkaOpusChapters:
      return (
        tone48 + ["-i", chapters(in: folder)],
        ["-map", "0", "-map_metadata", "1", "-map_chapters", "1", "-ac", "2", "-c:a", "libopus"]
      )
    case .oggFLAC: return (tone, ["-ac", "2", "-c:a", "flac"])
    case .speexStereo: return (Self.tone(32_000), ["-ac", "2", "-c:a", "libspeex"])
    case .mp4TwoVideo:
      return (
        Self.video + ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=2"],
        ["-map", "0", "-map", "1"] + Self.x264
      )
    case .mkvVFR:
      // 25 frames a second for the first second, then 12.5.
      return (
        [
          "-f", "lavfi", "-i",
          "testsrc=size=320x240:rate=25:duration=2,"
            + "setpts='if(lt(N,25),N/25,1+(N-25)/12.5)/TB'",
        ], Self.x264 + ["-fps_mode", "vfr"]
      )
    case .tsInterlaced:
      return (
        Self.video + tone48,
        ["-c:v", "mpeg2video", "-flags", "+ilme+ildct", "-top", "1", "-c:a", "mp2"]
      )
    case .m2ts:
      return (
        Self.video + tone48, Self.x264 + ["-c:a", "ac3", "-f", "mpegts", "-mpegts_m2ts_mode", "1"]
      )
    case .hevc10:
      return (
        Self.video,
        ["-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le"]
          + ["-x265-params", "log-level=none:pools=1:frame-threads=1"]
      )
    case .av1: return (Self.video, ["-c:v", "libsvtav1", "-preset", "12"])
    case .mjpegAVI: return (Self.video + tone, ["-c:v", "mjpeg", "-c:a", "pcm_s16le"])
    case .flv: return (Self.video + tone, ["-c:v", "flv", "-c:a", "libmp3lame"])
    case .mpegPS: return (Self.video + tone48, ["-c:v", "mpeg1video", "-c:a", "mp2"])
    // ffmpeg's `mpeg` muxer writes an MPEG-1 system stream whatever the video.
    case .mpeg2InMPEG1System: return (Self.video + tone48, ["-c:v", "mpeg2video", "-c:a", "mp2"])
    case .wmv: return (Self.video + tone, ["-c:v", "wmv2", "-c:a", "wmav2"])
    // libVLC reads an Opus track's bitrate in MP4 as 16 bits a sample (768 kb/s).
    case .mp4Opus: return (tone48, ["-ac", "2", "-c:a", "libopus"])
    default: return nil
    }
  }

  /// Whether the file is written by hand rather than by ffmpeg.
  var isHandMade: Bool { [.dsf, .dff, .midi].contains(self) }

  /// Writes a file no Debian encoder makes, from its format's specification, at `path`.
  func handMade(at path: String) throws {
    let data: Data
    switch self {
    case .dsf: data = dsfFile()
    case .dff: data = dsdiffFile()
    case .midi: data = midiFile()
    default: return
    }
    try data.write(to: URL(fileURLWithPath: path))
  }

  /// What libVLC 3.0.24 cannot read or decode in the corpus, with the reason it is expected
  /// to give (the wording is the `diagnosis` work's, issue 31 item 1: the tests assert the
  /// failure and its speed, and name this expectation); `nil` for the files it plays.
  var expectedFailure: String? {
    switch self {
    case .dsf, .dff: "EXPECTED REASON: no decoder for DSD audio"
    case .midi: "EXPECTED REASON: no decoder for MIDI (no FluidSynth module)"
    default: nil
    }
  }

  /// The container name a probe gives the files libVLC cannot decode.
  var expectedContainer: String? {
    switch self {
    case .dsf: "DSF"
    case .dff: "DSDIFF"
    case .midi: "MIDI"
    default: nil
    }
  }

  /// The length where ffprobe's is wrong, in seconds: its Musepack SV8 demuxer gives 1.67 s
  /// for mpcenc's 2 s file (mediainfo and libVLC: 2.000 s).
  var oracleDuration: Double? { self == .musepack ? 2 : nil }

  /// Where ffmpeg writes a file of this extension that ``rewriteEncoded(_:to:)`` changes.
  var encodedSource: String? {
    switch self {
    case .mp3VBRI: "mp3"
    case .musepack: "wav"
    default: nil
    }
  }

  /// Writes `path` from what ffmpeg wrote: the MP3 behind a Fraunhofer VBRI frame, the
  /// Musepack file by mpcenc from the WAV file.
  func rewriteEncoded(_ source: String, to path: String) async throws {
    switch self {
    case .mp3VBRI:
      let frames = try Data(contentsOf: URL(fileURLWithPath: source))
      try (vbriFrame(before: frames) + frames).write(to: URL(fileURLWithPath: path))
    case .musepack:
      let output = try await runProgram("mpcenc", ["--silent", "--overwrite", source, path])
      guard output.status == 0 else {
        throw FFprobeFailed(path: path, message: "mpcenc: \(output.stderr)")
      }
    default: return
    }
    try FileManager.default.removeItem(atPath: source)
  }
}

/// A Fraunhofer VBRI frame for the MPEG-1 layer III `frames` (which start with a frame, no
/// tag): a 128 kb/s frame of the first frame's rate and mode, silent, with the VBRI header 32
/// bytes after its 4-byte header (version 1, byte and frame counts, a TOC of 1-byte entries
/// every 10 frames).
private func vbriFrame(before frames: Data) -> Data {
  let bytes = [UInt8](frames)
  let rateIndex = Int(bytes[2] >> 2) & 3
  let rate = [44_100, 48_000, 32_000][rateIndex]
  let size = 144 * 128_000 / rate
  // Count the frames: 144 × bitrate / rate (+ padding) bytes each.
  let bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
  var offsets: [Int] = []
  var offset = 0
  while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 {
    let index = Int(bytes[offset + 2] >> 4)
    guard index > 0, index < bitrates.count else { break }
    offsets.append(offset)
    offset += 144 * bitrates[index] * 1_000 / rate + Int(bytes[offset + 2] >> 1 & 1)
  }
  var frame = [UInt8](repeating: 0, count: size)
  frame[0] = 0xFF
  frame[1] = 0xFB
  frame[2] = 0x90 | UInt8(rateIndex << 2)
  frame[3] = bytes[3]
  func put(_ value: Int, _ width: Int, at position: Int) {
    for byte in 0..<width {
      frame[position + byte] = UInt8(value >> (8 * (width - 1 - byte)) & 0xFF)
    }
  }
  let tocStep = 10
  let entries = offsets.count / tocStep
  frame.replaceSubrange(36..<40, with: Array("VBRI".utf8))
  put(1, 2, at: 40)  // version
  put(0x0240, 2, at: 42)  // encoder delay
  put(75, 2, at: 44)  // quality
  put(size + bytes.count, 4, at: 46)  // bytes
  put(offsets.count, 4, at: 50)  // frames (the VBRI frame not counted)
  put(entries, 2, at: 54)
  put(1, 2, at: 56)  // scale
  put(2, 2, at: 58)  // bytes per entry
  put(tocStep, 2, at: 60)  // frames per entry
  for entry in 0..<entries {
    let start = offsets[entry * tocStep]
    let end =
      entry * tocStep + tocStep < offsets.count ? offsets[entry * tocStep + tocStep] : bytes.count
    put(end - start, 2, at: 62 + 2 * entry)
  }
  return Data(frame)
}

/// One second of stereo DSD64 silence (the 0x69 pattern) in Sony's DSF: the `DSD `, `fmt `
/// and `data` chunks, little-endian, 4,096-byte blocks per channel.
private func dsfFile() -> Data {
  let rate = 2_822_400
  let channels = 2
  let block = 4_096
  let blocks = (rate / 8 + block - 1) / block
  let dataSize = 12 + blocks * block * channels
  let fileSize = 28 + 52 + dataSize
  var file = Data()
  func put(_ value: Int, _ width: Int) {
    for byte in 0..<width { file.append(UInt8(value >> (8 * byte) & 0xFF)) }
  }
  file.append(contentsOf: Array("DSD ".utf8))
  put(28, 8)
  put(fileSize, 8)
  put(0, 8)  // no ID3 tag
  file.append(contentsOf: Array("fmt ".utf8))
  put(52, 8)
  put(1, 4)  // format version
  put(0, 4)  // DSD raw
  put(2, 4)  // channel type: stereo
  put(channels, 4)
  put(rate, 4)
  put(1, 4)  // bits per sample: LSB first
  put(rate, 8)  // samples per channel
  put(block, 4)
  put(0, 4)
  file.append(contentsOf: Array("data".utf8))
  put(dataSize, 8)
  file.append(Data(repeating: 0x69, count: blocks * block * channels))
  return file
}

/// One second of stereo DSD64 silence in DSDIFF 1.5 (`FRM8`, big-endian): version, sample
/// rate, channels, "not compressed", then the byte-interleaved `DSD ` chunk.
private func dsdiffFile() -> Data {
  let rate = 2_822_400
  var body = Data(Array("DSD ".utf8))
  func chunk(_ id: String, _ content: Data) -> Data {
    var data = Data(Array(id.utf8))
    for byte in 0..<8 { data.append(UInt8(content.count >> (8 * (7 - byte)) & 0xFF)) }
    data.append(content)
    if content.count % 2 == 1 { data.append(0) }
    return data
  }
  func bigEndian(_ value: Int, _ width: Int) -> Data {
    Data((0..<width).map { UInt8(value >> (8 * (width - 1 - $0)) & 0xFF) })
  }
  body.append(chunk("FVER", bigEndian(0x0105_0000, 4)))
  var properties = Data(Array("SND ".utf8))
  properties.append(chunk("FS  ", bigEndian(rate, 4)))
  properties.append(chunk("CHNL", bigEndian(2, 2) + Data(Array("SLFTSRGT".utf8))))
  let name = "not compressed"
  properties.append(
    chunk("CMPR", Data(Array("DSD ".utf8)) + [UInt8(name.utf8.count)] + Array(name.utf8) + [0]))
  body.append(chunk("PROP", properties))
  body.append(chunk("DSD ", Data(repeating: 0x69, count: rate / 8 * 2)))
  return chunk("FRM8", body)
}

/// A format-0 Standard MIDI File: 120 beats a minute, a piano playing middle C for 2 s.
private func midiFile() -> Data {
  let track: [UInt8] = [
    0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20,  // tempo: 500,000 µs a quarter note
    0x00, 0xC0, 0x00,  // program: piano
    0x00, 0x90, 0x3C, 0x64,  // note on
    0x83, 0x00, 0x80, 0x3C, 0x40,  // 384 ticks (4 quarter notes) later: note off
    0x00, 0xFF, 0x2F, 0x00,  // end of track
  ]
  var file = Data(Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0, 0x60])
  file.append(contentsOf: Array("MTrk".utf8) + [0, 0, 0, UInt8(track.count)])
  file.append(contentsOf: track)
  return file
}
