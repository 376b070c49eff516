import Foundation
import Testing

@testable import SwiftVLC

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
    // A quarter speed from the start leaves a busy machine seconds, not milliseconds, to start
    // recording after a second and record half a second before the 3 s clip ends (which would
    // end the recording with its session).
    try await waitUntil("playing") { player.state == .playing }
    try player.setPlaybackRate(0.25)
    try await waitUntil("one second played") { player.currentTime >= .seconds(1) }
    let events = player.events

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
