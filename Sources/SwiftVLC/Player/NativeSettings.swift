internal import CLibVLC

/// Everything a ``Player`` has asked of its native player that outlives a session, as one
/// value: each field is `nil` until the player set it (then a fresh native player keeps
/// libVLC's default). A fresh native player gets them all in one place, ``apply(to:)``, which
/// is what lets a player replace a native player that libVLC cannot stop; a test compares the
/// value.
///
/// Per-session choices (tracks, chapters, a seek) are not settings: they belong to the media.
/// Overlays and the equalizer are kept by their own state (``VideoState``, ``Equalizer``),
/// which libVLC needs applied again on every video output or player.
struct NativeSettings: Equatable, Sendable {
  /// Where audio goes, when the player chose.
  enum AudioOutput: Equatable, Sendable {
    /// An output module by name (`libvlc_audio_output_set`).
    case module(String)
    /// The memory output of a sample stream, or the paced null output.
    case memory(Same<AudioCallbackContext>)
  }

  /// Where video goes, when the player chose.
  enum VideoTarget: Equatable, Sendable {
    /// An X11 window.
    case window(UInt32)
    /// The memory output that feeds a frame sink.
    case memory(Same<FrameSink>)
  }

  /// One setting, in the order ``apply(to:)`` applies them.
  enum Setting: CaseIterable {
    case audioOutput, role, volume, mute, rate, audioDelay, subtitleDelay
    case videoTarget, aspectRatio, crop, scale, deinterlace, viewpoint, teletextPage
    case renderer, keyInput, mouseInput, fullscreen
  }

  var audioOutput: AudioOutput?
  /// `libvlc_media_player_role` raw value.
  var role: UInt32?
  /// Percent, 0…200.
  var volume: Int32?
  var isMuted: Bool?
  var rate: Float?
  /// Microseconds.
  var audioDelay: Int64?
  /// Microseconds.
  var subtitleDelay: Int64?
  var videoTarget: VideoTarget?
  /// `.some(nil)` restores the source's.
  var aspectRatio: String??
  /// `.some(nil)` removes cropping.
  var crop: String??
  var scale: Float?
  /// `.some(nil)` turns deinterlacing off.
  var deinterlace: String??
  var viewpoint: Viewpoint?
  var teletextPage: Int32?
  /// `.some(nil)` renders locally.
  var renderer: Same<RendererItem>??
  var keyInput: Bool?
  var mouseInput: Bool?
  var fullscreen: Bool?

  /// Applies every setting made to `native`, in ``Setting`` order. Runs on its queue.
  func apply(to native: NativePlayer) {
    for setting in Setting.allCases { apply(setting, to: native) }
  }

  /// Applies `setting`, when made, to `native`. Runs on its queue.
  func apply(_ setting: Setting, to native: NativePlayer) {
    let player = native.pointer
    switch setting {
    case .audioOutput:
      switch audioOutput {
      case .module(let name): libvlc_audio_output_set(player, name)
      case .memory(let context): native.useAudioMemory(context.object)
      case nil: break
      }
    case .role: if let role { libvlc_media_player_set_role(player, role) }
    case .volume: if let volume { libvlc_audio_set_volume(player, volume) }
    case .mute: if let isMuted { libvlc_audio_set_mute(player, isMuted ? 1 : 0) }
    case .rate: if let rate { libvlc_media_player_set_rate(player, rate) }
    case .audioDelay: if let audioDelay { libvlc_audio_set_delay(player, audioDelay) }
    case .subtitleDelay: if let subtitleDelay { libvlc_video_set_spu_delay(player, subtitleDelay) }
    case .videoTarget:
      switch videoTarget {
      case .window(let window):
        native.video.setTarget(nil)
        libvlc_media_player_set_xwindow(player, window)
      case .memory(let sink):
        native.video.setTarget(sink.object)
        native.useVideoMemory()
      case nil: break
      }
    case .aspectRatio: if let aspectRatio { libvlc_video_set_aspect_ratio(player, aspectRatio) }
    case .crop: if let crop { libvlc_video_set_crop_geometry(player, crop) }
    case .scale: if let scale { libvlc_video_set_scale(player, scale) }
    case .deinterlace: if let deinterlace { libvlc_video_set_deinterlace(player, deinterlace) }
    case .viewpoint: if let viewpoint { Self.apply(viewpoint, to: player) }
    case .teletextPage: if let teletextPage { libvlc_video_set_teletext(player, teletextPage) }
    case .renderer:
      // libVLC 3 holds the item itself and always returns 0.
      if let renderer { _ = libvlc_media_player_set_renderer(player, renderer?.object.pointer) }
    case .keyInput: if let keyInput { libvlc_video_set_key_input(player, keyInput ? 1 : 0) }
    case .mouseInput: if let mouseInput { libvlc_video_set_mouse_input(player, mouseInput ? 1 : 0) }
    case .fullscreen: if let fullscreen { libvlc_set_fullscreen(player, fullscreen ? 1 : 0) }
    }
  }

  /// Points a 360° view, angles clamped to their ranges.
  private static func apply(_ viewpoint: Viewpoint, to player: OpaquePointer) {
    guard let native = libvlc_video_new_viewpoint() else { return }
    defer { libvlc_free(native) }
    native.pointee.f_yaw = min(max(viewpoint.yaw, -180), 180)
    native.pointee.f_pitch = min(max(viewpoint.pitch, -90), 90)
    native.pointee.f_roll = min(max(viewpoint.roll, -180), 180)
    native.pointee.f_field_of_view = min(max(viewpoint.fieldOfView, 1), 179)
    libvlc_video_update_viewpoint(player, native, true)
  }
}

/// An object compared by identity, so that a value holding it can be compared.
struct Same<Object: AnyObject & Sendable>: Equatable, Sendable {
  let object: Object

  init(_ object: Object) { self.object = object }

  static func == (lhs: Same, rhs: Same) -> Bool { lhs.object === rhs.object }
}
