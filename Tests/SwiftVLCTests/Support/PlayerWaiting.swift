// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import SwiftVLC

/// Waits, polling the main actor every 20 ms, until `condition` holds; throws ``TimedOut``
/// after `limit`. A condition that looks at another program (a screen capture, `xdotool`)
/// awaits it rather than blocking the main actor.
///
/// The default limit is generous: it only decides when a test that waits for something that
/// never comes fails, and a busy machine (a parallel run beside other programs) makes what
/// takes 0.2 s here take several seconds. A wait that checks a time bound passes its own.
@MainActor
func waitUntil(
  _ what: String, within limit: Duration = .seconds(30), _ condition: () async -> Bool
) async throws {
  let deadline = ContinuousClock.now + limit
  while !(await condition()) {
    guard ContinuousClock.now < deadline else { throw TimedOut(what: what) }
    try await Task.sleep(for: .milliseconds(20))
  }
}

/// Collects a player's events on a background task until `predicate` matches one; throws
/// ``TimedOut`` after `limit` (generous, as for ``waitUntil(_:within:_:)``).
func collectEvents(
  _ stream: AsyncStream<PlayerEvent>, within limit: Duration = .seconds(30),
  until predicate: @escaping @Sendable (PlayerEvent) -> Bool
) async throws -> [PlayerEvent] {
  try await within(limit, "player events") {
    var collected: [PlayerEvent] = []
    for await event in stream {
      collected.append(event)
      if predicate(event) { return collected }
    }
    throw TimedOut(what: "an event (the stream ended first); got \(collected)")
  }
}

extension PlayerEvent {
  /// The state carried by a `stateChanged` event.
  var state: PlayerState? {
    if case .stateChanged(let state) = self { state } else { nil }
  }
}

/// Plays seek.mp4 on `player`, looped (it lasts 3 s, and a busy machine can reach a test's
/// next step after that), and waits until a video output exists.
@MainActor
func playUntilVideoShows(_ player: Player, instance: VLCInstance) async throws {
  let events = player.events
  let media = try Media(path: Fixture.seekMP4.path, instance: instance)
  media.addOption(":input-repeat=65535")
  try player.play(media)
  _ = try await collectEvents(events) {
    if case .videoOutputsChanged(let count) = $0 { count > 0 } else { false }
  }
}
