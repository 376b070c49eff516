// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// `swiftvlc probe FOLDER`: the media files of a folder over the batch probe, streamed as
/// JSON lines in name order, through the built binary.
@Suite("Command line: probing folders", .sharesTheMachine)
struct CommandLineProbeFolderTests {
  /// a.mp4, c.mp4 (garbage), sub/b.mkv, and files a folder listing leaves out.
  private func library() async throws -> GeneratedMedia {
    let media = try GeneratedMedia()
    let root = media.folder
    _ = try await media.make("a.mp4", GeneratedMedia.video(seconds: 1))
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
    _ = try await media.make("sub/b.mkv", GeneratedMedia.video(seconds: 2))
    try Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 40_503 >> 5) })
      .write(to: root.appendingPathComponent("c.mp4"))
    try Data("notes".utf8).write(to: root.appendingPathComponent("notes.txt"))
    try Data("not a picture".utf8).write(to: root.appendingPathComponent("cover.jpg"))
    // Each was probed "not a media file": libVLC's own list has neither.
    for name in ["lines.ass", "tags.json", "make.sh"] {
      try Data("text".utf8).write(to: root.appendingPathComponent(name))
    }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("a.mp4"),
      to: root.appendingPathComponent(".hidden/x.mp4"))
    return media
  }

  @Test("--recursive --json-lines prints one object per media file in name order, errors too")
  func jsonLines() async throws {
    let media = try await library()
    defer { media.remove() }
    let root = media.folder.path
    let result = try await runTool(["probe", root, "--recursive", "--json-lines"])
    let objects = try result.stdoutLines.map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(
      objects.map { $0["source"] as? String }
        == ["a.mp4", "c.mp4", "sub/b.mkv"].map {
          root + "/" + $0
        })
    #expect((objects[0]["durationMs"] as? Int).map { abs($0 - 1_000) <= 50 } == true)
    #expect((objects[0]["tracks"] as? [Any])?.count == 2)
    #expect(objects[1]["error"] as? String == "\(root)/c.mp4: not a media file")
    #expect((objects[2]["durationMs"] as? Int).map { abs($0 - 2_000) <= 50 } == true)
    // Files found in a folder are read from the container and the file's headers, which
    // name the container as a decoded probe does; only the demuxer is left to playback.
    #expect(objects[0]["container"] as? String == "MP4/QuickTime")
    #expect(objects[0]["demuxer"] == nil)
    #expect(result.status == 1)
    // No progress bar on a stderr that is not a terminal: only the failure's line.
    #expect(
      result.stderrLines == [
        "swiftvlc: probe: \(root)/c.mp4: not a media file"
      ])

    let flat = try await runTool(["probe", root, "--json-lines"])
    #expect(flat.stdoutLines.count == 2)
    let decoded = try await runTool(["probe", root, "--json-lines", "--depth", "decoded"])
    let first = try JSONSerialization.jsonObject(with: Data(decoded.stdoutLines[0].utf8))
    #expect((first as? [String: Any])?["container"] as? String == "MP4/QuickTime")
  }

  @Test("a folder without media files is an error that names it, not silence")
  func emptyFolder() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    try Data("text".utf8).write(to: media.folder.appendingPathComponent("readme.txt"))
    let root = media.folder.path
    // It printed nothing and exited 0.
    for recursive in [false, true] {
      let result = try await runTool(["probe", root] + (recursive ? ["--recursive"] : []))
      #expect(result.status == 1)
      #expect(result.stdoutLines.isEmpty)
      let what = recursive ? "no media files in it or below" : "no media files in it"
      #expect(result.stderrLines == ["swiftvlc: probe: could not open media: \(root): \(what)"])
    }
  }

  @Test("each JSON line is printed as soon as it is ready, while later sources still parse")
  func streams() async throws {
    let media = try await library()
    defer { media.remove() }
    let server = try await TestServer()
    let lines = Recorder<String>()
    let result = try await runTool(
      [
        "probe", media.folder.appendingPathComponent("a.mp4").path,
        server.url("hang/slow.mp4").absoluteString, "--json-lines", "--timeout", "60s",
      ], within: .seconds(30), liveLines: lines
    ) { pid in
      let deadline = ContinuousClock.now + .seconds(20)
      while lines.values.isEmpty {
        guard ContinuousClock.now < deadline else { throw TimedOut(what: "the first line") }
        try await Task.sleep(for: .milliseconds(50))
      }
      // The second source is still waiting on a server that never answers.
      #expect(try await server.openConnections() >= 1)
      kill(pid, SIGTERM)
    }
    #expect(result.status != 0)
    #expect(lines.values.first?.contains("a.mp4\"") == true)
    #expect(lines.values.first?.contains("\"tracks\"") == true)
  }

  @Test("a progress bar counts the files on stderr when it is a terminal")
  func progressBar() async throws {
    let media = try await library()
    defer { media.remove() }
    // script(1) gives the tool a pseudo-terminal for stdout and stderr.
    let command = "'\(SwiftVLCTool.url.path)' probe -r '\(media.folder.path)' --json-lines"
    let output = try await runProgram("/usr/bin/script", ["-qec", command, "/dev/null"])
    let terminal = String(decoding: output.stdout, as: UTF8.self)
    #expect(terminal.contains("probe \u{2588}"), "\(terminal)")
    #expect(terminal.contains("\r\u{1B}[2K"))
  }
}
