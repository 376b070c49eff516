// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// The tool never reports success for a bad result, never hangs on a signal, says why it
/// failed, and leaves stderr to its own lines.
@Suite("swiftvlc failures, interruptions and stderr", .sharesTheMachine)
struct CommandLineFailureTests {
  @Test("play of a stalled stream prints stalled, and Ctrl-C ends it within 2 s with end last")
  func playStalledThenInterrupted() async throws {
    let server = try await TestServer()
    let source = server.url("hlsfault/stall/1/hls/index.m3u8").absoluteString
    let lines = Recorder<String>()
    let clock = ContinuousClock()
    let interrupted = Recorder<ContinuousClock.Instant>()
    let result = try await runTool(
      ["play", source, "--stall-timeout", "1s"], within: .seconds(60), liveLines: lines
    ) { tool in
      try await waitUntil("the stalled line", within: .seconds(30)) {
        lines.values.contains("stalled")
      }
      interrupted.append(clock.now)
      kill(tool, SIGINT)
    }
    // The tool stops within its 2 s limit; libVLC's own stop would wait for the stalled
    // segment, which the server holds until the test ends. 10 s leaves a busy machine room to
    // deliver the signal and end the process, and still tells the two apart.
    let took = clock.now - (try #require(interrupted.values.first))
    #expect(took < .seconds(10), "\(took)")
    #expect(result.status == 130)
    #expect(result.stdoutLines.last == "end")
    #expect(!result.stdoutLines.contains { $0.hasPrefix("error") })
    #expect(result.stderrLines == ["swiftvlc: play: interrupted, stopping"])
  }

  @Test("record of a stalled stream ends within its 5 s bound after Ctrl-C, saying so")
  func recordStalledThenInterrupted() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("cli-stalled")
    defer { scratch.remove() }
    let path = scratch.path("stalled.ts")
    let source = server.url("hlsfault/stall/1/hls/index.m3u8").absoluteString
    let clock = ContinuousClock()
    let interrupted = Recorder<ContinuousClock.Instant>()
    let result = try await runTool(["record", source, "-o", path], within: .seconds(60)) { tool in
      // The playlist, segment 0, then segment 1, whose answer stalls half-way.
      try await within(.seconds(20), "the request for the stalled segment") {
        while try await server.requestCount("hlsfault") < 3 {
          try await Task.sleep(for: .milliseconds(50))
        }
      }
      interrupted.append(clock.now)
      kill(tool, SIGTERM)
    }
    // Within the tool's 5 s bound (the stalled segment would hold libVLC until the test ends),
    // with room for a busy machine to end the process.
    let took = clock.now - (try #require(interrupted.values.first))
    #expect(took < .seconds(15), "\(took)")
    #expect(result.status == 130)
    #expect(result.stderrLines.first == "swiftvlc: record: interrupted, finishing \(path)")
    #expect(result.stderrLines.count <= 2)
  }

  @Test("record of a stalled HLS stream ends by itself after --stall-timeout, keeping the file")
  func recordStalledEndsByItself() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("cli-stall-limit")
    defer { scratch.remove() }
    let path = scratch.path("stalled.ts")
    let source = server.url("hlsfault/stall/1/hls/index.m3u8").absoluteString
    let result = try await runTool(
      ["record", source, "-o", path, "--stall-timeout", "1s"], within: .seconds(30))
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.count == 1, "\(result.stderr)")
    #expect(result.stderrLines.first?.contains("delivered nothing for 1.0 s") == true)
    #expect(result.stderrLines.first?.hasSuffix("kept in \(path)") == true)
    #expect(scratch.contents == ["stalled.ts"])
  }

  @Test("record exits 1 for a codec MP4 cannot hold, naming it, and writes nothing")
  func recordRefusedCodec() async throws {
    let scratch = try ScratchDirectory("cli-wmv")
    defer { scratch.remove() }
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.make("clip.mkv", GeneratedMedia.windowsMedia(seconds: 1))
    let result = try await runTool(["record", source, "-o", scratch.path("out.mp4")])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.count == 1)
    #expect(result.stderrLines.first?.contains("MP4 cannot hold WMV2 video") == true)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out.mp4")))
  }

  /// Matroska owns to any video below normal compliance, but libavformat writes only those
  /// with a RIFF tag: a WebP picture was "cannot write out.mkv: cannot start the file:
  /// Invalid argument", after MPEG-TS's refusal had advised Matroska.
  @Test("record exits 1 for a picture Matroska cannot hold, naming it, and writes nothing")
  func recordRefusedPicture() async throws {
    let scratch = try ScratchDirectory("cli-webp")
    defer { scratch.remove() }
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.make(
      "still.webp", ["-f", "lavfi", "-i", "testsrc2=s=160x120", "-frames:v", "1"])
    for name in ["out.mkv", "out.ts"] {
      let result = try await runTool(["record", source, "-o", scratch.path(name)])
      #expect(result.status == 1, "\(name)")
      #expect(result.stderrLines.count == 1, "\(result.stderrLines)")
      let line = result.stderrLines.first ?? ""
      #expect(
        line.contains("cannot hold WEBP video") && line.hasSuffix(": re-encode it"), "\(line)")
    }
    #expect(scratch.contents.isEmpty)
    // A picture Matroska holds through its QuickTime ids (V_QUICKTIME) is copied.
    let tiff = try await generated.make(
      "still.tif", ["-f", "lavfi", "-i", "testsrc2=s=160x120", "-frames:v", "1"])
    let copied = try await runTool(["record", tiff, "-o", scratch.path("tiff.mkv")])
    #expect(copied.status == 0, "\(copied.stderrLines)")
    #expect(try await ffprobeLines(scratch.path("tiff.mkv"), "stream=codec_name") == ["tiff"])
  }

  /// A channel list over HTTP was read first (up to its 10 s against a server that does
  /// not answer), and only then was -o found unusable.
  @Test("record of a channel list refuses an unwritable -o before it reads the list")
  func recordListChecksOutputFirst() async throws {
    let server = try await TestServer()
    defer { server.stop() }
    let start = ContinuousClock.now
    let result = try await runTool([
      "record", server.url("hang/tv.m3u").absoluteString, "-o", "/nonexistent-dir/out.ts",
    ])
    // Not the list's 10 s (the tool's own start counts too, on a loaded machine).
    #expect(ContinuousClock.now - start < .seconds(9))
    #expect(result.status == 1)
    #expect(
      result.stderrLines == [
        "swiftvlc: record: invalid input: cannot write /nonexistent-dir/out.ts: the directory "
          + "/nonexistent-dir does not exist"
      ])
    #expect(try await server.requestCount("hang") == 0)
  }

  @Test("record exits 1 naming the destination when it cannot be written")
  func recordUnwritable() async throws {
    for (destination, reason) in [
      ("/dev/full", "cannot write /dev/full: No space left on device"),
      ("/sys/swiftvlc-cli.ts", "cannot write /sys/swiftvlc-cli.ts: Permission denied"),
    ] {
      let result = try await runTool(
        ["record", Fixture.seekMP4.path, "-o", destination, "--container", "ts"])
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(result.stderrLines.count == 1)
      #expect(result.stderrLines.first?.hasSuffix(reason) == true, "\(result.stderr)")
    }
  }

  @Test("record exits 1 when an HLS segment fails half-way, saying which and why")
  func recordEarlyEnd() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("cli-404")
    defer { scratch.remove() }
    let source = server.url("hlsfault/404/1/hls/index.m3u8").absoluteString
    let result = try await runTool(["record", source, "-o", scratch.path("hls.ts")])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.first?.hasSuffix("seg1.ts answered HTTP 404") == true)
    #expect(scratch.contents.isEmpty)
  }

  @Test(
    "record of Matroska into MPEG-TS names the subtitles, chapters and titles it could not keep")
  func recordDroppedTracks() async throws {
    let scratch = try ScratchDirectory("cli-dropped")
    defer { scratch.remove() }
    let path = scratch.path("t.ts")
    let result = try await runTool(["record", Fixture.tracksMKV.path, "-o", path])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      Array(result.stdoutLines.dropFirst(3))
        == [
          "dropped subtitle 3:subt:eng (MPEG-TS cannot hold SubRip subtitle)",
          "dropped subtitle 4:ssa:fre (MPEG-TS cannot hold ASS (Advanced SSA) subtitle)",
          "dropped chapters 2 (MPEG-TS holds no chapters)",
          #"dropped title of audio 1:mp4a:eng "English" (MPEG-TS keeps no track title)"#,
          #"dropped title of audio 2:mp4a:fre "Français" (MPEG-TS keeps no track title)"#,
        ])
  }

  @Test("play of a source behind a login says so")
  func playNeedsLogin() async throws {
    let server = try await TestServer()
    let result = try await runTool(
      ["play", server.url("auth/user/secret/seek.mp4").absoluteString], within: .seconds(30))
    #expect(result.status == 1)
    #expect(result.stderrLines.count == 1)
    #expect(result.stderrLines.first?.contains("authentication required") == true)
    #expect(result.stdoutLines.last == "end")
  }

  @Test("every command prints only its own lines on stderr without a display or XDG_RUNTIME_DIR")
  func quietStderr() async throws {
    let scratch = try ScratchDirectory("cli-quiet")
    defer { scratch.remove() }
    let bare = ["XDG_RUNTIME_DIR": "", "DISPLAY": "", "WAYLAND_DISPLAY": ""]
    let runs = [
      ["play", Fixture.tracksMKV.path],
      ["play", Fixture.truncated.path],
      ["record", Fixture.seekMP4.path, "-o", scratch.path("a.mp4")],
      ["thumbnail", Fixture.seekMP4.path, "--at", "1", "-o", scratch.path("a.png")],
      ["probe", Fixture.tracksMKV.path],
      ["devices"], ["--version"], ["discover", "--local", "--duration", "0.5"],
    ]
    for arguments in runs {
      let result = try await runTool(arguments, environment: bare, within: .seconds(30))
      let foreign = result.stderrLines.filter { !$0.hasPrefix("swiftvlc: ") }
      #expect(foreign.isEmpty, "\(arguments): \(foreign)")
    }
  }

  @Test("a paced recording of a URL with an ASS track prints nothing on stderr")
  func pacedRecordingQuiet() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    _ = try await generated.assMovie()
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    // A duration reads a URL at its pace, through a display output that opened a subtitle
    // decoder: libass printed three lines of its version and font provider.
    let result = try await runTool(
      [
        "record", server.url("files/ass.mkv").absoluteString, "--duration", "1",
        "-o", generated.folder.appendingPathComponent("out.mkv").path,
      ], within: .seconds(30))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }
}
