// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Bitmap subtitles (PGS, VobSub, DVB, teletext) in a recording: kept, in order, with their
/// languages, in each container that can hold them; named on a dropped line with the reason
/// in the others. FFmpeg has no PGS encoder: `scripts/pgs-sup.py` writes a tiny PGS stream,
/// and ffmpeg makes VobSub (dvdsub) and DVB (dvbsub) from it (`-fix_sub_duration`: PGS ends a
/// subtitle with a later "clear" set, which ffmpeg otherwise turns into a subtitle lasting
/// 2^32 ms, and a file of 1193 hours).
@Suite("Recording bitmap subtitles", .sharesTheMachine)
struct RecordingBitmapSubtitleTests {
  typealias Expected = RecordingFidelityTests.Expected
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// `<repo>/scripts/NAME`: this file is `<repo>/Tests/SwiftVLCTests/…`.
  static func script(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scripts/\(name)").path
  }

  /// Runs a script of `scripts/` that writes `name` in the generated media's folder, with
  /// `arguments` after the file.
  static func scripted(
    _ generated: GeneratedMedia, _ script: String, _ name: String, _ arguments: [String] = []
  ) async throws -> String {
    let path = generated.folder.appendingPathComponent(name).path
    let made = try await runProgram("python3", [Self.script(script), path] + arguments)
    try #require(made.status == 0, "\(made.stderr)")
    return path
  }

  @Test(
    "an MKV with PGS, VobSub and DVB subtitles keeps each where the container can",
    arguments: OutputContainer.allCases)
  func matroskaSource(_ container: OutputContainer) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let sup = try await Self.scripted(generated, "pgs-sup.py", "box.sup")
    let source = try await generated.make(
      "bitmap.mkv",
      RecordingFidelityTests.videoWith(["-fix_sub_duration", "-i", sup]) + [
        "-map", "0:v", "-map", "1:a", "-map", "2", "-map", "2", "-map", "2", "-c:v", "libx264",
        "-c:a", "aac", "-c:s:0", "copy", "-c:s:1", "dvdsub", "-c:s:2", "dvbsub",
        "-metadata:s:a:0", "language=eng", "-metadata:s:s:0", "language=eng",
        "-metadata:s:s:0", "title=Boxes", "-metadata:s:s:1", "language=fre",
        "-metadata:s:s:2", "language=ger", "-disposition:s:1", "forced",
      ])
    let (result, probe) = try await RecordingFidelityTests.record(
      source, container, instance: instance)
    let pgs = Expected(
      kind: "subtitle", codec: "hdmv_pgs_subtitle", language: "eng", title: "Boxes")
    let vobsub = Expected(kind: "subtitle", codec: "dvd_subtitle", language: "fre", isForced: true)
    let dvb = Expected(kind: "subtitle", codec: "dvb_subtitle", language: "ger")
    var expected = [
      Expected(kind: "video", codec: "h264"),
      Expected(kind: "audio", codec: "aac", language: "eng"),
    ]
    switch container {
    case .mkv:
      expected += [pgs, vobsub, dvb]
      #expect(result.droppedReasons.isEmpty)
    case .mp4:
      expected += [vobsub]
      #expect(
        result.droppedReasons == [
          "MP4 cannot hold HDMV Presentation Graphic Stream subtitles",
          "MP4 cannot hold DVB subtitles",
        ])
      #expect(result.droppedTracks.map(\.language) == ["eng", "ger"])
    case .ts:
      expected += [dvb]
      #expect(
        result.droppedReasons == [
          "MPEG-TS cannot hold HDMV Presentation Graphic Stream subtitles",
          "MPEG-TS cannot hold DVD subtitles",
        ])
      #expect(result.droppedTracks.map(\.language) == ["eng", "fre"])
    }
    // Only Matroska has titles and a forced flag for these.
    RecordingFidelityTests.expectStreams(
      probe, expected, titles: container == .mkv, flags: container == .mkv)
  }

  @Test(
    "a TS with DVB subtitles and teletext keeps both in MPEG-TS, DVB in Matroska, none in MP4",
    arguments: OutputContainer.allCases)
  func transportStreamSource(_ container: OutputContainer) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let sup = try await Self.scripted(generated, "pgs-sup.py", "box.sup")
    let teletext = try await Self.scripted(generated, "teletext-ts.py", "teletext-only.ts")
    let source = try await generated.make(
      "bitmap.ts",
      RecordingFidelityTests.videoWith(["-fix_sub_duration", "-i", sup, "-i", teletext]) + [
        "-map", "0:v", "-map", "1:a", "-map", "2", "-map", "3:0", "-c:v", "libx264", "-c:a",
        "aac", "-c:s:0", "dvbsub", "-c:s:1", "copy", "-metadata:s:a:0", "language=swe",
        "-metadata:s:s:0", "language=ger",
      ])
    let (result, probe) = try await RecordingFidelityTests.record(
      source, container, instance: instance)
    let dvb = Expected(kind: "subtitle", codec: "dvb_subtitle", language: "ger")
    // Two teletext pages, both English: ffprobe lists one language per page.
    let teletextStream = Expected(kind: "subtitle", codec: "dvb_teletext", language: "eng,eng")
    var expected = [
      Expected(kind: "video", codec: "h264"),
      Expected(kind: "audio", codec: "aac", language: "swe"),
    ]
    switch container {
    case .ts:
      expected += [dvb, teletextStream]
      #expect(result.droppedReasons.isEmpty)
    case .mkv:
      expected += [dvb]
      #expect(result.droppedReasons == ["Matroska cannot hold DVB teletext"])
    case .mp4:
      #expect(
        result.droppedReasons == ["MP4 cannot hold DVB subtitles", "MP4 cannot hold DVB teletext"])
    }
    RecordingFidelityTests.expectStreams(probe, expected)
  }
}
