// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Recording what a ``Player`` plays.
@Suite("Player recording", .mostlyWaits)
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
    // A 30 s clip: a busy machine that holds the main actor for seconds cannot play it out
    // before the recording stops (that would end the recording with its session).
    let media = try Media(path: Fixture.longMP4.path, instance: instance)
    try player.play(media)
    try await waitUntil("one second played") { player.currentTime >= .seconds(1) }
    let events = player.events

    // The recording starts where playback is when it is asked for, or a little later (a busy
    // main actor can see the player playing again seconds after it does).
    let requestedAt = player.currentTime
    let asked = ContinuousClock.now
    try player.startRecording(to: path, container: .mp4)
    #expect(player.recordingPath == path)
    #expect(player.currentMedia === media)
    #expect(player.currentTime == requestedAt, "the clock stays while the input reopens")
    try await waitUntil("playing again, recording") { player.state == .playing }
    let recordingFrom = player.currentTime
    #expect(recordingFrom >= requestedAt)
    try await waitUntil("half a second recorded") {
      player.currentTime >= recordingFrom + .milliseconds(500)
    }
    let stoppingAt = player.currentTime
    let result = try #require(await player.stopRecording())
    // At 1× media time runs no faster than the wall clock: the time from asking to the stop's
    // return bounds what was recorded, however late a busy main actor saw the clock.
    let recordedFor = ContinuousClock.now - asked
    #expect(player.currentTime >= stoppingAt, "the clock stays while the input reopens")
    #expect(player.recordingPath == nil)
    #expect(result.path == path)
    let info = try await readBack(path, instance: instance)
    #expect(info.codecs == ["h264", "mp4a"])
    // The file starts at the keyframe before the recording's start (long.mp4 has one a second),
    // not at the start of the clip, and runs on a little past the stop: libVLC reads ahead of
    // what it shows (1.1-1.4 s measured here half a second after the input opened). A file
    // from the clip's start would be a second longer than the bound.
    let duration = try #require(info.duration)
    let keyframeBefore = Duration.seconds(Int(requestedAt / .seconds(1)))
    #expect(duration >= .milliseconds(500), "\(duration)")
    #expect(
      duration <= requestedAt - keyframeBefore + recordedFor + .milliseconds(1_500),
      """
      \(duration): asked at \(requestedAt), recording at \(recordingFrom), stopped at \
      \(stoppingAt), \(recordedFor) after asking
      """)
    #expect(result.duration == duration)

    try await waitUntil("playing on past the stop", within: .seconds(20)) {
      player.state == .playing && player.currentTime > stoppingAt + .milliseconds(500)
    }
    await player.stop()
    let seen = try await collectEvents(events, within: .seconds(10)) {
      $0 == .recordingChanged(nil)
    }
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
    // Paused from the start: a busy main actor could otherwise first look at the 3 s clip
    // once it has ended, when there is nothing left to record. The pause itself is applied
    // when the main actor sees the clip playing: a run that kept it busy for 3 s (a CI run
    // did) sees it ended instead, and plays it again.
    for _ in 0..<3 where player.state != .paused {
      try player.play(Media(path: Fixture.seekMP4.path, instance: instance))
      player.pause()
      try await waitUntil("paused, or ended before the pause") {
        player.state == .paused || player.state == .ended
      }
    }
    try #require(player.state == .paused)
    let events = player.events
    try player.startRecording(to: path, container: .mp4)
    player.resume()
    _ = try await collectEvents(events, within: .seconds(10)) { $0 == .recordingChanged(nil) }
    #expect(player.state == .ended, "\(String(describing: player.outcome))")
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

  /// A location whose server is asked before opening (``ForwardReading``): the reopening
  /// plays a copy with the recording's output while ``Player/currentMedia`` keeps the
  /// original, and the answer opened the original, which recorded nothing.
  @Test("a player records a download it asked its server about")
  func recordsAskedDownload() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let made = try await generated.make("clip.mkv", GeneratedMedia.video(seconds: 12))
    try FileManager.default.moveItem(
      atPath: made, toPath: generated.folder.appendingPathComponent("clip.video").path)
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.path("asked.mkv")
    let player = Player(instance: instance)
    try player.play(url: server.url("files/clip.video"))
    try await waitUntil("one second played") { player.currentTime >= .seconds(1) }
    try player.startRecording(to: path, container: .mkv)
    try await waitUntil("playing again, recording") { player.state == .playing }
    let recordingFrom = player.currentTime
    try await waitUntil("a second recorded") {
      player.currentTime >= recordingFrom + .seconds(1)
    }
    let result = try #require(await player.stopRecording())
    #expect(result.duration >= .milliseconds(800), "\(result.duration)")
    let info = try await readBack(path, instance: instance)
    #expect(info.codecs == ["h264", "vorb"])
    // Playback goes on from where it was, not from the start.
    try await waitUntil("playing on") { player.state == .playing }
    #expect(player.currentTime >= recordingFrom, "\(player.currentTime)")
    await player.stop()
  }

  @Test("recording needs something playing, and one recording at a time")
  func invalidStates() async throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let player = Player(instance: instance)
    #expect(throws: VLCError.invalidState("nothing is playing to record")) {
      try player.startRecording(to: scratch.path("a.ts"))
    }
    // 30 s: the recording starts before a busy machine can play the clip out.
    try player.play(Media(path: Fixture.longMP4.path, instance: instance))
    try await waitUntil("playing") { player.state == .playing }
    try player.startRecording(to: scratch.path("a.ts"))
    #expect(throws: VLCError.invalidState("already recording to \(scratch.path("a.ts"))")) {
      try player.startRecording(to: scratch.path("b.ts"))
    }
    await player.stop()
    #expect(player.recordingPath == nil)
  }
}
