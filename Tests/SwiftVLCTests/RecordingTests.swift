// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Recording through libVLC's stream output, against real fixtures and a real HTTP server.
@Suite("Recording", .sharesTheMachine)
struct RecordingTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("three seconds of an HLS stream over HTTP record to a file libVLC reads back")
  func hlsOverHTTP() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(url: server.url("files/hls/index.m3u8"), instance: instance)
    let options = RecordingOptions(container: .mp4, duration: .seconds(3))
    let result = try await within(.seconds(20), "recording HLS") {
      try await Recording.record(media, to: scratch.path("hls.mp4"), options: options)
    }
    #expect(result.path == scratch.path("hls.mp4"))
    #expect(result.bytes == fileSizeOf(result.path))
    #expect(isWithin(result.duration, .seconds(1), of: .seconds(3)), "\(result.duration)")
    let info = try await readBack(result.path, instance: instance)
    #expect(info.codecs == ["h264", "mp4a"])
    #expect(
      isWithin(info.duration, .seconds(1), of: .seconds(3)), "\(String(describing: info.duration))")
  }

  @Test("a local file records whole in every container", arguments: OutputContainer.allCases)
  func everyContainer(_ container: OutputContainer) async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    let path = scratch.path("seek.\(container.fileExtension)")
    let result = try await within(.seconds(20), "recording \(container)") {
      try await Recording.record(media, to: path, options: RecordingOptions(container: container))
    }
    #expect(result.bytes > 0)
    let info = try await readBack(path, instance: instance)
    #expect(info.codecs == ["h264", "mp4a"])
    // libVLC estimates a TS file's duration from its bitrate; MP4 and Matroska store it.
    let tolerance: Duration = container == .ts ? .milliseconds(700) : .milliseconds(300)
    #expect(
      isWithin(info.duration, tolerance, of: .seconds(3)), "\(String(describing: info.duration))")
  }

  @Test("a local DTS track records into MPEG-TS through libVLC's muxer, which libVLC reads back")
  func dtsIntoTS() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.make(
      "dts.mkv",
      GeneratedMedia.video(seconds: 2) + [
        "-c:v", "libx264", "-ac", "6", "-c:a", "dca", "-strict", "-2",
      ])
    let path = generated.folder.appendingPathComponent("out.ts").path
    // libavformat's copy wrote it as stream type 0x82 alone, which libVLC 3 reads as SCTE-27
    // subtitles: the finished file "held no audio", and was removed.
    let result = try await within(.seconds(20), "recording DTS into MPEG-TS") {
      try await Recording.record(
        try Media(path: source, instance: instance), to: path,
        options: RecordingOptions(container: .ts))
    }
    // With a video, libVLC's file was copied again by libavformat, which left the DTS out.
    let info = try await readBack(result.path, instance: instance)
    #expect(Set(info.codecs) == ["h264", "dts"])
    // In either order: libVLC 3 opens a muxer input for audio or video when that track's
    // decoder thread hands on its first block, so the table lists whichever came first.
    #expect(
      try await Set(FFprobeReport.probe(result.path).streams.map(\.codec)) == ["h264", "dts"])
  }

  @Test("a recording into a device says the length it gave, not the moment libVLC's clock saw")
  func intoDevice() async throws {
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    let result = try await within(.seconds(20), "recording into /dev/null") {
      try await Recording.record(media, to: "/dev/null", options: RecordingOptions(container: .mkv))
    }
    // It was 0.012 s: the file is read faster than real time, and the clock polled once.
    #expect(isWithin(result.duration, .milliseconds(100), of: .seconds(3)), "\(result.duration)")
    #expect(result.bytes == 0)
  }

  @Test("an MPEG program stream is copied whole, and for as long as asked, from its start")
  func programStream() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // Its times start at 0.5 s, as a DVD's or a camera's do.
    let source = try await generated.make(
      "clip.mpg",
      GeneratedMedia.video(seconds: 4) + ["-c:v", "mpeg2video", "-c:a", "mp2", "-f", "vob"])
    let packets = try await ffprobeLines(source, "stream=nb_read_packets", ["-count_packets"])
    // Through libVLC its last frames were lost, and `:stop-time` counted from the stream's
    // time 0: 2 s gave 1.5 s.
    let whole = try await generated.record(source, .mkv, on: instance)
    #expect(
      try await ffprobeLines(whole.path, "stream=nb_read_packets", ["-count_packets"]) == packets)
    let path = generated.folder.appendingPathComponent("part.mkv").path
    let part = try await within(.seconds(20), "recording 2 s") {
      try await Recording.record(
        try Media(path: source, instance: instance), to: path,
        options: RecordingOptions(container: .mkv, duration: .seconds(2)))
    }
    #expect(isWithin(part.duration, .milliseconds(100), of: .seconds(2)), "\(part.duration)")
  }

  @Test("a media played from memory records like its file")
  func fromMemory() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(data: Data(contentsOf: Fixture.seekMP4.url), instance: instance)
    let path = scratch.path("memory.mkv")
    let result = try await within(.seconds(20), "recording from memory") {
      try await Recording.record(media, to: path, options: RecordingOptions(container: .mkv))
    }
    #expect(result.path == path && result.bytes > 0)
    let info = try await readBack(path, instance: instance)
    #expect(info.codecs == ["h264", "mp4a"])
    #expect(
      isWithin(info.duration, .milliseconds(300), of: .seconds(3)),
      "\(String(describing: info.duration))")
  }
}

extension RecordingTests {
  @Test("transcoding re-encodes and scales what it is told to")
  func transcoding() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    let transcode = Transcode(
      videoCodec: .h264, videoBitrate: 200, scale: 0.5, audioCodec: .mp3, audioBitrate: 64)
    let result = try await within(.seconds(30), "transcoding") {
      try await Recording.record(
        media, to: scratch.path("small.mkv"),
        options: RecordingOptions(container: .mkv, transcode: transcode))
    }
    let info = try await readBack(result.path, instance: instance)
    // Matroska names the layer (A_MPEG/L3): MP3, not libVLC's "mpga" for every layer.
    #expect(info.codecs == ["h264", "mp3"])
    let video = try #require(info.tracks.first { $0.kind == .video })
    #expect(video.width == 80 && video.height == 60)
  }

  @Test("a duration limits a local file to about that much")
  func durationOfLocalFile() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    let result = try await within(.seconds(20), "recording one second") {
      try await Recording.record(
        media, to: scratch.path("one.mkv"),
        options: RecordingOptions(container: .mkv, duration: .seconds(1)))
    }
    let info = try await readBack(result.path, instance: instance)
    #expect(isWithin(info.duration, .milliseconds(500), of: .seconds(1)))
    #expect(result.duration == info.duration)
  }

  @Test("paths with spaces, commas, braces, quotes and backslashes are written as given")
  func awkwardPath() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let folder = scratch.url.appendingPathComponent("we ird,{dir}")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let name = #"a b,c}{d'e"f\g.ts"#
    let path = folder.appendingPathComponent(name).path
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    let result = try await within(.seconds(20), "recording to \(path)") {
      try await Recording.record(media, to: path)
    }
    #expect(result.path == path)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
  }

  @Test("a recording onto its own source, by any spelling or link, is refused; the file stays")
  func ontoItsSource() throws {
    let scratch = try ScratchDirectory("onto-source")
    defer { scratch.remove() }
    let source = scratch.path("clip.mp4")
    try FileManager.default.copyItem(atPath: Fixture.shortMP4.path, toPath: source)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("link.mp4"), withDestinationPath: source)
    let before = try Data(contentsOf: URL(fileURLWithPath: source))
    // It replaced the source with its copy.
    for (from, to) in [(source, source), (scratch.path("link.mp4"), scratch.path("./clip.mp4"))] {
      #expect(
        throws: VLCError.invalidInput("\(source) is the source itself: record it into another file")
      ) {
        _ = try Recording.start(try Media(path: from, instance: instance), to: to)
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == before)
  }

  @Test("recording leaves the caller's media as it was, and keeps its options")
  @MainActor
  func mediaUntouched() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    media.addOption(":start-time=2")
    let result = try await within(.seconds(20), "recording") {
      try await Recording.record(
        media, to: scratch.path("tail.mkv"), options: RecordingOptions(container: .mkv))
    }
    // Only the last second (from the keyframe at 2 s, blue) was recorded: the option was
    // carried. libVLC 3 demuxes one packet before it applies the start time, and sometimes
    // that first red keyframe reaches the file too; the green second never does.
    let hues = try await hues(of: result.path)
    #expect(hues.contains(.blue))
    #expect(!hues.contains(.green), "\(hues)")

    // Playing the original again writes nothing: the output options went on a copy.
    let player = Player(instance: instance)
    try player.play(media)
    try await waitUntil("the original to play to its end") { player.state == .ended }
    #expect(fileSizeOf(result.path) == result.bytes)
    #expect(scratch.contents == ["tail.mkv"])
  }

  /// The centre colour of every picture of the file at `path`, played to its end.
  @MainActor
  func hues(of path: String) async throws -> Set<Hue> {
    let player = Player(instance: instance)
    // Tiny frames, all kept: a busy main actor reading late still sees every colour.
    let frames = try player.videoFrames(width: 16, height: 12, buffering: 1_000)
    let seen = Recorder<Hue>()
    let collecting = Task {
      for await frame in frames { seen.append(frame.centreHue) }
    }
    defer { collecting.cancel() }
    try player.play(Media(path: path, instance: instance))
    try await waitUntil("the recording to play to its end") { player.state == .ended }
    return Set(seen.values)
  }

  @Test("a missing source fails with a typed error and leaves no file")
  func missingSource() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(url: server.url("files/missing.mp4"), instance: instance)
    for container in OutputContainer.allCases {
      let error = await #expect(throws: VLCError.self) {
        try await within(.seconds(15), "recording a missing source") {
          try await Recording.record(
            media, to: scratch.path("missing.\(container.fileExtension)"),
            options: RecordingOptions(container: container))
        }
      }
      guard case .sourceFailed(.httpStatus(404, _), _)? = error else {
        Issue.record("expected HTTP 404, got \(String(describing: error))")
        continue
      }
    }
    #expect(scratch.contents.isEmpty)
  }

  @Test("a source with nothing to record fails and leaves no file")
  func garbageSource() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(path: Fixture.garbage.path, instance: instance)
    let error = await #expect(throws: VLCError.self) {
      try await within(.seconds(15), "recording garbage") {
        try await Recording.record(media, to: scratch.path("garbage.mp4"))
      }
    }
    #expect(error == .sourceFailed(.notMedia, source: media.mrl))
    #expect(scratch.contents.isEmpty)
  }

  @Test("a live stream records until stopped, reporting progress on the way")
  func untilStopped() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(url: server.url("live/hls/index.m3u8"), instance: instance)
    let recording = try Recording.start(media, to: scratch.path("live.ts"))
    let progress = try await recording.progress.first(within: .seconds(15), "a second of data") {
      $0.bytesWritten > 0 && $0.elapsed >= .seconds(1)
    }
    #expect(!recording.isFinished)
    // Stopping closes the input and checks the file written (a parse): seconds on a busy
    // machine, so a generous limit.
    let result = try await within(.seconds(30), "stopping") { try await recording.stop() }
    #expect(recording.isFinished)
    // The final copy drops what came before the video's first keyframe and remuxes, so the
    // file may be smaller than the bytes written while it grew (101,520 of 112,800 once).
    #expect(progress.bytesWritten > 0 && result.bytes > 0)
    #expect(result.duration > .zero)
    let info = try await readBack(result.path, instance: instance)
    #expect(info.codecs == ["h264", "mp4a"])
    // Stopping again, or asking later, gives the same result.
    #expect(try await recording.stop() == result)
    #expect(try await recording.result() == result)
  }

  @Test("cancelling a recording removes its file")
  func cancelling() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let media = try Media(url: server.url("live/hls/index.m3u8"), instance: instance)
    let path = scratch.path("cancelled.ts")
    let task = Task { () async throws(VLCError) -> RecordingResult in
      try await Recording.record(media, to: path, options: RecordingOptions(duration: .seconds(30)))
    }
    // Written under a hidden partial name until the recording is judged good.
    try await waitUntil("data in a partial file beside \(path)", within: .seconds(15)) {
      scratch.contents.contains { $0.hasSuffix(".part") && fileSizeOf(scratch.path($0)) ?? 0 > 0 }
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    task.cancel()
    let result = await task.result
    #expect(throws: VLCError.cancelled) { try result.get() }
    #expect(scratch.contents.isEmpty)
  }

  @Test("bad destinations and settings are rejected before anything starts")
  func invalidInput() throws {
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let cases: [(String, RecordingOptions)] = [
      ("/nonexistent/swiftvlc/x.ts", RecordingOptions()),
      (scratch.url.path, RecordingOptions()),
      ("", RecordingOptions()),
      (scratch.path("x.ts"), RecordingOptions(duration: .zero)),
      (scratch.path("x.ts"), RecordingOptions(transcode: Transcode(videoCodec: .vp8))),
      (
        scratch.path("x.mp4"),
        RecordingOptions(container: .mp4, transcode: Transcode(audioCodec: .opus))
      ),
      (scratch.path("x.ts"), RecordingOptions(transcode: Transcode(videoBitrate: 500))),
      (
        scratch.path("x.ts"), RecordingOptions(transcode: Transcode(videoCodec: .h264, scale: .nan))
      ),
      (
        scratch.path("x.ts"),
        RecordingOptions(transcode: Transcode(audioCodec: .aac, audioBitrate: 0))
      ),
    ]
    for (path, options) in cases {
      let error = #expect(throws: VLCError.self) {
        try Recording.start(media, to: path, options: options)
      }
      guard case .invalidInput? = error else {
        Issue.record("\(path) \(options): expected invalidInput, got \(String(describing: error))")
        continue
      }
    }
    #expect(scratch.contents.isEmpty)
  }

  @Test("an MP4's track titles that libavformat does not read (udta name) reach a local copy")
  func titlesLibAVFormatDoesNotRead() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // ffmpeg writes an MP4 track's title as its udta name, which libVLC reads and libavformat
    // 5.1 does not: the copy lost both titles without a word.
    let source = try await generated.make(
      "titled.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25:d=2", "-f", "lavfi", "-i", "sine=d=2",
        "-f", "lavfi", "-i", "sine=f=880:d=2", "-map", "0", "-map", "1", "-map", "2",
        "-c:v", "libx264", "-c:a", "aac", "-metadata:s:a:0", "title=Japanese",
        "-metadata:s:a:1", "title=Commentary",
      ])
    let media = try Media(path: source, instance: instance)
    for (container, tag) in [(OutputContainer.mkv, "title"), (.mp4, "handler_name")] {
      let path = generated.folder.appendingPathComponent("out.\(container.fileExtension)").path
      let result = try await within(.seconds(30), "recording \(container)") {
        try await Recording.record(media, to: path, options: RecordingOptions(container: container))
      }
      let titles = try await ffprobeLines(
        result.path, "stream_tags=\(tag)", ["-select_streams", "a"])
      #expect(titles == ["Japanese", "Commentary"], "\(container)")
    }
  }
}
