// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

extension Player {
  /// Whether libVLC's video window takes key presses.
  ///
  /// On (the default), libVLC's X11 window selects the key presses of the window it draws
  /// in (with ``VideoOutput/xWindow(_:)``, the application's own window) and turns them into
  /// its hotkey events, which a libVLC program acts on only if it loads VLC's hotkeys
  /// interface. X11 lets several clients select key presses, so the application gets them
  /// either way; off, libVLC selects none and handles none. Kept across media; applies when
  /// the next video output opens. Maps `libvlc_video_set_key_input`.
  public func setKeyInput(_ enabled: Bool) {
    setNative(.keyInput) { $0.keyInput = enabled }
  }

  /// Whether libVLC's video window takes mouse clicks (DVD menu buttons, a double click
  /// toggling fullscreen).
  ///
  /// On (the default), libVLC's X11 window selects the button presses of the window it draws
  /// in. X11 lets only one client select a window's button presses, so an application that
  /// embeds the video (``VideoOutput/xWindow(_:)``) and wants clicks on that window turns
  /// this off before playing; otherwise its own selection fails (`BadAccess`) and it gets no
  /// clicks. libVLC 3 tracks the pointer's moves either way (``cursorPosition()`` works with
  /// it off). Kept across media; applies when the next video output opens. Maps
  /// `libvlc_video_set_mouse_input`.
  public func setMouseInput(_ enabled: Bool) {
    setNative(.mouseInput) { $0.mouseInput = enabled }
  }

  /// The mouse pointer's position over the video, in the decoded picture's pixels (not the
  /// screen's), or `nil` with no video output. Either coordinate can be negative or beyond
  /// the picture when the pointer is outside it; libVLC stops tracking the pointer when it
  /// leaves the video window, so the value is then the last one seen. Reads on the player's
  /// queue. Maps `libvlc_video_get_cursor`.
  public func cursorPosition() async -> (x: Int, y: Int)? {
    await native.run { player -> (x: Int, y: Int)? in
      var x: Int32 = 0
      var y: Int32 = 0
      guard libvlc_video_get_cursor(player, 0, &x, &y) == 0 else { return nil }
      return (Int(x), Int(y))
    }
  }

  /// Makes libVLC's own video window (``VideoOutput/automatic``) fill the screen, or leaves
  /// fullscreen. Kept across media. libVLC asks the window manager for it
  /// (`_NET_WM_STATE_FULLSCREEN` on X11), so without one nothing changes on screen; an
  /// embedded window (``VideoOutput/xWindow(_:)``) must be made fullscreen by the
  /// application. Maps `libvlc_set_fullscreen`.
  public func setFullscreen(_ fullscreen: Bool) {
    setNative(.fullscreen) { $0.fullscreen = fullscreen }
  }

  /// Whether libVLC's fullscreen flag is set, as libVLC reads it. Reads on the player's
  /// queue. Maps `libvlc_get_fullscreen`.
  public func isFullscreen() async -> Bool {
    await native.run { libvlc_get_fullscreen($0) != 0 }
  }
}
