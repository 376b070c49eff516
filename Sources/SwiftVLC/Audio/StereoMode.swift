// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// How the player maps the audio channels to a stereo output.
/// Maps `libvlc_audio_output_channel_t`, plus the two modes libVLC 3 accepts without naming
/// them in its header (headphones, mono).
public enum StereoMode: Int, Sendable, CaseIterable {
  /// Left to left, right to right (`libvlc_AudioChannel_Stereo`).
  case stereo = 1
  /// Left and right swapped (`libvlc_AudioChannel_RStereo`).
  case reverseStereo = 2
  /// The left channel on both sides (`libvlc_AudioChannel_Left`).
  case left = 3
  /// The right channel on both sides (`libvlc_AudioChannel_Right`).
  case right = 4
  /// Dolby Surround decoding of a matrix-encoded stereo source (`libvlc_AudioChannel_Dolbys`).
  case dolbySurround = 5
  /// A binaural downmix of surround sound for headphones (libVLC value 6).
  case headphones = 6
  /// Both channels mixed into one, played on both sides (libVLC value 7).
  case mono = 7
}
