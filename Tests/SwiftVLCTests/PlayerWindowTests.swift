import CX11
import Foundation
import Synchronization
import Testing

@testable import SwiftVLC

@Suite("Player window input and fullscreen", .sharesTheMachine)
@MainActor
struct PlayerWindowTests {
  /// Plays seek.mp4 (160×120) into a 160×120 application window on a private X server,
  /// paused, once for each of `settings` with a new player, and runs `body` with each. One
  /// server for all: starting one blocks its caller while it comes up. The player always
  /// stops before the server goes (libVLC's GL output crashes when its X server dies under
  /// it). The instance logs at every level, for the tests that read libVLC's log.
  func withEmbeddedVideo(
    _ settings: [InputSetting],
    _ body: @MainActor (Player, InputSetting, EmbeddingWindow, Xvfb) async throws -> Void
  ) async throws {
    let server = try await Xvfb()
    defer { server.stop() }
    let window = try EmbeddingWindow(server: server)
    defer { window.close() }
    let restoreDisplay = server.exportDisplay()
    defer { restoreDisplay() }
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
        #expect(window.eventMaskOfOthers() & PointerMotionMask != 0, "libVLC embeds, \(setting)")
        try await body(player, setting, window, server)
      } catch {
        await player.stop()
        throw error
      }
      await player.stop()
    }
  }

  /// Moves the pointer over `window` until libVLC reports `x`, `y` (it tracks the pointer
  /// once its window has selected pointer events); the last reading after 8 s otherwise.
  func pointCursor(
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

  @Test(
    "the cursor position follows the pointer over the embedded video, in picture pixels, with mouse input on and off",
    .enabled(if: Xvfb.isInstalled, "Xvfb and xwd are not installed"), .runsAlone,
    .disabled(
      if: StressLevel.underThreadSanitizer,
      "ThreadSanitizer aborts when libVLC cancels the X11 output's event thread"))
  func cursor() async throws {
    let settings = [InputSetting(keys: true, mouse: true), InputSetting(keys: true, mouse: false)]
    try await withEmbeddedVideo(settings) { player, setting, window, _ in
      // libVLC 3's mouse input switch turns off clicks only: moves are tracked either way.
      let (x, y): (Int32, Int32) = setting.mouse ? (40, 30) : (120, 90)
      let position = try await pointCursor(player, window, x: x, y: y)
      #expect(position?.x == Int(x), "\(setting)")
      #expect(position?.y == Int(y), "\(setting)")
    }
  }

  nonisolated static let canType =
    Xvfb.isInstalled && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

  @Test(
    "a key typed into the embedding window reaches the application, and libVLC's window only with key input on",
    .enabled(if: canType, "Xvfb, xwd or xdotool is not installed"), .runsAlone,
    .disabled(
      if: StressLevel.underThreadSanitizer,
      "ThreadSanitizer aborts when libVLC cancels the X11 output's event thread"))
  func keys() async throws {
    let settings = [
      InputSetting(keys: false, mouse: false), InputSetting(keys: true, mouse: false),
    ]
    try await withEmbeddedVideo(settings) { player, setting, window, server in
      // libVLC's key handler logs each key it gets ("key: 0x00000020 (X11: 0x0020)").
      let keys = LogLines(player.instance, matching: "key: ")
      defer { keys.close() }
      // libVLC's window provider selects the window's key presses only with key input on.
      #expect((window.eventMaskOfOthers() & KeyPressMask != 0) == setting.keys, "\(setting)")
      #expect(window.select(KeyPressMask) == 0, "key presses can be shared")
      window.focus()
      try await window.xdotool(server, ["key", "space"])
      #expect(try await window.nextEvent(KeyPress) != nil, "the application's key, \(setting)")
      if setting.keys {
        try await waitUntil("libVLC's key handler to get space") {
          keys.lines.contains { $0.hasSuffix("(X11: 0x0020)") }
        }
      } else {
        // libVLC reads its window's events in order on one thread: once it reports a pointer
        // move made after the key, it would have logged the key.
        let position = try await pointCursor(player, window, x: 50, y: 40)
        #expect(position?.x == 50)
        #expect(keys.lines.isEmpty, "\(setting)")
      }
    }
  }

  @Test(
    "with mouse input on libVLC's window holds the embedding window's clicks; off, a click is the application's",
    .enabled(if: canType, "Xvfb, xwd or xdotool is not installed"), .runsAlone,
    .disabled(
      if: StressLevel.underThreadSanitizer,
      "ThreadSanitizer aborts when libVLC cancels the X11 output's event thread"))
  func mouse() async throws {
    let settings = [
      InputSetting(keys: false, mouse: true), InputSetting(keys: false, mouse: false),
    ]
    try await withEmbeddedVideo(settings) { player, setting, window, server in
      // libVLC's video output logs each button it gets ("VoutDisplayEvent 'mouse button' 0 t=…").
      let clicks = LogLines(player.instance, matching: "VoutDisplayEvent 'mouse button'")
      defer { clicks.close() }
      #expect(
        (window.eventMaskOfOthers() & ButtonPressMask != 0) == setting.mouse, "\(setting)")
      // Only one client may select a window's button presses: X answers BadAccess while
      // libVLC holds them.
      #expect(window.select(ButtonPressMask) == (setting.mouse ? UInt8(BadAccess) : 0))
      let target = "\(window.window)"
      try await window.xdotool(server, ["mousemove", "--window", target, "80", "60", "click", "1"])
      if setting.mouse {
        try await waitUntil("libVLC's video output to get the click") { !clicks.lines.isEmpty }
        #expect(try await window.nextEvent(ButtonPress, within: .zero) == nil)
      } else {
        #expect(try await window.nextEvent(ButtonPress) != nil, "the application's click")
        let position = try await pointCursor(player, window, x: 30, y: 20)
        #expect(position?.x == 30)
        #expect(clicks.lines.isEmpty, "\(setting)")
      }
    }
  }

  @Test(
    "an X11 window is refused while DISPLAY is unset, where libVLC 3 would open a window of its own",
    .runsAlone)
  func noDisplay() throws {
    let previous = ProcessInfo.processInfo.environment["DISPLAY"]
    unsetenv("DISPLAY")
    defer { if let previous { setenv("DISPLAY", previous, 1) } }
    let player = Player(instance: try headlessInstance())
    #expect(throws: VLCError.self) { try player.setVideoOutput(.xWindow(0x20_0001)) }
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
