// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// The example GTK player (Examples/GTKPlayer) run as a user would: on a private X server and
/// on a headless Wayland compositor, checked from its pixels, driven by keys and by MPRIS.
@Suite(
  "GTK player", .serialized, .sharesTheMachineInTurn(weight: 2),
  .enabled(
    if: Xvfb.isInstalled && GTKPlayerProcess.hasTools,
    "Xvfb, xdotool, playerctl, dbus-daemon or weston is missing"),
  .enabled(
    if: GTKPlayerProcess.isBuilt, "gtk-player is not built: swift build --product gtk-player")
)
@MainActor
struct GTKPlayerTests {
  /// 30 s of 16:9 video (320×180) in 5 s bands: red, green, blue, red, green, blue. A band is
  /// as long as the player's → seek, so that seek always lands on another colour; the clip is
  /// long enough to play on for the rest of the test however slow the machine.
  static func makeClip(in media: GeneratedMedia) async throws -> String {
    var arguments: [String] = []
    let colours = ["red", "lime", "blue", "red", "lime", "blue"]
    for colour in colours {
      arguments += ["-f", "lavfi", "-i", "color=\(colour):s=320x180:r=25:d=5"]
    }
    // A subtitle track, off by default, over the whole clip.
    let subtitles = media.folder.appendingPathComponent("subtitles.srt")
    try "1\n00:00:00,000 --> 00:00:30,000\nSUBTITLE SUBTITLE\n\n".write(
      to: subtitles, atomically: true, encoding: .utf8)
    let bands = colours.indices.map { "[\($0)]" }.joined()
    arguments += [
      "-f", "lavfi", "-i", "sine=f=440:d=30", "-i", subtitles.path, "-filter_complex",
      "\(bands)concat=n=\(colours.count):v=1:a=0,format=yuv420p[v]", "-map", "[v]",
      "-map", "\(colours.count)", "-map", "\(colours.count + 1)", "-c:v", "libx264", "-g", "25",
      "-c:a", "aac", "-ac", "1", "-b:a", "32k", "-c:s", "mov_text", "-disposition:s:0", "0",
      "-metadata", "title=Colour Bands",
    ]
    return try await media.make("colors.mp4", arguments)
  }

  /// The colour at (`x`, `y`), inside the video, and the aspect ratio of the area of that
  /// colour around it (measured along its row and its column).
  static func examine(
    width: Int, height: Int, x: Int, y: Int, _ pixel: (Int, Int) -> Hue
  ) -> (Hue, Double)? {
    let hue = pixel(x, y)
    guard [Hue.red, .green, .blue, .white].contains(hue) else { return nil }
    var (left, right, top, bottom) = (x, x, y, y)
    while left > 0 && pixel(left - 1, y) == hue { left -= 1 }
    while right < width - 1 && pixel(right + 1, y) == hue { right += 1 }
    while top > 0 && pixel(x, top - 1) == hue { top -= 1 }
    while bottom < height - 1 && pixel(x, bottom + 1) == hue { bottom += 1 }
    return (hue, Double(right - left + 1) / Double(bottom - top + 1))
  }

  @Test(
    "on X11 the clip shows at 16:9; Space pauses, → seeks, playerctl resumes and pauses, s shows subtitles"
  )
  func x11() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let clip = try await Self.makeClip(in: media)
    let server = try await Xvfb(width: 800, height: 600)
    defer { server.stop() }
    let bus = try await SessionBus()
    defer { bus.stop() }
    let player = try GTKPlayerProcess(
      playing: clip,
      environment: GTKPlayerProcess.onX11(server, bus: bus))
    defer { player.stop() }
    try await player.waitForLine("playing") { $0.hasPrefix("state=playing") }

    // The window sits at the screen's top-left corner (no window manager); its default size
    // is 640×480.
    func look() async throws -> (Hue, Double)? {
      let screen = try await server.captureScreen()
      // The video area's centre, below the header bar, above the controls.
      return Self.examine(width: 640, height: 480, x: 320, y: 240) { screen.hue(x: $0, y: $1) }
    }
    try await waitUntil("the video on screen") {
      ((try? await look())?.0).map { [Hue.red, .green].contains($0) } ?? false
    }
    let first = try #require(try await look())
    #expect(first.0 == .red || first.0 == .green)
    #expect(abs(first.1 - 16.0 / 9) < 0.08, "aspect ratio \(first.1)")

    // Keys go to the focused window: focus it, then type. Its title is the title tag.
    let window = try await runHelper(
      "/usr/bin/xdotool", ["search", "--name", "^Colour Bands$"],
      environment: ["DISPLAY": server.display])
    let id = try #require(window.split(separator: "\n").first.map(String.init))
    let x11 = ["DISPLAY": server.display]
    try await runHelper("/usr/bin/xdotool", ["windowfocus", "--sync", id], environment: x11)
    try await runHelper("/usr/bin/xdotool", ["key", "space"], environment: x11)
    let pausedLine = try await player.waitForLine("paused by Space") {
      $0.hasPrefix("state=paused")
    }
    let pausedAt = player.lineCount
    let paused = try #require(try await look())
    // A negative check: a playing player traces its time every media second, so 2 s without
    // a "state=playing" line means it stays paused.
    try await Task.sleep(for: .seconds(2))
    #expect(!player.lines(from: pausedAt).contains { $0.hasPrefix("state=playing") })
    let stillPaused = try #require(try await look())
    #expect(paused.0 == stillPaused.0)

    // → seeks 5 s forward: the paused picture changes to a later colour. On a loaded machine
    // X can lose a key typed while the window is busy: the player's trace says whether the
    // seek arrived (its time moves 5 s on), and a lost key is typed again, at most 3 times.
    let pausedSecond = try #require(Self.traceTime(pausedLine))
    for attempt in 1...3 {
      let before = player.lineCount
      try await runHelper("/usr/bin/xdotool", ["windowfocus", "--sync", id], environment: x11)
      try await runHelper("/usr/bin/xdotool", ["key", "Right"], environment: x11)
      let arrived = try? await player.waitForLine("the seek", within: .seconds(8), from: before) {
        (Self.traceTime($0) ?? 0) >= pausedSecond + 4
      }
      if arrived != nil { break }
      #expect(attempt < 3, "three → keys did not seek; trace: \(player.lines(from: pausedAt))")
    }
    var seen: [Hue] = []  // the hues captured after the key, for the failure's message
    do {
      try await waitUntil("the picture to change after seeking", within: .seconds(20)) {
        guard let hue = (try? await look())?.0 else { return false }
        if hue != seen.last { seen.append(hue) }
        return hue != paused.0
      }
    } catch {
      Issue.record("paused on \(paused.0), then \(seen); trace: \(player.lines(from: pausedAt))")
      throw error
    }

    // MPRIS: playerctl resumes and pauses.
    let mpris = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
    let target = ["--player=swiftvlc_gtk_player"]
    #expect(
      try await runHelper("/usr/bin/playerctl", target + ["status"], environment: mpris) == "Paused"
    )
    #expect(
      try await runHelper(
        "/usr/bin/playerctl", target + ["metadata", "xesam:title"], environment: mpris)
        == "Colour Bands")
    let start = player.lineCount
    try await runHelper("/usr/bin/playerctl", target + ["play"], environment: mpris)
    try await player.waitForLine("playing after playerctl play", from: start) {
      $0.hasPrefix("state=playing")
    }
    #expect(
      try await runHelper("/usr/bin/playerctl", target + ["status"], environment: mpris)
        == "Playing")
    let beforePause = player.lineCount
    try await runHelper("/usr/bin/playerctl", target + ["pause"], environment: mpris)
    try await player.waitForLine("paused by playerctl", from: beforePause) {
      $0.hasPrefix("state=paused")
    }

    // `s` turns the subtitles on: white text appears in the lower part of the picture.
    func whiteInLowerPart() async throws -> Bool {
      let screen = try await server.captureScreen()
      guard [Hue.red, .green, .blue].contains(screen.hue(x: 320, y: 240)) else { return false }
      return stride(from: 340, to: 420, by: 2).contains { y in
        stride(from: 100, to: 540, by: 2).contains { screen.hue(x: $0, y: y) == .white }
      }
    }
    #expect(try await whiteInLowerPart() == false)
    try await runHelper("/usr/bin/playerctl", target + ["play"], environment: mpris)
    try await runHelper("/usr/bin/xdotool", ["key", "s"], environment: x11)
    try await waitUntil("subtitles on screen", within: .seconds(20)) {
      (try? await whiteInLowerPart()) ?? false
    }

    // Every frame was shown on GLib's thread, and GLib drained the main actor's queue.
    let last = try await player.waitForLine("a trace line") { $0.hasPrefix("state=") }
    #expect(last.contains(" offthread=0 "))
    #expect(!last.hasSuffix(" drains=0"))
  }

  @Test(
    "MPRIS announces volume and rate, a seek (Seeked), the artist; Rate 0 pauses; a stop is at 0")
  func mprisAnnounces() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let clip = try await media.make(
      "tagged.mp4",
      GeneratedMedia.video(seconds: 30) + [
        "-metadata", "artist=Test Artist", "-metadata", "title=Tagged",
      ])
    let server = try await Xvfb(width: 800, height: 600)
    defer { server.stop() }
    let bus = try await SessionBus()
    defer { bus.stop() }
    let player = try GTKPlayerProcess(
      playing: clip, environment: GTKPlayerProcess.onX11(server, bus: bus))
    defer { player.stop() }
    try await player.waitForLine("playing") { $0.hasPrefix("state=playing") }
    // What the player says on the bus, as a desktop's media widget hears it.
    let log = media.folder.appendingPathComponent("signals.txt").path
    let monitor = try Daemon(
      "/bin/sh",
      [
        "-c",
        "exec /usr/bin/dbus-monitor --address '\(bus.address)' "
          + "\"type='signal',path='/org/mpris/MediaPlayer2'\" > '\(log)'",
      ])
    defer { monitor.stop() }
    func heard(_ text: String) -> Bool {
      ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains(text)
    }
    let mpris = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
    let target = ["--player=swiftvlc_gtk_player"]
    // The monitor listens once a change it is sent arrives: the volume, set until heard (it
    // announced only the playback status and the metadata).
    try await waitUntil("PropertiesChanged with the new volume", within: .seconds(20)) {
      _ = try? await runHelper(
        "/usr/bin/playerctl", target + ["volume", "0.5"], environment: mpris)
      return heard("double 0.5")
    }
    #expect(
      try await runHelper(
        "/usr/bin/playerctl", target + ["metadata", "xesam:artist"], environment: mpris)
        == "Test Artist")
    // A seek jumps: listeners are told (they heard nothing and kept counting).
    try await runHelper("/usr/bin/playerctl", target + ["position", "12"], environment: mpris)
    try await waitUntil("Seeked after SetPosition") { heard("member=Seeked") }
    let name = "org.mpris.MediaPlayer2.swiftvlc_gtk_player.instance\(player.pid)"
    func setRate(_ rate: String) async throws {
      try await runHelper(
        "/usr/bin/dbus-send",
        [
          "--session", "--print-reply", "--dest=\(name)", "/org/mpris/MediaPlayer2",
          "org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player",
          "string:Rate", "variant:double:\(rate)",
        ], environment: mpris)
    }
    try await setRate("2.0")
    try await waitUntil("PropertiesChanged with the new rate") { heard("double 2") }
    // The specification: a client setting Rate to 0 means Pause (it was ignored).
    let beforePause = player.lineCount
    try await setRate("0.0")
    try await player.waitForLine("paused by Rate 0", from: beforePause) {
      $0.hasPrefix("state=paused")
    }
    try await runHelper("/usr/bin/playerctl", target + ["stop"], environment: mpris)
    try await waitUntil("Stopped") {
      (try? await runHelper("/usr/bin/playerctl", target + ["status"], environment: mpris))
        == "Stopped"
    }
    // A Play starts again from the beginning: the position it reported was the last one.
    #expect(
      try await runHelper("/usr/bin/playerctl", target + ["position"], environment: mpris)
        == "0.000000")
  }

  @Test("quit over MPRIS while the clip opens or plays: exit status 0, no GTK warning, 8 times")
  func quitWhilePlaying() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let clip = try await Self.makeClip(in: media)
    let server = try await Xvfb(width: 800, height: 600)
    defer { server.stop() }
    let bus = try await SessionBus()
    defer { bus.stop() }
    // It exited while libVLC's threads still read the clip: SIGSEGV in 6 of 30 quits (in
    // libtag, the Matroska demuxer), and GTK criticals about destroyed widgets.
    for round in 0..<8 {
      let player = try GTKPlayerProcess(
        playing: clip,
        environment: GTKPlayerProcess.onX11(server, bus: bus))
      defer { player.stop() }
      if round % 2 == 1 {
        try await player.waitForLine("playing") { $0.hasPrefix("state=playing") }
      }
      // The bus name comes a moment after the start: asked until the call goes through.
      try await waitUntil("the player to take its quit over MPRIS") {
        (try? await runHelper(
          "/usr/bin/dbus-send",
          [
            "--session", "--print-reply",
            "--dest=org.mpris.MediaPlayer2.swiftvlc_gtk_player.instance\(player.pid)",
            "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Quit",
          ], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])) != nil
      }
      let status = try await player.exitStatus(within: .seconds(10))
      #expect(status == 0, "round \(round): \(player.ending ?? "")")
      #expect(
        !player.errorLines.contains { $0.contains("CRITICAL") || $0.contains("WARNING") },
        "round \(round): \(player.errorLines)")
    }
  }

  @Test("resizing the window during playback reopens the video at the new size")
  func resize() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let clip = try await media.make(
      "large.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=10:d=20", "-pix_fmt", "yuv420p",
        "-c:v", "libx264", "-preset", "ultrafast",
      ])
    let server = try await Xvfb(width: 1280, height: 800)
    defer { server.stop() }
    let x11 = ["DISPLAY": server.display]
    let player = try GTKPlayerProcess(playing: clip, environment: GTKPlayerProcess.onX11(server))
    defer { player.stop() }
    // The 640×480 window shows frames of about 624×351, not 1280×720.
    let small = try await player.waitForLine("frames at the window's size") {
      $0.hasPrefix("state=playing") && !$0.contains("size=none")
    }
    let smallWidth = try #require(Self.pictureWidth(small))
    #expect(smallWidth < 700)
    let window = try await runHelper(
      "/usr/bin/xdotool", ["search", "--name", "large.mp4"], environment: x11)
    let id = try #require(window.split(separator: "\n").first.map(String.init))
    try await runHelper("/usr/bin/xdotool", ["windowsize", id, "1200", "760"], environment: x11)
    try await player.waitForLine("frames at the new size", within: .seconds(20)) {
      $0.hasPrefix("state=playing") && (Self.pictureWidth($0) ?? 0) > 1000
    }
  }

  /// The media second of a trace line (`time=`), or nil.
  nonisolated static func traceTime(_ line: String) -> Int? {
    line.split(separator: " ").first { $0.hasPrefix("time=") }.flatMap { Int($0.dropFirst(5)) }
  }

  /// The width in a trace line's `size=WxH`.
  nonisolated static func pictureWidth(_ line: String) -> Int? {
    guard let field = line.split(separator: " ").first(where: { $0.hasPrefix("size=") }) else {
      return nil
    }
    return Int(field.dropFirst(5).split(separator: "x").first ?? "")
  }

  @Test("on Wayland (headless Weston) the video widget renders the clip at 16:9")
  func wayland() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let clip = try await Self.makeClip(in: media)
    let runtime = media.folder.appendingPathComponent("runtime")
    try FileManager.default.createDirectory(
      at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let socket = "swiftvlc-\(getpid())"
    let weston = try Daemon(
      "/usr/bin/weston",
      [
        "--backend=headless-backend.so", "--socket=\(socket)", "--width=800", "--height=600",
        "--idle-time=0",
      ],
      environment: ["XDG_RUNTIME_DIR": runtime.path])
    defer { weston.stop() }
    let socketPath = runtime.appendingPathComponent(socket).path
    try await waitUntil("Weston's socket") { FileManager.default.fileExists(atPath: socketPath) }
    let player = try GTKPlayerProcess(
      playing: clip,
      environment: [
        "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socket, "GDK_BACKEND": "wayland",
        "DISPLAY": "", "DBUS_SESSION_BUS_ADDRESS": "disabled:",
      ])
    defer { player.stop() }
    try await player.waitForLine("playing") { $0.hasPrefix("state=playing") }
    try await player.waitForLine("frames shown") {
      $0.hasPrefix("state=playing")
        && (GTKPlayerUITests.field("frames", in: $0).flatMap(Int.init) ?? 0) > 0
    }
    let picture = try await player.snapshot()
    let shown = try #require(
      Self.examine(
        width: picture.width, height: picture.height, x: picture.width / 2,
        y: picture.height / 2
      ) { x, y in
        let offset = (y * picture.width + x) * 4
        return Hue(
          red: picture.rgba[offset], green: picture.rgba[offset + 1], blue: picture.rgba[offset + 2]
        )
      })
    #expect([Hue.red, .green, .blue].contains(shown.0))
    #expect(abs(shown.1 - 16.0 / 9) < 0.08, "aspect ratio \(shown.1)")
    // Letterboxed on black above and below the picture (the widget is taller than 16:9).
    #expect(Hue(red: picture.rgba[0], green: picture.rgba[1], blue: picture.rgba[2]) == .black)
  }
}
