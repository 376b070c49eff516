// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// A network recording stopped by its caller: before anything came, while libVLC still
/// opened the source, or part-way (what the file then holds).
@Suite("Recording network sources, stopped", .sharesTheMachine)
struct RecordingStopTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a recording stopped before anything came says so, not a reason from libVLC's teardown")
  func stoppedBeforeAnything() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("stopped-early")
    defer { scratch.remove() }
    // A Matroska name is stopped while its server's first bytes are awaited (libVLC is not
    // started); another while libVLC waits for the server.
    for name in ["hang/x.mkv", "hang/x.ts"] {
      let recording = try Recording.start(
        try Media(url: server.url(name), instance: instance), to: scratch.path("out.mkv"))
      try await Task.sleep(for: .milliseconds(500))
      // libVLC's stop limit (3 s) bounds it; it took 13 s when the wait for the server's
      // first bytes (a Matroska name) ran on to its 10 s limit.
      let error = await #expect(throws: VLCError.self) {
        try await within(.seconds(10), "stopping \(name)") { try await recording.stop() }
      }
      // It was "holds no audio or video after recording (0 bytes written)", at times with ":
      // not a media file" (what libVLC logs while it closes).
      guard case .operationFailed(let message)? = error else {
        Issue.record("\(name): expected operationFailed, got \(String(describing: error))")
        continue
      }
      #expect(
        message.hasSuffix("the recording was stopped before any came (0 bytes written)"),
        "\(name): \(message)")
      #expect(scratch.contents.isEmpty, "\(name)")
    }
  }

  @Test("a Matroska download stopped while libVLC reads its first cluster names the demuxer")
  func stoppedInFirstCluster() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("stopped-first-cluster")
    defer { scratch.remove() }
    // 2,000 bytes a second: the first 4 KiB (its tracks) come in 2 s; libVLC 3's Matroska
    // demuxer lists no stream until its first cluster (to byte 9,665) has come whole.
    let recording = try Recording.start(
      try Media(url: server.url("drip/2000/tracks.mkv"), instance: instance),
      to: scratch.path("out.mkv"))
    try await Task.sleep(for: .milliseconds(3_500))
    let error = await #expect(throws: VLCError.self) {
      try await within(.seconds(10), "stopping") { try await recording.stop() }
    }
    // It said only "stopped before any came", as for a server that sent nothing.
    guard case .operationFailed(let message)? = error else {
      Issue.record("expected operationFailed, got \(String(describing: error))")
      return
    }
    #expect(
      message.contains(
        "the recording was stopped before any came (0 bytes written); libVLC 3's Matroska "
          + "demuxer lists a file's streams once it has read the first cluster whole"),
      "\(message)")
    #expect(scratch.contents.isEmpty)
  }

  @Test("chapters end with what a stopped recording holds: none starts after its end")
  func chaptersOfAStoppedRecording() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // An MP4 with audio: libVLC 3 reads a dripping Matroska file's end first, and a
    // video-only MP4 over slow HTTP not at all until the whole file has come.
    let clip = try await generated.chaptered(
      "long.mp4", seconds: 10, chapters: [("A", 0, 1000), ("B", 1000, 8000), ("C", 8000, 10000)])
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    // Delivered at real time (its size over 10 s a second), stopped after 3 s.
    let size = try FileManager.default.attributesOfItem(atPath: clip)[.size] as? Int ?? 0
    let media = try Media(
      url: server.url("drip/\(max(size / 10, 1_000))/long.mp4"), instance: instance)
    let path = generated.folder.appendingPathComponent("out.mp4").path
    let recording = try Recording.start(media, to: path, options: RecordingOptions(container: .mp4))
    try await Task.sleep(for: .seconds(3))
    let result = try await within(.seconds(20), "stopping") { try await recording.stop() }
    let length = Double(result.duration.milliseconds) / 1_000
    #expect(length < 8, "\(length) s")
    let rows = try await ffprobeLines(path, "chapter=start_time,end_time").map {
      $0.split(separator: ",").compactMap { Double($0) }
    }
    // Chapter C (from 8 s) was written into a file that ends before it.
    #expect(!rows.isEmpty && rows.allSatisfy { $0[0] < length }, "\(rows), \(length) s")
    #expect(rows.last.map { $0[1] <= length + 0.1 } == true, "\(rows), \(length) s")
  }
}

/// A local file copied into a FIFO whose reader takes nothing: the copy's writes waited for
/// it, and `stop()` with them, for as long as the reader lived.
@Suite("Recording into a pipe, stopped", .sharesTheMachine)
struct RecordingPipeStopTests {
  @Test("stop() returns within seconds when the pipe's reader takes nothing")
  func stalledReader() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let clip = try await generated.make("long.mp4", GeneratedMedia.video(seconds: 30))
    let fifo = generated.folder.appendingPathComponent("out.mkv").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // Opens the FIFO for reading and never reads.
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/sh")
    reader.arguments = ["-c", "exec 3<\"$0\"; sleep 60", fifo]
    try reader.run()
    defer { reader.terminate() }
    // The recording refuses a FIFO no program reads: wait until the reader has it open.
    let recording = try await within(.seconds(10), "the reader to open the FIFO") {
      while true {
        if let started = try? Recording.start(
          Media(path: clip, instance: headlessInstance()), to: fifo,
          options: RecordingOptions(container: .mkv))
        {
          return started
        }
        try await Task.sleep(for: .milliseconds(50))
      }
    }
    try await Task.sleep(for: .seconds(1.5))  // the pipe's 64 KiB are full by then
    let result = try await within(.seconds(10), "the stop") { try await recording.stop() }
    #expect(result.duration < .seconds(30))
  }
}
