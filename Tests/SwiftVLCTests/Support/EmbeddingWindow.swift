// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CX11
import Foundation
import Synchronization

/// An application's window on a private X server, for libVLC to draw into
/// (``VideoOutput/xWindow(_:)``): a 160×120 top-level window on its own Xlib connection,
/// which the test reads events from as the application would.
@MainActor
final class EmbeddingWindow {
  let display: OpaquePointer
  let window: Window

  init(server: Xvfb) throws {
    XInitThreads()
    guard let display = XOpenDisplay(server.display) else {
      throw TimedOut(what: "a connection to \(server.display)")
    }
    self.display = display
    let screen = XDefaultScreen(display)
    let white = XWhitePixel(display, screen)
    window = XCreateSimpleWindow(
      display, XRootWindow(display, screen), 0, 0, 160, 120, 0, white, white)
    XMapWindow(display, window)
    XSync(display, 0)
  }

  func close() {
    XDestroyWindow(display, window)
    XCloseDisplay(display)
  }

  /// The events other clients (libVLC's window) have selected on the window, as the X server
  /// reports them: all clients' masks less this connection's own.
  func eventMaskOfOthers() -> Int {
    var attributes = XWindowAttributes()
    XGetWindowAttributes(display, window, &attributes)
    return attributes.all_event_masks & ~attributes.your_event_mask
  }

  /// Selects `mask` on the window for this connection; returns the X error code the server
  /// answered (`BadAccess`, 10, when another client holds button presses), or 0.
  func select(_ mask: Int) -> UInt8 {
    watchedConnection.store(XConnectionNumber(display), ordering: .sequentiallyConsistent)
    lastXError.store(0, ordering: .sequentiallyConsistent)
    let previous = XSetErrorHandler(recordXError)
    XSelectInput(display, window, mask)
    XSync(display, 0)
    XSetErrorHandler(previous)
    watchedConnection.store(-1, ordering: .sequentiallyConsistent)
    return lastXError.load(ordering: .sequentiallyConsistent)
  }

  /// Gives the window the keyboard focus.
  func focus() {
    XSetInputFocus(display, window, RevertToParent, 0)
    XSync(display, 0)
  }

  /// The next event of `type` (`KeyPress`, `ButtonPress`) delivered to this connection, or
  /// `nil` after `limit`. Events of other types are dropped.
  func nextEvent(_ type: Int32, within limit: Duration = .seconds(5)) async throws -> XEvent? {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      while XPending(display) > 0 {
        var event = XEvent()
        XNextEvent(display, &event)
        if event.type == type { return event }
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    return nil
  }

  /// Runs xdotool on the server with `arguments` (XTEST input, as a real keyboard or mouse
  /// gives it).
  func xdotool(_ server: Xvfb, _ arguments: [String]) async throws {
    let output = try await runProgram(
      "env", ["DISPLAY=\(server.display)", "xdotool"] + arguments, within: .seconds(15))
    guard output.status == 0 else {
      throw GenerationFailed(name: "xdotool \(arguments)", message: output.stderr)
    }
  }
}

/// The X error answered to the connection ``EmbeddingWindow/select(_:)`` watches, recorded
/// by ``recordXError`` (Xlib's default handler would end the process on BadAccess). libVLC's
/// own Xlib connections (its GL output) share the process-wide handler: only the watched
/// connection's (by its socket) errors count.
private let watchedConnection = Atomic<Int32>(-1)
private let lastXError = Atomic<UInt8>(0)

private func recordXError(
  _ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?
) -> Int32 {
  if let display, let event,
    XConnectionNumber(display) == watchedConnection.load(ordering: .sequentiallyConsistent)
  {
    lastXError.store(event.pointee.error_code, ordering: .sequentiallyConsistent)
  }
  return 0
}

/// Whether libVLC's X window provider holds the key presses and button presses of the
/// embedding window.
struct InputSetting: Sendable, CustomStringConvertible {
  var keys: Bool
  var mouse: Bool
  var description: String {
    "key input \(keys ? "on" : "off"), mouse input \(mouse ? "on" : "off")"
  }
}
