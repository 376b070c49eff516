// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Plays a file into an X11 window created with Xlib.
//
//   swift run x11-player /path/to/video.mkv
//
// Close the window or press any key to stop. Needs an X server (DISPLAY) and libVLC's X11
// video output (Debian: vlc-plugin-video-output).
import CX11
import Foundation
import SwiftVLC

@MainActor
func main() async -> Int32 {
  let arguments = CommandLine.arguments
  guard arguments.count == 2 else {
    print("usage: x11-player FILE")
    return 2
  }
  // libVLC draws from its own threads through Xlib/xcb: Xlib must be thread-safe.
  XInitThreads()
  guard let display = XOpenDisplay(nil) else {
    print("x11-player: cannot open the X display (is DISPLAY set?)")
    return 1
  }
  defer { XCloseDisplay(display) }
  let screen = XDefaultScreen(display)
  let black = XBlackPixel(display, screen)
  let window = XCreateSimpleWindow(
    display, XRootWindow(display, screen), 0, 0, 640, 360, 0, black, black)
  XStoreName(display, window, "SwiftVLC X11 player")
  XSelectInput(display, window, KeyPressMask | StructureNotifyMask)
  var deleteWindow = XInternAtom(display, "WM_DELETE_WINDOW", 0)
  XSetWMProtocols(display, window, &deleteWindow, 1)
  XMapWindow(display, window)
  XFlush(display)
  defer { XDestroyWindow(display, window) }

  let player = Player()
  do {
    try player.setVideoOutput(.xWindow(UInt32(window)))
    try player.play(url: URL(fileURLWithPath: arguments[1]))
  } catch {
    print("x11-player: \(error)")
    return 1
  }

  var closed = false
  while !closed && ![.ended, .error, .stopped].contains(player.state) {
    while XPending(display) > 0 {
      var event = XEvent()
      XNextEvent(display, &event)
      if event.type == KeyPress
        || (event.type == ClientMessage && Atom(event.xclient.data.l.0) == deleteWindow)
      {
        closed = true
      }
    }
    try? await Task.sleep(for: .milliseconds(30))
  }
  let outcome = player.outcome
  await player.stop()
  if case .failed(let error) = outcome {
    print("x11-player: \(error)")
    return 1
  }
  return 0
}

exit(await main())
