// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CX11
import Foundation
import Synchronization
import Testing

@testable import SwiftVLC

/// The tests of libVLC's window run each in a process of its own (an exit test): libVLC 3
/// embeds only on the X server `DISPLAY` names, and `DISPLAY` is the whole process's.
@Suite("Player window input and fullscreen", .sharesTheMachine)
@MainActor
struct PlayerWindowTests {
  @Test(
    "the cursor position follows the pointer over the embedded video, in picture pixels, with mouse input on and off",
    .enabled(if: Xvfb.isInstalled, "Xvfb and xwd are not installed"),
    .disabled(
      if: StressLevel.underThreadSanitizer,
      "ThreadSanitizer aborts when libVLC cancels the X11 output's event thread"))
  func cursor() async {
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await cursorFollowsPointer() }
    }
  }

  nonisolated static let canType =
    Xvfb.isInstalled && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

  @Test(
    "a key typed into the embedding window reaches the application, and libVLC's window only with key input on",
    .enabled(if: canType, "Xvfb, xwd or xdotool is not installed"),
    .disabled(
      if: StressLevel.underThreadSanitizer,
      "ThreadSanitizer aborts when libVLC cancels the X11 output's event thread"))
  func keys() async {
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await keysGoWhereKeyInputSays() }
    }
  }

  @Test(
    "with mouse input on libVLC's window holds the embedding window's clicks; off, a click is the application's",
    .enabled(if: canType, "Xvfb, xwd or xdotool is not installed"),
    .disabled(
      if: StressLevel.underThreadSanitizer,
      "ThreadSanitizer aborts when libVLC cancels the X11 output's event thread"))
  func mouse() async {
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await clicksGoWhereMouseInputSays() }
    }
  }

  @Test(
    "an X11 window is refused while DISPLAY is unset, where libVLC 3 would open a window of its own"
  )
  func noDisplay() async {
    await #expect(processExitsWith: .success) {
      await inOwnProcess {
        unsetenv("DISPLAY")
        let player = Player(instance: try headlessInstance())
        #expect(throws: VLCError.self, "an X11 window without DISPLAY is refused") {
          try player.setVideoOutput(.xWindow(0x20_0001))
        }
      }
    }
  }

  @Test("the fullscreen flag is libVLC's, and survives the next media")
  func fullscreen() async throws {
    let instance = try headlessInstance()
    let player = Player(instance: instance)
    #expect(await player.isFullscreen() == false)
    player.setFullscreen(true)
    #expect(await player.isFullscreen() == true)
    try player.play(Media(path: Fixture.shortMP4.path, instance: instance))
    #expect(await player.isFullscreen() == true)
    player.setFullscreen(false)
    #expect(await player.isFullscreen() == false)
    await player.stop()
  }
}

// The bodies of the window tests, each run in a process of its own: an expectation's comment
// says what it expected and what it got (the parent test shows the comment only).

/// The cursor position libVLC reports follows the pointer over its window, with mouse input on
/// and off (libVLC 3's mouse input switch turns off clicks only: moves are tracked either way).
@MainActor
private func cursorFollowsPointer() async throws {
  let settings = [InputSetting(keys: true, mouse: true), InputSetting(keys: true, mouse: false)]
  try await withEmbeddedVideo(settings) { player, setting, window, _ in
    let (x, y): (Int32, Int32) = setting.mouse ? (40, 30) : (120, 90)
    let position = try await pointCursor(player, window, x: x, y: y)
    #expect(
      position?.x == Int(x) && position?.y == Int(y),
      "cursor at \(String(describing: position)), pointer at (\(x), \(y)), \(setting)")
  }
}

/// A key typed into the embedding window reaches the application, and libVLC's key handler
/// only with key input on.
@MainActor
private func keysGoWhereKeyInputSays() async throws {
  let settings = [
    InputSetting(keys: false, mouse: false), InputSetting(keys: true, mouse: false),
  ]
  try await withEmbeddedVideo(settings) { player, setting, window, server in
    // libVLC's key handler logs each key it gets ("key: 0x00000020 (X11: 0x0020)").
    let keys = LogLines(player.instance, matching: "key: ")
    defer { keys.close() }
    // libVLC's window provider selects the window's key presses only with key input on.
    let mask = window.eventMaskOfOthers()
    #expect(
      (mask & KeyPressMask != 0) == setting.keys,
      "libVLC's window selects key presses only with key input on: mask \(mask), \(setting)")
    let error = window.select(KeyPressMask)
    #expect(error == 0, "key presses can be shared: X error \(error), \(setting)")
    window.focus()
    try await window.xdotool(server, ["key", "space"])
    #expect(
      try await window.nextEvent(KeyPress) != nil, "the application gets the key, \(setting)")
    if setting.keys {
      try await waitUntil("libVLC's key handler to get space (\(setting))") {
        keys.lines.contains { $0.hasSuffix("(X11: 0x0020)") }
      }
    } else {
      // libVLC reads its window's events in order on one thread: once it reports a pointer
      // move made after the key, it would have logged the key.
      let position = try await pointCursor(player, window, x: 50, y: 40)
      #expect(
        position?.x == 50,
        "cursor at \(String(describing: position)), pointer at (50, 40), \(setting)")
      #expect(keys.lines.isEmpty, "libVLC's key handler got \(keys.lines), \(setting)")
    }
  }
}

/// With mouse input on libVLC's window holds the embedding window's button presses; off, a
/// click is the application's.
@MainActor
private func clicksGoWhereMouseInputSays() async throws {
  let settings = [
    InputSetting(keys: false, mouse: true), InputSetting(keys: false, mouse: false),
  ]
  try await withEmbeddedVideo(settings) { player, setting, window, server in
    // libVLC's video output logs each button it gets ("VoutDisplayEvent 'mouse button' 0 t=…").
    let clicks = LogLines(player.instance, matching: "VoutDisplayEvent 'mouse button'")
    defer { clicks.close() }
    let mask = window.eventMaskOfOthers()
    #expect(
      (mask & ButtonPressMask != 0) == setting.mouse,
      "libVLC's window selects button presses only with mouse input on: mask \(mask), \(setting)"
    )
    // Only one client may select a window's button presses: X answers BadAccess while
    // libVLC holds them.
    let error = window.select(ButtonPressMask)
    #expect(
      error == (setting.mouse ? UInt8(BadAccess) : 0),
      "the application's selection of button presses: X error \(error), \(setting)")
    let target = "\(window.window)"
    try await window.xdotool(server, ["mousemove", "--window", target, "80", "60", "click", "1"])
    if setting.mouse {
      try await waitUntil("libVLC's video output to get the click (\(setting))") {
        !clicks.lines.isEmpty
      }
      #expect(
        try await window.nextEvent(ButtonPress, within: .zero) == nil,
        "the application gets no click, \(setting)")
    } else {
      #expect(
        try await window.nextEvent(ButtonPress) != nil, "the application gets the click, \(setting)"
      )
      let position = try await pointCursor(player, window, x: 30, y: 20)
      #expect(
        position?.x == 30,
        "cursor at \(String(describing: position)), pointer at (30, 20), \(setting)")
      #expect(clicks.lines.isEmpty, "libVLC's video output got \(clicks.lines), \(setting)")
    }
  }
}

/// Plays seek.mp4 (160×120) into a 160×120 application window on a private X server, paused,
/// once for each of `settings` with a new player, and runs `body` with each. One server for
/// all: starting one blocks its caller while it comes up. The player always stops before the
/// server goes (libVLC's GL output crashes when its X server dies under it). The instance logs
/// at every level, for the tests that read libVLC's log. Sets `DISPLAY`: for a process of the
/// test's own.
@MainActor
private func withEmbeddedVideo(
  _ settings: [InputSetting],
  _ body: @MainActor (Player, InputSetting, EmbeddingWindow, Xvfb) async throws -> Void
) async throws {
  let server = try await Xvfb()
  defer { server.stop() }
  let window = try EmbeddingWindow(server: server)
  defer { window.close() }
  server.exportDisplay()
  let x11 = try VLCInstance(arguments: [
    "--no-video-title-show", "--aout=adummy", "--x11-display=\(server.display)",
  ])
  for setting in settings {
    // The application selects nothing until the test does: the X server then reports
    // libVLC's selections as the others'.
    _ = window.select(0)
    let player = Player(instance: x11)
    player.setKeyInput(setting.keys)
    player.setMouseInput(setting.mouse)
    do {
      try player.setVideoOutput(.xWindow(UInt32(window.window)))
      let events = player.events
      try player.play(Media(path: Fixture.seekMP4.path, instance: x11))
      _ = try await collectEvents(events) {
        if case .videoOutputsChanged(let count) = $0 { count > 0 } else { false }
      }
      player.pause()
      // libVLC's embedding module follows the pointer over the application's own window
      // (without DISPLAY it would have opened a window of its own instead).
      let mask = window.eventMaskOfOthers()
      #expect(
        mask & PointerMotionMask != 0,
        "libVLC's window selects pointer motion on the application's: mask \(mask), \(setting)")
      try await body(player, setting, window, server)
    } catch {
      await player.stop()
      throw error
    }
    await player.stop()
  }
}

/// Moves the pointer over `window` until libVLC reports `x`, `y` (it tracks the pointer once
/// its window has selected pointer events); the last reading after 8 s otherwise.
@MainActor
private func pointCursor(
  _ player: Player, _ embedding: EmbeddingWindow, x: Int32, y: Int32
) async throws -> (x: Int, y: Int)? {
  let (display, window) = (embedding.display, embedding.window)
  let deadline = ContinuousClock.now + .seconds(8)
  var position: (x: Int, y: Int)?
  while ContinuousClock.now < deadline {
    XWarpPointer(display, 0, window, 0, 0, 0, 0, x, y)
    XSync(display, 0)
    position = await player.cursorPosition()
    if let position, position.x == Int(x), position.y == Int(y) { break }
    try await Task.sleep(for: .milliseconds(50))
    XWarpPointer(display, 0, window, 0, 0, 0, 0, x + 1, y + 1)
    XSync(display, 0)
  }
  return position
}

/// The messages of an instance's log that contain `text`, collected synchronously on
/// libVLC's threads (a log tap) until ``close()``.
final class LogLines: Sendable {
  private final class Store: Sendable {
    let lines = Mutex<[String]>([])
  }

  private let store = Store()
  private let tap: LogTap

  init(_ instance: VLCInstance, matching text: String) {
    let store = self.store
    tap = instance.logRouter.tap { entry in
      if entry.message.contains(text) { store.lines.withLock { $0.append(entry.message) } }
    }
  }

  var lines: [String] { store.lines.withLock { $0 } }

  func close() { tap.close() }
}
