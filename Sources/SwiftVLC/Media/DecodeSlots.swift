// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

/// The decode passes a process may play at once: a counting semaphore whose waiters, served
/// in order, give up at their deadline or on cancellation.
final class DecodeSlots: Sendable {
  static let shared = DecodeSlots(count: 2)

  private let state: Mutex<(free: Int, queue: [Completion<Void>])>

  private init(count: Int) { state = Mutex((count, [])) }

  /// Takes a slot; `false` when `deadline` passed or the task was cancelled first.
  func acquire(until deadline: ContinuousClock.Instant) async -> Bool {
    let turn: Completion<Void>? = state.withLock { state in
      guard state.free == 0 else {
        state.free -= 1
        return nil
      }
      let turn = Completion<Void>()
      state.queue.append(turn)
      return turn
    }
    guard let turn else { return true }
    if case .success = await turn.value(within: deadline - .now) { return true }
    // Given up: leave the queue, or pass on the slot a release handed over meanwhile.
    let handedOver = state.withLock { state in
      guard let index = state.queue.firstIndex(where: { $0 === turn }) else { return true }
      state.queue.remove(at: index)
      return false
    }
    if handedOver { release() }
    return false
  }

  /// Gives a slot back, to the first waiter if any.
  func release() {
    let next = state.withLock { state -> Completion<Void>? in
      guard !state.queue.isEmpty else {
        state.free += 1
        return nil
      }
      return state.queue.removeFirst()
    }
    next?.settle(.success(()))
  }
}
