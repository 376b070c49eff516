// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Where a recording goes when its destination is a link, or the tool's own stdout.
@Suite("Recording destinations", .sharesTheMachine)
struct RecordingDestinationTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a recording onto a symbolic link writes the link's target, and the link stays")
  func ontoLink() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let folder = scratch.path("targets")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // A link to a file, and a dangling one (its target is created).
    for (name, target) in [("existing.mkv", "\(folder)/old.mkv"), ("dangling.mkv", "new.mkv")] {
      if name == "existing.mkv" { try Data("old".utf8).write(to: URL(fileURLWithPath: target)) }
      let link = scratch.path(name)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      let result = try await within(.seconds(30), "recording onto \(name)") {
        try await Recording.record(Media(path: Fixture.seekMP4.path, instance: instance), to: link)
      }
      // The partial file was moved onto the link: a regular file took its place.
      let kind = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
      #expect(kind == .typeSymbolicLink, "\(name)")
      let written = target.hasPrefix("/") ? target : scratch.path(target)
      #expect(result.path == written, "\(name)")
      #expect(
        try await readBack(written, instance: instance).codecs == ["h264", "mp4a"], "\(name)")
    }
  }

  @Test(
    "swiftvlc record -o /dev/stdout into a file writes the recording there, the summary on stderr")
  func intoStandardOutput() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let output = scratch.path("out.ts")
    // As root, /dev/stdout (a link) was replaced by a regular file, and the summary lines
    // went to the file the shell had opened, which the recording then replaced.
    let run = try await runProgram(
      "sh",
      [
        "-c", "exec \"$0\" record \"$1\" -o /dev/stdout --container ts > \"$2\"",
        SwiftVLCTool.url.path, Fixture.seekMP4.path, output,
      ], within: .seconds(30))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("file \(output)\nbytes "), "\(run.stderr)")
    let written = try Data(contentsOf: URL(fileURLWithPath: output))
    #expect(written.first == 0x47, "an MPEG-TS file")
    #expect(try await readBack(output, instance: instance).codecs == ["h264", "mp4a"])
    var status = stat()
    #expect(lstat("/dev/stdout", &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
  }
}
