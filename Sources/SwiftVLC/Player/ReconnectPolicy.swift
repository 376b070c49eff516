// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// How a ``Player`` reopens a live source that stalls, fails or ends (see
/// ``Player/reconnectPolicy``).
///
/// Attempt *n* (counting from 1) waits `initialDelay × multiplier^(n−1)`, at most `maxDelay`,
/// then reopens the media. The count starts again once the stream makes progress; after
/// `maxAttempts` attempts in a row without progress the session fails.
public struct ReconnectPolicy: Sendable, Equatable {
  /// How many reopen attempts in a row are tried before the session fails; 0 fails at once.
  public let maxAttempts: Int
  /// The wait before the first attempt.
  public let initialDelay: Duration
  /// The factor each later wait grows by (1 keeps it constant).
  public let multiplier: Double
  /// The longest wait between two attempts.
  public let maxDelay: Duration

  /// Creates a policy.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a negative attempt count or delay, a
  ///   multiplier that is not finite or is below 1, or `maxDelay < initialDelay`.
  public init(
    maxAttempts: Int = 5, initialDelay: Duration = .seconds(1), multiplier: Double = 2,
    maxDelay: Duration = .seconds(30)
  ) throws(VLCError) {
    guard maxAttempts >= 0 else { throw .invalidInput("maxAttempts \(maxAttempts) is negative") }
    guard initialDelay >= .zero else {
      throw .invalidInput("initialDelay \(formatSeconds(initialDelay, decimals: 3)) is negative")
    }
    guard multiplier.isFinite, multiplier >= 1 else {
      throw .invalidInput("multiplier \(multiplier) is not a finite number ≥ 1")
    }
    guard maxDelay >= initialDelay else {
      throw .invalidInput(
        "maxDelay \(formatSeconds(maxDelay, decimals: 3)) is shorter than initialDelay "
          + "\(formatSeconds(initialDelay, decimals: 3))")
    }
    self.maxAttempts = maxAttempts
    self.initialDelay = initialDelay
    self.multiplier = multiplier
    self.maxDelay = maxDelay
  }

  /// The wait before attempt `attempt` (1 for the first), capped at ``maxDelay``.
  public func delay(beforeAttempt attempt: Int) -> Duration {
    let initial = initialDelay.inSeconds
    let grown = initial * pow(multiplier, Double(max(attempt, 1) - 1))
    return grown >= maxDelay.inSeconds ? maxDelay : .seconds(grown)
  }
}
