// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CX11
import Foundation
import SwiftVLC
import Testing

@Suite("Video outputs and snapshots", .sharesTheMachine)
@MainActor
struct VideoOutputTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a snapshot is a PNG of the asked width, at the path returned")
  func snapshot() async throws {
    let player = Player(instance: instance)
    try player.setVideoOutput(.none)
    try await playUntilVideoShows(player, instance: instance)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-snapshot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("shot.png").path
    let written = try await player.takeSnapshot(to: target, width: 80)
    #expect(written == target)
    let png = try Data(contentsOf: URL(fileURLWithPath: written))
    #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    #expect(png.bigEndianUInt32(at: 16) == 80 && png.bigEndianUInt32(at: 20) == 60)
    // A directory gets a file libVLC names; a missing one is refused at once, as a
    // recording's is (it was a 5 s timeout: libVLC said nothing).
    let named = try await player.takeSnapshot(to: directory.path, width: 80)
    #expect(named.hasPrefix(directory.path + "/") && FileManager.default.fileExists(atPath: named))
    let missing = directory.appendingPathComponent("none/shot.png").path
    let refusal = VLCError.invalidInput(
      "cannot write \(missing): the directory \(directory.path)/none does not exist")
    await #expect(throws: refusal) {
      try await within(.seconds(2), "refusing a snapshot into a missing directory") {
        try await player.takeSnapshot(to: missing)
      }
    }
    let recording = directory.appendingPathComponent("none/copy.mkv").path
    await #expect(
      throws: VLCError.invalidInput(
        "cannot write \(recording): the directory \(directory.path)/none does not exist")
    ) {
      try await Recording.record(
        Media(path: Fixture.seekMP4.path, instance: instance), to: recording)
    }
  }

  @Test("a snapshot with no video showing is an invalid state")
  func snapshotWithoutVideo() async throws {
    let player = Player(instance: instance)
    await #expect(throws: VLCError.self) {
      try await player.takeSnapshot(to: FileManager.default.temporaryDirectory.path)
    }
  }

  @Test("the none output opens a video output and plays on; window 0 is rejected")
  func noneOutput() async throws {
    let player = Player(instance: instance)
    try player.setVideoOutput(.none)
    try await playUntilVideoShows(player, instance: instance)
    try await waitUntil("time to pass") { player.currentTime > .milliseconds(300) }
    #expect(throws: VLCError.self) { try player.setVideoOutput(.xWindow(0)) }
  }

  @Test(
    "video drawn into an X11 window under Xvfb shows the clip's colours",
    .enabled(if: Xvfb.isInstalled, "Xvfb and xwd are not installed"),
    .disabled(
      if: StressLevel.underThreadSanitizer,
      "ThreadSanitizer aborts when libVLC cancels the X11 output's event thread"))
  func x11Window() async {
    // A process of its own: libVLC 3 embeds only on the X server DISPLAY names, and DISPLAY
    // is the whole process's.
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await drawIntoX11Window() }
    }
  }
}

/// Plays seek.mp4 (red, green, blue seconds) into a window on a private X server, captures the
/// screen until the window shows blue, and expects the clip's colours in order. Sets
/// `DISPLAY`: for a process of the test's own.
@MainActor
private func drawIntoX11Window() async throws {
  let server = try await Xvfb()
  defer { server.stop() }
  server.exportDisplay()
  XInitThreads()
  let display = try #require(XOpenDisplay(server.display), "a connection to \(server.display)")
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
  try player.setVideoOutput(.xWindow(UInt32(window)))
  let events = player.events
  try player.play(Media(path: Fixture.seekMP4.path, instance: x11))
  _ = try await collectEvents(events) {
    if case .videoOutputsChanged(let count) = $0 { count > 0 } else { false }
  }
  var hues: [Hue] = []
  let deadline = ContinuousClock.now + .seconds(20)
  while hues.last != .blue, ContinuousClock.now < deadline {
    // The window sits at the screen's top-left corner: its centre is (80, 60).
    let hue = try await server.captureScreen().hue(x: 80, y: 60)
    if hues.last != hue { hues.append(hue) }
    try await Task.sleep(for: .milliseconds(100))
  }
  await player.stop()
  // Before the first picture the window shows its own white background (libVLC draws into
  // it, not into a window of its own) and black while the output clears it. A capture takes
  // a while on a busy machine and can miss the red second; the colours seen come in the
  // clip's order and end in green then blue.
  let colours = hues.filter { $0 != .black && $0 != .white }
  let ranks = colours.compactMap { [Hue.red, .green, .blue].firstIndex(of: $0) }
  #expect(
    ranks.count == colours.count && ranks == ranks.sorted(),
    "the window's colours in the clip's order (red, green, blue): \(hues)")
  #expect(colours.suffix(2) == [.green, .blue], "the window's colours end in green, blue: \(hues)")
}
