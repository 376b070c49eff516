// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Player playback", .mostlyWaits)
@MainActor
struct PlayerPlaybackTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  func media(_ fixture: Fixture) throws -> Media {
    try Media(path: fixture.path, instance: instance)
  }

  /// libVLC picks its demuxer by the bytes: a Matroska file named otherwise (an extension of
  /// no container) is asked about as one named `.mkv` is.
  @Test(
    "a Matroska file with chapters from a server without ranges plays whole, however named",
    arguments: ["chapters.mkv", "chapters.video"])
  func matroskaWithoutRanges(name: String) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let made = try await chapteredMatroska(in: generated)
    if name != "chapters.mkv" {
      try FileManager.default.moveItem(
        atPath: made, toPath: generated.folder.appendingPathComponent(name).path)
    }
    let plain = try await TestServer(plainServing: generated.folder)  // no range requests
    defer { plain.stop() }
    try await expectPlaysWhole(plain.url(name))
  }

  /// A busy server: its answer to the question comes after 2 s (the question waited 1.5 s,
  /// and the file then played 2 s of its 4 s).
  @Test("a Matroska file with chapters from a server without ranges, answering 2 s late")
  func matroskaWithoutRangesLate() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    _ = try await chapteredMatroska(in: generated)
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    try await expectPlaysWhole(server.url("late/2000/norange/chapters.mkv"))
  }

  /// A 4 s Matroska file with two chapters, a video and an audio track.
  private func chapteredMatroska(in generated: GeneratedMedia) async throws -> String {
    let chapters = try generated.chapterFile(names: ("One", "Two"))
    return try await generated.make(
      "chapters.mkv",
      [
        "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=4", "-f", "lavfi", "-i",
        "sine=duration=4", "-i", chapters, "-map", "0", "-map", "1", "-map_chapters", "2",
        "-c:v", "libx264", "-c:a", "libvorbis",
      ])
  }

  private func expectPlaysWhole(_ url: URL) async throws {
    let player = Player(instance: instance)
    let started = ContinuousClock.now
    try player.play(url: url)
    try await waitUntil("the end") { player.state == .ended || player.state == .error }
    // libVLC's Matroska demuxer lost its place at the first chapter's seek: its clock jumped
    // to the last cluster, and the player "ended" about 1 s in, at 3.9 s by the clock.
    #expect(player.state == .ended, "\(String(describing: player.outcome))")
    #expect(ContinuousClock.now - started > .seconds(3), "4 s at 1x cannot end sooner")
    let decoded = player.currentMedia?.statistics()?.decodedVideo ?? 0
    #expect(decoded >= 90, "\(decoded) of 100 pictures decoded")
  }

  @Test("a clip plays to its end with the full event sequence and outcome .ended")
  func playToEnd() async throws {
    let player = Player(instance: instance)
    let events = player.events
    try player.play(media(.shortMP4))
    #expect(player.state == .opening)
    let seen = try await collectEvents(events) { $0 == .endReached }
    let states = seen.compactMap(\.state)
    #expect(states.first == .opening)
    #expect(states.contains(.playing))
    #expect(states.last == .ended)
    #expect(seen.contains(.mediaChanged))
    #expect(seen.contains { if case .lengthChanged = $0 { true } else { false } })
    #expect(seen.contains { if case .timeChanged = $0 { true } else { false } })
    #expect(player.outcome == .ended)
    #expect(player.state == .ended)
    let duration = try #require(player.duration)
    #expect(abs(duration.inMilliseconds - 1_000) < 100)
    #expect(player.currentTime == duration)
    #expect(player.position == 1)
  }

  @Test("several consumers of events each see the whole sequence")
  func severalConsumers() async throws {
    let player = Player(instance: instance)
    let streams = (0..<3).map { _ in player.events }
    try player.play(media(.shortMP4))
    var sequences: [[PlayerState]] = []
    for stream in streams {
      let seen = try await collectEvents(stream) { $0 == .endReached }
      sequences.append(seen.compactMap(\.state))
    }
    #expect(sequences[0].last == .ended)
    #expect(sequences.allSatisfy { $0 == sequences[0] })
  }

  @Test("play() after the end replays the media")
  func replayAfterEnd() async throws {
    let player = Player(instance: instance)
    try player.play(media(.shortMP4))
    try await waitUntil("the first end") { player.state == .ended }
    let events = player.events
    try player.play()
    #expect(player.outcome == nil)
    let seen = try await collectEvents(events) { $0 == .endReached }
    #expect(seen.compactMap(\.state).contains(.playing))
    #expect(player.outcome == .ended)
  }

  @Test("pause and resume while playing")
  func pauseResume() async throws {
    let player = Player(instance: instance)
    try player.play(media(.longMP4))
    try await waitUntil("playing") { player.state == .playing }
    player.pause()
    try await waitUntil("paused") { player.state == .paused }
    let pausedAt = player.currentTime
    // A negative check: 400 ms of playback going on would move the time ~400 ms (libVLC's
    // clock is wall time), far past the 150 ms allowed for a time event already in flight.
    try await Task.sleep(for: .milliseconds(400))
    #expect(player.currentTime - pausedAt < .milliseconds(150))
    player.resume()
    try await waitUntil("playing again") { player.state == .playing }
    try await waitUntil("time to advance") { player.currentTime > pausedAt + .milliseconds(200) }
    player.togglePause()
    try await waitUntil("paused by toggle") { player.state == .paused }
    await player.stop()
  }

  @Test("pausing during opening is applied once playing")
  func pauseDuringOpening() async throws {
    let player = Player(instance: instance)
    try player.play(media(.longMP4))
    player.pause()
    try await waitUntil("paused") { player.state == .paused }
    await player.stop()
  }

  @Test("seeking to a time, by an offset and to a position moves playback there")
  func seeking() async throws {
    let player = Player(instance: instance)
    // Looped: on a busy machine the pause below can reach libVLC after the 3 s clip ended.
    let clip = try media(.seekMP4)
    clip.addOption(":input-repeat=65535")
    try player.play(clip)
    try await waitUntil("playing and seekable") { player.state == .playing && player.isSeekable }
    player.pause()
    try await waitUntil("paused") { player.state == .paused }
    try player.seek(to: .seconds(2))
    #expect(player.currentTime == .seconds(2))
    player.resume()
    try await waitUntil("time past 2 s") { player.currentTime >= .milliseconds(2_050) }
    try player.seek(by: .seconds(-10))
    #expect(player.currentTime == .zero)
    try await waitUntil("time back near the start") { player.currentTime < .milliseconds(900) }
    try player.seek(toPosition: 0.5)
    try await waitUntil("time near the middle") {
      player.currentTime >= .milliseconds(1_400) && player.currentTime < .milliseconds(2_600)
    }
    await player.stop()
  }

  @Test("a seek requested while opening is applied when the media becomes seekable")
  func seekDuringOpening() async throws {
    let player = Player(instance: instance)
    try player.play(media(.seekMP4))
    try player.seek(to: .seconds(2))
    try await waitUntil("time past 2 s") { player.currentTime >= .seconds(2) }
    #expect(player.outcome == nil || player.outcome == .ended)
    await player.stop()
  }

  @Test("invalid numbers are rejected with invalidInput")
  func validation() async throws {
    let player = Player(instance: instance)
    #expect(throws: VLCError.invalidState("no media is playing")) {
      try player.seek(to: .seconds(1))
    }
    #expect(throws: VLCError.invalidState("no media to play")) { try player.play() }
    // Repeated: still playing when a busy main actor looks (its length stays 3 s).
    let clip = try media(.seekMP4)
    clip.addOption(":input-repeat=65535")
    try player.play(clip)
    try await waitUntil("playing") { player.state == .playing && player.duration != nil }
    for bad in [Double.nan, .infinity, -0.1, 1.5] {
      #expect(throws: VLCError.self) { try player.seek(toPosition: bad) }
    }
    #expect(throws: VLCError.self) { try player.seek(to: .seconds(-1)) }
    #expect(throws: VLCError.self) { try player.seek(to: .seconds(30)) }
    for bad in [Float.nan, .infinity, 0, 64] {
      #expect(throws: VLCError.self) { try player.setPlaybackRate(bad) }
    }
    #expect(throws: VLCError.self) { try player.setAudioVolume(.nan) }
    #expect(throws: VLCError.self) { try player.setABLoop(a: .seconds(2), b: .seconds(1)) }
    #expect(throws: VLCError.self) { try player.setAudioDelay(.seconds(7_200)) }
    try player.setAudioVolume(3)
    #expect(player.volume == 2)
    try player.setAudioVolume(-1)
    #expect(player.volume == 0)
    try player.setPlaybackRate(2)
    #expect(player.rate == 2)
    try player.setAudioDelay(.milliseconds(250))
    try player.setSubtitleDelay(.milliseconds(-250))
    player.isMuted = true
    #expect(player.isMuted)
    await player.stop()
  }

  @Test("stop ends the session with outcome .stopped and state .stopped")
  func stop() async throws {
    let player = Player(instance: instance)
    let events = player.events
    try player.play(media(.longMP4))  // 30 s: still playing however late the main actor looks
    try await waitUntil("playing") { player.state == .playing }
    await player.stop()
    #expect(player.state == .stopped)
    #expect(player.outcome == .stopped)
    let seen = try await collectEvents(events) { $0 == .stateChanged(.stopped) }
    let states = seen.compactMap(\.state)
    #expect(Array(states.suffix(2)) == [.stopping, .stopped])
    await player.stop()  // a second stop is harmless
    #expect(player.state == .stopped)
  }

  @Test("the main actor keeps running while stop closes a source that hangs")
  func stopDoesNotBlock() async throws {
    let server = try await TestServer()
    let player = Player(instance: instance)
    try player.play(url: server.url("stall/seek.mp4"))
    try await waitUntil("opening to begin", within: .seconds(5)) { player.state != .idle }
    let ticks = Recorder<Int>()
    let ticker = Task { @MainActor in
      for tick in 0..<1_000 {
        ticks.append(tick)
        try? await Task.sleep(for: .milliseconds(10))
      }
    }
    await player.stop()
    ticker.cancel()
    #expect(player.state == .stopped)
    #expect(!ticks.values.isEmpty)
  }

  @Test("the A-B loop jumps back to A whenever playback reaches B")
  func abLoop() async throws {
    let player = Player(instance: instance)
    try player.play(media(.longMP4))
    try await waitUntil("playing and seekable") { player.state == .playing && player.isSeekable }
    try player.setABLoop(a: .milliseconds(500), b: .milliseconds(1_500))
    #expect(player.abLoop == .milliseconds(500) ... .milliseconds(1_500))
    var jumps = 0
    var previous = player.currentTime
    var latest = Duration.zero
    // Two loops take 2 s of playback; the deadline leaves a busy machine room for more (a CI
    // run beside other test processes took more than 15 s).
    try await waitUntil("two jumps back to A", within: .seconds(30)) {
      if player.currentTime < previous { jumps += 1 }
      previous = player.currentTime
      latest = max(latest, player.currentTime)
      return jumps >= 2
    }
    #expect(latest < .milliseconds(1_750), "overshot B by more than 250 ms: \(latest)")
    #expect(player.state == .playing)
    player.clearABLoop()
    try await waitUntil("playback past B after clearing the loop") {
      player.currentTime > .milliseconds(2_000)
    }
    await player.stop()
  }

  @Test("the time never goes back while playing, however late the main actor handles it")
  func timeOnlyMovesForward() async {
    // A process of its own: the main actor is held for seconds, which the main-actor tests
    // running beside it would feel (their deadlines would measure this test).
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await playOnABusyMainActor() }
    }
  }
}

/// Plays a clip at 4× for 4 s while the main actor is held 0.1–0.4 s at a time, so that
/// libVLC's time events and the player's own readings of the clock queue up behind each
/// other, and expects the published times never to go back. Meant for a process of its own.
@MainActor
private func playOnABusyMainActor() async throws {
  let instance = try headlessInstance()
  let player = Player(instance: instance)
  let events = player.events
  try player.play(Media(path: Fixture.longMP4.path, instance: instance))
  try await waitUntil("playing") { player.state == .playing }
  try player.setPlaybackRate(4)  // more time events, and more readings between them
  let times = Task { @MainActor in
    var seen: [Duration] = []
    for await case .timeChanged(let time) in events { seen.append(time) }
    return seen
  }
  let started = ContinuousClock.now
  while ContinuousClock.now - started < .seconds(4) {
    holdTheMainActor(for: Double.random(in: 0.1...0.4))
    await Task.yield()
  }
  await player.stop()
  times.cancel()
  let seen = await times.value
  #expect(seen.count > 4, "expected more than 4 times, got \(seen)")
  let backwards = zip(seen, seen.dropFirst()).filter { $0.1 < $0.0 }
  #expect(backwards.isEmpty, "expected none to go back: \(backwards.prefix(5)) in \(seen.count)")
}
