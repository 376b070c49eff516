// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import SwiftVLCCommandLine
import Testing

/// Whether an avahi-daemon runs here: without one, renderer discovery cannot start.
private let avahiDaemonRunning = FileManager.default.fileExists(
  atPath: "/run/avahi-daemon/socket")

@Suite("swiftvlc thumbnail, record and discover end to end", .sharesTheMachine)
struct CommandLineMediaToolTests {
  @Test("thumbnail --at 1.5 --precise --width 80 writes an 80x60 green PNG and prints nothing")
  func thumbnail() async throws {
    let scratch = try ScratchDirectory("cli-thumbnail")
    defer { scratch.remove() }
    let path = scratch.path("still.png")
    let result = try await runTool([
      "thumbnail", Fixture.seekMP4.path, "--at", "1.5", "--precise", "--width", "80", "-o", path,
    ])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty)  // not a terminal: no progress bar
    let picture = try decodePNG(atPath: path)
    #expect(picture.width == 80)
    #expect(picture.height == 60)
    #expect(picture.centreHue == .green)
  }

  @Test("thumbnail --sheet 2x2 lays out four pictures spread over the clip, in order, in one PNG")
  func contactSheet() async throws {
    let scratch = try ScratchDirectory("cli-sheet")
    defer { scratch.remove() }
    let path = scratch.path("sheet.png")
    let result = try await runTool([
      "thumbnail", Fixture.seekMP4.path, "--sheet", "2x2", "--width", "80", "-o", path,
    ])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let sheet = try decodePNG(atPath: path)
    let layout = SheetLayout(columns: 2, rows: 2, cellWidth: 80, cellHeight: 60, headerLines: 0)
    #expect(sheet.width == layout.width)
    // A header of some lines sits above the grid.
    let header = sheet.height - layout.height
    #expect(header > 0)
    // At 0.375, 1.125, 1.875 and 2.625 s of a clip that is red, then green, then blue.
    let cells = (0..<4).map { index in
      let origin = layout.origin(ofCell: index)
      return sheet.hue(x: origin.x + 40, y: origin.y + header + 30)
    }
    #expect(cells == [.red, .green, .green, .blue])
  }

  @Test("thumbnail and record of a missing source exit 1 with one stderr line and write nothing")
  func missingSource() async throws {
    let scratch = try ScratchDirectory("cli-missing")
    defer { scratch.remove() }
    let missing = Fixture.seekMP4.path + ".missing"
    let runs = [
      ("thumbnail", ["thumbnail", missing, "--at", "1", "-o", scratch.path("x.png")]),
      ("record", ["record", missing, "-o", scratch.path("x.ts")]),
    ]
    for (command, arguments) in runs {
      let result = try await runTool(arguments)
      #expect(result.status == 1)
      #expect(result.stderrLines.count == 1)
      #expect(result.stderrLines.first?.hasPrefix("swiftvlc: \(command): ") == true)
      #expect(result.stderrLines.first?.contains(missing) == true)
      #expect(result.stdout.isEmpty)
    }
    #expect(scratch.contents.isEmpty)
  }

  @Test("bad flags of thumbnail, record and discover exit 2 with one stderr line")
  func usageErrors() async throws {
    let cases: [[String]] = [
      ["thumbnail", Fixture.seekMP4.path, "--at", "1", "--sheet", "2x2", "-o", "x.png"],
      ["thumbnail", Fixture.seekMP4.path, "--sheet", "2by2", "-o", "x.png"],
      ["record", Fixture.seekMP4.path, "-o", "x.avi", "--container", "avi"],
      ["record", Fixture.seekMP4.path, "-o", "x.ts", "--duration", "soon"],
      ["discover", "--bonjour"],
    ]
    for arguments in cases {
      let result = try await runTool(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderrLines.count == 1)
      #expect(
        result.stderrLines.first?.hasSuffix("(see 'swiftvlc \(arguments[0]) --help')") == true)
      #expect(result.stdout.isEmpty)
    }
  }

  @Test(
    "record --duration 1 into TS writes h264 and AAC and prints the file, size, duration and what it dropped"
  )
  func record() async throws {
    let scratch = try ScratchDirectory("cli-record")
    defer { scratch.remove() }
    let path = scratch.path("clip.ts")
    let result = try await runTool(["record", Fixture.seekMP4.path, "--duration", "1", "-o", path])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let lines = result.stdoutLines
    try #require(lines.count == 4, "\(lines)")
    #expect(lines[0] == "file \(path)")
    #expect(lines[1] == "bytes \(try #require(fileSizeOf(path)))")
    let seconds = try #require(Double(lines[2].dropFirst("duration ".count)))
    #expect(lines[2].hasPrefix("duration ") && (0.8...1.6).contains(seconds))
    // The AAC encoder's priming, which the MP4 skips in its edit list: MPEG-TS has no place.
    #expect(lines[3].hasPrefix("dropped encoder delay of audio 1:mp4a \"1024 samples (23 ms)\""))
    let info = try await readBack(path, instance: try headlessInstance())
    #expect(info.codecs == ["h264", "mp4a"])
  }

  @Test(
    "Ctrl-C stops recording a live stream: the file is finished, summarised, and status is 130, also when the signal comes twice at once"
  )
  func interruptRecording() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("cli-live")
    defer { scratch.remove() }
    let path = scratch.path("live.mp4")
    let source = server.url("live/hls/index.m3u8").absoluteString
    let result = try await runTool(["record", source, "-o", path], within: .seconds(30)) { tool in
      // The tool writes a hidden partial file beside the destination until it finishes.
      try await waitUntil("a second of the stream beside \(path)", within: .seconds(15)) {
        scratch.contents.contains {
          $0.hasPrefix(".live.mp4.") && fileSizeOf(scratch.path($0)) ?? 0 > 10_000
        }
      }
      // `timeout -s INT` signals the tool and its process group: two signals, ms apart. They
      // left the file unfinished ("interrupted again").
      kill(tool, SIGINT)
      try await Task.sleep(for: .milliseconds(20))
      kill(tool, SIGINT)
    }
    #expect(result.status == 130)
    #expect(result.stderrLines == ["swiftvlc: record: interrupted, finishing \(path)"])
    #expect(result.stdoutLines.first == "file \(path)")
    #expect(result.stdoutLines.dropFirst().first == "bytes \(try #require(fileSizeOf(path)))")
    // MP4 is readable only once its index has been written, when the recording stops.
    let info = try await readBack(path, instance: try headlessInstance())
    #expect(info.codecs == ["h264", "mp4a"])
    #expect(info.duration ?? .zero > .zero)
  }

  @Test(
    "discover --lan starts the LAN services for a second and exits 0",
    .disabled(if: StressLevel.underThreadSanitizer, "ThreadSanitizer aborts on SAP's thread"))
  func discoverNetwork() async throws {
    let result = try await runTool(["discover", "--lan", "--duration", "1"])
    #expect(result.status == 0)
    // Services that cannot start here (Zeroconf without avahi) are noted, not fatal.
    #expect(
      result.stderrLines.allSatisfy { $0.hasPrefix("swiftvlc: discover: lan: skipped: ") },
      "\(result.stderrLines)")
  }

  @Test("discover --local prints each entry of the media folders, by service, as it is found")
  func discoverLocal() async throws {
    // Without user-dirs.dirs, libVLC 3 takes the home folder as the videos, music and
    // pictures folder.
    let home = try ScratchDirectory("cli-home")
    defer { home.remove() }
    try Data().write(to: home.url.appendingPathComponent("holiday.mp4"))
    let result = try await runTool(
      ["discover", "--local", "--duration", "1"],
      environment: ["HOME": home.url.path, "XDG_CONFIG_HOME": home.url.path])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let file = home.url.appendingPathComponent("holiday.mp4").absoluteString
    #expect(result.stdoutLines.contains("local video_dir \(file)"))
    #expect(result.stdoutLines.allSatisfy { $0.hasPrefix("local ") && $0.hasSuffix(file) })
  }

  @Test(
    "discover --renderers without avahi-daemon exits 1 with one line saying why",
    .enabled(if: !avahiDaemonRunning, "an avahi-daemon runs here: renderer discovery starts"))
  func discoverRenderers() async throws {
    let result = try await runTool(["discover", "--renderers"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderrLines.count == 1)
    #expect(
      result.stderrLines.first?.hasPrefix("swiftvlc: discover: cannot look for renderers: ") == true
    )
    #expect(result.stderrLines.first?.contains("avahi-daemon") == true)
  }
}
