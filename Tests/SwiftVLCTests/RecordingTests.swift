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
    #expect(info.codecs == ["h264", "mpga"])
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
    let frames = try player.videoFrames(width: 16, height: 12)
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
      guard case .playbackFailed? = error else {
        Issue.record("expected playbackFailed, got \(String(describing: error))")
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
    #expect(error == .playbackFailed(reason: "\(media.mrl) has no audio or video to record"))
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
    let result = try await within(.seconds(10), "stopping") { try await recording.stop() }
    #expect(recording.isFinished)
    #expect(result.bytes >= progress.bytesWritten)
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
}

/// The chain builder alone: no libVLC.
@Suite("Stream-output chains", .sharesTheMachine)
struct SoutChainTests {
  @Test("a file destination quotes the path, whatever it contains")
  func fileDestination() {
    #expect(
      SoutChain.chain(destination: SoutChain.file(path: "/tmp/a b,c{d}.ts", container: .ts))
        == #"#std{access=file,mux=ts,dst="/tmp/a b,c{d}.ts"}"#)
    #expect(
      SoutChain.file(path: #"/tmp/it's "x"\y.mkv"#, container: .mkv)
        == #"std{access=file,mux=mkv,dst="/tmp/it\'s \"x\"\\y.mkv"}"#)
  }

  @Test("display and pacing duplicate the stream and quote the nested chain once more")
  func monitors() {
    let file = SoutChain.file(path: #"/tmp/a "b".mp4"#, container: .mp4)
    #expect(
      SoutChain.chain(destination: file, monitor: .display)
        == #"#duplicate{dst=display,dst="std{access=file,mux=mp4,dst=\"/tmp/a \\\"b\\\".mp4\"}"}"#)
    #expect(
      SoutChain.chain(destination: file, monitor: .pace)
        == #"#duplicate{dst=display{noaudio,novideo},dst="std{access=file,mux=mp4,dst=\"/tmp/a \\\"b\\\".mp4\"}"}"#
    )
  }

  @Test("transcoding options become libVLC's transcode element")
  func transcodeElement() {
    let transcode = Transcode(
      videoCodec: .h264, videoBitrate: 800, scale: 0.5, audioCodec: .aac, audioBitrate: 128,
      audioChannels: 2, sampleRate: 44_100)
    let file = SoutChain.file(path: "/tmp/x.ts", container: .ts)
    #expect(
      SoutChain.chain(destination: file, transcode: transcode)
        == "#transcode{vcodec=h264,vb=800,scale=0.5,acodec=mp4a,ab=128,channels=2,samplerate=44100}"
        + #":std{access=file,mux=ts,dst="/tmp/x.ts"}"#)
    #expect(Transcode(audioCodec: .ac3).chainElement == "transcode{acodec=a52}")
    #expect(Transcode(videoCodec: .h265).chainElement == "transcode{vcodec=hevc}")
    #expect(Transcode().chainElement == nil)
    #expect(
      SoutChain.chain(
        destination: file, transcode: Transcode(videoCodec: .mpeg2), monitor: .display)
        == #"#duplicate{dst=display,dst="transcode{vcodec=mp2v}:std{access=file,mux=ts,dst=\"/tmp/x.ts\"}"}"#
    )
  }

  @Test("an HTTP destination is host:port/path, with MP4 sent fragmented")
  func httpDestination() {
    #expect(
      SoutChain.chain(
        destination: SoutChain.http(host: "127.0.0.1", port: 8080, path: "/live.ts", container: .ts)
      )
        == #"#std{access=http,mux=ts,dst="127.0.0.1:8080/live.ts"}"#)
    #expect(
      SoutChain.http(host: "0.0.0.0", port: 80, path: "/v", container: .mp4)
        == #"std{access=http,mux=mp4frag,dst="0.0.0.0:80/v"}"#)
  }

  @Test("each container accepts exactly the codecs its libVLC muxer carries")
  func codecSupport() {
    for codec in Transcode.VideoCodec.allCases {
      #expect((try? Transcode(videoCodec: codec).validate(for: .mkv)) != nil)
    }
    for codec in Transcode.AudioCodec.allCases {
      #expect((try? Transcode(audioCodec: codec).validate(for: .mkv)) != nil)
    }
    #expect(throws: VLCError.invalidInput("MPEG-TS cannot carry theora video")) {
      try Transcode(videoCodec: .theora).validate(for: .ts)
    }
    #expect(throws: VLCError.invalidInput("MP4 cannot carry flac audio")) {
      try Transcode(audioCodec: .flac).validate(for: .mp4)
    }
  }
}

/// Recording what a ``Player`` plays.
@Suite("Player recording", .sharesTheMachine)
@MainActor
struct PlayerRecordingTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a player records from the current time until told to stop, and plays on")
  func startAndStop() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.path("player.mp4")
    let player = Player(instance: instance)
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    try player.play(media)
    try await waitUntil("one second played") { player.currentTime >= .seconds(1) }
    let events = player.events
    // A quarter speed leaves a busy machine seconds, not milliseconds, between half a second
    // recorded and the clip's end (which would end the recording with its session).
    try player.setPlaybackRate(0.25)

    try player.startRecording(to: path, container: .mp4)
    #expect(player.recordingPath == path)
    #expect(player.currentMedia === media)
    try await waitUntil("playing again, recording") { player.state == .playing }
    let recordingFrom = player.currentTime
    try await waitUntil("half a second recorded") {
      player.currentTime >= recordingFrom + .milliseconds(500)
    }
    try player.setPlaybackRate(1)  // for the rest, which stopping reopens
    let result = try #require(await player.stopRecording())
    #expect(player.recordingPath == nil)
    #expect(result.path == path)
    let info = try await readBack(path, instance: instance)
    #expect(info.codecs == ["h264", "mp4a"])
    // The file starts at the keyframe before the current time (1 s or 2 s in seek.mp4), not at
    // the start, and runs on a little past the stop: libVLC reads ahead of what it shows.
    let duration = try #require(info.duration)
    #expect(duration >= .milliseconds(500) && duration <= .milliseconds(2_100), "\(duration)")
    #expect(result.duration == duration)

    try await waitUntil("the rest to play", within: .seconds(30)) { player.state == .ended }
    let seen = try await collectEvents(events, within: .seconds(1)) { $0 == .recordingChanged(nil) }
    #expect(
      seen.filter { if case .recordingChanged = $0 { true } else { false } }
        == [.recordingChanged(path), .recordingChanged(nil)])
  }

  @Test("a recording ends with its session and its file is complete")
  func endsWithSession() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.path("session.mp4")
    let player = Player(instance: instance)
    try player.play(Media(path: Fixture.seekMP4.path, instance: instance))
    try await waitUntil("playing") { player.state == .playing }
    let events = player.events
    try player.startRecording(to: path, container: .mp4)
    _ = try await collectEvents(events, within: .seconds(10)) { $0 == .recordingChanged(nil) }
    #expect(player.state == .ended)
    #expect(player.recordingPath == nil)
    #expect(await player.stopRecording() == nil)
    // MP4 is readable only once libVLC has written its index, when the input closed.
    let info = try await within(.seconds(5), "the finished file") {
      while true {
        if let info = try? await readBack(path, instance: instance), !info.tracks.isEmpty {
          return info
        }
        try await Task.sleep(for: .milliseconds(50))
      }
    }
    #expect(info.codecs == ["h264", "mp4a"])
  }

  @Test("recording needs something playing, and one recording at a time")
  func invalidStates() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let player = Player(instance: instance)
    #expect(throws: VLCError.invalidState("nothing is playing to record")) {
      try player.startRecording(to: scratch.path("a.ts"))
    }
    try player.play(Media(path: Fixture.seekMP4.path, instance: instance))
    try await waitUntil("playing") { player.state == .playing }
    try player.startRecording(to: scratch.path("a.ts"))
    #expect(throws: VLCError.invalidState("already recording to \(scratch.path("a.ts"))")) {
      try player.startRecording(to: scratch.path("b.ts"))
    }
    await player.stop()
    #expect(player.recordingPath == nil)
  }
}
