// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// The audio-memory contexts installed on one native player, and the line between its
/// sessions that lets a stream receive only from sessions started after it was installed.
///
/// libVLC reads amem's callbacks whenever it creates an audio output, and a session creates
/// outputs on its decoder threads at any time: the first one when the first block is decoded
/// (after `Playing`), others at a track change or a format change. So callbacks installed
/// during a session can be called by that session. The line is libVLC's `MediaChanged`:
/// `libvlc_media_player_set_media` sends it after it has stopped and joined the previous input
/// (and with it every decoder and output) and before any next input exists, and every session
/// starts with a `set_media` (``Player/play(_:)``, a reconnect, a list player's item). So a
/// context installed before a `MediaChanged` and opened by it can only be called by sessions
/// started afterwards; until then it feeds nothing (see ``AudioCallbackContext``).
///
/// The list is the box of a `MediaChanged` listener on the native player; the contexts stay
/// here until the native player's release, after which libVLC can no longer call them.
final class AudioContextList: Sendable {
  private let contexts = Mutex<[AudioCallbackContext]>([])

  /// Keeps `context` until the native player's release. Call on the player's queue, before
  /// installing its callbacks.
  func add(_ context: AudioCallbackContext) {
    contexts.withLock { $0.append(context) }
  }

  /// Every context added so far.
  var all: [AudioCallbackContext] { contexts.withLock { $0 } }

  /// A media was set: no input of an earlier session is left, so every context added so far
  /// may feed its stream (or ends it, when another output replaced it). Runs in libVLC's event
  /// callback: takes locks briefly, never calls into libVLC, releases no libVLC object.
  fileprivate func mediaChanged() {
    contexts.withLock { contexts in
      for context in contexts { context.mediaChanged() }
    }
  }

  /// Listens for `MediaChanged` on `player` (a `libvlc_media_player_t` the caller keeps
  /// alive until the returned attachment is detached).
  func listen(to player: OpaquePointer) -> EventAttachment<AudioContextList> {
    EventAttachment(
      manager: libvlc_media_player_event_manager(player),
      types: [libvlc_MediaPlayerMediaChanged], box: self, callback: mediaChangedCallback)
  }
}

/// Runs on the thread that set the media (the player's queue or libVLC's list player), with
/// the event manager's lock held.
private func mediaChangedCallback(
  event: UnsafePointer<libvlc_event_t>?, context: UnsafeMutableRawPointer?
) {
  guard let context else { return }
  Unmanaged<AudioContextList>.fromOpaque(context).takeUnretainedValue().mediaChanged()
}
