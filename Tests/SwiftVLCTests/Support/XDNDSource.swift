// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CX11
import Foundation

/// Drops a list of URIs on an X11 window as a file manager would, through the XDND protocol
/// (version 5): Enter, Position, the target's Status, Drop, the selection request for
/// `text/uri-list`, Finished. `xdotool` can click and type but cannot drag between programs.
struct XDNDSource {
  struct Refused: Error, CustomStringConvertible {
    var description: String
  }

  let display: String

  /// Drops `uris` on `window` at (`x`, `y`) of the root window and returns once the target
  /// says it finished; throws when it refuses the drop or does not answer within `limit`.
  func drop(
    _ uris: [String], on window: UInt, x: Int, y: Int, within limit: Duration = .seconds(10)
  )
    throws
  {
    guard let connection = XOpenDisplay(display) else {
      throw Refused(description: "cannot open display \(display)")
    }
    defer { XCloseDisplay(connection) }
    let atom = { (name: String) in XInternAtom(connection, name, 0) }
    let uriList = atom("text/uri-list")
    let source = XCreateSimpleWindow(
      connection, XDefaultRootWindow(connection), 0, 0, 1, 1, 0, 0, 0)
    defer { XDestroyWindow(connection, source) }
    XSetSelectionOwner(connection, atom("XdndSelection"), source, UInt(CurrentTime))
    let target = Window(window)
    let deadline = ContinuousClock.now + limit

    func send(_ type: String, _ data: (Int, Int, Int, Int, Int)) {
      var event = XEvent()
      event.xclient.type = ClientMessage
      event.xclient.window = target
      event.xclient.message_type = atom(type)
      event.xclient.format = 32
      event.xclient.data.l = data
      XSendEvent(connection, target, 0, 0, &event)
      XFlush(connection)
    }
    /// The next event for the source, or `nil` at the deadline.
    func next() -> XEvent? {
      while XPending(connection) == 0 {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return nil }
        var ready = pollfd(fd: XConnectionNumber(connection), events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, Int32(left.components.seconds * 1000 + 20))
      }
      var event = XEvent()
      XNextEvent(connection, &event)
      return event
    }
    func isMessage(_ event: XEvent, _ type: String) -> Bool {
      event.type == ClientMessage && event.xclient.message_type == atom(type)
    }

    let sourceID = Int(source)
    send("XdndEnter", (sourceID, 5 << 24, Int(uriList), 0, 0))
    send("XdndPosition", (sourceID, 0, x << 16 | y, Int(CurrentTime), Int(atom("XdndActionCopy"))))
    var dropped = false
    while true {
      guard let event = next() else {
        throw Refused(description: dropped ? "no XdndFinished" : "no XdndStatus")
      }
      if isMessage(event, "XdndStatus") && !dropped {
        guard event.xclient.data.l.1 & 1 == 1 else {
          throw Refused(description: "the target refused the drop (XdndStatus)")
        }
        send("XdndDrop", (sourceID, 0, Int(CurrentTime), 0, 0))
        dropped = true
      } else if isMessage(event, "XdndFinished") {
        return
      } else if event.type == SelectionRequest {
        answer(event.xselectionrequest, with: uris, as: uriList, on: connection)
      }
    }
  }

  /// Gives the requestor the URIs in the property it named, or refuses another target type.
  private func answer(
    _ request: XSelectionRequestEvent, with uris: [String], as uriList: Atom,
    on connection: OpaquePointer
  ) {
    var reply = XEvent()
    reply.xselection.type = SelectionNotify
    reply.xselection.requestor = request.requestor
    reply.xselection.selection = request.selection
    reply.xselection.target = request.target
    reply.xselection.time = request.time
    reply.xselection.property = 0
    if request.target == uriList {
      let text = Array(uris.map { $0 + "\r\n" }.joined().utf8)
      XChangeProperty(
        connection, request.requestor, request.property, uriList, 8, PropModeReplace, text,
        Int32(text.count))
      reply.xselection.property = request.property
    }
    XSendEvent(connection, request.requestor, 0, 0, &reply)
    XFlush(connection)
  }
}
