// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Where a ``Player`` shows its video. Set with ``Player/setVideoOutput(_:)``; decoded frames
/// delivered to Swift come from ``Player/videoFrames(format:width:height:buffering:)`` instead.
public enum VideoOutput: Sendable, Hashable {
  /// libVLC opens its own window when a display is available (`DISPLAY` or `WAYLAND_DISPLAY`
  /// is set); without one this behaves like ``none``, never libVLC's terminal ASCII-art output.
  case automatic
  /// Decode the video and show nothing (video time, snapshots and events still work).
  case none
  /// Draw into an existing X11 window, given by its XID. The window must stay alive while the
  /// player uses it; an application that also calls Xlib must call `XInitThreads()` first.
  ///
  /// libVLC 3 reaches the window through the X server that the `DISPLAY` environment
  /// variable names (its `--x11-display` option applies only to a window of its own), so the
  /// window must belong to that server; ``Player/setVideoOutput(_:)`` refuses this output
  /// while `DISPLAY` is unset. libVLC draws into the window itself and selects its pointer
  /// moves, and by default its key and button presses: see ``Player/setKeyInput(_:)`` and
  /// ``Player/setMouseInput(_:)`` for an application that wants those. Maps
  /// `libvlc_media_player_set_xwindow`.
  case xWindow(UInt32)
}
