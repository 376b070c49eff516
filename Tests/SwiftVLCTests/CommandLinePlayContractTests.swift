// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// `swiftvlc play` into a pipe keeps its help's promise on every run: `end` is the last line,
/// after an `error` line when the media fails, whether it fails before playing (a file
/// libVLC cannot read, no display for `--window`) or while playing.
@Suite("play's event lines on failure", .sharesTheMachine)
struct CommandLinePlayContractTests {
  @Test(
    "play of media that fails to open prints error, then end last, on every run",
    arguments: [Fixture.garbage, .empty])
  func failureBeforePlaying(fixture: Fixture) async throws {
    for run in 1...3 {
      let result = try await runTool(["play", fixture.path], within: .seconds(30))
      #expect(result.status == 1, "run \(run): status \(result.status)")
      #expect(
        result.stdoutLines.suffix(2).first?.hasPrefix("error ") == true,
        "run \(run): stdout \(result.stdoutLines)")
      #expect(result.stdoutLines.last == "end", "run \(run): stdout \(result.stdoutLines)")
      #expect(result.stderrLines.count == 1, "run \(run): stderr \(result.stderrLines)")
    }
  }

  @Test("play into a pipe of a file with SSA subtitles prints nothing on stderr (libass's banner)")
  func libassBannerLeftOut() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // libVLC 3 lets libass print its banner ("[ass] …") on stderr when the track is drawn.
    let movie = try await generated.assMovie()
    let result = try await runTool(["play", movie], within: .seconds(30))
    #expect(result.status == 0, "stdout \(result.stdoutLines)")
    #expect(result.stdoutLines.contains { $0.hasPrefix("tracks ") && $0.contains("ssa*") })
    #expect(result.stderrLines.isEmpty, "stderr \(result.stderrLines)")
    // A decoded probe opens the subtitle decoder too.
    let probe = try await runTool(["probe", "--depth", "decoded", movie], within: .seconds(30))
    #expect(probe.status == 0)
    #expect(probe.stderrLines.isEmpty, "stderr \(probe.stderrLines)")
  }

  @Test("play of a channel list whose channel never answers fails at the channel timeout")
  func silentChannel() async throws {
    let server = try await TestServer()
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let list = generated.folder.appendingPathComponent("tv.m3u")
    try "#EXTM3U\n#EXTINF:-1,Silent\n\(server.url("hang/live.ts").absoluteString)\n"
      .write(to: list, atomically: true, encoding: .utf8)
    let started = ContinuousClock.now
    let result = try await runTool(["play", list.path], within: .seconds(40))
    #expect(result.status == 1)
    #expect(
      result.stdoutLines.suffix(2).first
        == "error \(server.url("hang/live.ts").absoluteString): timeout",
      "stdout \(result.stdoutLines)")
    // ChannelChecker.defaultTimeout (10 s), not a file's opening timeout (30 s).
    #expect(ContinuousClock.now - started < .seconds(25))
  }

  /// It said "file:///…/notes.ts", libVLC's location, where `record` of the list says the
  /// path.
  @Test("play of a channel list names a failing file channel by its path, as record does")
  func fileChannelNamed() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let notes = generated.folder.appendingPathComponent("notes.ts")
    try String(repeating: "not media\n", count: 500).write(
      to: notes, atomically: true, encoding: .utf8)
    let list = generated.folder.appendingPathComponent("tv.m3u")
    try "#EXTM3U\n#EXTINF:-1,Notes\n\(notes.path)\n".write(
      to: list, atomically: true, encoding: .utf8)
    let played = try await runTool(["play", list.path], within: .seconds(40))
    let recorded = try await runTool(
      ["record", list.path, "-o", generated.folder.appendingPathComponent("out.ts").path],
      within: .seconds(40))
    #expect(played.status == 1 && recorded.status == 1)
    #expect(
      played.stdoutLines.suffix(2) == ["error \(notes.path): not a media file", "end"],
      "\(played.stdoutLines)")
    #expect(recorded.stderr.contains("\(notes.path): not a media file"), "\(recorded.stderr)")
  }

  @Test("play of a missing file, or with --window and no display, prints error and end")
  func refusedSources() async throws {
    let missing = try await runTool(["play", "/no/such/file.mp4"], within: .seconds(30))
    #expect(missing.stdoutLines.count == 2, "stdout \(missing.stdoutLines)")
    #expect(missing.stdoutLines.first?.hasPrefix("error ") == true)
    #expect(missing.stdoutLines.last == "end")
    let window = try await runTool(
      ["play", "--window", Fixture.shortMP4.path], environment: ["DISPLAY": ""],
      within: .seconds(30))
    #expect(window.status == 1)
    #expect(
      window.stdoutLines == ["error --window needs an X11 display, and DISPLAY is not set", "end"])
    // A DISPLAY whose server is gone: libVLC fell back to its text-art output, which wrote
    // terminal escapes into the event lines, and the process died of SIGSEGV.
    let gone = try await runTool(
      ["play", "--window", Fixture.shortMP4.path], environment: ["DISPLAY": ":59000"],
      within: .seconds(30))
    #expect(gone.status == 1, "\(gone.stderr)")
    #expect(
      gone.stdoutLines == [
        "error --window needs an X11 display, and no X server answers at DISPLAY :59000", "end",
      ])
  }

  @Test("a DISPLAY counts when its local server answers; another host's is taken as there")
  func displayAnswers() async throws {
    let server = try await Xvfb()
    defer { server.stop() }
    #expect(DisplayEnvironment(["DISPLAY": server.display]).hasX11)
    #expect(DisplayEnvironment(["DISPLAY": server.display + ".0"]).hasX11)
    #expect(!DisplayEnvironment(["DISPLAY": ":59000"]).hasX11)
    #expect(!DisplayEnvironment(["DISPLAY": "unix:59000.0"]).hasX11)
    #expect(!DisplayEnvironment(["DISPLAY": ""]).hasX11)
    #expect(DisplayEnvironment(["DISPLAY": "far.example:0"]).hasX11)
  }
}
