internal import CLibVLC

extension Player {
  /// Whether libVLC's video window handles key presses (its hotkeys: space pauses, f toggles
  /// fullscreen, …). Turn it off when the application embeds the video
  /// (``VideoOutput/xWindow(_:)``) and wants the keys itself: on X11 only one client may
  /// receive a window's key presses. Default `true`; kept across media. Applies to the next
  /// video output. Maps `libvlc_video_set_key_input`.
  public func setKeyInput(_ enabled: Bool) {
    setNative(.keyInput) { libvlc_video_set_key_input($0, enabled ? 1 : 0) }
  }

  /// Whether libVLC's video window handles mouse clicks (DVD menu buttons, a double click
  /// toggling fullscreen). Turn it off when the application embeds the video and wants the
  /// clicks itself. libVLC 3 keeps tracking the pointer's moves either way
  /// (``cursorPosition()`` works with it off). Default `true`; kept across media. Applies to
  /// the next video output. Maps `libvlc_video_set_mouse_input`.
  public func setMouseInput(_ enabled: Bool) {
    setNative(.mouseInput) { libvlc_video_set_mouse_input($0, enabled ? 1 : 0) }
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
    setNative(.fullscreen) { libvlc_set_fullscreen($0, fullscreen ? 1 : 0) }
  }

  /// Whether libVLC's fullscreen flag is set, as libVLC reads it. Reads on the player's
  /// queue. Maps `libvlc_get_fullscreen`.
  public func isFullscreen() async -> Bool {
    await native.run { libvlc_get_fullscreen($0) != 0 }
  }
}
