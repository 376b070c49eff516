// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

extension Player {
  /// Ends the current session and lets a list player open the next one: `start` runs on the
  /// player's queue after the stop, once the new session's generation is in place, so the
  /// list player's `set_media` reaches ``adoptSession(of:)``. `makeStart` is called after a
  /// stuck stop's native player has been replaced (which rebinds the list player), so the
  /// call it returns drives the native list player that drives the current native player.
  /// `start` returns whether it opened an item; when not, the session ends stopped.
  func beginListSession(
    _ makeStart: () -> @Sendable (OpaquePointer) -> Bool
  ) {
    feed(.handOver)  // replaces a native player that a stop left stuck
    let start = makeStart()
    let session = generation
    let box = bridge.box
    let native = self.native
    native.interruptAudioWait()
    native.async { player in
      // Stopped here, interrupting a custom input, rather than inside libVLC's item change:
      // the old session's events then carry the old generation.
      native.stopInterruptingInput()
      box.generation.store(session, ordering: .releasing)
      guard !start(player) else { return }
      Task { @MainActor [weak self] in self?.feed(.handOverFailed(session)) }
    }
  }
}
