// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@Suite("swiftvlc end to end", .sharesTheMachine)
struct CommandLineToolTests {
  /// One probe result from `probe --json`, as untyped JSON, so the test pins the key names.
  private typealias JSONObject = [String: Any]

  private func probeJSON(_ fixtures: [Fixture]) async throws -> (ToolResult, [JSONObject]) {
    let result = try await runTool(["probe", "--json"] + fixtures.map(\.path))
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return (result, try #require(json as? [JSONObject]))
  }

  @Test("--version prints the tool's version and libVLC's")
  func version() async throws {
    let result = try await runTool(["--version"])
    #expect(result.status == 0)
    #expect(result.stdoutLines.count == 2)
    #expect(result.stdoutLines.first?.hasPrefix("swiftvlc ") == true)
    #expect(result.stdoutLines.last?.hasPrefix("libVLC 3.0.") == true)
  }

  @Test("probe --json reports short.mp4 and tracks.mkv field by field, in argument order")
  func probeJSON() async throws {
    let (result, reports) = try await probeJSON([.shortMP4, .tracksMKV])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    try #require(reports.count == 2)

    let short = reports[0]
    #expect(short["source"] as? String == Fixture.shortMP4.path)
    #expect(short["mrl"] as? String == URL(fileURLWithPath: Fixture.shortMP4.path).absoluteString)
    #expect(short["container"] as? String == "MP4/QuickTime")
    #expect(short["demuxer"] as? String == "mp4")
    #expect(short["durationMs"] as? Int == 1_000)
    #expect(short["error"] == nil)
    let shortMetadata = try #require(short["metadata"] as? [String: String])
    #expect(shortMetadata["title"] == "SwiftVLC Short")
    #expect(shortMetadata["artist"] == "SwiftVLC Tests")
    #expect((short["chapters"] as? [JSONObject])?.isEmpty == true)
    let shortTracks = try #require(short["tracks"] as? [JSONObject])
    try #require(shortTracks.count == 2)
    #expect(shortTracks[0]["id"] as? Int == 0)
    #expect(shortTracks[0]["kind"] as? String == "video")
    #expect(shortTracks[0]["codec"] as? String == "h264")
    #expect(shortTracks[0]["format"] as? String == "H.264")
    #expect(shortTracks[0]["width"] as? Int == 64)
    #expect(shortTracks[0]["height"] as? Int == 64)
    #expect(shortTracks[0]["fps"] as? Double == 25)
    #expect(shortTracks[0]["language"] == nil)  // unknown values are left out
    #expect(shortTracks[0]["channels"] == nil)
    #expect(shortTracks[1]["id"] as? Int == 1)
    #expect(shortTracks[1]["kind"] as? String == "audio")
    #expect(shortTracks[1]["codec"] as? String == "mp4a")
    #expect(shortTracks[1]["format"] as? String == "AAC")
    #expect(shortTracks[1]["sampleRate"] as? Int == 44_100)
    #expect(shortTracks[1]["width"] == nil)

    let tracks = reports[1]
    #expect(tracks["source"] as? String == Fixture.tracksMKV.path)
    #expect(tracks["container"] as? String == "Matroska/WebM")
    #expect(tracks["demuxer"] as? String == "mkv")
    #expect(tracks["durationMs"] as? Int == 4_017)
    let mkvTracks = try #require(tracks["tracks"] as? [JSONObject])
    let summary = mkvTracks.map { track in
      [
        "\(track["id"] ?? "")", "\(track["kind"] ?? "")", "\(track["codec"] ?? "")",
        "\(track["language"] ?? "")", "\(track["name"] ?? "")",
      ]
    }
    #expect(
      summary == [
        ["0", "video", "h264", "", ""],  // "und" means unknown: left out
        ["1", "audio", "mp4a", "eng", "English"],
        ["2", "audio", "mp4a", "fre", "Français"],
        ["3", "subtitle", "subt", "eng", "English"],
        ["4", "subtitle", "ssa", "fre", "Français"],
      ])
    #expect(mkvTracks[0]["width"] as? Int == 96)
    #expect(mkvTracks[0]["height"] as? Int == 64)
    #expect(mkvTracks[1]["channels"] as? Int == 1)
    #expect(mkvTracks[2]["sampleRate"] as? Int == 44_100)
    let chapters = try #require(tracks["chapters"] as? [JSONObject])
    #expect(chapters.map { $0["name"] as? String } == ["Opening", "Ending"])
    #expect(chapters.map { $0["index"] as? Int } == [0, 1])
    #expect(chapters.map { $0["startMs"] as? Int } == [0, 2_000])
    #expect(chapters.map { $0["durationMs"] as? Int } == [2_000, 2_017])
  }

  @Test("probe text names codecs and containers, shows bitrates, TS programs and chapters from 0")
  func probeText() async throws {
    let result = try await runTool(["probe", Fixture.shortTS.path, Fixture.tracksMKV.path])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let lines = result.stdoutLines
    #expect(lines.contains("  container  MPEG-TS (ts)"))
    #expect(lines.contains("  program 1  \"SwiftVLC\" by SwiftVLC tracks 0,1"))
    #expect(lines.contains { $0.hasPrefix("  track 0    video H.264 (h264) 64x64 25 fps") })
    #expect(lines.contains { $0.hasPrefix("  track 1    audio AAC (mp4a) mono 44100 Hz") })
    #expect(lines.contains { $0.hasPrefix("  bitrate    ") && $0.hasSuffix(" kb/s") })
    #expect(lines.contains("  container  Matroska/WebM (mkv)"))
    #expect(lines.contains("  chapter 0  0:00.000 Opening (2.000 s)"))
    #expect(!lines.contains { $0.contains("[und]") || $0.hasPrefix("  title") })

    let (_, reports) = try await probeJSON([.shortTS])
    let programs = try #require(reports.first?["programs"] as? [JSONObject])
    #expect(programs.count == 1)
    #expect(programs.first?["number"] as? Int == 1)
    #expect(programs.first?["name"] as? String == "SwiftVLC")
    #expect(programs.first?["provider"] as? String == "SwiftVLC")
    #expect(programs.first?["trackIds"] as? [Int] == [0, 1])
    let duration = try #require(reports.first?["durationMs"] as? Int)
    #expect(abs(duration - 2_023) <= 50)  // ffprobe; libVLC alone says about 2,660
    let tracks = try #require(reports.first?["tracks"] as? [JSONObject])
    #expect(tracks.map { $0["format"] as? String } == ["H.264", "AAC"])
    #expect(tracks.map { $0["program"] as? Int } == [1, 1])
  }

  @Test("probe names editing codecs by their common names, fourcc after: DNxHD (DNxHR too), ProRes")
  func editingCodecs() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    var files: [String] = []
    for (name, codec) in [
      ("dnxhd.mov", ["-c:v", "dnxhd", "-b:v", "90M"]),
      ("dnxhr.mov", ["-c:v", "dnxhd", "-profile:v", "dnxhr_sq"]),
      ("prores.mov", ["-c:v", "prores_ks", "-profile:v", "3"]),
    ] {
      files.append(
        try await generated.make(
          name,
          ["-f", "lavfi", "-i", "testsrc2=s=1280x720:r=25:d=0.2", "-pix_fmt", "yuv422p"] + codec))
    }
    let result = try await runTool(["probe"] + files)
    #expect(result.status == 0, "\(result.stderr)")
    // It read "AVdn (DNxHD)": the fourcc first, as for no other codec.
    let tracks = result.stdoutLines.filter { $0.hasPrefix("  track 0") }
    #expect(
      tracks.map {
        $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).prefix(3)
      }
      .map { $0.joined(separator: " ") }
        == ["video DNxHD (AVdn)", "video DNxHD (AVdn)", "video ProRes (apcn)"], "\(tracks)")
  }

  @Test("probe reports a missing and a garbage file on one stderr line each and exits 1")
  func probeFailures() async throws {
    let missing = Fixture.shortMP4.path + ".missing"
    let result = try await runTool(["probe", "--json", missing, Fixture.garbage.path])
    #expect(result.status == 1)
    #expect(result.stderrLines.count == 2)
    #expect(result.stderrLines[0].hasPrefix("swiftvlc: probe: "))
    #expect(result.stderrLines[0].contains(missing))
    #expect(result.stderrLines[1].contains(Fixture.garbage.path))
    let reports = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [JSONObject])
    #expect(reports.map { $0["source"] as? String } == [missing, Fixture.garbage.path])
    #expect(reports.allSatisfy { $0["error"] is String && $0["tracks"] == nil })
  }

  @Test("play without a terminal prints one line per event and exits 0 at the end")
  func playEventLines() async throws {
    let result = try await runTool(["play", Fixture.shortMP4.path])
    #expect(result.status == 0)
    let lines = result.stdoutLines
    #expect(lines.first == "state opening")
    #expect(lines.suffix(2) == ["state ended", "end"])
    #expect(lines.contains("state playing"))
    #expect(lines.contains("duration 1.000"))
    #expect(lines.contains("tracks video=0:h264* audio=1:mp4a* subtitle=none"))
    let states = lines.filter { $0.hasPrefix("state ") }
    #expect(states == ["state opening", "state buffering", "state playing", "state ended"])
  }

  @Test(
    "play of a missing or garbage file exits 1 with one line on stderr, error and end on stdout")
  func playFailures() async throws {
    for path in [Fixture.shortMP4.path + ".missing", Fixture.garbage.path] {
      let result = try await runTool(["play", path])
      #expect(result.status == 1)
      #expect(result.stderrLines.count == 1)
      #expect(result.stderrLines.first?.hasPrefix("swiftvlc: play: ") == true)
      #expect(result.stderrLines.first?.contains(path) == true)
      let message = result.stderrLines.first?.dropFirst("swiftvlc: play: ".count) ?? ""
      #expect(result.stdoutLines == ["error \(message)", "end"])
    }
  }

  @Test("a bad flag, a missing value and no command exit 2 with one line on stderr")
  func usageErrors() async throws {
    let cases: [([String], String)] = [
      (
        ["probe", "--bogus", "a.mp4"],
        "swiftvlc: unknown option --bogus (see 'swiftvlc probe --help')"
      ),
      (
        ["thumbnail", "a.mp4", "--at"],
        "swiftvlc: option --at needs a value (TIME) (see 'swiftvlc thumbnail --help')"
      ),
      ([], "swiftvlc: missing command (see 'swiftvlc --help')"),
    ]
    for (arguments, message) in cases {
      let result = try await runTool(arguments)
      #expect(result.status == 2)
      #expect(result.stderrLines == [message])
      #expect(result.stdout.isEmpty)
    }
  }

  @Test("every command's --help goes to stdout and exits 0")
  func helpForEveryCommand() async throws {
    for command in ["play", "probe", "thumbnail", "record", "discover", "devices"] {
      let result = try await runTool([command, "--help"])
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix("Usage: swiftvlc \(command) "))
      #expect(result.stderr.isEmpty)
    }
  }

  @Test("devices lists libVLC's audio outputs, each followed by the devices it offers")
  func devices() async throws {
    let result = try await runTool(["devices"])
    #expect(result.status == 0)
    #expect(result.stdoutLines.first == "Audio outputs:")
    #expect(result.stdoutLines.contains { $0.hasPrefix("  adummy ") })
    // The listing, output by output: the lines of device ids under each output's line.
    var listed: [String: [String]] = [:]
    var current: String?
    for line in result.stdoutLines.dropFirst() {
      if line.hasPrefix("    "), let current {
        listed[current, default: []].append(String(line.dropFirst(4).prefix { $0 != " " }))
      } else {
        current = line.split(separator: " ").first.map(String.init)
      }
    }
    let instance = try headlessInstance()
    let outputs = instance.audioOutputs().map(\.name)
    #expect(Set(listed.keys).isSubset(of: outputs))
    for output in outputs {
      let devices = instance.audioDevices(forOutput: output).map(\.id)
      #expect(listed[output, default: []] == devices, "\(output)")
    }
  }
}
