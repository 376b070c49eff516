// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// What a player is for, as reported to the sound server (PulseAudio uses it to route and to
/// duck streams). Maps `libvlc_media_player_role_t`.
public enum PlayerRole: Int, Sendable, CaseIterable {
  /// No particular role (`libvlc_role_None`).
  case none = 0
  /// Music or radio (`libvlc_role_Music`).
  case music
  /// Video, libVLC's default (`libvlc_role_Video`).
  case video
  /// Speech or real-time communication (`libvlc_role_Communication`).
  case communication
  /// A game (`libvlc_role_Game`).
  case game
  /// Feedback for a user action (`libvlc_role_Notification`).
  case notification
  /// An embedded animation (`libvlc_role_Animation`).
  case animation
  /// Audio editing or production (`libvlc_role_Production`).
  case production
  /// Accessibility (`libvlc_role_Accessibility`).
  case accessibility
  /// Testing (`libvlc_role_Test`).
  case test
}
