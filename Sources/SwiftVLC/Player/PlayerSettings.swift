// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// Everything a ``Player`` has asked of its native player that outlives a session, as one
/// value: volume, mute, rate, delays, the audio output, device, role, equalizer and stereo
/// mode, the video target, picture settings, overlays (marquee, logo, adjustments), teletext,
/// renderer and window input. Each field is `nil` until the player set it (a fresh native
/// player then keeps libVLC's default); a double optional's `.some(nil)` is a setting turned
/// off. A fresh native player gets them all in one call, ``apply(to:)``, which is what lets a
/// player replace a native player that libVLC cannot stop; a test compares the value.
///
/// Per-session choices (tracks, chapters, a seek) are not settings: they belong to the media.
/// libVLC 3 forgets some settings when it opens a new output; the player applies those again
/// from this value (``Setting/input`` when an input opens, ``Setting/overlays`` when a video
/// output does, the stereo mode and the device when an audio output does), through the same
/// ``apply(_:to:)``.
struct PlayerSettings: Equatable, Sendable {
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
    case audioOutput, role, volume, mute, rate, audioDelay, subtitleDelay, equalizer
    case stereoMode, audioDevice
    case videoTarget, aspectRatio, crop, scale, deinterlace, viewpoint, teletextPage
    case marquee, logo, adjustments
    case renderer, keyInput, mouseInput, fullscreen

    /// What libVLC 3 only enables on an open video output: applied again on each.
    static let overlays: [Setting] = [.marquee, .logo, .adjustments]
    /// What libVLC 3 keeps on the input, and resets with each media: applied again on each.
    static let input: [Setting] = [.audioDelay, .subtitleDelay]
  }

  var audioOutput: AudioOutput?
  var role: PlayerRole?
  /// The requested volume, 0…2 (1 is 100 %).
  var volume: Float?
  var isMuted: Bool?
  var rate: Float?
  /// Microseconds.
  var audioDelay: Int64?
  /// Microseconds.
  var subtitleDelay: Int64?
  /// The values of the attached ``Equalizer``; `.some(nil)` turns the equalizer off.
  var equalizer: EqualizerSettings??
  var stereoMode: StereoMode?
  /// The device of the audio output (an identifier from ``Player/audioDevices()``).
  var audioDevice: String?
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
  /// `.some(nil)` removes the marquee.
  var marquee: Marquee??
  /// `.some(nil)` removes the logo.
  var logo: Logo??
  /// `.some(nil)` turns adjusting off.
  var adjustments: VideoAdjustments??
  /// `.some(nil)` renders locally.
  var renderer: Same<RendererItem>??
  var keyInput: Bool?
  var mouseInput: Bool?
  var fullscreen: Bool?

  /// The stereo mode to keep on libVLC's audio output: the requested one, stereo while a
  /// sample stream maps the channels itself, and none until the sample stream's output has
  /// opened (see ``Player/setStereoMode(_:)``).
  var nativeStereoMode: StereoMode? {
    guard let stereoMode else { return nil }
    guard case .memory(let context) = audioOutput else { return stereoMode }
    switch context.object.stereoMapping {
    case .pending: return nil
    case .samples: return .stereo
    case .libVLC: return stereoMode
    }
  }

  /// Applies every setting made to `native`, in ``Setting`` order. Runs on its queue.
  func apply(to native: NativePlayer) {
    apply(Setting.allCases, to: native)
  }

  /// Applies `settings`, each when made, to `native`. Runs on its queue.
  func apply(_ settings: [Setting], to native: NativePlayer) {
    for setting in settings { apply(setting, to: native) }
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
    case .role: if let role { libvlc_media_player_set_role(player, UInt32(role.rawValue)) }
    case .volume:
      if let volume { libvlc_audio_set_volume(player, Int32((volume * 100).rounded())) }
    case .mute: if let isMuted { libvlc_audio_set_mute(player, isMuted ? 1 : 0) }
    case .rate: if let rate { libvlc_media_player_set_rate(player, rate) }
    case .audioDelay: if let audioDelay { libvlc_audio_set_delay(player, audioDelay) }
    case .subtitleDelay: if let subtitleDelay { libvlc_video_set_spu_delay(player, subtitleDelay) }
    case .equalizer: if let equalizer { Self.apply(equalizer, to: player) }
    case .stereoMode: if let mode = nativeStereoMode { Self.apply(mode, to: player) }
    case .audioDevice: if let audioDevice { _ = Self.move(to: audioDevice, on: player) }
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
    case .marquee: if let marquee { Self.apply(marquee, to: player) }
    case .logo: if let logo { Self.apply(logo, to: player) }
    case .adjustments: if let adjustments { Self.apply(adjustments, to: player) }
    case .renderer:
      // libVLC 3 holds the item itself and always returns 0.
      if let renderer { _ = libvlc_media_player_set_renderer(player, renderer?.object.pointer) }
    case .keyInput: if let keyInput { libvlc_video_set_key_input(player, keyInput ? 1 : 0) }
    case .mouseInput: if let mouseInput { libvlc_video_set_mouse_input(player, mouseInput ? 1 : 0) }
    case .fullscreen: if let fullscreen { libvlc_set_fullscreen(player, fullscreen ? 1 : 0) }
    }
  }

  /// Returns whether the audio output already uses `device`; asks it to move there when not.
  /// Does nothing without an output (libVLC 3 keeps no device for the next one).
  static func move(to device: String, on player: OpaquePointer) -> Bool {
    let current = libvlc_audio_output_device_get(player)
    defer { libvlc_free(current) }
    if current.map({ String(cString: $0) }) == device { return true }
    libvlc_audio_output_device_set(player, nil, device)
    return false
  }
}

/// An object compared by identity, so that a value holding it can be compared.
struct Same<Object: AnyObject & Sendable>: Equatable, Sendable {
  let object: Object

  init(_ object: Object) { self.object = object }

  static func == (lhs: Same, rhs: Same) -> Bool { lhs.object === rhs.object }
}
