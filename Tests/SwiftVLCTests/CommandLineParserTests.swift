// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLCCommandLine

@Suite("Command-line parser")
struct CommandLineParserTests {
  private func parse(_ line: String) throws(UsageError) -> Command {
    try CommandLineParser.parse(line.split(separator: " ").map(String.init))
  }

  /// The usage error `line` gives, or `nil` when it parses.
  private func usageError(_ line: String) -> UsageError? {
    do {
      _ = try parse(line)
      return nil
    } catch {
      return error
    }
  }

  @Test("no arguments, an unknown command and a stray option are usage errors")
  func toolLevelErrors() {
    #expect(throws: UsageError("missing command")) { try CommandLineParser.parse([]) }
    #expect(usageError("frobnicate") == UsageError("unknown command 'frobnicate'"))
    #expect(usageError("--frobnicate") == UsageError("unknown option --frobnicate"))
  }

  @Test("--help, -h and help print the overview; --version and -V print versions")
  func toolLevelFlags() throws {
    #expect(try parse("--help") == .help(nil))
    #expect(try parse("-h") == .help(nil))
    #expect(try parse("help") == .help(nil))
    #expect(try parse("--version") == .version)
    #expect(try parse("-V") == .version)
  }

  @Test("every command answers --help and -h, even among other arguments")
  func everyCommandHasHelp() throws {
    for spec in CommandSpec.all {
      #expect(try parse("\(spec.name) --help") == .help(spec.name))
      #expect(try parse("\(spec.name) -h") == .help(spec.name))
      #expect(try parse("help \(spec.name)") == .help(spec.name))
    }
    #expect(try parse("probe --json a.mkv --bogus --help") == .help("probe"))
    #expect(
      usageError("help frobnicate") == UsageError("unknown command 'frobnicate'", command: "help"))
  }

  @Test("play takes an optional source and --window")
  func play() throws {
    #expect(try parse("play") == .play(.init(source: nil, window: false)))
    #expect(try parse("play clip.mkv") == .play(.init(source: "clip.mkv", window: false)))
    #expect(
      try parse("play --window http://x/a.m3u8")
        == .play(.init(source: "http://x/a.m3u8", window: true)))
    #expect(
      usageError("play a.mkv b.mkv") == UsageError("unexpected argument 'b.mkv'", command: "play"))
    #expect(
      usageError("play --window=yes")
        == UsageError("option --window takes no value", command: "play"))
  }

  @Test("probe takes one or more sources, --json and --timeout")
  func probe() throws {
    #expect(try parse("probe a.mp4") == .probe(.init(sources: ["a.mp4"])))
    #expect(
      try parse("probe a.mp4 --json b.mkv --timeout 2.5s")
        == .probe(.init(sources: ["a.mp4", "b.mkv"], json: true, timeout: .milliseconds(2_500))))
    #expect(
      try parse("probe --timeout=1:00 a.mp4")
        == .probe(.init(sources: ["a.mp4"], timeout: .seconds(60))))
    #expect(usageError("probe --json") == UsageError("missing SOURCE", command: "probe"))
    #expect(
      usageError("probe a.mp4 --timeout 0")
        == UsageError(
          "invalid value '0' for --timeout (a time more than 0, to 999999999s: 90, 2.5s, 1500ms, 1:30 or "
            + "00:01:30.5)", command: "probe"))
    #expect(
      usageError("probe a.mp4 --json --json")
        == UsageError("option --json given more than once", command: "probe"))
  }

  @Test("probe takes --json-lines, --recursive and --depth, but not --json with --json-lines")
  func probeFolders() throws {
    var expected = Command.Probe(sources: ["lib"])
    expected.jsonLines = true
    expected.recursive = true
    expected.depth = .decoded
    #expect(try parse("probe lib -r --json-lines --depth decoded") == .probe(expected))
    #expect(
      usageError("probe lib --json --json-lines")
        == UsageError("--json and --json-lines cannot be combined", command: "probe"))
    #expect(
      usageError("probe lib --depth deep")
        == UsageError(
          "invalid value 'deep' for --depth (one of: container, decoded)", command: "probe"))
  }

  @Test("-- ends the options, and a lone - is an operand")
  func endOfOptions() throws {
    #expect(try parse("probe -- --json -h") == .probe(.init(sources: ["--json", "-h"])))
    #expect(try parse("probe -") == .probe(.init(sources: ["-"])))
  }

  @Test("thumbnail takes --at or --sheet, --width, --precise, --no-header, --quality and -o")
  func thumbnail() throws {
    #expect(
      try parse("thumbnail a.mkv --at 1:30 --width 320 --precise -o still.png")
        == .thumbnail(
          .init(source: "a.mkv", time: .seconds(90), width: 320, precise: true, output: "still.png")
        ))
    #expect(
      try parse("thumbnail a.mkv --sheet 4X3 --output=sheet.png")
        == .thumbnail(
          .init(source: "a.mkv", output: "sheet.png", sheet: .init(columns: 4, rows: 3))))
    var jpeg = Command.Thumbnail(
      source: "a.mkv", output: "Sheet.JPG", sheet: .init(columns: 2, rows: 2))
    jpeg.noHeader = true
    jpeg.quality = 75
    #expect(
      try parse("thumbnail a.mkv --sheet 2x2 --no-header --quality 75 -o Sheet.JPG")
        == .thumbnail(jpeg))
    #expect(jpeg.writesJPEG)
  }

  @Test(
    "thumbnail rejects bad combinations and values",
    arguments: [
      ("thumbnail a.mkv -o x.png", "missing --at or --sheet"),
      ("thumbnail a.mkv --at 1 --sheet 2x2 -o x.png", "--at and --sheet cannot be combined"),
      ("thumbnail a.mkv --at 1", "missing --output"),
      ("thumbnail a.mkv --at 1 -o", "option --output needs a value (FILE)"),
      ("thumbnail a.mkv --at 1 -o --precise", "option --output needs a value (FILE)"),
      (
        "thumbnail a.mkv --at soon -o x.png",
        "invalid value 'soon' for --at (a time from 0 to 999999999s: 90, 2.5s, 1500ms, 1:30 or 00:01:30.5)"
      ),
      (
        "thumbnail a.mkv --at 1 --width 0 -o x.png",
        "invalid value '0' for --width (a whole number from 1 to 8192)"
      ),
      (
        "thumbnail a.mkv --at 1 --width wide -o x.png",
        "invalid value 'wide' for --width (a whole number from 1 to 8192)"
      ),
      (
        "thumbnail a.mkv --sheet 4by3 -o x.png",
        "invalid value '4by3' for --sheet (COLSxROWS, each from 1 to 20, like 4x3)"
      ),
      (
        "thumbnail a.mkv --sheet 100x100 -o x.png",
        "invalid value '100x100' for --sheet (COLSxROWS, each from 1 to 20, like 4x3)"
      ),
      (
        "thumbnail a.mkv --at 1 --width -5 -o x.png",
        "invalid value '-5' for --width (a whole number from 1 to 8192)"
      ),
      (
        "thumbnail a.mkv --at -5 -o x.png",
        "invalid value '-5' for --at (a time from 0 to 999999999s: 90, 2.5s, 1500ms, 1:30 or 00:01:30.5)"
      ),
      (
        "thumbnail a.mkv --at 1 -o a.gif",
        "invalid value 'a.gif' for --output (name it .png for PNG, .jpg or .jpeg for JPEG)"
      ),
      (
        "thumbnail a.mkv --at 1 -o a.png --quality 80",
        "--quality is for JPEG output (.jpg or .jpeg)"
      ),
      (
        "thumbnail a.mkv --at 1 -o a.jpg --quality 0",
        "invalid value '0' for --quality (a whole number from 1 to 100)"
      ),
      (
        "thumbnail a.mkv --at 1 -o a.png --no-header",
        "--no-header is for a contact sheet (--sheet)"
      ),
      ("thumbnail --at 1 -o x.png", "missing SOURCE"),
      ("thumbnail a.mkv --at 1 -o x.png -x", "unknown option -x"),
      ("thumbnail a.mkv --at 1 -o x.png --colour red", "unknown option --colour"),
    ])
  func thumbnailErrors(line: String, message: String) {
    #expect(usageError(line) == UsageError(message, command: "thumbnail"))
  }

  @Test("record takes -o, --duration and --container; the file's extension decides the container")
  func record() throws {
    #expect(
      try parse("record udp://@:1234 -o cap.ts --duration 30s")
        == .record(
          .init(source: "udp://@:1234", output: "cap.ts", duration: .seconds(30), container: .ts)))
    #expect(
      try parse("record a.mkv -o out.MP4")
        == .record(.init(source: "a.mkv", output: "out.MP4", duration: nil, container: .mp4)))
    #expect(
      try parse("record a.mkv -o o.ts --stall-timeout 2s")
        == .record(
          .init(
            source: "a.mkv", output: "o.ts", duration: nil, container: .ts,
            stallTimeout: .seconds(2))))
    // 0 and 0.2 s are refused in the same words (0 said "a time more than 0").
    for value in ["0.2s", "0"] {
      #expect(
        usageError("record a.mkv -o o.ts --stall-timeout \(value)")
          == UsageError(
            "invalid value '\(value)' for --stall-timeout (a time of at least 0.5s, to "
              + "999999999s: \(TimeText.forms))", command: "record"))
    }
    #expect(
      try parse("record a.mkv -o /dev/stdout --container ts")
        == .record(.init(source: "a.mkv", output: "/dev/stdout", duration: nil, container: .ts)))
    // "-" is standard output (a file named "-" was written), and needs a container.
    #expect(
      try parse("record a.mkv -o - --container mkv")
        == .record(.init(source: "a.mkv", output: "/dev/stdout", duration: nil, container: .mkv)))
    #expect(
      usageError("record a.mkv -o -")
        == UsageError(
          "cannot tell the container of '-': name it .ts, .mp4 or .mkv, or give --container",
          command: "record"))
    #expect(
      usageError("record a.mkv -o out.avi")
        == UsageError(
          "invalid value 'out.avi' for --output (record writes .ts, .mp4 or .mkv)",
          command: "record"))
    #expect(
      usageError("record a.mkv -o dir.v2/noext")
        == UsageError(
          "cannot tell the container of 'dir.v2/noext': name it .ts, .mp4 or .mkv, or give "
            + "--container", command: "record"))
    #expect(
      usageError("record a.mkv -o out.mp4 --container mkv")
        == UsageError(
          "--container mkv does not match the extension of 'out.mp4'", command: "record"))
    #expect(
      usageError("record a.mkv -o x --container avi")
        == UsageError(
          "invalid value 'avi' for --container (one of: ts, mp4, mkv)", command: "record"))
    #expect(usageError("record a.mkv") == UsageError("missing --output", command: "record"))
    for value in ["0", "-3"] {
      #expect(
        usageError("record a.mkv -o x.ts --duration \(value)")
          == UsageError(
            "invalid value '\(value)' for --duration (a time more than 0, to 999999999s: 90, 2.5s, "
              + "1500ms, "
              + "1:30 or 00:01:30.5)", command: "record"))
    }
  }

  @Test("play takes --stall-timeout of at least half a second, and refuses an empty SOURCE")
  func playOptions() throws {
    #expect(
      try parse("play a.mkv --stall-timeout 2s")
        == .play(.init(source: "a.mkv", stallTimeout: .seconds(2))))
    #expect(
      usageError("play a.mkv --stall-timeout 0.1")
        == UsageError(
          "invalid value '0.1' for --stall-timeout (a time of at least 0.5s, to 999999999s: "
            + "\(TimeText.forms))", command: "play"))
    #expect(throws: UsageError("empty SOURCE (an empty string was given)", command: "play")) {
      try CommandLineParser.parse(["play", ""])
    }
    // It read "cannot tell the container of ''".
    for arguments in [["record", "a.mkv", "-o", ""], ["record", "a.mkv", "--output="]] {
      #expect(
        throws: UsageError(
          "option --output needs a value (FILE): an empty string was given", command: "record")
      ) { try CommandLineParser.parse(arguments) }
    }
  }

  @Test("a SOURCE with a scheme of letters, digits, + - and . is a URL, not a file")
  func sourceSchemes() throws {
    #expect(MediaSource("ftp2://x/y.mp4") == .url(URL(string: "ftp2://x/y.mp4")!))
    #expect(MediaSource("svn+ssh://h/a.ts") == .url(URL(string: "svn+ssh://h/a.ts")!))
    #expect(MediaSource("2ftp://x/y.mp4") == .file("2ftp://x/y.mp4"))
    #expect(MediaSource("clip.mkv") == .file("clip.mkv"))
    // No host where the scheme needs one: it was looked up as "", "DNS:  not found".
    #expect(MediaSource("http://") == nil)
    #expect(MediaSource("https:///clip.mp4") == nil)
    #expect(MediaSource("udp://@:1234") != nil)
  }

  @Test("discover looks for every kind unless told which")
  func discover() throws {
    #expect(try parse("discover") == .discover(.init(kinds: [.renderers, .lan, .local])))
    #expect(
      try parse("discover --local --renderers") == .discover(.init(kinds: [.renderers, .local])))
    #expect(
      try parse("discover --lan --duration 10")
        == .discover(.init(kinds: [.lan], duration: .seconds(10))))
    #expect(
      usageError("discover upnp") == UsageError("unexpected argument 'upnp'", command: "discover"))
  }

  @Test("devices takes nothing")
  func devices() throws {
    #expect(try parse("devices") == .devices)
    #expect(usageError("devices --all") == UsageError("unknown option --all", command: "devices"))
  }

  @Test("a usage error is one line that points to the command's help")
  func usageErrorText() {
    let error = UsageError("missing SOURCE", command: "probe")
    #expect(error.description == "missing SOURCE (see 'swiftvlc probe --help')")
    #expect(UsageError("missing command").description == "missing command (see 'swiftvlc --help')")
  }

  @Test("the overview lists every command with its summary")
  func overviewHelp() {
    let help = HelpText.overview()
    for spec in CommandSpec.all {
      #expect(help.contains("  \(spec.name) "))
      #expect(help.contains(spec.summary))
    }
    #expect(help.contains("Exit status: 0 success, 1 media error, 2 usage error"))
  }

  @Test("a command's help shows its usage and every option with its value")
  func commandHelp() {
    let thumbnail = HelpText.command(CommandSpec.all.first { $0.name == "thumbnail" }!)
    #expect(thumbnail.hasPrefix("Usage: swiftvlc thumbnail [OPTIONS] SOURCE\n"))
    #expect(thumbnail.contains("  -o, --output FILE "))
    #expect(thumbnail.contains("The picture to write: PNG, or JPEG when it ends in .jpg or .jpeg"))
    #expect(thumbnail.contains("      --quality 1-100 "))
    #expect(thumbnail.contains("      --no-header "))
    #expect(thumbnail.contains("      --at TIME "))
    #expect(thumbnail.contains("  -h, --help "))
    let probe = HelpText.command(CommandSpec.all.first { $0.name == "probe" }!)
    #expect(probe.hasPrefix("Usage: swiftvlc probe [OPTIONS] SOURCE...\n"))
    #expect(probe.contains("\"durationMs\""))
    let play = HelpText.command(CommandSpec.all.first { $0.name == "play" }!)
    #expect(play.hasPrefix("Usage: swiftvlc play [OPTIONS] [SOURCE]\n"))
    #expect(play.contains("space pause"))
  }

  @Test(
    "times are read as seconds, with units, or as a clock",
    arguments: [
      ("90", Duration.seconds(90)), ("2.5", .milliseconds(2_500)), (".5", .milliseconds(500)),
      ("2.5s", .milliseconds(2_500)), ("1500ms", .milliseconds(1_500)), ("2m", .seconds(120)),
      ("1h", .seconds(3_600)), ("1:30", .seconds(90)), ("00:01:30.5", .milliseconds(90_500)),
      ("1:02:03", .seconds(3_723)), ("90:00", .seconds(5_400)), ("0.000000001", .nanoseconds(1)),
      ("999999999", .seconds(999_999_999)), ("277777h", .seconds(999_997_200)),
    ])
  func timeParsing(text: String, expected: Duration) {
    #expect(TimeText.parse(text) == expected)
  }

  @Test(
    "malformed times are rejected",
    arguments: [
      "", "-5", "abc", "1:60", "1:2:3:4", "1::2", "1.2.3", "5x", "s", "1:30s", ".", "1234567890",
      "999999999.5", "277778h", "16666667m", "999999999:00", "1e9",
    ])
  func badTimes(text: String) {
    #expect(TimeText.parse(text) == nil)
  }

  @Test("times print as a clock and as seconds")
  func timeFormatting() {
    #expect(TimeText.clock(.seconds(65)) == "1:05")
    #expect(TimeText.clock(.seconds(3_723)) == "1:02:03")
    #expect(TimeText.clock(.milliseconds(4_017), milliseconds: true) == "0:04.017")
    #expect(TimeText.clock(.seconds(-3)) == "0:00")
    #expect(TimeText.seconds(.milliseconds(4_017)) == "4.017")
    #expect(TimeText.seconds(.milliseconds(1_000)) == "1.000")
  }

  @Test("a source is a URL only when it has a scheme")
  func sources() {
    #expect(MediaSource("clip.mkv") == .file("clip.mkv"))
    #expect(MediaSource("/tmp/a b.mp4") == .file("/tmp/a b.mp4"))
    #expect(MediaSource("file:///tmp/a%20b.mp4") == .file("/tmp/a b.mp4"))
    #expect(MediaSource("dir/odd://name") == .file("dir/odd://name"))
    #expect(MediaSource("udp://@239.0.0.1:1234")?.isNetwork == true)
    #expect(MediaSource("https://example.com/a.m3u8")?.isNetwork == true)
    #expect(MediaSource("http://exa mple.com/") == nil)
  }
}
