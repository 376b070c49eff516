// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// A recording's summary duration is the written file's, measured exactly.
@Suite("Recording duration", .mostlyWaits)
struct RecordingDurationTests {
  @Test(
    "four seconds of MPEG-TS over UDP report the audio the file holds, as ffprobe counts it",
    .runsLong)
  func udpDuration() async throws {
    let instance = try headlessInstance()
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    // Ten seconds, so that the sender does not loop (and restart its timestamps) meanwhile.
    let source = scratch.path("ten.ts")
    try await runFFmpeg([
      "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-f", "lavfi", "-i",
      "sine=f=440:sample_rate=48000", "-t", "10", "-c:v", "libx264", "-g", "25", "-c:a", "aac",
      "-shortest", "-f", "mpegts", source,
    ])
    let port = try UDPSender.freePort()
    let sender = try UDPSender(
      file: URL(fileURLWithPath: source), duration: .seconds(10), port: port)
    defer { withExtendedLifetime(sender) {} }
    let media = try Media(
      url: try #require(URL(string: "udp://@127.0.0.1:\(port)")), instance: instance)
    let path = scratch.path("udp.ts")
    let result = try await within(.seconds(30), "recording UDP") {
      try await Recording.record(media, to: path, options: RecordingOptions(duration: .seconds(4)))
    }
    // The oracle: the span of the audio packets' timestamps ffprobe reads from the file, the
    // last AAC frame's 1,024 samples included. (ffprobe's own container duration starts the
    // audio before its first timestamp here; and counting frames would miss the datagrams a
    // busy machine drops, which leave a gap in the timestamps, not a shorter span.)
    let rate = try #require(
      Double(
        try await ffprobe(["-select_streams", "a:0", "-show_entries", "stream=sample_rate", path])
          .split(separator: "\n").first ?? ""))
    let times = try await ffprobe([
      "-select_streams", "a:0", "-show_entries", "packet=pts_time", path,
    ]).split(separator: "\n").compactMap { Double($0) }
    let first = try #require(times.min(), "ffprobe read no audio packet")
    let audio = try #require(times.max()) - first + 1_024 / rate
    #expect(
      abs(result.duration.inMilliseconds / 1_000 - audio) < 0.15,
      "\(result.duration) vs \(audio) s of audio")
  }

  @Test(
    "a copy cut by --duration keeps its last B-frames' references, no picture shown after it",
    arguments: [("libx264", "mp4"), ("libx265", "mkv")])
  func cutKeepsReferences(_ encoding: (codec: String, container: String)) async throws {
    let instance = try headlessInstance()
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let source = scratch.path("b.\(encoding.container)")
    try await runFFmpeg([
      "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25:d=6", "-c:v", encoding.codec, "-bf", "3",
      "-g", "50", source,
    ])
    for seconds in [1.3, 2.0, 2.5] {
      let path = scratch.path("cut-\(seconds).\(encoding.container)")
      let result = try await within(.seconds(30), "recording \(seconds) s") {
        try await Recording.record(
          try Media(path: source, instance: instance), to: path,
          options: RecordingOptions(duration: .milliseconds(Int(seconds * 1_000))))
      }
      // Cut by showing time, the last B-frames' later references were left out: "Could not
      // find ref with POC 51" (ffmpeg's own -t keeps them, as now).
      let decoded = try await runProgram("ffmpeg", ["-v", "error", "-i", path, "-f", "null", "-"])
      #expect(decoded.status == 0 && decoded.stderr.isEmpty, "\(seconds) s: \(decoded.stderr)")
      // Cut in decoding order, the picture decoded before the end and shown 0.16 s after it
      // was kept too: 2.221 s for 2 s, with the pictures between missing. One shown after the
      // end that a picture before it refers to stays (1.3 s: the one at 1.32 s).
      let frames = try await ffprobe([
        "-select_streams", "v:0", "-count_frames", "-show_entries", "stream=nb_read_frames", path,
      ])
      let shown = Int((seconds * 25).rounded(.up))
      let counted = try #require(frames.split(separator: "\n").first.flatMap { Int($0) })
      #expect((shown...shown + 1).contains(counted), "\(seconds) s: \(counted) pictures")
      #expect(
        result.duration <= .milliseconds(Int(seconds * 1_000) + 80),
        "\(seconds) s: \(result.duration)")
    }
  }

  @Test("an MPEG-TS file's duration is the span of its timestamps; other files have none")
  func timestampSpan() async throws {
    let span = try #require(TransportStreamFile.read(path: Fixture.shortTS.path)?.duration)
    let probed = try #require(
      Double(try await ffprobe(["-show_entries", "format=duration", Fixture.shortTS.path])))
    #expect(abs(span.inMilliseconds / 1_000 - probed) < 0.1, "\(span) vs \(probed) s")
    #expect(TransportStreamFile.read(path: Fixture.seekMP4.path)?.duration == nil)
    #expect(TransportStreamFile.read(path: Fixture.garbage.path)?.duration == nil)
  }

  /// The player's rule (``EndEvidence/isEarly(reached:length:knownCut:)``): a file whose
  /// container declares more than it holds ended early, though short by less than 2 s.
  @Test("a copy of a 3 s Matroska file cut at three quarters fails as the source ended early")
  func cutSourceEndsEarly() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let whole = try await media.make("clip.mkv", GeneratedMedia.video(seconds: 3))
    let instance = try headlessInstance()
    let data = try Data(contentsOf: URL(fileURLWithPath: whole))
    let cut = media.folder.appendingPathComponent("cut.mkv")
    try data.prefix(data.count * 3 / 4).write(to: cut)
    let copy = media.folder.appendingPathComponent("copy.mkv").path
    let result = try await within(.seconds(30), "recording the whole file") {
      try await Recording.record(
        Media(path: whole, instance: instance), to: copy, options: RecordingOptions(container: .mkv)
      )
    }
    #expect(result.duration > .seconds(2.9))
    do {
      _ = try await within(.seconds(30), "recording the cut file") {
        try await Recording.record(
          Media(path: cut.path, instance: instance), to: copy + ".2.mkv",
          options: RecordingOptions(container: .mkv))
      }
      Issue.record("the copy of a cut file succeeded")
    } catch let error as VLCError {
      // It said "copy.mkv.2.mkv holds 2.3 s of 3.0 s", a file it had removed.
      #expect("\(error)".contains("the source ended early at "), "\(error)")
      #expect("\(error)".hasSuffix("; \(copy).2.mkv was not written"), "\(error)")
    }
    #expect(!FileManager.default.fileExists(atPath: copy + ".2.mkv"))
    // A probe says so too (it said nothing, and the declared length).
    let info = try await Media(path: cut.path, instance: instance).parse(timeout: .seconds(10))
    #expect(info.unknowns.contains(ContainerExtent.cutShort), "\(info.unknowns)")
    let wholeInfo = try await Media(path: whole, instance: instance).parse(timeout: .seconds(10))
    #expect(!wholeInfo.unknowns.contains(ContainerExtent.cutShort))
    // Through libVLC (a media option rules out the direct copy): the same rule.
    let optioned = try Media(path: cut.path, instance: instance)
    optioned.addOption(":no-sub-autodetect-file")
    do {
      _ = try await within(.seconds(30), "recording the cut file through libVLC") {
        try await Recording.record(
          optioned, to: copy + ".3.mkv", options: RecordingOptions(container: .mkv))
      }
      Issue.record("the copy of a cut file through libVLC succeeded")
    } catch let error as VLCError {
      #expect("\(error)".contains("the source ended early"), "\(error)")
    }
  }

  @Test("a Matroska file whose times start at 10 s records whole in every container")
  func laterStartWhole() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    // Its segment lasts "15 s" by its Duration, which counts from 0: libVLC's length.
    let source = try await media.make(
      "later.mkv",
      GeneratedMedia.video(seconds: 3) + [
        "-c:v", "libx264", "-c:a", "aac", "-output_ts_offset", "10",
      ])
    let instance = try headlessInstance()
    for container in OutputContainer.allCases {
      // It was refused as ended early: "holds 3.0 s of 13.0 s", the file removed.
      let result = try await media.record(source, container, on: instance)
      #expect(isWithin(result.duration, .milliseconds(100), of: .seconds(3)), "\(container)")
    }
  }

  /// Runs ffmpeg with `arguments` (quiet, overwriting), failing the test if it fails.
  private func runFFmpeg(_ arguments: [String]) async throws {
    let run = try await runProgram(
      "ffmpeg", ["-v", "error", "-y"] + arguments, within: .seconds(120))
    try #require(run.status == 0, "ffmpeg \(arguments) failed: \(run.stderr)")
  }

  /// What ffprobe prints for `arguments`, values only, one per line.
  private func ffprobe(_ arguments: [String]) async throws -> String {
    let run = try await runProgram(
      "ffprobe", ["-v", "error", "-of", "default=nw=1:nk=1"] + arguments)
    return String(decoding: run.stdout, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
