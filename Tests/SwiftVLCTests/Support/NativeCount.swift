// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Testing

@testable import SwiftVLC

/// The native media and players alive at one moment (``NativeCensus``): what the lifecycle
/// and stress tests compare before and after their cycles, so that a native object we forget
/// to release shows, wherever libVLC allocated it.
struct NativeCount: Equatable, CustomStringConvertible {
  var media: Int
  var players: Int

  /// The counts now.
  static func now() -> NativeCount {
    NativeCount(media: NativeCensus.live(.media), players: NativeCensus.live(.player))
  }

  var description: String { "\(media) media, \(players) players" }
}

/// Waits (at most 20 s: dropped objects release on queues, a busy machine's later) until the
/// native objects alive are no more than `before`, and fails the test naming both counts when
/// they are not.
func expectNativeObjectsReleased(since before: NativeCount, over what: String) async throws {
  do {
    try await waitUntil("native objects released", within: .seconds(20)) {
      let now = NativeCount.now()
      return now.media <= before.media && now.players <= before.players
    }
  } catch {
    Issue.record("over \(what) the native objects went from \(before) to \(NativeCount.now())")
  }
}
