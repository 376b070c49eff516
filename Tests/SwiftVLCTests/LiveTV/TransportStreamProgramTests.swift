// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("MPEG-TS programs", .mostlyWaits)
@MainActor
struct TransportStreamProgramTests {
  /// A transport stream of `seconds` with two programs: 101 "News" (64×64) by LabOne and
  /// 202 "Sport" (96×48) by LabTwo. ffmpeg runs off the main actor, which other suites wait on.
  static func makeMultiProgram(_ generated: GeneratedMedia, seconds: Int = 6) async throws
    -> String
  {
    try await generated.make(
      "multi.ts",
      [
        "-f", "lavfi", "-i", "testsrc=size=64x64:rate=25:duration=\(seconds)",
        "-f", "lavfi", "-i", "testsrc2=size=96x48:rate=25:duration=\(seconds)",
        "-c:v", "libx264", "-pix_fmt", "yuv420p", "-g", "25", "-map", "0", "-map", "1",
        "-program", "program_num=101:title=News:st=0",
        "-program", "program_num=202:title=Sport:st=1",
        "-metadata:p:0", "service_provider=LabOne", "-metadata:p:1", "service_provider=LabTwo",
        "-f", "mpegts",
      ])
  }

  @Test("the programs of a multi-program stream are listed with name, provider and streams")
  func listing() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let programs = try TransportStreamProgram.programs(
      inFile: try await Self.makeMultiProgram(generated))
    #expect(programs.map(\.number) == [101, 202])
    #expect(programs.map(\.name) == ["News", "Sport"])
    #expect(programs.map(\.provider) == ["LabOne", "LabTwo"])
    #expect(programs[0].streams.map(\.kind) == [.video])
    #expect(programs[0].streams.first?.streamType == 0x1B)
    #expect(programs[1].streams.map(\.pid) == [0x101])

    let single = try TransportStreamProgram.programs(inFile: Fixture.shortTS.path)
    #expect(single.map(\.number) == [1])
    #expect(single.first?.name == "SwiftVLC")
    #expect(single.first?.streams.map(\.kind) == [.video, .audio])
  }

  @Test("bytes that are not a transport stream are an invalid input")
  func notTransportStream() {
    #expect(throws: VLCError.self) {
      try TransportStreamProgram.programs(inFile: Fixture.garbage.path)
    }
    #expect(throws: VLCError.self) { try TransportStreamProgram.programs(in: Data()) }
    #expect(throws: VLCError.self) {
      try TransportStreamProgram.programs(inFile: "/nonexistent/a.ts")
    }
  }

  @Test("a program is chosen at open and switched while playing, keeping a file's position")
  func switching() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // 20 s: a busy main actor may first look seconds after the start.
    let path = try await Self.makeMultiProgram(generated, seconds: 20)
    let player = Player(instance: try headlessInstance())
    let frames = try player.videoFrames(format: .rgba)
    let widths = Task {
      var seen: [Int] = []
      for await frame in frames where seen.last != frame.width { seen.append(frame.width) }
      return seen
    }
    let media = try Media(path: path, instance: player.instance)
    media.selectProgram(202)
    try player.play(media)
    try await waitUntil("the Sport program plays past 1 s", within: .seconds(20)) {
      player.state == .playing && player.currentTime > .seconds(1)
    }
    let before = player.currentTime
    try player.switchProgram(to: 101)
    #expect(player.currentTime == before, "the clock stays while the input reopens")
    // Playing on from there (a busy machine may see the file's end first).
    try await waitUntil("the News program to play on", within: .seconds(20)) {
      player.currentMedia !== media
        && (player.state == .playing && player.currentTime > before + .milliseconds(200)
          || player.outcome == .ended)
    }
    await player.stop()
    widths.cancel()
    let seen = await widths.value
    #expect(seen.first == 96, "the first program shown is Sport (96 wide): \(seen)")
    #expect(seen.contains(64), "News (64 wide) is shown after the switch: \(seen)")
  }
}

@Suite("MPEG-TS programs over UDP", .sharesTheMachine)
@MainActor
struct LiveProgramTests {
  @Test("a live UDP stream's programs are listed, and a program switch while it plays shows it")
  func udpSwitching() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let path = try await TransportStreamProgramTests.makeMultiProgram(generated)
    let sender = try UDPSender(
      file: URL(fileURLWithPath: path), duration: .seconds(6), port: try UDPSender.freePort())
    let location = try #require(URL(string: "udp://@127.0.0.1:\(sender.port)"))

    let programs = try await TransportStreamProgram.programs(at: location, within: .seconds(10))
    #expect(programs.map(\.number) == [101, 202])
    #expect(programs.map(\.name) == ["News", "Sport"])
    #expect(programs.map(\.provider) == ["LabOne", "LabTwo"])

    let player = Player(instance: try headlessInstance())
    let warnings = WarningLog(player.instance)  // libVLC's reasons, for a failure's message
    let frames = try player.videoFrames(format: .rgba)
    let media = try Media(url: location, instance: player.instance)
    media.selectProgram(202)
    try player.play(media)
    let widths = Recorder<Int>()  // what was shown instead, for the failure's message
    do {
      _ = try await frames.first(within: .seconds(20), "a picture of Sport (96 wide)") {
        if widths.values.last != $0.width { widths.append($0.width) }
        return $0.width == 96
      }
    } catch {
      Issue.record(
        """
        \(error); widths shown: \(widths.values), state \(player.state), \
        outcome \(String(describing: player.outcome)), libVLC: \(warnings.last()); \
        \(PortOwners.udp(sender.port))
        """)
      throw error
    }
    await #expect(
      throws: VLCError.invalidState("\(location): the port is taken (a player receiving it?)")
    ) {
      try await TransportStreamProgram.programs(at: location, within: .seconds(1))
    }

    try player.switchProgram(to: 101)
    _ = try await frames.first(within: .seconds(20), "a picture of News (64 wide)") {
      $0.width == 64
    }
    try player.switchProgram(to: 202)  // not libVLC's default program: only the switch shows it
    _ = try await frames.first(within: .seconds(20), "a picture of Sport again") {
      $0.width == 96
    }
    // The picture can come before the main actor has handled libVLC's playing event.
    try await waitUntil("playing", within: .seconds(10)) { player.state == .playing }
    #expect(player.currentMedia !== media, "the stream was opened again on the other program")
    await player.stop()
  }

  @Test("a silent port times out in time, and a location that is not UDP is refused")
  func failures() async throws {
    let silent = try #require(URL(string: "udp://@127.0.0.1:\(try UDPSender.freePort())"))
    let started = ContinuousClock.now
    await #expect(throws: VLCError.timeout("no program tables from \(silent) within 0.5 s")) {
      try await TransportStreamProgram.programs(at: silent, within: .milliseconds(500))
    }
    #expect(ContinuousClock.now - started < .seconds(15), "bounded, even on a loaded machine")
    for bad in ["http://127.0.0.1/x.ts", "udp://@127.0.0.1", "udp://@host.invalid:1234"] {
      await #expect(throws: VLCError.self, "\(bad)") {
        try await TransportStreamProgram.programs(at: try #require(URL(string: bad)))
      }
    }
  }

  @Test("a child started while programs are read does not keep their port bound")
  func noInheritedSocket() async throws {
    let port = try UDPSender.freePort()
    let silent = try #require(URL(string: "udp://@127.0.0.1:\(port)"))
    let reading = Task {
      try await TransportStreamProgram.programs(at: silent, within: .milliseconds(1_500))
    }
    // A child spawned without closing what it inherits (as Swift Testing's exit tests are),
    // during the read: it holds every descriptor that is not close-on-exec for 10 s.
    try await Task.sleep(for: .milliseconds(500))
    let child = try spawnInheriting("/bin/sleep", ["10"])
    defer {
      kill(child, SIGKILL)
      var status: Int32 = 0
      waitpid(child, &status, 0)
    }
    _ = try? await reading.value
    // Within 3 s, well inside the child's 10 s: a parallel run once found the port held for
    // a moment by a socket no process had (a transient holder, not the child).
    do {
      try await waitUntil("the port free after the read", within: .seconds(3)) {
        UDPSender.canBind(port)
      }
    } catch {
      Issue.record("after the read: \(PortOwners.udp(port))")
    }
  }
}

/// Starts `path` with every descriptor this process has open that is not close-on-exec.
private func spawnInheriting(_ path: String, _ arguments: [String]) throws -> pid_t {
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  defer { for argument in argv { free(argument) } }
  var pid: pid_t = 0
  let status = posix_spawn(&pid, path, nil, nil, argv, environ)
  guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
  return pid
}
