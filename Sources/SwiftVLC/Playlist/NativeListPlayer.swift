// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// A native list player event, copied out of the C callback.
enum NativeListEvent: Sendable {
  case played
  case stopped
}

/// Owns one `libvlc_media_list_player_t` and its event listeners.
///
/// Released on the driving player's queue (see ``MediaListPlayer``'s deinit): libVLC's release
/// joins the list player's thread, which may be changing items.
final class NativeListPlayer: Sendable {
  nonisolated(unsafe) let pointer: OpaquePointer  // owned: released in deinit, never reassigned
  let broadcaster = Broadcaster<NativeListEvent>()
  private let attachment: EventAttachment<Broadcaster<NativeListEvent>>

  init(instance: VLCInstance, player: NativePlayer, list: MediaList) {
    guard let pointer = libvlc_media_list_player_new(instance.pointer) else {
      fatalError("SwiftVLC: libvlc_media_list_player_new failed (out of memory)")
    }
    self.pointer = pointer
    libvlc_media_list_player_set_media_player(pointer, player.pointer)
    libvlc_media_list_player_set_media_list(pointer, list.pointer)
    attachment = EventAttachment(
      manager: libvlc_media_list_player_event_manager(pointer),
      types: [libvlc_MediaListPlayerPlayed, libvlc_MediaListPlayerStopped], box: broadcaster,
      callback: listPlayerEventCallback)
  }

  deinit {
    invalidate()
    libvlc_media_list_player_release(pointer)
  }

  /// Plays item `index` of `list`, unless the list has shrunk since it was checked (libVLC 3
  /// would then replay the previous media). No change to the list can come between the check
  /// and the jump, which reads the list unlocked. Runs on the player's queue, where the player
  /// was stopped just before, so the jump does not wait for an input to close. Returns whether
  /// the item was still in the list (libVLC was asked to jump).
  func playItem(at index: Int, of list: MediaList, on player: OpaquePointer) -> Bool {
    list.withChangesHeld {
      // No change can run meanwhile, so the Swift items match the native list.
      guard index < list.count else { return false }
      // Its result is no answer: libVLC 3.0.24 returns -1 for items it does play.
      _ = libvlc_media_list_player_play_item_at_index(pointer, Int32(index))
      return true
    }
  }

  /// Detaches the listeners and ends the event stream. Idempotent.
  func invalidate() {
    attachment.detach()
    broadcaster.terminate()
  }
}

/// Maps a list player event and broadcasts it. Runs on libVLC's threads, inside the list
/// player's lock: it must not call into libVLC or wait.
private func listPlayerEventCallback(
  event: UnsafePointer<libvlc_event_t>?, context: UnsafeMutableRawPointer?
) {
  guard let event, let context else { return }
  let broadcaster = Unmanaged<Broadcaster<NativeListEvent>>.fromOpaque(context)
    .takeUnretainedValue()
  switch libvlc_event_e(rawValue: UInt32(bitPattern: event.pointee.type)) {
  case libvlc_MediaListPlayerPlayed:
    broadcaster.broadcast(.played)
  case libvlc_MediaListPlayerStopped:
    broadcaster.broadcast(.stopped)
  default:
    break
  }
}
