// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Whether tmux is installed: the terminal tests drive the tool through a real terminal.
private let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

@Suite("swiftvlc in a terminal", .sharesTheMachine, .enabled(if: hasTmux, "tmux is not installed"))
struct CommandLineTerminalTests {
  /// A detached tmux session on a private server, running `sh` in an 80x24 pane.
  private struct Session {
    let socket = "swiftvlc-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    /// The server's socket file, which tmux leaves behind.
    private var socketPath = ""

    /// Starts a session whose shell runs `command` followed by `echo EXIT=$?`; ``close()``
    /// ends it.
    static func start(running command: String) async throws -> Session {
      var session = Session()
      try await session.tmux("new-session", "-d", "-s", "test", "-x", "80", "-y", "24", "sh")
      do {
        session.socketPath = try await session.tmux("display-message", "-p", "#{socket_path}")
          .trimmingCharacters(in: .whitespacesAndNewlines)
        // Typed before the prompt, the command is echoed first and the prompt printed after
        // it: the exit status then follows the prompt on its line ("# EXIT=0").
        _ = try await session.waitFor("the shell's prompt") {
          !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        try await session.tmux("send-keys", "-t", "test", "\(command); echo EXIT=$?", "Enter")
      } catch {
        session.close()
        throw error
      }
      return session
    }

    /// Kills this test's server (only) and removes its socket file.
    func close() {
      _ = try? spawnTmux(["-L", socket, "kill-server"])
      if !socketPath.isEmpty { unlink(socketPath) }
    }

    /// Types q and waits until the shell prints the tool's exit status; returns the pane and
    /// the status.
    func quit() async throws -> (screen: String, status: Int) {
      try await tmux("send-keys", "-t", "test", "q")
      let screen = try await waitFor("the tool to exit after q") { exitStatus($0) != nil }
      return (screen, exitStatus(screen) ?? -1)
    }

    /// Runs a tmux command on a thread of its own (it blocks) and returns what it printed.
    @discardableResult
    func tmux(_ arguments: String...) async throws -> String {
      let arguments = ["-L", socket] + arguments
      return try await offThePool { try spawnTmux(arguments) }
    }

    /// The pane's text, with colour escapes when `escapes` is set.
    func capture(escapes: Bool) async throws -> String {
      if escapes {
        try await tmux("capture-pane", "-p", "-e", "-t", "test")
      } else {
        try await tmux("capture-pane", "-p", "-t", "test")
      }
    }

    /// Captures the pane every 50 ms until `condition` holds; throws ``TimedOut`` after `limit`.
    func waitFor(
      _ what: String, within limit: Duration = .seconds(30), escapes: Bool = false,
      _ condition: (String) -> Bool
    ) async throws -> String {
      let deadline = ContinuousClock.now + limit
      while true {
        let screen = try await capture(escapes: escapes)
        if condition(screen) { return screen }
        guard ContinuousClock.now < deadline else {
          throw TimedOut(what: "\(what); the pane shows:\n\(screen)")
        }
        try await Task.sleep(for: .milliseconds(50))
      }
    }
  }

  @Test("play draws video and status, pauses, redraws at a new size, quits and restores the tty")
  func playInTerminal() async throws {
    // A 30 s clip shaped like the demo (160x90, English audio): the 4 s demo could end, and
    // the tool exit, before a busy run had paused it.
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let clip = try await generated.make(
      "terminal.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=25", "-f", "lavfi", "-i", "sine=f=440",
        "-t", "30", "-metadata:s:a:0", "language=eng", "-pix_fmt", "yuv420p", "-c:v", "libx264",
        "-preset", "ultrafast", "-c:a", "aac",
      ])
    let session = try await Session.start(running: "\(SwiftVLCTool.url.path) play \(clip)")
    defer { session.close() }

    let playing = try await session.waitFor("the status line while playing", escapes: true) {
      $0.contains(" playing  0:")
    }
    let statusLine = try #require(playing.split(separator: "\n").last { $0.contains(" playing ") })
    #expect(statusLine.contains("/ 0:30"))
    #expect(statusLine.contains("vol 100%"))
    #expect(statusLine.contains("audio English"))
    #expect(statusLine.contains("\u{1B}[48;2;"))  // 24-bit colour cells: the progress bar
    #expect(statusLine.contains("\u{1B}[38;2;"))

    // The picture (160x90) fills the 80x23 cells above the status line, in 24-bit colour.
    let screen = try await session.waitFor("video rows as wide as the pane", escapes: true) {
      videoWidths($0) == [80]
    }
    let video = screen.split(separator: "\n").dropLast()
    #expect(video.filter { $0.contains("\u{2580}") }.count == 23)
    #expect(video.contains { $0.contains("\u{2580}") && $0.contains("38;2;") })
    #expect(video.contains { $0.contains("\u{2580}") && $0.contains("48;2;") })

    try await session.tmux("send-keys", "-t", "test", " ")
    _ = try await session.waitFor("the paused state after space") { $0.contains(" paused  0:") }

    // Paused, so the picture at the new size can only come from redrawing the last frame.
    try await session.tmux("resize-window", "-t", "test", "-x", "40", "-y", "24")
    _ = try await session.waitFor("video rows as wide as the narrower pane") {
      videoWidths($0) == [40]
    }
    try await session.tmux("resize-window", "-t", "test", "-x", "80", "-y", "24")
    _ = try await session.waitFor("video rows as wide as the pane again") {
      videoWidths($0) == [80]
    }

    let exited = try await session.quit()
    #expect(exited.status == 0)
    #expect(!exited.screen.contains(" paused  0:"))  // the alternate screen is gone

    // Prints the terminal's canonical-input and echo flags, "-icanon" or "-echo" when off.
    try await session.tmux(
      "send-keys", "-t", "test",
      "stty -a | tr -s ' ;' '\\n\\n' | grep -xE -- '-?(icanon|echo)' | paste -sd, -; echo STTY-DONE",
      "Enter")
    let report = try await session.waitFor("stty's report") {
      $0.split(separator: "\n").contains("STTY-DONE")
    }
    // The flags line may follow a prompt the shell printed after the typed-ahead command.
    let flags = report.split(separator: "\n").last { $0.hasSuffix("echo") }
    #expect(flags?.hasSuffix(" icanon,echo") == true || flags == "icanon,echo")
  }

  @Test("playing audio only, the terminal shows the title tag, not the file name")
  func audioOnlyTitle() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let song = try await generated.make(
      "song.mp3",
      GeneratedMedia.audio(silent: false, seconds: 20) + ["-metadata", "title=Tagged Title"])
    let session = try await Session.start(running: "\(SwiftVLCTool.url.path) play \(song)")
    defer { session.close() }
    let screen = try await session.waitFor("the title over the keys") {
      $0.contains("Tagged Title") && $0.contains(" playing ")
    }
    #expect(!screen.contains("song.mp3"))
    let exited = try await session.quit()
    #expect(exited.status == 0)
  }

  @Test(
    "play --window: f makes libVLC's window fullscreen and back, as libVLC reads its flag",
    .runsLong, .enabled(if: Xvfb.isInstalled, "Xvfb is not installed"))
  func fullscreenKey() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // Long enough not to end on a busy machine before both notices were read.
    let clip = try await generated.make("long.mp4", GeneratedMedia.video(seconds: 60))
    let server = try await Xvfb()
    defer { server.stop() }
    let session = try await Session.start(
      running: "DISPLAY=\(server.display) \(SwiftVLCTool.url.path) play --window \(clip)")
    defer { session.close() }
    _ = try await session.waitFor("the status line while playing") { $0.contains(" playing ") }
    try await session.tmux("send-keys", "-t", "test", "f")
    _ = try await session.waitFor("fullscreen on") {
      noticeLine($0)?.hasSuffix("fullscreen") == true
    }
    try await session.tmux("send-keys", "-t", "test", "f")
    _ = try await session.waitFor("fullscreen off") {
      noticeLine($0)?.hasSuffix("windowed") == true
    }
    let exited = try await session.quit()
    #expect(exited.status == 0)
  }

  @Test(
    "playing in the terminal, with an SSA subtitle drawn, leaves stderr empty after q (libass's banner left out)",
    .runsLong)
  func noLibassBanner() async throws {
    let scratch = try ScratchDirectory("cli-ass")
    defer { scratch.remove() }
    let errors = scratch.path("stderr.txt")
    // tracks.mkv ten times over (40 s; a busy machine could play a shorter clip out before
    // the test had seen it play on). Subtitle 3 is SubRip, 4 is SSA, drawn by libass, with a
    // line at 0.5 s of each 4 s; two presses of s reach the SSA track; libass starts when its
    // first line is drawn.
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let clip = try await generated.make(
      "tracks10.mkv",
      ["-stream_loop", "9", "-i", Fixture.tracksMKV.path, "-map", "0", "-c", "copy"])
    let session = try await Session.start(
      running: "XDG_RUNTIME_DIR= \(SwiftVLCTool.url.path) play \(clip) 2>\(errors)")
    defer { session.close() }
    let playing = try await session.waitFor("the status line while playing") {
      playedSeconds($0) != nil
    }
    try await session.tmux("send-keys", "-t", "test", "s", "s")
    // Five seconds of playback after the presses pass a line of the SSA track.
    let pressed = playedSeconds(playing) ?? 0
    var seen: [Int] = []  // the clock as the pane showed it, for the failure's message
    do {
      _ = try await session.waitFor("5 s of playback with the SSA track", within: .seconds(60)) {
        let played = playedSeconds($0)
        if let played, played != seen.last { seen.append(played) }
        return (played ?? 0) >= pressed + 6
      }
    } catch {
      // Twice in loaded parallel runs the tool exited with 0 a few seconds in (libVLC's end
      // of a 40 s clip taken for a natural one?): its stderr says what it saw.
      let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "(unreadable)"
      Issue.record("pressed at \(pressed) s; the pane's clock showed \(seen); stderr: \(stderr)")
      throw error
    }
    let exited = try await session.quit()
    #expect(exited.status == 0)
    let written = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    // Nothing of libass's banner (printed by libass, left out of the tool's replay),
    // libVLC's or libavcodec's messages, or libwayland's.
    #expect(written.isEmpty, "\(written)")
  }
  @Test("play LIST shows what is on now and next from the guide, and moves on at the boundary")
  func programmeGuideStatus() async throws {
    let scratch = try ScratchDirectory("cli-guide")
    defer { scratch.remove() }
    // A1 ends 15 s from now (XMLTV counts whole seconds): the tool's first status line must
    // show it, which took over 8 s once with the whole suite running. B2 follows it.
    let now = Int(Date().timeIntervalSince1970)
    func xmltv(_ seconds: Int) -> String {
      GuideTime.isoUTC(Date(timeIntervalSince1970: Double(seconds))).filter(\.isNumber) + " +0000"
    }
    let guide = """
      <tv><programme start="\(xmltv(now - 60))" stop="\(xmltv(now + 15))" channel="one.tv">
      <title>A1</title></programme>
      <programme start="\(xmltv(now + 15))" stop="\(xmltv(now + 3_600))" channel="one.tv">
      <title>B2</title></programme></tv>
      """
    try guide.write(toFile: scratch.path("guide.xml"), atomically: true, encoding: .utf8)
    let list =
      "#EXTM3U url-tvg=\"guide.xml\"\n#EXTINF:-1 tvg-id=\"one.tv\",One\n"
      + Fixture.longMP4.path + "\n"
    try list.write(toFile: scratch.path("tv.m3u"), atomically: true, encoding: .utf8)
    let session = try await Session.start(
      running: "\(SwiftVLCTool.url.path) play \(scratch.path("tv.m3u"))")
    defer { session.close() }
    let first = try await session.waitFor("now A1 on the status line") {
      $0.contains("1 One  now A1 to ")
    }
    #expect(first.contains(", next B2"))
    _ = try await session.waitFor("now B2 after A1's end", within: .seconds(20)) {
      $0.contains("1 One  now B2 to ")
    }
    #expect(Date().timeIntervalSince1970 >= Double(now + 15))
    let exited = try await session.quit()
    #expect(exited.status == 0)
  }

  @Test(
    "zapping to a dead channel clears the picture and names why, live and with --timeshift",
    arguments: [[], ["--timeshift"]])
  func deadChannel(_ options: [String]) async throws {
    let sender = try await NumberedStream.senders()[0]
    let scratch = try ScratchDirectory("cli-zap")
    defer { scratch.remove() }
    // A missing file first: it cannot be opened at all, so the player starts on the next one.
    let list =
      "#EXTM3U\n#EXTINF:-1,Gone\n" + scratch.path("gone.ts") + "\n#EXTINF:-1,Live\n"
      + "udp://@127.0.0.1:\(sender.port)\n#EXTINF:-1,Dead\n"
      + TestServer.closedPortURL().absoluteString + "\n"
    try list.write(toFile: scratch.path("tv.m3u"), atomically: true, encoding: .utf8)
    let tool = [SwiftVLCTool.url.path, "play"] + options + [scratch.path("tv.m3u")]
    let session = try await Session.start(running: tool.joined(separator: " "))
    defer { session.close() }
    _ = try await session.waitFor("the live channel, past the missing one") {
      $0.contains("2 Live (skipped 1 Gone")
    }
    _ = try await session.waitFor("the live channel's picture") {
      $0.contains("2 Live") && !videoWidths($0).isEmpty
    }
    try await session.tmux("send-keys", "-t", "test", "NPage")
    // The reason in `channels --check`'s words: the terminal zaps with ChannelPlayer.
    let dead = try await session.waitFor("the dead channel's reason") {
      $0.contains("3 Dead: connection refused")
    }
    #expect(videoWidths(dead).isEmpty, "the previous channel's picture stays:\n\(dead)")
    // On past the end: the missing one is skipped again, and named.
    try await session.tmux("send-keys", "-t", "test", "NPage")
    _ = try await session.waitFor("the live channel again, past the missing one") {
      $0.contains("2 Live (skipped 1 Gone")
    }
    _ = try await session.waitFor("the live channel's picture again") {
      $0.contains("2 Live") && !$0.contains("3 Dead") && !videoWidths($0).isEmpty
    }
    let exited = try await session.quit()
    #expect(exited.status == 0)
  }
}

/// The distinct numbers of half-block cells in the rows of a captured pane that have any.
private func videoWidths(_ screen: String) -> Set<Int> {
  Set(
    screen.split(separator: "\n").map { $0.filter { $0 == "\u{2580}" }.count }.filter { $0 > 0 })
}

/// The status the shell printed after the tool (a line "EXIT=<digits>", perhaps after the
/// prompt); nil before. The typed command, wrapped at the pane's width, can put its own
/// "EXIT=$?" at the start of a line, so the digits are required.
private func exitStatus(_ screen: String) -> Int? {
  for line in screen.split(separator: "\n").reversed() {
    guard let printed = line.split(separator: " ").last, printed.hasPrefix("EXIT=") else {
      continue
    }
    let digits = printed.dropFirst(5)
    if !digits.isEmpty, digits.allSatisfy(\.isNumber) { return Int(digits) }
  }
  return nil
}

/// The whole seconds played, from the clock of the pane's status line while playing.
private func playedSeconds(_ screen: String) -> Int? {
  guard let line = statusLine(screen), line.hasPrefix("playing"),
    let clock = line.split(separator: " ").dropFirst().first
  else { return nil }
  let parts = clock.split(separator: ":").compactMap { Int($0) }
  return parts.count >= 2 ? parts.reduce(0) { $0 * 60 + $1 } : nil
}

/// The last status line of a pane in any state (the line with the volume), without its padding.
private func noticeLine(_ screen: String) -> String? {
  screen.split(separator: "\n").last { $0.contains(" vol ") || $0.contains(" muted ") }
    .map { $0.trimmingCharacters(in: .whitespaces) }
}

/// The last status line of a pane (the one showing the playing state), without its padding.
private func statusLine(_ screen: String) -> String? {
  screen.split(separator: "\n").last { $0.contains(" playing ") || $0.contains(" paused ") }
    .map { $0.trimmingCharacters(in: .whitespaces) }
}

private struct SpawnFailed: Error {
  var code: Int32
}

/// Runs `/usr/bin/tmux` and returns its stdout. Spawned directly, with every descriptor above
/// stderr closed: the tmux server forks from its first client and would keep any inherited
/// pipe open for good (Foundation's `Process` waits for such a pipe to close, and other tests'
/// pipes must not be held either).
private func spawnTmux(_ arguments: [String]) throws -> String {
  var ends: [Int32] = [-1, -1]
  guard pipe(&ends) == 0 else { throw SpawnFailed(code: errno) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
    posix_spawn_file_actions_addclose(&actions, descriptor)  // not-open ones are ignored
  }
  // The calling dispatch thread blocks most signals; the server, its shell and the tool must
  // start with none blocked and default actions, as from a login shell.
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var signals = sigset_t()
  sigemptyset(&signals)
  posix_spawnattr_setsigmask(&attributes, &signals)
  sigfillset(&signals)
  posix_spawnattr_setsigdefault(&attributes, &signals)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  // Under coreutils' timeout: a tmux client that hangs is killed after 10 s, so the blocking
  // read below always ends.
  let argv = (["timeout", "10", "/usr/bin/tmux"] + arguments).map { strdup($0) } + [nil]
  defer { for argument in argv { free(argument) } }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, "/usr/bin/timeout", &actions, &attributes, argv, environ)
  close(ends[1])
  let output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
  guard spawned == 0 else { throw SpawnFailed(code: spawned) }
  let data = output.readDataToEndOfFile()
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  return String(decoding: data, as: UTF8.self)
}
