// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// A GTK 4 video player built on SwiftVLC and SwiftVLCGTK; works on X11 and Wayland.
//
//   swift run gtk-player [FILE-OR-URL]
//
// Open a file or URL with the header bar's buttons, a command-line argument, or by dropping a
// file on the window. Keys as in `swiftvlc play`: Space pause, ←/→ seek 5 s, ↑/↓ volume,
// a/s/v next audio/subtitle/video track, m mute, q quit; F or a double click toggles
// fullscreen.
// The player is on the session bus as org.mpris.MediaPlayer2.swiftvlc_gtk_player.PID (MPRIS),
// so media keys and `playerctl` control it.
//
// Test hooks: GTK_PLAYER_SNAPSHOT=PATH writes the video widget, as rendered, to PATH as a PNG
// on SIGUSR1; GTK_PLAYER_TRACE=1 prints the player's state changes and a line per second of
// playback to stdout, each with the process's uptime in milliseconds.
import CGTK
import CGTKShim
import Foundation
import SwiftVLC
import SwiftVLCGTK

// GTK's thread is the main thread; the main actor's jobs are drained from GLib's loop
// (MainQueueBridge), so the app's @MainActor code runs there too.
MainQueueBridge.attach()
// The snapshot hook's signal: a parent (a test runner) may have left it blocked.
var hookSignals = sigset_t()
sigemptyset(&hookSignals)
sigaddset(&hookSignals, SIGUSR1)
pthread_sigmask(SIG_UNBLOCK, &hookSignals, nil)
let application = gtk_application_new("org.swiftvlc.GTKPlayer", G_APPLICATION_NON_UNIQUE)!
let source = CommandLine.arguments.dropFirst().first
let app = MainActor.assumeIsolated { PlayerApp(application: application, source: source) }
withExtendedLifetime(app) {
  // GTK sees only the program name: the argument is ours.
  let status = g_application_run(
    UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self), 0, nil)
  g_object_unref(UnsafeMutableRawPointer(application))
  // The window stopped playback before it closed; a release libVLC may still be finishing
  // must not run under the exit handlers and static destructors (as `swiftvlc` leaves).
  fflush(nil)
  _exit(status)
}
