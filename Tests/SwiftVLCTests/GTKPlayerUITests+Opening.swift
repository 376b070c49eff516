// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Opening media from the window: the Open button's file dialog, the URL popover, and a file
/// dropped on the window.
extension GTKPlayerUITests {
  @Test("the Open button's file dialog plays the file typed into it")
  func fileDialog() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let green = try await media.make(
      "green-4x3.mp4",
      [
        "-f", "lavfi", "-i", "color=lime:s=320x240:r=25:d=20", "-pix_fmt", "yuv420p", "-c:v",
        "libx264",
      ])
    let session = try await Session(playing: nil, media: media)
    defer { session.stop() }
    try await session.windowShown()
    try await session.xdotool("mousemove", "\(Button.open.x)", "\(Button.open.y)", "click", "1")
    let dialog = try await waitForWindow("Open media", on: session)
    try await session.xdotool("windowfocus", "--sync", dialog)
    // Typing a path that starts with "/" opens the dialog's location entry.
    try await session.xdotool("type", "--delay", "20", green)
    try await session.xdotool("key", "Return")
    try await session.player.waitForLine("the chosen file playing") {
      $0.hasPrefix("state=playing") && Self.field("media", in: $0) == "green-4x3.mp4"
        && Self.field("size", in: $0) != "none"
    }
    let since = session.player.lineCount
    var seen: [String] = []  // the centre's hues as captured, for the failure's message
    do {
      try await waitUntil("green on screen") {
        let hue = (try? await session.centre()).map { "\($0)" } ?? "no capture"
        if hue != seen.last { seen.append(hue) }
        return hue == "green"
      }
    } catch {
      let trace = session.player.lines(from: since).suffix(3)
      Issue.record("the centre showed \(seen); the player's last lines: \(trace)")
      throw error
    }
  }

  @Test("the URL popover plays an http URL typed into it, and closes")
  func location() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let server = try await TestServer()
    defer { server.stop() }
    let session = try await Session(playing: nil, media: media)
    defer { session.stop() }
    try await session.windowShown()
    try await session.openMenu(Button.location)
    try await session.xdotool("type", "--delay", "10", server.url("files/seek.mp4").absoluteString)
    try await session.xdotool("key", "Return")
    try await session.player.waitForLine("the URL playing") {
      $0.hasPrefix("state=playing") && Self.field("media", in: $0) == "seek.mp4"
        && Self.field("size", in: $0) != "none"
    }
    // seek.mp4 is red, green, then blue; the popover no longer covers the picture's top.
    try await waitUntil("the clip on screen") {
      [Hue.red, .green, .blue].contains((try? await session.centre()) ?? .other)
    }
    let screen = try await session.server.captureScreen()
    #expect(screen.hue(x: 20, y: 88) != .white, "the popover's entry is still shown")
  }

  /// The id of the first window named `name`, waiting up to 10 s for it.
  func waitForWindow(_ name: String, on session: Session) async throws -> String {
    var id: String?
    // Only a mapped window can take the focus (a window found before GTK mapped it made
    // `windowfocus` fail with BadMatch).
    try await waitUntil("the \"\(name)\" window") {
      let found = try? await runHelper(
        "/usr/bin/xdotool", ["search", "--onlyvisible", "--name", name],
        environment: session.x11)
      id = found?.split(separator: "\n").first.map(String.init)
      return id != nil
    }
    return try #require(id)
  }

  @Test("a file dropped on the window (XDND, text/uri-list) plays")
  func dropFile() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let blue = try await media.make(
      "dropped.mp4",
      [
        "-f", "lavfi", "-i", "color=blue:s=320x180:r=25:d=20", "-pix_fmt", "yuv420p",
        "-c:v", "libx264",
      ])
    let session = try await Session(playing: nil, media: media)
    defer { session.stop() }
    let window = try await session.windowShown()
    let uri = URL(fileURLWithPath: blue).absoluteString
    let target = try #require(UInt(window))
    let source = XDNDSource(display: session.server.display)
    // The handshake blocks (it polls the X connection): off the main actor.
    try await offThePool { try source.drop([uri], on: target, x: 320, y: 240) }
    try await session.player.waitForLine("the dropped file playing") {
      $0.hasPrefix("state=playing") && Self.field("media", in: $0) == "dropped.mp4"
        && Self.field("size", in: $0) != "none"
    }
    try await waitUntil("blue on screen") { (try? await session.centre()) == .blue }
  }
}
