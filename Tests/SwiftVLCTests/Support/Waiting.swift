// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC

/// Thrown when a bounded wait in a test runs out of time.
struct TimedOut: Error, CustomStringConvertible {
  var what: String
  var description: String { "timed out waiting for \(what)" }
}

/// Runs `body`, failing with ``TimedOut`` when it takes longer than `limit`. The body is
/// cancelled at the limit; it must honour cancellation.
func within<T: Sendable>(
  _ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try? await Task.sleep(for: limit)
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else {
      throw TimedOut(what: what)
    }
    return value
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// The elements up to and including the first one satisfying `last`, or ``TimedOut`` after
  /// `limit`; what came when the sequence ends first.
  func collect(
    within limit: Duration, _ what: String, until last: @escaping @Sendable (Element) -> Bool
  ) async throws -> [Element] {
    try await SwiftVLCTests.within(limit, what) {
      var seen: [Element] = []
      for try await element in self {
        seen.append(element)
        if last(element) { break }
      }
      return seen
    }
  }

  /// The first element satisfying `predicate`, or ``TimedOut`` after `limit`.
  func first(
    within limit: Duration, _ what: String,
    where predicate: @escaping @Sendable (Element) -> Bool
  ) async throws -> Element {
    try await SwiftVLCTests.within(limit, what) {
      for try await element in self where predicate(element) {
        return element
      }
      throw TimedOut(what: "\(what) (the stream ended first)")
    }
  }
}

/// Runs `body`, which blocks (a `poll`, a blocking read, a socket round trip), on a thread of
/// its own and suspends until it returns.
///
/// Swift's cooperative pool has one thread per core (two here) and the main actor one: a test
/// that blocks either of them stalls every other test's tasks for as long, and their
/// deadlines then measure that stall. Blocking work in tests goes through here instead.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try body() }) }
    thread.start()
  }
}

/// An instance with null outputs, as every libVLC test uses.
func headlessInstance() throws -> VLCInstance {
  try VLCInstance(arguments: VLCInstance.headlessArguments)
}

extension Duration {
  /// The duration in milliseconds, as a floating-point number.
  var inMilliseconds: Double {
    Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
  }
}

/// Blocks the main actor for `seconds`, as a busy application would: for tests of what
/// happens to events that wait meanwhile. (Every other main-actor test waits as long.)
@MainActor
func holdTheMainActor(for seconds: Double) {
  Thread.sleep(forTimeInterval: seconds)
}
