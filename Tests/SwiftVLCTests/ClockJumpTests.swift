// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// The final copy of libVLC's file joins one jump of its times onto libVLC's clock (the
/// system's monotonic clock: libVLC 3's muxers stamp what comes after its input clock starts
/// with it), and keeps a real gap.
@Suite("Clock jumps in libVLC's files")
struct ClockJumpTests {
  /// 3 s of 25 fps video whose frames from `frame` on are moved `seconds` later.
  private func clip(_ generated: GeneratedMedia, _ name: String, from frame: Int, by seconds: Int)
    async throws -> String
  {
    try await generated.make(
      name,
      [
        "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=3", "-vf",
        "setpts='if(gte(N,\(frame)),PTS+\(seconds)/TB,PTS)'", "-fps_mode", "passthrough",
        "-c:v", "libx264", "-bf", "0",
      ])
  }

  /// The copy's length, with libVLC's clock said to have started a minute ago; with
  /// `atKeyframe`, as a live source's copy, from the first keyframe.
  private func copied(_ path: String, to output: String, atKeyframe: Bool = false)
    async throws -> Double
  {
    var job = RemuxJob(
      input: path, output: output, container: .mkv, duration: nil, startAtKeyframe: atKeyframe)
    job.clockSince = .microseconds(libVLCClock()) - .seconds(60)
    guard case .success = await FFmpegRemuxer().copy(job).run() else {
      Issue.record("the copy of \(path) failed")
      return 0
    }
    return try await FFprobeReport.probe(output).duration ?? 0
  }

  @Test("a jump onto libVLC's clock is joined; a real 20 s gap is kept")
  func joinsOnlyTheClock() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // Five pictures at 0-0.16 s, the rest at the machine's uptime: a 7-hour file before.
    let uptime = Int(libVLCClock() / 1_000_000)
    let clock = try await clip(generated, "clock.mkv", from: 5, by: uptime)
    let length = try await copied(clock, to: generated.folder.appendingPathComponent("c.mkv").path)
    #expect(abs(length - 3) < 0.2, "\(length) s")
    // A live source's copy looks for its first keyframe in the joined times too: audio from
    // 0 s, all of the video on the clock (it found the keyframe hours on and wrote nothing).
    let late = try await generated.make(
      "late.mkv",
      [
        "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=3", "-f", "lavfi", "-i",
        "sine=duration=3", "-vf", "setpts='PTS+\(uptime)/TB'", "-af",
        "asetpts='if(gte(PTS*TB,0.2),PTS+\(uptime)/TB,PTS)'", "-fps_mode", "passthrough",
        "-c:v", "libx264", "-bf", "0", "-c:a", "aac",
      ])
    let live = try await copied(
      late, to: generated.folder.appendingPathComponent("l.mkv").path, atKeyframe: true)
    #expect((2.5...3.5).contains(live), "\(live) s")
    // A gap that lands nowhere near the clock is the source's own.
    let gap = try await clip(generated, "gap.mkv", from: 10, by: 20)
    let kept = try await copied(gap, to: generated.folder.appendingPathComponent("g.mkv").path)
    #expect(abs(kept - 23) < 0.2, "\(kept) s")
  }

  private func libVLCClock() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
  }
}
