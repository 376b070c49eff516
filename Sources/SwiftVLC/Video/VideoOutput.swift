/// Where a ``Player`` shows its video. Set with ``Player/setVideoOutput(_:)``; decoded frames
/// delivered to Swift come from ``Player/videoFrames(format:width:height:)`` instead.
public enum VideoOutput: Sendable, Hashable {
  /// libVLC opens its own window when a display is available (`DISPLAY` or `WAYLAND_DISPLAY`
  /// is set); without one this behaves like ``none``, never libVLC's terminal ASCII-art output.
  case automatic
  /// Decode the video and show nothing (video time, snapshots and events still work).
  case none
  /// Draw into an existing X11 window, given by its XID. The window must stay alive while the
  /// player uses it; an application that also calls Xlib must call `XInitThreads()` first.
  /// Maps `libvlc_media_player_set_xwindow`.
  case xWindow(UInt32)
}

/// The player's video settings, kept in Swift because libVLC 3 forgets or misreports them.
struct VideoState {
  /// The sink receiving decoded frames, when frames (or ``VideoOutput/none``) are the output.
  var frameSink: FrameSink?
  var marquee: Marquee?
  var logo: Logo?
  var adjustments: VideoAdjustments?
}
