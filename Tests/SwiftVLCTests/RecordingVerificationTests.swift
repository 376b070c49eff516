// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// A recording never reports success for a file that is not one: codecs the container cannot
/// hold, destinations that cannot be written, sources that fail half-way.
@Suite("Recording verification", .sharesTheMachine)
struct RecordingVerificationTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a local file's VP9 and Opus go into MP4: libavformat's muxer, not libVLC's, decides")
  func localCodecsLibavformatHolds() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.make("clip.webm", GeneratedMedia.vp9Opus(seconds: 1))
    let media = try Media(path: source, instance: instance)
    for container in [OutputContainer.mp4, .mkv] {
      let result = try await within(.seconds(15), "recording VP9 and Opus into \(container)") {
        try await Recording.record(
          media, to: scratch.path("out.\(container.fileExtension)"),
          options: .init(container: container))
      }
      #expect(try await readBack(result.path, instance: instance).codecs == ["Opus", "VP90"])
    }
  }

  @Test("Windows Media into MP4 is refused before anything is written; Matroska holds it")
  func codecTheContainerCannotHold() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.make("clip.mkv", GeneratedMedia.windowsMedia(seconds: 1))
    let media = try Media(path: source, instance: instance)
    let error = await #expect(throws: VLCError.self) {
      try await within(.seconds(15), "recording Windows Media into MP4") {
        try await Recording.record(
          media, to: scratch.path("out.mp4"), options: .init(container: .mp4))
      }
    }
    guard case .invalidInput(let message)? = error else {
      Issue.record("expected invalidInput, got \(String(describing: error))")
      return
    }
    #expect(message.contains("MP4") && message.contains("WMV2") && message.contains("WMA2"))
    #expect(scratch.contents.isEmpty, "nothing written: \(scratch.contents)")
    // Matroska holds both (as VFW/ACM), and libVLC reads them back.
    let result = try await within(.seconds(15), "recording Windows Media into Matroska") {
      try await Recording.record(
        media, to: scratch.path("out.mkv"), options: .init(container: .mkv))
    }
    #expect(try await readBack(result.path, instance: instance).codecs == ["WMA2", "WMV2"])
  }

  @Test("a destination that fills up fails naming it and its reason, and is not removed")
  func fullDevice() async throws {
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    let error = await #expect(throws: VLCError.self) {
      try await within(.seconds(15), "recording into /dev/full") {
        try await Recording.record(media, to: "/dev/full")
      }
    }
    #expect(error == .operationFailed("cannot write /dev/full: No space left on device"))
    #expect(FileManager.default.fileExists(atPath: "/dev/full"))
  }

  @Test("a destination that cannot be created is refused at start, naming it")
  func uncreatableDestination() throws {
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    #expect(throws: VLCError.invalidInput("cannot write /sys/swiftvlc.ts: Permission denied")) {
      try Recording.start(media, to: "/sys/swiftvlc.ts")
    }
  }

  @Test("an HLS source whose second segment answers 404 fails with that segment's status")
  func hlsSegmentNotFound() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(url: server.url("hlsfault/404/1/hls/index.m3u8"), instance: instance)
    let error = await #expect(throws: VLCError.self) {
      try await within(.seconds(30), "recording a failing HLS stream") {
        try await Recording.record(media, to: scratch.path("hls.ts"))
      }
    }
    let segment = server.url("hlsfault/404/1/hls/seg1.ts").absoluteString
    #expect(error == .sourceFailed(.httpStatus(404, url: segment), source: media.mrl))
    #expect(scratch.contents.isEmpty)
  }

  @Test(
    "a source failure says what libVLC's log knew",
    arguments: [
      ("auth/user/secret/seek.mp4", "authentication required"),
      ("nokey/hls/index.m3u8", "AES-128 key"),
      ("status/500/seek.mp4", "HTTP 500"),
    ])
  func failureReasons(path: String, expected: String) async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    // Its own instance: the log is the instance's, and other tests' failures must not mix in.
    let instance = try headlessInstance()
    let media = try Media(url: server.url(path), instance: instance)
    let error = await #expect(throws: VLCError.self) {
      try await within(.seconds(30), "recording \(path)") {
        try await Recording.record(media, to: scratch.path("out.ts"))
      }
    }
    #expect(error?.description.contains(expected) == true, "\(String(describing: error))")
    #expect(scratch.contents.isEmpty)
  }

  @Test("Matroska keeps audio, video and both subtitles, dropping nothing")
  func matroskaKeepsSubtitles() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    let result = try await within(.seconds(15), "recording Matroska") {
      try await Recording.record(media, to: scratch.path("t.mkv"), options: .init(container: .mkv))
    }
    #expect(result.droppedTracks.isEmpty)
    let info = try await readBack(result.path, instance: instance)
    #expect(info.tracks.filter { $0.kind == .audio }.count == 2)
    #expect(info.tracks.filter { $0.kind == .subtitle }.count == 2)
  }

  @Test(
    "MP4 keeps both text subtitles as timed text; MPEG-TS names them dropped; both keep languages",
    arguments: [OutputContainer.mp4, .ts])
  func languagesKept(container: OutputContainer) async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    let path = scratch.path("t.\(container.fileExtension)")
    let result = try await within(.seconds(15), "recording into \(container)") {
      try await Recording.record(media, to: path, options: .init(container: container))
    }
    #expect(result.droppedTracks.map(\.codec) == (container == .ts ? ["subt", "ssa"] : []))
    if container == .ts {
      #expect(
        result.droppedReasons == [
          "MPEG-TS cannot hold SubRip subtitle", "MPEG-TS cannot hold ASS (Advanced SSA) subtitle",
        ])
    }
    let info = try await readBack(path, instance: instance)
    let audio = info.tracks.filter { $0.kind == .audio }.compactMap(\.language)
    #expect(audio.count == 2 && Set(audio).count == 2 && audio.contains("eng"), "\(audio)")
    // MP4 stores text as timed-text tracks, which libVLC reads back as tx3g.
    #expect(info.tracks.filter { $0.kind == .subtitle }.count == (container == .mp4 ? 2 : 0))
  }

  @Test("the log tells HTTP statuses, logins, keys and write failures apart")
  func diagnosis() {
    func diagnose(_ entries: [(String?, String)]) -> LogDiagnosis {
      var diagnosis = LogDiagnosis()
      for (module, message) in entries {
        diagnosis.note(LogEntry(level: .debug, message: message, module: module))
      }
      return diagnosis
    }
    let segment = diagnose([
      ("adaptive", "Retrieving http://h/seg1.ts"),
      ("http", "incoming response:\nHTTP/1.1 404 Not Found\nServer: x"),
      ("http", "incoming response:\nHTTP/1.1 500 Internal Server Error"),
    ])
    #expect(segment.source == .httpStatus(404, url: "http://h/seg1.ts"))
    #expect(segment.sourceReason == "http://h/seg1.ts answered HTTP 404")
    let key = diagnose([
      ("adaptive", "Retrieving AES key http://h/k.key"), ("adaptive", "Retrieving http://h/k.key"),
      ("http", "incoming response:\nHTTP/1.1 403 Forbidden"),
    ])
    #expect(key.sourceReason == "the AES-128 key http://h/k.key could not be fetched (HTTP 403)")
    let login = diagnose([("access", "HTTP 401 error")])
    #expect(login.source == .authenticationRequired)
    let full = diagnose([
      ("file", "cannot write: No space left on device"), ("file", "cannot write: Broken pipe"),
    ])
    #expect(full.destinationReason == "No space left on device")
    #expect(full.sourceReason == nil)
    #expect(
      diagnose([("file", "cannot create /x/y.ts: Permission denied")]).destinationReason
        == "Permission denied")
    #expect(
      diagnose([("http", "incoming response:\nHTTP/1.1 206 Partial Content")]) == LogDiagnosis())
  }
}
