import CX11
import Foundation
import SwiftVLC
import Testing

@Suite("Player window input and fullscreen")
@MainActor
struct PlayerWindowTests {
  /// Plays seek.mp4 (160×120) into a 160×120 X window on a private X server, runs `body`.
  func withEmbeddedVideo(
    mouseInput: Bool,
    _ body: @MainActor (Player, OpaquePointer, Window) async throws -> Void
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
    let player = Player(instance: x11)
    player.setMouseInput(mouseInput)
    try player.setVideoOutput(.xWindow(UInt32(window)))
    let events = player.events
    let media = try Media(path: Fixture.seekMP4.path, instance: x11)
    try player.play(media)
    _ = try await collectEvents(events) {
      if case .videoOutputsChanged(let count) = $0 { count > 0 } else { false }
    }
    player.pause()
    try await body(player, display, window)
    await player.stop()
  }

  @Test(
    "the cursor position follows the pointer over the embedded video, in picture pixels",
    .enabled(if: Xvfb.isInstalled, "Xvfb and xwd are not installed"),
    .disabled(
      if: StressLevel.underThreadSanitizer,
      "ThreadSanitizer aborts when libVLC cancels the X11 output's event thread"))
  func cursor() async throws {
    try await withEmbeddedVideo(mouseInput: true) { player, display, window in
      let deadline = ContinuousClock.now + .seconds(8)
      var position: (x: Int, y: Int)?
      // Moves are sent until libVLC's window has selected pointer events and reports it.
      while ContinuousClock.now < deadline {
        XWarpPointer(display, 0, window, 0, 0, 0, 0, 40, 30)
        XSync(display, 0)
        position = await player.cursorPosition()
        if let position, position.x == 40, position.y == 30 { break }
        try await Task.sleep(for: .milliseconds(50))
        XWarpPointer(display, 0, window, 0, 0, 0, 0, 41, 31)
        XSync(display, 0)
      }
      #expect(position?.x == 40)
      #expect(position?.y == 30)
    }
  }

  @Test(
    "with mouse input off, libVLC still tracks the pointer (only clicks are off)",
    .enabled(if: Xvfb.isInstalled, "Xvfb and xwd are not installed"),
    .disabled(
      if: StressLevel.underThreadSanitizer,
      "ThreadSanitizer aborts when libVLC cancels the X11 output's event thread"))
  func mouseInputOff() async throws {
    try await withEmbeddedVideo(mouseInput: false) { player, display, window in
      let deadline = ContinuousClock.now + .seconds(8)
      var position: (x: Int, y: Int)?
      while ContinuousClock.now < deadline {
        XWarpPointer(display, 0, window, 0, 0, 0, 0, 120, 90)
        XSync(display, 0)
        position = await player.cursorPosition()
        if let position, position.x == 120, position.y == 90 { break }
        try await Task.sleep(for: .milliseconds(50))
        XWarpPointer(display, 0, window, 0, 0, 0, 0, 121, 91)
        XSync(display, 0)
      }
      #expect(position?.x == 120)
      #expect(position?.y == 90)
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
