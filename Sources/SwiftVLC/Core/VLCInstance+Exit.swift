// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

extension VLCInstance {
  /// libVLC's source revision, such as "3.0.24-rc1-0-g6de05adcba". Maps
  /// `libvlc_get_changeset`; does not block.
  public var changeset: String { String(cString: libvlc_get_changeset()) }

  /// Each request libVLC makes to quit the application, from now on.
  ///
  /// libVLC asks when it plays the `vlc://quit` location (a playlist ending a program that
  /// way) or when an interface module it runs quits; it does nothing more itself, and the
  /// application decides what to do. Maps `libvlc_set_exit_handler`: SwiftVLC installs the
  /// handler for the instance's whole life (and removes it before releasing the instance,
  /// which libVLC 3 also reports as a request to quit). Every call returns a new, independent
  /// stream, unbounded; requests are delivered from a libVLC thread, never the main actor.
  /// The stream finishes when the instance goes.
  public func exitRequests() -> AsyncStream<Void> {
    exitBroadcaster.subscribe(bufferingPolicy: .unbounded)
  }
}

/// The instance's exit handler: tells ``VLCInstance/exitRequests()`` consumers. libVLC runs
/// it under its exit lock, which ``VLCInstance``'s deinit takes to remove it; it calls
/// nothing in libVLC.
func exitRequested(_ context: UnsafeMutableRawPointer?) {
  guard let context else { return }
  Unmanaged<Broadcaster<Void>>.fromOpaque(context).takeUnretainedValue().broadcast(())
}
