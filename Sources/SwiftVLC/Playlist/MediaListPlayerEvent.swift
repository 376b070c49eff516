// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Something a ``MediaListPlayer`` did, as delivered by ``MediaListPlayer/events``.
public enum MediaListPlayerEvent: Sendable, Equatable {
  /// An item started playing: its index in the list, or `nil` when it is no longer in the
  /// list.
  case itemStarted(index: Int?)
  /// The last item ended and nothing follows (``PlaybackMode/default``).
  case listEnded
  /// ``MediaListPlayer/stop()`` stopped playback.
  case stopped
}
