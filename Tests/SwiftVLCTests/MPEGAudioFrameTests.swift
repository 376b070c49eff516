// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// MPEG audio's first frame names what its container leaves open (libVLC's `mpga` for MP3 in
/// MP4 and MPEG-TS), over HTTP as from a file, and a damaged table leading to it is read as
/// nothing, never a crash.
@Suite("MPEG audio first frames")
struct MPEGAudioFrameTests {
  @Test("a frame header gives the codec of layer III only, its channels and rate")
  func frameFormats() {
    // MPEG-1 layer III, 128 kb/s, 44.1 kHz, mono; MPEG-2 layer III at 22.05 kHz, joint
    // stereo; MPEG-1 layer II, 48 kHz, dual channel; MPEG 2.5 layer III at 8 kHz.
    let mono = MPEGAudioScan.format(ofFrame: [0xFF, 0xFB, 0x90, 0xC0])
    #expect(mono?.codec == "mp3" && mono?.channels == 1 && mono?.sampleRate == 44_100)
    let joint = MPEGAudioScan.format(ofFrame: [0xFF, 0xF3, 0x80, 0x40])
    #expect(joint?.codec == "mp3" && joint?.channels == 2 && joint?.sampleRate == 22_050)
    let layer2 = MPEGAudioScan.format(ofFrame: [0xFF, 0xFD, 0x84, 0x80])
    #expect(layer2 != nil && layer2?.codec == nil && layer2?.sampleRate == 48_000)
    #expect(layer2?.channels == 2)
    let low = MPEGAudioScan.format(ofFrame: [0xFF, 0xE3, 0x18, 0xC0])
    #expect(low?.codec == "mp3" && low?.sampleRate == 8_000 && low?.channels == 1)
    for bytes: [UInt8] in [
      [], [0xFF, 0xFB, 0x90], [0x00, 0x00, 0x01, 0xC0], [0xFF, 0xFB, 0xF0, 0],
    ] {
      #expect(MPEGAudioScan.format(ofFrame: bytes) == nil, "\(bytes)")
    }
    // Where a payload need not start on a frame (MPEG-TS), the next frame (417 bytes on)
    // confirms the first.
    let frame: [UInt8] = [0xFF, 0xFB, 0x90, 0xC0] + [UInt8](repeating: 0, count: 413)
    #expect(MPEGAudioScan.format(ofFrame: frame + frame, confirmed: true)?.codec == "mp3")
    #expect(MPEGAudioScan.format(ofFrame: frame, confirmed: true) == nil)
    #expect(MPEGAudioScan.format(ofFrame: frame + [0, 0, 0, 0], confirmed: true) == nil)
  }

  @Test("MP3 in a fast-start MP4 reads the same over HTTP as from the file, at both depths")
  func fastStartOverHTTP() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    // The movie box first, 16 KB (20 s of samples): the audio's first frame lies past it,
    // beyond the bytes fetched for it.
    let path = try await media.make(
      "faststart.mp4",
      [
        "-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=20", "-f", "lavfi", "-i",
        "sine=sample_rate=22050:duration=20", "-c:v", "libx264", "-preset", "ultrafast",
        "-c:a", "libmp3lame", "-movflags", "+faststart",
      ])
    let server = try await TestServer(root: media.folder)
    defer { server.stop() }
    for (place, info) in try await parsedOnEveryPath(
      file: path, urls: [server.url("files/faststart.mp4")])
    {
      let audio = info.tracks.filter { $0.kind == .audio }
      // Over HTTP it was libVLC's "mpga" (MP2), stereo.
      #expect(audio.map(\.codec) == ["mp3"], "\(place)")
      #expect(audio.map(\.channels) == [1] && audio.map(\.sampleRate) == [22_050], "\(place)")
    }
  }

  /// libavformat's copy of an MP3 into MPEG-TS puts one frame in each PES packet: its second
  /// frame, which confirms the first's header, was never read, and the track read "MP2".
  @Test("MP3 in an MPEG-TS with one frame in each PES packet reads as MP3")
  func oneFramePerPacket() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let mp3 = try await media.make(
      "sine.mp3", ["-f", "lavfi", "-i", "sine=duration=3", "-c:a", "libmp3lame"])
    let ts = media.folder.appendingPathComponent("copied.ts").path
    let source = try Media(path: mp3, instance: headlessInstance())
    _ = try await within(.seconds(20), "the copy") {
      try await Recording.record(source, to: ts, options: RecordingOptions(container: .ts))
    }
    // ffmpeg's own copy writes frames in longer PES packets: both must read the same.
    let frames = try await ffprobeLines(ts, "packet=size", ["-select_streams", "a"])
    #expect(frames.count > 50, "one PES packet per frame: \(frames.count)")
    let info = try await Media(path: ts, instance: headlessInstance()).parse(timeout: .seconds(10))
    let audio = info.tracks.filter { $0.kind == .audio }
    #expect(audio.map(\.codec) == ["mp3"] && audio.map(\.channels) == [1], "\(audio)")
  }

  @Test("an MP4 whose MPEG audio chunk offsets are damaged is read without the frame's format")
  func damagedChunkOffsets() throws {
    let header = [UInt8](repeating: 0, count: 4)
    // An mp4a entry whose esds names ISO 11172-3 audio (0x6B), as FFmpeg writes MP3.
    let esds = mp4Box(
      "esds",
      header + [0x03, 18, 0, 1, 0, 0x04, 13, 0x6B, 0x15] + [UInt8](repeating: 0, count: 11))
    let entry = mp4Box("mp4a", [UInt8](repeating: 0, count: 28) + esds)
    for offset: [UInt8] in [
      [0x80, 0, 0, 0, 0, 0, 0, 0],  // past Int.max: it stopped the process
      [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0],  // the second sample past Int.max
    ] {
      let table = mp4Box(
        "stbl",
        mp4Box("stsd", header + [0, 0, 0, 1] + entry)
          + mp4Box("stts", header + [0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 4, 128])
          + mp4Box("stsz", header + [0, 0, 0, 100, 0, 0, 0, 2])
          + mp4Box("stsc", header + [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1])
          + mp4Box("co64", header + [0, 0, 0, 1] + offset))
      let track = mp4Box(
        "trak",
        mp4Box(
          "tkhd",
          header + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 1] + [UInt8](repeating: 0, count: 68)
        )
          + mp4Box(
            "mdia",
            mp4Box(
              "mdhd",
              header + [UInt8](repeating: 0, count: 8) + [0, 0, 172, 68, 0, 0, 9, 0, 0, 0, 0, 0])
              + mp4Box(
                "hdlr",
                header + [0, 0, 0, 0] + Array("soun".utf8) + [UInt8](repeating: 0, count: 13))
              + mp4Box("minf", table)))
      let file = mp4Box("ftyp", Array("isom".utf8) + [0, 0, 0, 0]) + mp4Box("moov", track)
      let bytes = DownloadedBytes(parts: [(0, Data(file))], total: UInt64(file.count))
      let movie = try #require(MP4Movie.read(bytes))
      #expect(movie.audio.count == 1 && movie.audio.first?.codec == nil, "\(offset)")
    }
  }
}
