// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

/// A suite trait for tests that play media, run libVLC's threads or start processes: at most
/// ``MachineShare/width`` of their test cases run at once, the rest wait their turn.
///
/// Swift Testing starts every test of a plain `swift test` at once. Three hundred libVLC
/// players decoding side by side on a 2-core machine leave each one a few per cent of a core,
/// and a test's own deadline (10 s for a 3 s clip) then measures the crowd, not the feature.
/// A test's deadlines start once it holds a share, so they stay meaningful; the tests are
/// still written to hold under load (other processes share the machine too).
/// `SWIFTVLC_TEST_WIDTH` overrides the width; the default is four per core.
///
/// A test that measures the whole process (its heap, its threads) or changes it
/// (`DISPLAY`) runs its body in a process of its own (an exit test, ``inOwnProcess(_:)``), and
/// takes its share like any other.
struct MachineShare: TestTrait, SuiteTrait, TestScoping {
  /// How many shares a test case takes (at most ``width``).
  var shares = 1
  /// Whether a `.serialized` suite takes its shares once, for all its tests in turn.
  var isHeldBySuite = false
  /// Whether the test case goes ahead of waiting tests that are not long (``Trait/runsLong``).
  var isLong = false
  /// Whether the test case mostly waits and takes half a share (``Trait/mostlyWaits``).
  var isLight = false

  /// The half shares the current task holds already (a heavier test inside a shared suite).
  @TaskLocal private static var held = 0

  /// How many shares there are: one test case of weight 1 per share may run at once.
  static let width: Int = {
    if let value = ProcessInfo.processInfo.environment["SWIFTVLC_TEST_WIDTH"],
      let width = Int(value), width > 0
    {
      return width
    }
    return max(2, 4 * ProcessInfo.processInfo.activeProcessorCount)
  }()

  /// Counts half shares: a test that mostly waits takes one.
  private static let gate = CountingGate(width: 2 * width)

  var isRecursive: Bool { true }

  /// Each test case takes its shares; a suite that holds its tests' shares takes them too.
  /// (Swift Testing's default for a recursive suite trait gives the suite itself no scope.)
  func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    test.isSuite ? (isHeldBySuite ? self : nil) : (testCase == nil ? nil : self)
  }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A test case takes its shares, none more when its suite holds them already.
    // A test takes all it needs (the most any of its traits asks) in whichever of its scopes
    // comes first: a test that held one share while queueing for more could deadlock with
    // another such test.
    let shares = test.traits.compactMap { $0 as? MachineShare }
    let needed =
      shares.contains(where: \.isLight)
      ? 1 : 2 * (shares.map { min($0.shares, Self.width) }.max() ?? 1)
    try await hold(needed, isLong: shares.contains(where: \.isLong), function)
  }

  /// Runs `function` holding `needed` half shares, taking those the task does not hold yet.
  private func hold(
    _ needed: Int, isLong: Bool, _ function: @Sendable () async throws -> Void
  ) async throws {
    let taking = max(0, needed - Self.held)
    await Self.gate.enter(taking, isLong: isLong)
    do {
      try await Self.$held.withValue(max(needed, Self.held), operation: function)
    } catch {
      await Self.gate.leave(taking)
      throw error
    }
    await Self.gate.leave(taking)
  }
}

extension Trait where Self == MachineShare {
  /// One share: at most ``MachineShare/width`` such test cases run at once.
  static var sharesTheMachine: Self { MachineShare() }

  /// `shares` shares, for a test case that keeps more than a core busy while it runs
  /// (encoding, decoding HD, a GTK window drawn in software, an X server): fewer others run
  /// beside it.
  static func sharesTheMachine(weight shares: Int) -> Self { MachineShare(shares: shares) }

  /// For a `.serialized` suite: takes `shares` before its first test and keeps them until its
  /// last one ends, so that its tests, which run one after the other anyway, do not queue
  /// again behind every other test between each other. Its tests may not ask for more (a test
  /// holding shares while queueing for more could deadlock with another).
  static func sharesTheMachineInTurn(weight shares: Int = 1) -> Self {
    MachineShare(shares: shares, isHeldBySuite: true)
  }

  /// For a test that holds its share for much longer than most (8 s or more in a parallel
  /// run): it goes ahead of the waiting tests that do not, so that it does not start last and
  /// end the run alone.
  static var runsLong: Self { MachineShare(isLong: true) }

  /// In place of ``sharesTheMachine``, for a suite or a test that spends most of its time
  /// waiting, not computing (on a server that holds back data, a timeout, a small clip playing
  /// in real time): each test case takes half a share, so twice as many run at once. Measured
  /// alone, such suites kept 0.1–0.2 of a core busy, against about half a core for others.
  static var mostlyWaits: Self { MachineShare(isLight: true) }
}

/// A counting semaphore for async code: first come, first served (long tests ahead of the
/// others), so a test waiting for several shares is not overtaken forever by tests that need
/// one.
private actor CountingGate {
  private var free: Int
  private var waiting:
    [(count: Int, isLong: Bool, continuation: CheckedContinuation<Void, Never>)] = []

  init(width: Int) { free = width }

  func enter(_ count: Int, isLong: Bool) async {
    guard count > 0 else { return }
    if waiting.isEmpty && free >= count {
      free -= count
      return
    }
    await withCheckedContinuation { continuation in
      let place =
        isLong ? (waiting.firstIndex { !$0.isLong } ?? waiting.endIndex) : waiting.endIndex
      waiting.insert((count, isLong, continuation), at: place)
    }
  }

  func leave(_ count: Int) {
    free += count
    while let first = waiting.first, free >= first.count {
      free -= first.count
      waiting.removeFirst().continuation.resume()
    }
  }
}
