// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// How a ``MediaListPlayer`` moves on when an item ends. Maps `libvlc_playback_mode_t`.
public enum PlaybackMode: Sendable, Equatable, CaseIterable {
  /// Plays the list once, in order (`libvlc_playback_mode_default`).
  case `default`
  /// Plays the list in order and starts over after the last item (`libvlc_playback_mode_loop`).
  case loop
  /// Plays the current item again and again (`libvlc_playback_mode_repeat`).
  case `repeat`

  var native: libvlc_playback_mode_t {
    switch self {
    case .default: libvlc_playback_mode_default
    case .loop: libvlc_playback_mode_loop
    case .repeat: libvlc_playback_mode_repeat
    }
  }
}
