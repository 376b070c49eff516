// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import SwiftVLC

/// Records every event a player emits from now on, on a background task, for checks after
/// the fact. Stops recording when dropped.
final class EventLog: Sendable {
  private let recorder = Recorder<PlayerEvent>()
  private let task: Task<Void, Never>

  @MainActor init(_ player: Player) {
    let stream = player.events
    let recorder = recorder
    task = Task {
      for await event in stream { recorder.append(event) }
    }
  }

  deinit { task.cancel() }

  /// The events so far, in order.
  var events: [PlayerEvent] { recorder.values }

  /// The attempts of the `reconnecting` events so far.
  var reconnectAttempts: [Int] {
    events.compactMap { event in
      if case .reconnecting(let attempt) = event { attempt } else { nil }
    }
  }
}

extension TestServer {
  /// Waits until clients hold at least `count` connections to the server; throws
  /// ``TimedOut`` after `limit`.
  func waitForConnections(atLeast count: Int, within limit: Duration = .seconds(10))
    async throws
  {
    let deadline = ContinuousClock.now + limit
    var open = try await openConnections()
    while open < count {
      guard ContinuousClock.now < deadline else {
        throw TimedOut(what: "\(count) connection(s) to the server (\(open) open)")
      }
      try await Task.sleep(for: .milliseconds(50))
      open = try await openConnections()
    }
  }

  /// Waits until no client holds a connection to the server; throws ``TimedOut`` after `limit`.
  func waitForNoConnections(within limit: Duration = .seconds(5)) async throws {
    let deadline = ContinuousClock.now + limit
    var open = try await openConnections()
    while open > 0 {
      guard ContinuousClock.now < deadline else {
        throw TimedOut(what: "the player to close its \(open) connection(s)")
      }
      try await Task.sleep(for: .milliseconds(100))
      open = try await openConnections()
    }
  }
}
