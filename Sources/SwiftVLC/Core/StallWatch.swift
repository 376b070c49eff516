// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Whether something that should move has stopped moving: the one stall watch, fed a reading
/// (time, byte counters, …) on each tick, with the time of the tick.
///
/// The first reading is the baseline; a reading that differs from the one before is progress.
/// A stall is reported once, when no reading differed for `limit` since the watch started, the
/// last progress or the last ``hold(at:)``; the next progress reports the recovery. A value:
/// no clock is read, so a test drives it with made-up instants.
struct StallWatch<Reading: Equatable & Sendable>: Sendable, Equatable {
  /// What one reading meant.
  enum Verdict: Equatable, Sendable {
    /// The reading moved; `recovered` when a stall had been reported before.
    case progressed(recovered: Bool)
    /// Nothing moved, and no stall (or one already reported).
    case steady
    /// Nothing moved for the limit: reported once per stall.
    case stalled
  }

  private(set) var lastReading: Reading?
  private(set) var lastProgress: ContinuousClock.Instant
  /// Whether the current stall was reported.
  private(set) var isStalled = false

  /// A watch counting from `start`.
  init(since start: ContinuousClock.Instant) {
    lastProgress = start
  }

  /// Takes the reading of a tick at `now`; `limit` `nil` never stalls.
  mutating func observe(_ reading: Reading, at now: ContinuousClock.Instant, limit: Duration?)
    -> Verdict
  {
    let previous = lastReading
    lastReading = reading
    if let previous, previous != reading {
      let recovered = isStalled
      isStalled = false
      lastProgress = now
      return .progressed(recovered: recovered)
    }
    guard !isStalled, let limit, now - lastProgress >= limit else { return .steady }
    isStalled = true
    return .stalled
  }

  /// Counts from `now` again, as if the reading had moved: while nothing is expected to move
  /// (a pause), no stall is counted.
  mutating func hold(at now: ContinuousClock.Instant) {
    lastProgress = now
  }

  /// Counts from `now` again with no baseline (the next reading is one), keeping a stall that
  /// was reported: after a resume, the readings of before the pause do not count.
  mutating func restart(at now: ContinuousClock.Instant) {
    lastProgress = now
    lastReading = nil
  }
}

extension Duration {
  /// The shortest stall limit a player or a recording takes: 0.5 s.
  static let shortestStallLimit = Duration.milliseconds(500)
}
