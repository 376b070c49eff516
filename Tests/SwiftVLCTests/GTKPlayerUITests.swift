// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// The example GTK player's controls, used as a user would under Xvfb: the header bar's menus
/// and buttons are clicked with `xdotool`, the file dialog and the URL entry are typed into,
/// a file is dragged onto the window over XDND. Effects are read from the screen and from the
/// player's trace (what the Player reports after the UI acted).
@Suite(
  "GTK player controls", .serialized, .sharesTheMachineInTurn(weight: 2),
  .enabled(
    if: Xvfb.isInstalled && GTKPlayerProcess.hasTools,
    "Xvfb, xdotool, playerctl, dbus-daemon or weston is missing"),
  .enabled(
    if: GTKPlayerProcess.isBuilt, "gtk-player is not built: swift build --product gtk-player")
)
@MainActor
struct GTKPlayerUITests {
  /// Where the header bar's buttons are, in a 640×480 window at the screen's top-left corner
  /// (no window manager, GTK's default theme): see `PlayerWindow+Input.swift` for the order.
  enum Button {
    static let open = (x: 28, y: 27)
    static let location = (x: 70, y: 27)
    static let audio = (x: 316, y: 27)
    static let subtitles = (x: 359, y: 27)
    static let chapters = (x: 401, y: 27)
    static let rate = (x: 443, y: 27)
  }

  /// 40 s of 16:9 video (320×180) in four chapters, Red 0–10 s, Green 10–20 s, Blue 20–30 s
  /// and White 30–40 s, each its colour; audio in English (440 Hz) and French (880 Hz); an English
  /// subtitle track, off by default, with a cue every second.
  static func makeClip(in media: GeneratedMedia) async throws -> String {
    let folder = media.folder
    var chapters = ";FFMETADATA1\n"
    for (index, name) in ["Red", "Green", "Blue", "White"].enumerated() {
      chapters +=
        "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(index * 10000)\nEND=\((index + 1) * 10000)\ntitle=\(name)\n"
    }
    let chapterFile = folder.appendingPathComponent("chapters.txt")
    try chapters.write(to: chapterFile, atomically: true, encoding: .utf8)
    let cues = (0..<40).map {
      "\($0 + 1)\n00:00:\(pad($0)),000 --> 00:00:\(pad($0)),900\nSUBTITLE\n"
    }
    let subtitles = folder.appendingPathComponent("cues.srt")
    try cues.joined(separator: "\n").write(to: subtitles, atomically: true, encoding: .utf8)
    var arguments: [String] = []
    for colour in ["red", "lime", "blue", "white"] {
      arguments += ["-f", "lavfi", "-i", "color=\(colour):s=320x180:r=25:d=10"]
    }
    arguments += [
      "-f", "lavfi", "-i", "sine=f=440:d=40", "-f", "lavfi", "-i", "sine=f=880:d=40",
      "-i", subtitles.path, "-i", chapterFile.path, "-filter_complex",
      "[0][1][2][3]concat=n=4:v=1:a=0,format=yuv420p[v]", "-map", "[v]", "-map", "4",
      "-map", "5", "-map", "6", "-map_chapters", "7", "-c:v", "libx264", "-g", "25",
      "-c:a", "aac", "-ac", "1", "-b:a", "32k", "-c:s", "srt",
      "-metadata:s:a:0", "language=eng", "-metadata:s:a:0", "title=English",
      "-metadata:s:a:1", "language=fre", "-metadata:s:a:1", "title=Français",
      "-metadata:s:s:0", "language=eng", "-disposition:s:0", "0",
    ]
    return try await media.make("chapters.mkv", arguments)
  }

  private static func pad(_ second: Int) -> String { second < 10 ? "0\(second)" : "\(second)" }

  /// A player on a private X server, its window focused, with its trace and a private data
  /// folder (the file dialog's recent files).
  @MainActor
  final class Session {
    let server: Xvfb
    let player: GTKPlayerProcess
    let media: GeneratedMedia
    var x11: [String: String] { ["DISPLAY": server.display] }

    init(playing file: String?, media: GeneratedMedia) async throws {
      self.media = media
      server = try await Xvfb(width: 800, height: 600)
      let data = media.folder.appendingPathComponent("data").path
      do {
        player = try GTKPlayerProcess(
          playing: file,
          environment: GTKPlayerProcess.onX11(server).merging(["XDG_DATA_HOME": data]) { $1 })
      } catch {
        server.stop()
        throw error
      }
    }

    func stop() {
      player.stop()
      server.stop()
    }

    /// Waits until the player's window is shown, gives it the keyboard focus, and returns
    /// its id.
    @discardableResult
    func windowShown() async throws -> String {
      var id: String?
      try await waitUntil("gtk-player's window", within: .seconds(60)) {
        guard player.ending == nil else { return true }
        let found = try? await runHelper(
          "/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(player.pid)"],
          environment: x11)
        id = found?.split(separator: "\n").first.map(String.init)
        return id != nil
      }
      let window = try #require(id, "no window: \(player.ending ?? "")")
      try await xdotool("windowfocus", "--sync", window)
      // Painted: the header bar is light, not the black of an unpainted window.
      try await waitUntil("the window painted") {
        (try? await server.captureScreen().hue(x: 600, y: 27)) == .white
      }
      return window
    }

    func xdotool(_ arguments: String...) async throws {
      try await runHelper("/usr/bin/xdotool", arguments, environment: x11)
    }

    /// The player's windows on screen at least 50 pixels tall: the main window, and a
    /// popover or a dialog when one is open (not a tooltip). A popover is a window of its own
    /// with an alpha channel, which `xwd` does not capture.
    func tallWindows() async -> Int {
      let ids =
        (try? await runHelper(
          "/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(player.pid)"],
          environment: x11)) ?? ""
      var count = 0
      for id in ids.split(separator: "\n") {
        let geometry =
          (try? await runHelper(
            "/usr/bin/xdotool", ["getwindowgeometry", "--shell", String(id)], environment: x11))
          ?? ""
        let height = geometry.split(separator: "\n").first { $0.hasPrefix("HEIGHT=") }
        if (height.flatMap { Int($0.dropFirst(7)) } ?? 0) >= 50 { count += 1 }
      }
      return count
    }

    /// Clicks `button` until its popover shows: a click that lands while GTK is still mapping
    /// the window is lost.
    func openMenu(_ button: (x: Int, y: Int)) async throws {
      let before = await tallWindows()
      for _ in 0..<3 {
        try await xdotool("mousemove", "\(button.x)", "\(button.y)", "click", "1")
        let opened: Void? = try? await waitUntil("the popover", within: .seconds(3)) {
          await tallWindows() > before
        }
        if opened != nil { return }
      }
      throw TimedOut(what: "the popover under (\(button.x), \(button.y))")
    }

    /// Clicks item `index` (from 0) of the open popover menu under `button`: items are 30
    /// pixels apart, the first 49 pixels below the button's centre.
    func chooseItem(_ index: Int, under button: (x: Int, y: Int)) async throws {
      try await xdotool("mousemove", "\(button.x)", "\(button.y + 49 + 30 * index)", "click", "1")
    }

    func centre() async throws -> Hue { try await server.captureScreen().hue(x: 320, y: 240) }

    /// Whether white text shows on the coloured picture's lower part (a subtitle).
    func subtitleShown() async throws -> Bool {
      let screen = try await server.captureScreen()
      guard [Hue.red, .green, .blue].contains(screen.hue(x: 320, y: 240)) else { return false }
      return stride(from: 340, to: 420, by: 2).contains { y in
        stride(from: 100, to: 540, by: 2).contains { screen.hue(x: $0, y: y) == .white }
      }
    }
  }

  /// The whole seconds of media time in a trace line (0 when it has none).
  nonisolated static func second(_ line: String) -> Int {
    field("time", in: line).flatMap(Int.init) ?? 0
  }

  /// The value of `name=` in a trace line.
  nonisolated static func field(_ name: String, in line: String) -> String? {
    line.split(separator: " ").first { $0.hasPrefix("\(name)=") }.map {
      String($0.dropFirst(name.count + 1))
    }
  }

  @Test("the subtitle, chapter, audio and rate menus act on the player and the picture")
  func menus() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let clip = try await Self.makeClip(in: media)
    let session = try await Session(playing: clip, media: media)
    defer { session.stop() }
    let player = session.player
    try await player.waitForLine("frames shown") {
      $0.hasPrefix("state=playing") && Self.field("size", in: $0) != "none"
    }
    try await session.windowShown()
    #expect(try await session.centre() == .red)
    // The menus are rebuilt (and an open one closes) while libVLC reports tracks and chapters
    // at the start: use them after the first second.
    try await player.waitForLine("a second played") {
      (Self.field("time", in: $0).flatMap(Int.init) ?? 0) >= 1
    }

    // Subtitles → English: the cue shows on the picture.
    #expect(try await session.subtitleShown() == false)
    try await session.openMenu(Button.subtitles)
    try await session.chooseItem(1, under: Button.subtitles)  // "None" is first
    try await player.waitForLine("a subtitle track selected") {
      (Self.field("subtitle", in: $0).flatMap(Int.init) ?? -1) >= 0
    }
    try await waitUntil("the subtitle on screen") { (try? await session.subtitleShown()) ?? false }

    // Chapters → Blue (the third): the picture turns blue, the time jumps to 20 s.
    try await session.openMenu(Button.chapters)
    try await session.chooseItem(2, under: Button.chapters)
    try await waitUntil("the Blue chapter on screen") { (try? await session.centre()) == .blue }
    let blue = try await player.waitForLine("the time after the chapter jump") {
      (Self.field("time", in: $0).flatMap(Int.init) ?? 0) >= 20
    }
    #expect(Self.field("chapter", in: blue) == "2")

    // Audio → Français (the second track).
    let english = try #require(Self.field("audio", in: blue).flatMap(Int.init))
    try await session.openMenu(Button.audio)
    try await session.chooseItem(1, under: Button.audio)
    let french = try await player.waitForLine("the other audio track") {
      let id = Self.field("audio", in: $0).flatMap(Int.init) ?? -1
      return id >= 0 && id != english
    }
    #expect(Self.field("media", in: french) == "chapters.mkv")

    // Rate → 2.0× (the seventh item): media time runs at about two seconds per second of
    // wall clock, measured over four media seconds (busy machines got to it at 30 s of 40, and
    // beside stress-ng at 34 s, when six more seconds at 2× were no longer there).
    try await session.openMenu(Button.rate)
    try await session.chooseItem(6, under: Button.rate)
    try await player.waitForLine("rate 2") { Self.field("rate", in: $0) == "2.0" }
    let fast = try await mediaSecondsPerSecond(of: player, over: 4)
    #expect(fast > 1.5 && fast < 2.6, "\(fast) media seconds per second at 2×")
  }

  /// How fast the trace's media time advances over the next `seconds` of media time, against
  /// the player's own clock (each trace line carries its `uptime` in ms: the lines reach this
  /// process late and in bursts when the machine is busy). The player traces a line when the
  /// whole second changes; one that its busy main loop printed late would skew a measure
  /// from two lines, so this is the median of the rates between every two of them (Theil–Sen).
  /// The lines counted run on from one second to the next: a jump back or ahead starts the
  /// count again.
  func mediaSecondsPerSecond(of player: GTKPlayerProcess, over seconds: Int) async throws
    -> Double
  {
    let read = player.lineCount
    var points: [(media: Double, uptime: Double)] = []
    let counted: Void? = try? await waitUntil("\(seconds) media seconds", within: .seconds(30)) {
      points = []
      for line in player.lines(from: read) where line.hasPrefix("state=playing") {
        let second = Double(Self.second(line))
        guard let uptime = Self.field("uptime", in: line).flatMap(Double.init) else { continue }
        if let last = points.last?.media, second == last { continue }
        if let last = points.last?.media, second < last || second > last + 3 { points = [] }
        points.append((second, uptime / 1_000))
      }
      return (points.last?.media ?? 0) - (points.first?.media ?? 0) >= Double(seconds)
    }
    if counted == nil {
      let seen = player.lines(from: read).map { line in
        ["state", "time", "rate", "audio", "chapter", "uptime"].map {
          "\($0)=\(Self.field($0, in: line) ?? "?")"
        }.joined(separator: " ")
      }
      Issue.record(
        "no \(seconds) media seconds in a row within 30 s; the trace: \(seen.suffix(40))")
    }
    var rates: [Double] = []
    for (index, start) in points.enumerated() {
      for end in points[(index + 1)...] where end.uptime > start.uptime {
        rates.append((end.media - start.media) / (end.uptime - start.uptime))
      }
    }
    try #require(!rates.isEmpty, "no two trace lines: \(points)")
    return rates.sorted()[rates.count / 2]
  }
}

extension GTKPlayerUITests {
  @Test("on software GL (Xvfb: llvmpipe) the window draws with cairo; GSK_RENDERER still decides")
  func renderer() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let server = try await Xvfb()
    defer { server.stop() }
    for (forced, expected) in [(nil, "GskCairoRenderer"), ("gl", "GskGLRenderer")] {
      var environment = GTKPlayerProcess.onX11(server)
      environment["GSK_RENDERER"] = forced
      let player = try GTKPlayerProcess(playing: Fixture.seekMP4.path, environment: environment)
      defer { player.stop() }
      let line = try await player.waitForLine("a drawn window") {
        (Self.field("renderer", in: $0) ?? "none") != "none"
      }
      #expect(Self.field("renderer", in: line) == expected, "GSK_RENDERER=\(forced ?? "unset")")
    }
  }
}
