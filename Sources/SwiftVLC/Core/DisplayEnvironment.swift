// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Which display servers the environment names: the one reading of `DISPLAY` and
/// `WAYLAND_DISPLAY` (an unset and an empty variable both mean none). Reads the environment
/// once, when made; does not connect to any server.
package struct DisplayEnvironment: Sendable, Equatable {
  /// Whether `DISPLAY` names an X server (where libVLC 3 embeds into an X11 window, and
  /// VA-API and VDPAU find an X display).
  package var hasX11: Bool
  /// Whether `WAYLAND_DISPLAY` names a compositor.
  package var hasWayland: Bool

  /// Whether either server is named: video can go to a window.
  package var hasAny: Bool { hasX11 || hasWayland }

  /// The display servers `environment` names (by default the process's).
  package init(_ environment: [String: String] = ProcessInfo.processInfo.environment) {
    hasX11 = !(environment["DISPLAY"] ?? "").isEmpty
    hasWayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
  }
}
