// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// A private D-Bus session bus, so MPRIS tests touch no one else's.
final class SessionBus: Sendable {
  let address: String
  private let daemon: Daemon
  private let folder: URL

  init() async throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-bus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let socket = folder.appendingPathComponent("bus").path
    address = "unix:path=\(socket)"
    daemon = try Daemon(
      "/usr/bin/dbus-daemon", ["--session", "--nofork", "--address=\(address)"])
    let deadline = ContinuousClock.now + .seconds(10)
    while !FileManager.default.fileExists(atPath: socket) {
      guard daemon.isRunning, ContinuousClock.now < deadline else {
        daemon.stop()
        throw TimedOut(what: "dbus-daemon's socket")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  func stop() {
    daemon.stop()
    try? FileManager.default.removeItem(at: folder)
  }
}
