// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CGTK
import CGTKShim
import Foundation
import SwiftVLC

/// The application: one window, opened on "activate", playing the command-line argument once
/// the video area has its size (so the first video output opens at the displayed size).
@MainActor
final class PlayerApp {
  static var current: PlayerApp?
  let application: UnsafeMutablePointer<GtkApplication>
  let source: String?
  private(set) var window: PlayerWindow?
  private var mpris: MPRISServer?

  init(application: UnsafeMutablePointer<GtkApplication>, source: String?) {
    self.application = application
    self.source = source
    Self.current = self
    _ = swiftvlc_gtk_connect(application, "activate", applicationActivated, nil)
    g_unix_signal_add(SIGUSR1, snapshotRequested, nil)
  }

  fileprivate func activate() {
    guard window == nil else { return }
    let window = PlayerWindow(application: application)
    self.window = window
    mpris = MPRISServer(window: window)
    gtk_window_present(window.window.asWindow)
    guard let source else { return }
    Task {
      await window.video.laidOut()
      window.open(source)
    }
  }

  /// The test hook: writes the video widget, as rendered, to $GTK_PLAYER_SNAPSHOT.
  fileprivate func writeSnapshot() {
    guard let path = ProcessInfo.processInfo.environment["GTK_PLAYER_SNAPSHOT"], let window
    else { return }
    Task {
      // Between two frames GTK may have no picture of the widget: try for a second.
      for _ in 0..<20 {
        if window.video.writeSnapshot(toPNG: path) {
          say("snapshot=\(path)")
          return
        }
        try? await Task.sleep(for: .milliseconds(50))
      }
      say("snapshot=failed")
    }
  }
}

private func applicationActivated(_ application: gpointer?, _ context: gpointer?) {
  MainActor.assumeIsolated { PlayerApp.current?.activate() }
}

private func snapshotRequested(_ context: gpointer?) -> gboolean {
  MainActor.assumeIsolated { PlayerApp.current?.writeSnapshot() }
  return 1  // G_SOURCE_CONTINUE
}
