// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// An MPEG-TS file's length from its timestamps, as ffprobe gives it.
@Suite("MPEG-TS duration", .sharesTheMachine)
struct TransportStreamDurationTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test(
    "a TS written by libavformat, with B-frames and times from 10 s, is as long as ffprobe says")
  func libavformatFile() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.make(
      "offset.ts",
      GeneratedMedia.video(seconds: 4) + [
        "-c:v", "libx264", "-bf", "2", "-c:a", "aac", "-output_ts_offset", "10",
      ])
    // It was 80-100 ms long: the last picture lasted the gap between stamps in file order
    // (B-frames make it three pictures), and the first audio packet was taken for one
    // stamped where it ends, as libVLC's muxer stamps it.
    try await expectFFprobeLength(source)
  }

  /// GStreamer's muxer puts each MP3 frame in a PES packet of its own; a VBR stream's first
  /// frame can be several times the size of the next ones, and was taken for libVLC's queue
  /// of audio stamped where it ends (a 10.031 s file read 10.144 s; this one 6.165 s).
  @Test("a TS of VBR MP3, a frame a packet and the first one large, is as long as ffprobe says")
  func largeFirstFrame() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.make(
      "vbr.ts",
      [
        "-f", "lavfi", "-i", "anoisesrc=d=0.05:a=0.9,apad=whole_dur=6", "-c:a", "libmp3lame",
        "-q:a", "2", "-pes_payload_size", "0", "-f", "mpegts",
      ])
    try await expectFFprobeLength(source)
  }

  /// Parses `source` and expects its length within 10 ms of ffprobe's.
  private func expectFFprobeLength(_ source: String) async throws {
    let expected = try #require(try await FFprobeReport.probe(source).duration)
    let info = try await within(.seconds(15), "parsing") {
      try await Media(path: source, instance: instance).parse(timeout: .seconds(10))
    }
    let measured = try #require(info.duration)
    #expect(
      abs(Double(measured.milliseconds) / 1_000 - expected) <= 0.01,
      "\(measured) against ffprobe's \(expected) s")
  }
}
