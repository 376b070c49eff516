// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Whether libVLC's desktop keystores (libsecret's Secret Service, KWallet) can answer a
/// look-up for saved passwords, or would only make a login wait.
///
/// libVLC 3 looks for saved credentials before it asks for a login, with every keystore
/// module in turn. Its `secret` module (libsecret) asks D-Bus for `org.freedesktop.secrets`;
/// where no program provides that name, D-Bus tries to start one and libsecret waits about
/// 5 s for it, twice per HTTP source (the `https` module, then the `http` one): a
/// password-protected source with no login to give fails after 10 s instead of at once.
enum DesktopKeystore {
  /// The D-Bus services of the keystores libVLC 3's modules talk to.
  static let serviceFiles = [
    "org.freedesktop.secrets.service", "org.kde.kwalletd5.service", "org.kde.kwalletd6.service",
  ]

  /// Whether a session bus is set and one of the keystore services can be started on it
  /// (its D-Bus service file is installed). Reads a few files' status; does not block.
  static func isAvailable(environment: [String: String]) -> Bool {
    guard !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty else { return false }
    let dataFolders =
      (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/usr/local/share:/usr/share").split(separator: ":")
    let folders =
      dataFolders.map { "\($0)/dbus-1/services" } + [
        (environment["XDG_DATA_HOME"] ?? environment["HOME"].map { "\($0)/.local/share" } ?? "")
          + "/dbus-1/services"
      ]
    return folders.contains { folder in
      serviceFiles.contains { FileManager.default.fileExists(atPath: "\(folder)/\($0)") }
    }
  }
}
