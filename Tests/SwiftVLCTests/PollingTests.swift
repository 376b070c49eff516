// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization
import Testing

@testable import SwiftVLC

/// The one poll loop: a cancelled task stops asking at once. Before it, the loops that waited
/// for a channel's picture size and for an audio output's device ignored cancellation, and a
/// cancelled `Task.sleep` returns at once: they asked libVLC again and again without a pause
/// until their deadline (1-2 s).
@Suite("Polling")
struct PollingTests {
  @Test("a condition that holds ends the poll at once; one that never does, at the deadline")
  func deadline() async {
    let asked = Mutex(0)
    #expect(await poll(every: .milliseconds(5), until: .now + .seconds(5)) { true })
    let start = ContinuousClock.now
    let held = await poll(every: .milliseconds(20), until: .now + .milliseconds(200)) {
      asked.withLock { $0 += 1 }
      return false
    }
    #expect(!held)
    #expect(ContinuousClock.now - start >= .milliseconds(200))
    // About one ask per interval, not a spin.
    #expect(asked.withLock { $0 } <= 12, "\(asked.withLock { $0 }) asks in 200 ms")
  }

  @Test("a cancelled task asks once and returns, within its deadline of seconds")
  func cancelled() async {
    let asked = Mutex(0)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await poll(every: .milliseconds(20), until: .now + .seconds(2)) {
        asked.withLock { $0 += 1 }
        return false
      }
    }
    let start = ContinuousClock.now
    #expect(await task.value == false)
    #expect(asked.withLock { $0 } == 1)
    #expect(ContinuousClock.now - start < .seconds(1))
  }
}
