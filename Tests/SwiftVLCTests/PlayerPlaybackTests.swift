import Foundation
import SwiftVLC
import Testing

@Suite("Player playback")
@MainActor
struct PlayerPlaybackTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a clip plays to its end with the full event sequence and outcome .ended")
  func playToEnd() async throws {
    let player = Player(instance: instance)
    let events = player.events
    try player.play(Media(path: Fixture.shortMP4.path, instance: instance))
    #expect(player.state == .opening)
    let seen = try await collectEvents(events) { $0 == .endReached }
    let states = seen.compactMap(\.state)
    #expect(states.first == .opening)
    #expect(states.contains(.playing))
    #expect(states.last == .ended)
    #expect(seen.contains(.mediaChanged))
    #expect(seen.contains { if case .lengthChanged = $0 { true } else { false } })
    #expect(player.outcome == .ended)
    #expect(player.state == .ended)
    let duration = try #require(player.duration)
    #expect(abs(duration.inMilliseconds - 1_000) < 100)
    #expect(player.currentTime == duration)
  }
}
