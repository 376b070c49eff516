// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// How hard the stress and hostile-media suites push: the normal suite runs the short form;
/// `SWIFTVLC_STRESS=long` (set by `make sanitize`) multiplies the iteration counts.
enum StressLevel {
  /// The factor applied to every iteration count: 1, or 5 with `SWIFTVLC_STRESS=long`.
  static let factor = ProcessInfo.processInfo.environment["SWIFTVLC_STRESS"] == "long" ? 5 : 1

  /// Whether the tests run under ThreadSanitizer or AddressSanitizer (`make sanitize`).
  static let underSanitizer = ProcessInfo.processInfo.environment["SWIFTVLC_SANITIZER"] != nil

  /// Whether the tests run under ThreadSanitizer. libVLC ends some threads with
  /// `pthread_cancel` while they wait in `poll` (SAP discovery, the stream output's HTTP
  /// server, the X11 output's event thread); ThreadSanitizer cannot follow that and aborts the
  /// process ("thread finished with ignores enabled"), so the tests that start them are
  /// skipped.
  static let underThreadSanitizer =
    ProcessInfo.processInfo.environment["SWIFTVLC_SANITIZER"] == "thread"

  /// `count` iterations, scaled by ``factor``.
  static func iterations(_ count: Int) -> Int { count * factor }
}

/// A small deterministic random generator (SplitMix64), so that every run draws the same
/// delays, offsets and bytes from the same seed.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
