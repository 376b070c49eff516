// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

extension Media {
  /// Runs `body` with the reference locks of `first` and `second` held (either may be `nil`
  /// or both the same media), taken in one global order so that two threads locking the same
  /// pair never wait for each other.
  ///
  /// libVLC 3 counts native media references with a plain `++`/`--`. Every native call that
  /// may retain or release a media that another thread could touch at the same time
  /// (`libvlc_media_player_set_media`, a native player's release) runs inside this; see
  /// `NativePlayer` for the rule.
  static func withNativeReferencesHeld<T>(
    _ first: Media?, _ second: Media?, _ body: () -> T
  ) -> T {
    let locks = [first, second].compactMap { $0 }
    switch locks.count {
    case 2 where locks[0] !== locks[1]:
      let ordered =
        ObjectIdentifier(locks[0]) < ObjectIdentifier(locks[1]) ? locks : locks.reversed()
      return ordered[0].references.withLock { _ in
        ordered[1].references.withLock { _ in body() }
      }
    case 0:
      return body()
    default:
      return locks[0].references.withLock { _ in body() }
    }
  }
}
