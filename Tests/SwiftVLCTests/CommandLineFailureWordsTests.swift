// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLCCommandLine
import Testing

@testable import SwiftVLC

/// The tool says the same words for the same failure in `play`, `probe`, `thumbnail`,
/// `record` and `channels --check`: the words of the failure's ``FailureReason``, after the
/// source, which is named once.
@Suite("swiftvlc failure words", .sharesTheMachine)
struct CommandLineFailureWordsTests {
  /// A broken source and the words every command must print for it.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var path: String?  // on the fault server; `nil`: `url` as is
    var url: String = ""
    var words: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "refused", url: "", words: "connection refused"),
    Case(name: "notfound", path: "status/404/x.mp4", words: "HTTP 404"),
    Case(
      name: "dns", url: "http://swiftvlc-test.invalid/x.mp4",
      words: "DNS: swiftvlc-test.invalid not found"),
    Case(
      name: "login", path: "auth/user/secret/seek.mp4",
      words:
        "authentication required: put the user and password in the URL or answer the login dialog"),
    Case(
      name: "scheme", url: "gopher://127.0.0.1/x",
      words: "libVLC 3 has no module that opens gopher:// sources"),
  ]

  /// The stderr line of `swiftvlc COMMAND SOURCE …`, after "swiftvlc: COMMAND: ".
  func failureLine(_ command: String, _ source: String, _ extra: [String]) async throws -> String {
    let result = try await runTool([command, source] + extra, within: .seconds(30))
    #expect(result.status == 1, "\(command): \(result.stderr)")
    #expect(result.stderrLines.count == 1, "\(command): \(result.stderr)")
    let prefix = "swiftvlc: \(command): "
    let line = result.stderrLines.first ?? ""
    #expect(line.hasPrefix(prefix), "\(line)")
    return String(line.dropFirst(prefix.count))
  }

  @Test("play, probe, thumbnail, record and channels --check say the same words", arguments: cases)
  func sameWords(_ test: Case) async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("words-\(test.name)")
    defer { scratch.remove() }
    let source =
      test.path.map { server.url($0).absoluteString }
      ?? (test.url.isEmpty ? TestServer.closedPortURL().absoluteString : test.url)
    let expected = "\(source): \(test.words)"
    #expect(try await failureLine("play", source, []) == expected)
    #expect(try await failureLine("probe", source, []) == expected)
    #expect(
      try await failureLine("thumbnail", source, ["--at", "1", "-o", scratch.path("t.png")])
        == expected)
    #expect(try await failureLine("record", source, ["-o", scratch.path("r.ts")]) == expected)
    let list = scratch.path("list.m3u")
    try "#EXTM3U\n#EXTINF:-1,\(test.name)\n\(source)\n".write(
      toFile: list, atomically: true, encoding: .utf8)
    let channels = try await runTool(["channels", "--check", list], within: .seconds(30))
    #expect(channels.stdoutLines == ["1 dead \(test.name): \(test.words)"], "\(channels.stdout)")
  }

  @Test("a server that never answers: every command says the source timed out, in its limit")
  func neverAnswers() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("words-hang")
    defer { scratch.remove() }
    let source = server.url("hang/x.mp4").absoluteString
    let expected = "\(source): timeout"
    // They said "timed out: opening SOURCE took longer than 30.0 s", "parsing the media timed
    // out" (thumbnail without the source) and "timed out: SOURCE delivered nothing for 15.0 s;
    // nothing was recorded".
    let started = ContinuousClock.now
    async let play = failureLine("play", source, ["--timeout", "2s"])
    async let probe = failureLine("probe", source, ["--timeout", "2s"])
    async let thumbnail = failureLine(
      "thumbnail", source, ["--at", "1", "-o", scratch.path("t.png"), "--timeout", "2s"])
    async let record = failureLine(
      "record", source, ["-o", scratch.path("r.ts"), "--stall-timeout", "2s"])
    #expect(try await play == expected)
    #expect(try await probe == expected)
    #expect(try await thumbnail == expected)
    #expect(try await record == expected)
    let list = scratch.path("list.m3u")
    try "#EXTM3U\n#EXTINF:-1,hang\n\(source)\n".write(
      toFile: list, atomically: true, encoding: .utf8)
    let channels = try await runTool(
      ["channels", "--check", list, "--timeout", "2s"], within: .seconds(30))
    #expect(channels.stdoutLines == ["1 dead hang: timeout"], "\(channels.stdout)")
    // 2 s limits (record's noticed within 5 s of its limit), run side by side: not 30 s.
    #expect(ContinuousClock.now - started < .seconds(25))
    #expect(scratch.contents == ["list.m3u"], "no picture, no recording")
  }

  @Test(
    "an MP4 with its index at the end over a server that cannot seek: play, probe, thumbnail and record say so"
  )
  func serverCannotSeek() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // ffmpeg writes the index (moov) after the data unless asked to move it. Large enough
    // (about 600 KB) that libVLC's read-ahead does not hold the whole file (it can seek in that).
    _ = try await generated.make(
      "tail.mp4", ["-f", "lavfi", "-i", "testsrc2=s=640x360:r=25:d=4", "-c:v", "libx264"])
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    let source = server.url("norange/tail.mp4").absoluteString
    let expected = "\(source): the server cannot seek (no byte ranges), which this file needs"
    let output = generated.folder.appendingPathComponent("out").path
    // They said "ended early at 0.0 s of 3.0 s", "libVLC could not decode a frame" and
    // "holds no audio or video after recording (0 bytes written)".
    #expect(try await failureLine("play", source, []) == expected)
    // The decoded probe listed the tracks the index declares, as if it could be played, after
    // waiting out its time limit (its input repeats); then it ended once libVLC ended the
    // input, after failing 65,535 repeats (4.4 s, 10 s under CI's load); now its input does
    // not repeat over a server without ranges, and it ends once the file was read (0.16 s).
    let started = ContinuousClock.now
    #expect(try await failureLine("probe", source, ["--timeout", "20s"]) == expected)
    #expect(ContinuousClock.now - started < .seconds(3), "the probe's limit is 20 s")
    #expect(
      try await failureLine("thumbnail", source, ["--at", "1", "-o", output + ".png"]) == expected)
    #expect(try await failureLine("record", source, ["-o", output + ".mkv"]) == expected)
  }

  @Test(
    "from a server without ranges: a Matroska file with subtitles plays to its end, one whose demuxer skips names the server"
  )
  func earlyEndWithoutRanges() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let subtitles = generated.folder.appendingPathComponent("s.srt")
    try "1\n00:00:01,000 --> 00:00:03,000\nHello\n\n2\n00:00:04,000 --> 00:00:05,000\nWorld\n"
      .write(to: subtitles, atomically: true, encoding: .utf8)
    // Subtitles added to a finished file, as users add them (written in one pass, the same
    // streams play whole from such a server).
    let plain = try await generated.make("plain.mkv", GeneratedMedia.video(seconds: 6))
    _ = try await generated.make(
      "subs.mkv",
      ["-i", plain, "-i", subtitles.path, "-map", "0", "-map", "1", "-c", "copy", "-c:s", "srt"])
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    let source = server.url("norange/subs.mkv").absoluteString
    // libVLC's Matroska demuxer cannot read it without seeking, and avformat's, which takes
    // over, plays it whole (every picture decoded, 94 % of the file handed on) with its clock
    // stopped at 4.0 s: it "ended early at 4.0 s of 6.0 s", in every play.
    for location in [source, source, source, server.url("files/subs.mkv").absoluteString] {
      let whole = try await runTool(["play", location], within: .seconds(30))
      #expect(whole.status == 0, "\(location): \(whole.stderr)")
      #expect(whole.stdoutLines.contains("state ended"), "\(location): \(whole.stdout)")
    }

    // Chapters, subtitles and more than libVLC's read-ahead holds (1.3 MB): its Matroska
    // demuxer jumped from the first chapter to the last, and the play "ended" after 1 s with
    // its clock at 5.9 s of 6 s. What the demuxer read against the server's size tells.
    let chapters = try generated.chapterTable(
      "chapters.txt", [("Intro", 0, 2000), ("Middle", 2000, 4000), ("Outro", 4000, 6000)])
    _ = try await generated.make(
      "chapters.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=s=640x360:r=25", "-f", "lavfi", "-i", "sine=f=330",
        "-i", subtitles.path, "-i", chapters.path, "-map", "0", "-map", "1", "-map", "2",
        "-map_chapters", "3", "-t", "6", "-pix_fmt", "yuv420p", "-preset", "ultrafast",
        "-c:s", "srt",
      ])
    let skipping = server.url("norange/chapters.mkv").absoluteString
    let line = try await failureLine("play", skipping, [])
    // What the demuxer passed on, or, when it jumped before a picture was decoded (a loaded
    // machine, in a parallel run: "ended early at 0.000 s of 6.0 s"), where the clock was.
    #expect(
      line.hasPrefix("playback failed: libVLC's demuxer passed on ")
        || line.hasPrefix("playback failed: ended early at "), "\(line)")
    #expect(
      line.hasSuffix(
        "(\(skipping)): the server cannot seek (no byte ranges), which this file needs"),
      "\(line)")
    let ranged = try await runTool(
      ["play", server.url("files/chapters.mkv").absoluteString], within: .seconds(30))
    #expect(ranged.status == 0, "\(ranged.stderr)")
  }

  @Test(
    "a URL written without its scheme is no such file, with the URL it may mean, in each command")
  func schemelessURL() async throws {
    // A name no folder here has; the tool reads a text without "://" as a path.
    let text = "media.example.invalid:8080/live.ts"
    let expected =
      "could not open media: \(text): no such file (a URL needs its scheme: http://\(text))"
    for (command, extra) in [
      ("play", []), ("probe", []),
      ("thumbnail", ["--at", "1", "-o", "/tmp/\(UUID().uuidString).png"]),
      ("record", ["-o", "/tmp/\(UUID().uuidString).mkv"]),
    ] {
      #expect(try await failureLine(command, text, extra) == expected, "\(command)")
    }
    // A plain missing file gets no such hint.
    #expect(MediaSource("clip.mkv")?.schemeHint == nil)
    #expect(MediaSource("./example.com/a.mp4")?.schemeHint == nil)
    #expect(MediaSource("localhost/a.mp4")?.schemeHint == "http://localhost/a.mp4")
  }

  @Test(
    "a local file that is no media, cut to no stream, or missing: the same words in each command")
  func localFileWords() async throws {
    let scratch = try ScratchDirectory("words-local")
    defer { scratch.remove() }
    // A space, which its file:// location writes as %20, and characters libVLC escapes
    // though Foundation does not.
    let junk = scratch.path("not media (1)!.mp4")
    try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }).write(
      to: URL(fileURLWithPath: junk))
    let missing = scratch.path("missing.mkv")
    // An Ogg file's first page: the container is known, no stream is.
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let whole = try await generated.make(
      "whole.ogv", ["-f", "lavfi", "-i", "testsrc=s=64x64:d=1", "-c:v", "libtheora"])
    let cut = scratch.path("cut.ogv")
    try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(200).write(
      to: URL(fileURLWithPath: cut))
    // They said "could not parse media: no playable stream in PATH" (play, probe), "playback
    // failed: libVLC could not decode a frame of file:///…" (thumbnail) and "file:///…: not a
    // media file" (record).
    for (command, extra) in [
      ("play", []), ("probe", []), ("probe", ["--depth", "decoded"]),
      ("thumbnail", ["--at", "1", "-o", scratch.path("t.png")]),
      ("thumbnail", ["--sheet", "2x2", "-o", scratch.path("t.png")]),
      ("record", ["-o", scratch.path("r.mkv")]),
    ] {
      #expect(
        try await failureLine(command, junk, extra) == "\(junk): not a media file",
        "\(command) \(extra)")
      #expect(
        try await failureLine(command, missing, extra)
          == "could not open media: \(missing): no such file", "\(command) \(extra)")
      // The cut is named (its first page runs past the file's end), the same in each.
      #expect(
        try await failureLine(command, cut, extra)
          == "could not parse media: no playable stream in \(cut): "
          + ContainerExtent.cutShortUndeclared, "\(command) \(extra)")
      // A path through a parent folder stays as written in libVLC's location.
      let roundabout = scratch.path("sub/../not media (1)!.mp4")
      try FileManager.default.createDirectory(
        atPath: scratch.path("sub"), withIntermediateDirectories: true)
      #expect(
        try await failureLine(command, roundabout, extra) == "\(roundabout): not a media file",
        "\(command) \(extra)")
      // A file:// SOURCE is named as written, once.
      let location = URL(fileURLWithPath: junk).absoluteString
      #expect(
        try await failureLine(command, location, extra) == "\(location): not a media file",
        "\(command) \(extra)")
    }
  }

  @Test("an HLS stream whose second segment answers 404 names the segment and status once")
  func hlsSegment() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("words-hls")
    defer { scratch.remove() }
    let source = server.url("hlsfault/404/1/hls/index.m3u8").absoluteString
    let segment = server.url("hlsfault/404/1/hls/seg1.ts").absoluteString
    let expected = "\(source): \(segment) answered HTTP 404"
    #expect(try await failureLine("play", source, []) == expected)
    #expect(try await failureLine("record", source, ["-o", scratch.path("r.ts")]) == expected)
    // The first segment ends at 2 s: a picture at 3 s is in the missing one.
    #expect(
      try await failureLine("thumbnail", source, ["--at", "3", "-o", scratch.path("t.png")])
        == expected)
  }

  @Test("an HLS stream from a plain server (no byte ranges) whose third segment is gone fails")
  func hlsSegmentWithoutRanges() async throws {
    let scratch = try ScratchDirectory("words-hls-plain")
    defer { scratch.remove() }
    let playlist = scratch.url.appendingPathComponent("index.m3u8").path
    let made = try await runProgram(
      "ffmpeg",
      [
        "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25:d=12",
        "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-f", "hls", "-hls_time", "2",
        "-hls_playlist_type", "vod", playlist,
      ], within: .seconds(60))
    #expect(made.status == 0, "\(made.stderr)")
    try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("index2.ts"))
    let server = try await TestServer(plainServing: scratch.url)
    defer { server.stop() }
    let source = server.url("index.m3u8").absoluteString
    // Its segments pass the playlist's size (the server's only answer with a size) many
    // times over: that is no file played whole, and the play "ended".
    #expect(
      try await failureLine("play", source, [])
        == "\(source): \(server.url("index2.ts").absoluteString) answered HTTP 404")
  }

  @Test(
    "a login nothing can answer fails at once from a script, with a D-Bus session too",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"),
      "dbus-daemon is not installed"))
  func loginFailsAtOnce() async throws {
    // libVLC looks for saved passwords first; with a session bus and no keystore service,
    // libsecret waited 5 s per look-up (10 s for an HTTP source, 30 s in the tool).
    let bus = try await SessionBus()
    defer { bus.stop() }
    let address = bus.address
    let server = try await TestServer()
    let source = server.url("auth/user/secret/seek.mp4").absoluteString
    let start = ContinuousClock.now
    let result = try await runTool(
      ["play", source], environment: ["DBUS_SESSION_BUS_ADDRESS": address],
      within: .seconds(40))
    let took = ContinuousClock.now - start
    // The failure waited 10 s (30 s in the tool) for libsecret; a loaded machine starts the
    // tool and the fault server slowly, never that slowly.
    #expect(took < .seconds(6), "\(took)")
    #expect(result.status == 1)
    let words: String =
      "authentication required: put the user and password in the URL or answer the login dialog"
    #expect(result.stderrLines.first?.hasSuffix(words) == true, "\(result.stderr)")
    #expect(result.stdoutLines.last == "end")
  }

  @Test("the man page lists the schemes this libVLC opens, and RTSP as missing")
  func manPageSources() async throws {
    let result = try await runTool(["--generate", "man"])
    #expect(result.status == 0)
    let page = result.stdout
    let sources = try #require(page.range(of: ".SH SOURCES")).upperBound
    let section = page[sources...].prefix { _ in true }.split(separator: ".SH").first ?? ""
    for scheme in VLCInstance.openableSchemes {
      #expect(section.contains(scheme.replacing("-", with: "\\-")), "\(scheme)")
    }
    #expect(VLCInstance.openableSchemes.contains("http"))
    #expect(!VLCInstance.openableSchemes.contains("rtsp"))
    #expect(section.contains(".B rtsp://\nnot openable: this libVLC has no RTSP support"))
    #expect(!page.contains("HLS, RTSP"))
  }
}
