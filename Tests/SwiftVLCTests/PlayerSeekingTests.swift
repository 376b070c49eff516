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

  @Test("a precise seek returns once playback is at the requested time")
  func precise() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let player = try await playing(
      Media(path: Self.sparseKeyframes(in: generated), instance: instance))
    try await player.seek(to: .seconds(6), mode: .precise)
    // libVLC reads back the requested 6.0 s until its clock runs again from there.
    #expect(player.currentTime > .seconds(6))
    #expect(player.currentTime < .milliseconds(6_600))
    await player.stop()
  }

  @Test("a fast seek lands on the keyframe before the requested time")
  func fast() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let media = try Media(path: await Self.sparseKeyframes(in: generated), instance: instance)
    media.preferFastSeeking()
    let player = try await playing(media)
    try await player.seek(to: .seconds(6), mode: .fast)
    #expect(player.currentTime >= .milliseconds(3_900))
    #expect(player.currentTime < .milliseconds(4_600))
    await player.stop()
  }

  @Test("a precise seek on a media opened for fast seeking reports where it landed")
  func preciseOnFastMedia() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let media = try Media(path: await Self.sparseKeyframes(in: generated), instance: instance)
    media.preferFastSeeking()
    let player = try await playing(media)
    await #expect(throws: VLCError.self) { try await player.seek(to: .seconds(6), mode: .precise) }
    await player.stop()
  }

  @Test("a seek while paused lands without resuming playback")
  func whilePaused() async throws {
    let player = try await playing(Media(path: Fixture.seekMP4.path, instance: instance))
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
    for target in [2_500, 500, 1_500, 200] {
      try await player.seek(to: .milliseconds(target), mode: .precise)
      // libVLC updates its time four times a second: the first reading is up to ~300 ms on.
      #expect(player.currentTime >= .milliseconds(target - 50))
      #expect(player.currentTime < .milliseconds(target + 600))
    }
    await player.stop()
  }

  @Test("a cancelled seek throws cancelled at once")
  func cancelled() async throws {
    let player = try await playing(Media(path: Fixture.seekMP4.path, instance: instance))
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
