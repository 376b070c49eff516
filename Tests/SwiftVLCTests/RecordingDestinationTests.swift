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
    // A link to a file, a dangling one (its target is created), and a dangling one through
    // another link (whose own target is created: the middle link stays too).
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("middle.mkv"), withDestinationPath: "last.mkv")
    let links = [
      ("existing.mkv", "\(folder)/old.mkv"), ("dangling.mkv", "new.mkv"),
      ("chained.mkv", "middle.mkv"),
    ]
    for (name, target) in links {
      if name == "existing.mkv" { try Data("old".utf8).write(to: URL(fileURLWithPath: target)) }
      let link = scratch.path(name)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
      let result = try await within(.seconds(30), "recording onto \(name)") {
        try await Recording.record(Media(path: Fixture.seekMP4.path, instance: instance), to: link)
      }
      // The partial file was moved onto the link: a regular file took its place.
      let kind = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
      #expect(kind == .typeSymbolicLink, "\(name)")
      let written =
        target.hasPrefix("/") ? target : scratch.path(target == "middle.mkv" ? "last.mkv" : target)
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

  @Test("a recording into a FIFO reaches its reader; a FIFO nobody reads is refused at once")
  func intoFIFO() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let fifo = scratch.path("pipe.ts")
    try #require(mkfifo(fifo, 0o600) == 0)
    // It blocked Recording.start (the caller's thread) in open(2) until a reader came.
    await #expect(
      throws: VLCError.invalidInput("cannot write \(fifo): no program reads the FIFO")
    ) {
      try await within(.seconds(5), "refusing a FIFO without a reader") {
        try await Recording.record(Media(path: Fixture.seekMP4.path, instance: instance), to: fifo)
      }
    }
    // MP4 writes its index last, at the start: a FIFO cannot take it (it "succeeded").
    let mp4 = scratch.path("pipe.mp4")
    try #require(mkfifo(mp4, 0o600) == 0)
    let waiting = open(mp4, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    defer { close(waiting) }
    await #expect(throws: VLCError.self) {
      try await within(.seconds(5), "refusing MP4 into a FIFO") {
        try await Recording.record(
          Media(path: Fixture.seekMP4.path, instance: instance), to: mp4,
          options: RecordingOptions(container: .mp4))
      }
    }
    // With a reader: it saw the end of its input at the check's close, and libVLC then waited
    // for another reader until the stall limit.
    // The reading end is open before the recording starts, and a writing end of the test's
    // own keeps the reader from an end of input until the recording has finished.
    let reading = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    try #require(reading >= 0)
    _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) & ~O_NONBLOCK)
    let holder = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    try #require(holder >= 0)
    let handle = FileHandle(fileDescriptor: reading, closeOnDealloc: true)
    let reader = Task { await readAll(handle) }
    let result = try await within(.seconds(30), "recording into the FIFO") {
      try await Recording.record(Media(path: Fixture.seekMP4.path, instance: instance), to: fifo)
    }
    close(holder)
    #expect(result.path == fifo)
    let received = scratch.path("received.ts")
    // The recording's own writing end was closed with it.
    let data = try await within(.seconds(10), "the reader's end of input") { await reader.value }
    try data.write(to: URL(fileURLWithPath: received))
    #expect(try await readBack(received, instance: instance).codecs == ["h264", "mp4a"])
  }
}
