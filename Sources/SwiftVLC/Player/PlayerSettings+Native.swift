// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// The native calls of the ``PlayerSettings`` that take more than one call. Each runs on the
/// native player's queue.
extension PlayerSettings {
  /// Sets the equalizer, or turns it off with `nil`. A libVLC equalizer is built for the call
  /// and released after it: libVLC copies the values.
  static func apply(_ equalizer: EqualizerSettings?, to player: OpaquePointer) {
    guard let equalizer else {
      libvlc_media_player_set_equalizer(player, nil)
      return
    }
    guard let native = libvlc_audio_equalizer_new() else { return }
    defer { libvlc_audio_equalizer_release(native) }
    libvlc_audio_equalizer_set_preamp(native, equalizer.preamp)
    for (band, gain) in equalizer.gains.enumerated() {
      libvlc_audio_equalizer_set_amp_at_index(native, gain, UInt32(band))
    }
    libvlc_media_player_set_equalizer(player, native)
  }

  /// Sets `mode` on the player's output unless it has it: setting restarts the output's
  /// stream. The output reads -1 while there is none, and 0 before its stream starts or for
  /// a surround stream's "original"; a mode set then applies from the stream's start.
  static func apply(_ mode: StereoMode, to player: OpaquePointer) {
    let current = libvlc_audio_get_channel(player)
    if current >= 0, current != Int32(mode.rawValue) {
      libvlc_audio_set_channel(player, Int32(mode.rawValue))
    }
  }

  /// Points a 360° view, angles clamped to their ranges.
  static func apply(_ viewpoint: Viewpoint, to player: OpaquePointer) {
    guard let native = libvlc_video_new_viewpoint() else { return }
    defer { libvlc_free(native) }
    native.pointee.f_yaw = min(max(viewpoint.yaw, -180), 180)
    native.pointee.f_pitch = min(max(viewpoint.pitch, -90), 90)
    native.pointee.f_roll = min(max(viewpoint.roll, -180), 180)
    native.pointee.f_field_of_view = min(max(viewpoint.fieldOfView, 1), 179)
    libvlc_video_update_viewpoint(player, native, true)
  }

  /// Shows the marquee, or removes it with `nil`.
  static func apply(_ marquee: Marquee?, to player: OpaquePointer) {
    guard let marquee else {
      libvlc_video_set_marquee_int(player, libvlc_marquee_Enable.rawValue, 0)
      return
    }
    libvlc_video_set_marquee_string(player, libvlc_marquee_Text.rawValue, marquee.text)
    let values: [(libvlc_video_marquee_option_t, Int32)] = [
      (libvlc_marquee_Color, Int32(marquee.color & 0xFF_FFFF)),
      (libvlc_marquee_Opacity, opacityByte(marquee.opacity)),
      (libvlc_marquee_Position, marquee.position.native),
      (libvlc_marquee_X, Int32(clamping: marquee.x)),
      (libvlc_marquee_Y, Int32(clamping: marquee.y)),
      (libvlc_marquee_Size, Int32(clamping: marquee.size)),
      (libvlc_marquee_Timeout, Int32(clamping: marquee.timeout?.milliseconds ?? 0)),
      (libvlc_marquee_Enable, 1),
    ]
    for (option, value) in values {
      libvlc_video_set_marquee_int(player, option.rawValue, value)
    }
  }

  /// Shows the logo, or removes it with `nil`.
  static func apply(_ logo: Logo?, to player: OpaquePointer) {
    guard let logo else {
      libvlc_video_set_logo_int(player, libvlc_logo_enable.rawValue, 0)
      return
    }
    libvlc_video_set_logo_string(player, libvlc_logo_file.rawValue, logo.path)
    let values: [(libvlc_video_logo_option_t, Int32)] = [
      (libvlc_logo_x, Int32(clamping: logo.x)),
      (libvlc_logo_y, Int32(clamping: logo.y)),
      (libvlc_logo_opacity, opacityByte(logo.opacity)),
      (libvlc_logo_position, logo.position.native),
      (libvlc_logo_enable, 1),
    ]
    for (option, value) in values {
      libvlc_video_set_logo_int(player, option.rawValue, value)
    }
  }

  /// Adjusts the picture, or turns adjusting off with `nil`.
  static func apply(_ adjustments: VideoAdjustments?, to player: OpaquePointer) {
    guard let adjustments else {
      libvlc_video_set_adjust_int(player, libvlc_adjust_Enable.rawValue, 0)
      return
    }
    // Hue is a float in libVLC 3; its int setter fails.
    let values: [(libvlc_video_adjust_option_t, Float)] = [
      (libvlc_adjust_Brightness, adjustments.brightness),
      (libvlc_adjust_Contrast, adjustments.contrast),
      (libvlc_adjust_Hue, adjustments.hue),
      (libvlc_adjust_Saturation, adjustments.saturation),
      (libvlc_adjust_Gamma, adjustments.gamma),
    ]
    libvlc_video_set_adjust_int(player, libvlc_adjust_Enable.rawValue, 1)
    for (option, value) in values {
      libvlc_video_set_adjust_float(player, option.rawValue, value)
    }
  }

  /// An opacity of 0…1 (clamped) as libVLC's 0…255.
  private static func opacityByte(_ opacity: Double) -> Int32 {
    Int32((min(max(opacity, 0), 1) * 255).rounded())
  }
}
