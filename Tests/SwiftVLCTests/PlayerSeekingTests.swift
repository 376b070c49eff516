// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Seeking you can wait for", .sharesTheMachine)
@MainActor
struct PlayerSeekingTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// 10 s of 25 fps video with keyframes only at 0, 4 and 8 s.
  static func sparseKeyframes(in generated: GeneratedMedia) async throws -> String {
    try await generated.make(
      "sparse.mp4",
      GeneratedMedia.video(seconds: 10) + [
        "-c:v", "libx264", "-g", "100", "-keyint_min", "100", "-sc_threshold", "0",
      ])
  }

  func playing(_ media: Media) async throws -> Player {
    let player = Player(instance: instance)
    try player.play(media)
    try await waitUntil("playback", within: .seconds(30)) {
      player.state == .playing && player.isSeekable
    }
    return player
  }

  /// A player playing ``sparseKeyframes(in:)`` (opened for fast seeking or not), and the
  /// folder of the file, for the caller to remove.
  func playingSparseKeyframes(fastSeeking: Bool) async throws -> (Player, GeneratedMedia) {
    let generated = try GeneratedMedia()
    do {
      let media = try Media(path: await Self.sparseKeyframes(in: generated), instance: instance)
      if fastSeeking { media.preferFastSeeking() }
      return (try await playing(media), generated)
    } catch {
      generated.remove()
      throw error
    }
  }

  /// Seeks to `target` and returns where the player says it landed and the most it can be
  /// past `landing`: playback resumes at `landing` and runs at 1× from then on, so its first
  /// reading after the seek is at most the seek's own wall-clock duration past it, plus libVLC's
  /// lead (its time runs up to ~300 ms ahead while it buffers). That bound holds however the
  /// machine schedules the test; a seek that lands elsewhere falls outside it. (A generous
  /// time limit: a busy machine takes seconds to decode from a keyframe 2 s back.)
  func seek(
    _ player: Player, to target: Duration, mode: SeekMode, landing: Duration
  ) async throws -> (time: Duration, latest: Duration) {
    let start = ContinuousClock.now
    let landed = try await player.seek(to: target, mode: mode, timeout: .seconds(30))
    let took = ContinuousClock.now - start
    #expect(player.currentTime == landed, "currentTime shows the landing on return")
    return (landed, landing + took + .milliseconds(600))
  }

  @Test("a precise seek returns once playback is at the requested time")
  func precise() async throws {
    let (player, generated) = try await playingSparseKeyframes(fastSeeking: false)
    defer { generated.remove() }
    let landed = try await seek(player, to: .seconds(6), mode: .precise, landing: .seconds(6))
    // libVLC reads back the requested 6.0 s until its clock runs again from there.
    #expect(landed.time > .seconds(6))
    #expect(landed.time < landed.latest, "\(landed)")
    await player.stop()
  }

  @Test("a fast seek lands on the keyframe before the requested time")
  func fast() async throws {
    let (player, generated) = try await playingSparseKeyframes(fastSeeking: true)
    defer { generated.remove() }
    let landed = try await seek(player, to: .seconds(6), mode: .fast, landing: .seconds(4))
    #expect(landed.time >= .milliseconds(3_900))
    // Before the requested time (a precise landing would read 6 s or later)...
    #expect(landed.time < .milliseconds(5_950), "\(landed)")
    // ...and not later than playback from the keyframe can have run.
    #expect(landed.time < landed.latest, "\(landed)")
    await player.stop()
  }

  @Test("a caller busy while the seek lands still gets libVLC's first time after it")
  func busyCaller() async throws {
    let (player, generated) = try await playingSparseKeyframes(fastSeeking: true)
    defer { generated.remove() }
    let events = player.events
    let seeking = Task {
      try await player.seek(to: .seconds(6), mode: .fast, timeout: .seconds(60))
    }
    _ = try await events.first(within: .seconds(30), "the seek to be asked") {
      $0 == .timeChanged(.seconds(6))
    }
    // The seek waits on the main actor; hold it for 1.5 s while playback runs on from the
    // keyframe at 4 s (a busy application, or a loaded machine, does that). The landing is
    // libVLC's first reading after 4 s, not what the clock says when the caller looks.
    holdTheMainActor(for: 1.5)
    let landed = try await seeking.value
    #expect(landed >= .milliseconds(3_900) && landed < .milliseconds(4_600), "\(landed)")
    await player.stop()
  }

  @Test("a precise seek on a media opened for fast seeking reports where it landed")
  func preciseOnFastMedia() async throws {
    let (player, generated) = try await playingSparseKeyframes(fastSeeking: true)
    defer { generated.remove() }
    await #expect(throws: VLCError.self) { try await player.seek(to: .seconds(6), mode: .precise) }
    await player.stop()
  }

  @Test("a seek while paused lands without resuming playback")
  func whilePaused() async throws {
    // The 30 s clip: a loaded machine could play the 3 s one out before a look saw it play.
    let player = try await playing(Media(path: Fixture.longMP4.path, instance: instance))
    player.pause()
    try await waitUntil("pause", within: .seconds(30)) { player.state == .paused }
    try await player.seek(to: .milliseconds(2_200), mode: .precise)
    #expect(player.state == .paused)
    #expect(abs((player.currentTime - .milliseconds(2_200)).inMilliseconds) < 100)
    await player.stop()
  }

  @Test("backward seeks land too, one after another")
  func backAndForth() async throws {
    let player = try await playing(Media(path: Fixture.longMP4.path, instance: instance))
    for target in [2_500, 500, 1_500, 200].map(Duration.milliseconds) {
      let landed = try await seek(player, to: target, mode: .precise, landing: target)
      #expect(landed.time >= target - .milliseconds(50), "\(target): \(landed)")
      #expect(landed.time < landed.latest, "\(target): \(landed)")
    }
    await player.stop()
  }

  @Test("a cancelled seek throws cancelled at once")
  func cancelled() async throws {
    // The 30 s clip: a loaded machine played the 3 s one to its end before a look saw it play.
    let player = try await playing(Media(path: Fixture.longMP4.path, instance: instance))
    player.pause()
    let task = Task { @MainActor in
      try await player.seek(to: .seconds(2), mode: .precise, timeout: .seconds(30))
    }
    task.cancel()
    await #expect(throws: VLCError.cancelled) { try await task.value }
    await player.stop()
  }

  @Test("a seek with nothing playing is refused")
  func idle() async throws {
    let player = Player(instance: instance)
    await #expect(throws: VLCError.self) { try await player.seek(to: .seconds(1), mode: .precise) }
  }
}
