// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CGTKShim

/// Joins Swift's main actor to GLib's main loop, so `@MainActor` code runs in a GTK app.
///
/// On Linux the main actor's jobs go to libdispatch's main queue. A GTK app runs GLib's main
/// loop on the main thread instead of `dispatchMain()`, so nothing would run those jobs: a
/// `Task { @MainActor in … }` or an `await` that returns to the main actor would wait forever.
/// ``attach()`` adds a GLib source to the default main context that watches the main queue's
/// eventfd (libdispatch signals it when the queue has work; it is the hook CoreFoundation's
/// run loop uses) and drains the queue from GLib. GLib drives; the main actor runs inside it,
/// on the same thread as GTK. Nothing polls: an idle app sleeps in `poll`.
public enum MainQueueBridge {
  /// Adds the draining source to GLib's default main context, once per process; later calls
  /// do nothing. Call on the main thread before running the main loop (``VideoView`` calls it).
  public static func attach() {
    _ = swiftvlc_gtk_attach_main_queue()
  }

  /// How many times GLib has drained the main queue so far.
  public static var drainCount: UInt64 { swiftvlc_gtk_main_queue_drains() }
}
