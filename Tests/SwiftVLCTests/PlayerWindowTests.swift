import CX11
import Foundation
import SwiftVLC
import Testing

@Suite("Player window input and fullscreen", .sharesTheMachine)
@MainActor
struct PlayerWindowTests {
  /// Plays seek.mp4 (160×120) into a 160×120 X window on a private X server, paused, with
  /// mouse input on and then off, and runs `body` with each. One server for both: starting
  /// one blocks its caller while it comes up. The player always stops before the server goes
  /// (libVLC's GL output crashes when its X server dies under it).
  func withEmbeddedVideo(
    _ body: @MainActor (Player, Bool, OpaquePointer, Window) async throws -> Void
  ) async throws {
    let server = try Xvfb()
    defer { server.stop() }
    XInitThreads()
    let display = try #require(XOpenDisplay(server.display))
    defer { XCloseDisplay(display) }
    let screen = XDefaultScreen(display)
    let white = XWhitePixel(display, screen)
    let window = XCreateSimpleWindow(
      display, XRootWindow(display, screen), 0, 0, 160, 120, 0, white, white)
    XMapWindow(display, window)
    XSync(display, 0)
    defer { XDestroyWindow(display, window) }
    let x11 = try VLCInstance(arguments: [
      "--no-video-title-show", "--quiet", "--aout=adummy", "--x11-display=\(server.display)",
    ])
    for mouseInput in [true, false] {
      let player = Player(instance: x11)
      player.setMouseInput(mouseInput)
      do {
        try player.setVideoOutput(.xWindow(UInt32(window)))
        let events = player.events
        try player.play(Media(path: Fixture.seekMP4.path, instance: x11))
        _ = try await collectEvents(events) {
          if case .videoOutputsChanged(let count) = $0 { count > 0 } else { false }
        }
        player.pause()
        try await body(player, mouseInput, display, window)
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
    _ player: Player, _ display: OpaquePointer, _ window: Window, x: Int32, y: Int32
  ) async throws -> (x: Int, y: Int)? {
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
    .enabled(if: Xvfb.isInstalled, "Xvfb and xwd are not installed"),
    .disabled(
      if: StressLevel.underThreadSanitizer,
      "ThreadSanitizer aborts when libVLC cancels the X11 output's event thread"))
  func cursor() async throws {
    try await withEmbeddedVideo { player, mouseInput, display, window in
      // libVLC 3's mouse input switch turns off clicks only: moves are tracked either way.
      let (x, y): (Int32, Int32) = mouseInput ? (40, 30) : (120, 90)
      let position = try await pointCursor(player, display, window, x: x, y: y)
      #expect(position?.x == Int(x), "mouse input \(mouseInput)")
      #expect(position?.y == Int(y), "mouse input \(mouseInput)")
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
