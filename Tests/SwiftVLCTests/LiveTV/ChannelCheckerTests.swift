// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Channel checker", .mostlyWaits)
@MainActor
struct ChannelCheckerTests {
  @Test("a list served over HTTP loads with relative entries resolved against it")
  func loadOverHTTP() async throws {
    let lab = try await ChannelLab()
    let list = try await ChannelList.load(from: lab.listURL)
    #expect(list.channels.count == 10)
    #expect(list.guideURLs == [lab.server.url("documents/guide.xml").absoluteString])
    #expect(list.channels[2].location == lab.server.url("live/hls/index.m3u8").absoluteString)
    #expect(list.groups == ["UDP", "HLS", "Dead"])
  }

  @Test("a list that cannot be fetched is a typed error")
  func unreadableList() async throws {
    let lab = try await ChannelLab(dead: false)
    await #expect(throws: VLCError.self) {
      try await ChannelList.load(from: lab.server.url("status/404/a.m3u"))
    }
    await #expect(throws: VLCError.self) {
      try await ChannelList.load(from: lab.server.url("files/garbage.mp4"))
    }
    await #expect(throws: VLCError.self) {
      try await ChannelList.load(from: URL(fileURLWithPath: "/nonexistent/list.m3u"))
    }
  }

  @Test(
    "the checker finds the live channels alive and names why each dead one is dead", .runsLong)
  func checkLab() async throws {
    let lab = try await ChannelLab()
    let list = try await ChannelList.load(from: lab.listURL)
    let checker = ChannelChecker(concurrency: 3, timeout: .seconds(8))
    let start = ContinuousClock.now
    let results = try await checker.check(list.channels)
    let elapsed = ContinuousClock.now - start
    let byName = Dictionary(uniqueKeysWithValues: results.map { ($0.channel.name, $0) })
    #expect(results.map(\.channel.name) == list.channels.map(\.name))
    for name in ChannelLab.aliveNames {
      let result = try #require(byName[name])
      guard case .alive(let tracks, let width, let height) = result.status else {
        Issue.record("\(name) should be alive: \(result.status)")
        continue
      }
      #expect(tracks.contains { $0.kind == .video && $0.codec == "h264" }, "\(name): \(tracks)")
      #expect(tracks.contains { $0.kind == .audio }, "\(name)")
      #expect(
        width == 64 && height == 64,
        "\(name): \(String(describing: width))x\(String(describing: height))")
    }
    let expected: [String: ChannelFailure] = [
      "Missing": .httpStatus(404), "Refused": .connectionRefused,
      "No DNS": .hostNotFound("swiftvlc-lab.invalid"), "Hung": .timeout, "Garbage": .noStream,
      "Silent UDP": .timeout, "Login": .authenticationRequired,
    ]
    for (name, failure) in expected {
      // When: a verdict before the time limit came from the player, one at it from the log.
      #expect(
        byName[name]?.status == .dead(failure),
        "\(name) after \(byName[name].map { "\($0.elapsed)" } ?? "-")")
    }
    // 10 channels, 3 at a time, each bounded by 8 s plus its stop.
    #expect(elapsed < .seconds(50), "checking took \(elapsed)")
  }

  @Test("a silent channel is a timeout, never \"no stream\" from the player's own time limit")
  func silentIsTimeout() async throws {
    var channels: [Channel] = []
    for round in 0..<4 {
      let port = try UDPSender.freePort()
      channels += [
        Channel(
          id: 2 * round, name: "Refused \(round)",
          location: TestServer.closedPortURL().absoluteString),
        Channel(id: 2 * round + 1, name: "Silent \(round)", location: "udp://@127.0.0.1:\(port)"),
      ]
    }
    let checker = ChannelChecker(concurrency: 1, timeout: .seconds(2))
    let results = try await checker.check(channels)
    // The player's opening timeout came first in about two runs in three: its teardown
    // logged "cannot peek", which names a source that is not media.
    for result in results where result.channel.name.hasPrefix("Silent") {
      #expect(result.status == .dead(.timeout), "\(result.channel.name): \(result.status)")
    }
  }

  @Test("a file of one picture is alive: it plays, though its picture never reaches the frames")
  func onePictureIsAlive() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    var channels: [Channel] = []
    for (index, (name, codec)) in [("one.mp4", "libx264"), ("one.ts", "mpeg2video")].enumerated() {
      let path = try await media.make(
        name, ["-f", "lavfi", "-i", "testsrc2=s=320x240:r=25", "-frames:v", "1", "-c:v", codec])
      channels.append(Channel(id: index, name: name, location: path))
    }
    let results = try await ChannelChecker(concurrency: 2, timeout: .seconds(8)).check(channels)
    for result in results {
      // Both were "not a media file", every time.
      guard case .alive(let tracks, _, _) = result.status else {
        Issue.record("\(result.channel.name): \(result.status)")
        continue
      }
      #expect(tracks.contains { $0.kind == .video }, "\(result.channel.name): \(tracks)")
    }
  }

  @Test("a Matroska channel with a forced ASS track is checked in well under libass's 6 s set-up")
  func subtitledChannelIsQuick() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // Its forced Japanese ASS track is selected when played, which starts libass.
    let file = try await RecordingFidelityTests.makeMKV(generated)
    let checker = ChannelChecker(concurrency: 1, timeout: .seconds(10))
    let channel = Channel(
      id: 1, name: "Subtitled", location: URL(fileURLWithPath: file).absoluteString)
    let result = try #require(try await checker.check([channel]).first)
    guard case .alive(let tracks, _, _) = result.status else {
      Issue.record("should be alive: \(result.status)")
      return
    }
    // The subtitle tracks are still listed; they are just not decoded.
    #expect(tracks.contains { $0.codec == "ssa" } && tracks.contains { $0.codec == "subt" })
    // libass's set-up alone takes 6 s; the whole test took 0.15 s alone and the check 3.2 s in a loaded
    // parallel run, so 5 s tells the two apart without timing the machine.
    #expect(result.elapsed < .seconds(5), "checking took \(result.elapsed)")
  }
}
