// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

/// What a running recording can be asked: to stop (finishing the file) or to give up.
protocol RecordingEngine: Sendable {
  /// Ends the recording soon; `cancelled` when the file is not wanted any more.
  func requestStop(cancelled: Bool)
}

extension OutputSession: RecordingEngine {}

/// Passes a ``Recording``'s stop requests to its engine, which is chosen only once the source
/// has been looked at (a local file is copied directly, anything else goes through libVLC). A
/// request made before the engine is attached is passed on when it is.
final class RecordingControl: Sendable {
  private struct State {
    var engine: (any RecordingEngine)?
    var stop: Bool?
  }

  private let state = Mutex(State())

  /// Attaches the engine, stopping it at once when a stop was already requested.
  func attach(_ engine: any RecordingEngine) {
    let pending = state.withLock { state in
      state.engine = engine
      return state.stop
    }
    if let pending { engine.requestStop(cancelled: pending) }
  }

  /// The stop asked for, if any (before or after an engine was attached): `true` when the
  /// file is not wanted (a cancelled task). Thread-safe.
  var requestedStop: Bool? { state.withLock { $0.stop } }

  /// Stops the engine, now or once it is attached. Thread-safe.
  func requestStop(cancelled: Bool) {
    let engine = state.withLock { state in
      if state.stop != true { state.stop = cancelled }
      return state.engine
    }
    engine?.requestStop(cancelled: cancelled)
  }
}

/// A direct copy as a recording's engine.
final class CopyEngine: RecordingEngine {
  let copy: RemuxCopy
  private let cancelled = Atomic(false)

  init(copy: RemuxCopy) { self.copy = copy }

  /// Whether the copy was stopped for a cancelled task (its file is not wanted).
  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  func requestStop(cancelled: Bool) {
    if cancelled { self.cancelled.store(true, ordering: .releasing) }
    copy.stop()
  }
}
