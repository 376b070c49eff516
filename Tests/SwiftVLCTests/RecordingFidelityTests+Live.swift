// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Live UDP streams whose video starts without a keyframe.
extension RecordingFidelityTests {
  /// 14 s of MPEG-TS with one keyframe every 10 s (at 0 and 10 s) and French MP2 audio.
  static func makeLongGOP(_ generated: GeneratedMedia) async throws -> String {
    try await generated.make(
      "longgop14.ts",
      [
        "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=14", "-f", "lavfi", "-i",
        "sine=f=440:duration=14", "-c:v", "libx264", "-g", "250", "-keyint_min", "250",
        "-sc_threshold", "0", "-c:a", "mp2", "-metadata:s:a:0", "language=fre",
      ])
  }

  @Test(
    "a live UDP stream with a 10 s GOP recorded for 3 s holds video from its first keyframe",
    arguments: OutputContainer.allCases)
  func liveLongGOP(_ container: OutputContainer) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let scratch = try ScratchDirectory("fidelity-live")
    defer { scratch.remove() }
    // A 10 s GOP cut 4 s in, non-keyframes kept: the first keyframe comes 6 s in.
    let whole = try await Self.makeLongGOP(generated)
    let clip = try await generated.make(
      "longgop.ts", ["-i", whole, "-ss", "4", "-map", "0", "-c", "copy", "-copyinkf"])
    let port = try UDPSender.freePort()
    let sender = try UDPSender(file: URL(fileURLWithPath: clip), duration: .seconds(8), port: port)
    defer { withExtendedLifetime(sender) {} }
    let media = try Media(
      url: try #require(URL(string: "udp://@127.0.0.1:\(port)")), instance: instance)
    let path = scratch.path("live.\(container.fileExtension)")
    let outcome: Result<RecordingResult, any Error>
    do {
      outcome = .success(
        try await within(.seconds(45), "recording live UDP") {
          try await Recording.record(
            media, to: path, options: RecordingOptions(container: container, duration: .seconds(3)))
        })
    } catch {
      outcome = .failure(error)
    }
    // Either video from a keyframe, or a failure naming the video: never audio alone.
    switch outcome {
    case .success(let result):
      let probe = try await FFprobeReport.probe(result.path)
      Self.expectStreams(
        probe,
        [
          Expected(kind: "video", codec: "h264"),
          Expected(kind: "audio", codec: "mp2", language: "fre"),
        ])
      let info = try await readBack(result.path, instance: instance)
      #expect(info.tracks.contains { $0.kind == .video }, "libVLC reads the video back")
    case .failure(let error):
      #expect("\(error)".contains("holds no video"), "\(error)")
    }
  }

  @Test(
    "a live video with no keyframe fails naming it and keeps the file, unless mayLack allows it",
    arguments: [false, true], [OutputContainer.ts, .mkv])
  func liveWithoutKeyframe(allowed: Bool, container: OutputContainer) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let scratch = try ScratchDirectory("fidelity-nokey")
    defer { scratch.remove() }
    let whole = try await Self.makeLongGOP(generated)
    // 4 s to 8 s of a 10 s GOP, sent over and over: never a keyframe.
    let clip = try await generated.make(
      "nokey.ts", ["-i", whole, "-ss", "4", "-t", "4", "-map", "0", "-c", "copy", "-copyinkf"])
    let port = try UDPSender.freePort()
    let sender = try UDPSender(file: URL(fileURLWithPath: clip), duration: .seconds(4), port: port)
    defer { withExtendedLifetime(sender) {} }
    let media = try Media(
      url: try #require(URL(string: "udp://@127.0.0.1:\(port)")), instance: instance)
    let path = scratch.path("nokey.\(container.fileExtension)")
    var options = RecordingOptions(container: container)
    if allowed { options.mayLack = [.video] }
    let recording = try Recording.start(media, to: path, options: options)
    let waited = try await within(.seconds(20), "waiting for a keyframe") {
      for await report in recording.progress
      where report.waitingForKeyframe && report.bytesWritten > 0 {
        return true
      }
      return false
    }
    #expect(waited, "the progress says it waits for a keyframe")
    let outcome: Result<RecordingResult, VLCError>
    do {
      outcome = .success(try await recording.stop())
    } catch {
      outcome = .failure(error)
    }
    #expect(FileManager.default.fileExists(atPath: path), "the file is kept")
    // In the container asked for (Matroska refuses a video without a keyframe: the video is
    // left out, not the copy), with the audio.
    let magic = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4))
    #expect(container == .mkv ? magic == [0x1A, 0x45, 0xDF, 0xA3] : magic.first == 0x47)
    let kept = try await FFprobeReport.probe(path)
    #expect(kept.streams.map(\.kind) == ["audio"])
    switch (outcome, allowed) {
    case (.failure(let error), false):
      #expect("\(error)".contains("holds no video"), "\(error)")
    case (.success(let result), true):
      #expect(result.path == path)
    default:
      Issue.record("unexpected \(outcome)")
    }
  }
}
