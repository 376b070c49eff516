// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

/// How many native media and players SwiftVLC has created and not yet released.
///
/// Each owner counts its object in when it takes the pointer and out when its release has
/// returned, so a leak of ours shows as a count that does not come back down once the owners
/// are gone and their releases have run. The lifecycle and stress tests read it: a
/// LeakSanitizer run cannot tell a forgotten `libvlc_media_release` from libVLC's own
/// process-lifetime allocations, which it must suppress inside libvlccore. Relaxed atomics:
/// a count, never a synchronization point.
enum NativeCensus {
  /// What is counted.
  enum Kind: Int, CaseIterable, Sendable {
    /// `libvlc_media_t`, owned by ``Media``.
    case media
    /// `libvlc_media_player_t`, owned by `NativePlayer`.
    case player
  }

  private static let media = Atomic<Int>(0)
  private static let players = Atomic<Int>(0)

  /// Counts a created object in.
  static func created(_ kind: Kind) {
    switch kind {
    case .media: media.add(1, ordering: .relaxed)
    case .player: players.add(1, ordering: .relaxed)
    }
  }

  /// Counts a released object out (after its release returned).
  static func released(_ kind: Kind) {
    switch kind {
    case .media: media.subtract(1, ordering: .relaxed)
    case .player: players.subtract(1, ordering: .relaxed)
    }
  }

  /// How many objects of `kind` are alive now.
  static func live(_ kind: Kind) -> Int {
    switch kind {
    case .media: media.load(ordering: .relaxed)
    case .player: players.load(ordering: .relaxed)
    }
  }
}
