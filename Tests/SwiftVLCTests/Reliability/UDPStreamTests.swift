// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("UDP streams", .mostlyWaits)
@MainActor
struct UDPStreamTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// A sender looping `short.ts` (2 s) to a fresh port, and the URL a player listens on.
  func startSender() throws -> (UDPSender, URL) {
    let port = try UDPSender.freePort()
    let sender = try UDPSender(file: Fixture.shortTS.url, duration: .seconds(2), port: port)
    return (sender, try #require(URL(string: "udp://@127.0.0.1:\(port)")))
  }

  @Test("a UDP stream plays with its tracks, stalls when the sender goes silent, and continues")
  func stallAndContinue() async throws {
    let (sender, url) = try startSender()
    let player = Player(instance: instance)
    player.stallTimeout = .seconds(1.5)
    let log = EventLog(player)
    try player.play(url: url)
    try await waitUntil("playing with its tracks", within: .seconds(20)) {
      player.state == .playing && !player.videoTracks.isEmpty && !player.audioTracks.isEmpty
    }
    #expect(player.videoTracks.count == 1)
    #expect(player.audioTracks.count == 1)
    sender.pause()
    try await waitUntil("the stall to be reported", within: .seconds(10)) { player.isStalled }
    #expect(player.state == .playing)
    // The log is filled by a consumer task, which can trail the property by a moment.
    try await waitUntil("the stalled event", within: .seconds(10)) { log.events.contains(.stalled) }
    sender.resume()
    try await waitUntil("playback to continue", within: .seconds(10)) { !player.isStalled }
    try await waitUntil("the recovered event", within: .seconds(2)) {
      log.events.contains(.recovered)
    }
    #expect(player.outcome == nil)
    try await within(.seconds(5), "stop") { await player.stop() }
    #expect(player.state == .stopped)
  }

  @Test("with a reconnect policy a silent UDP source is reopened until it sends again")
  func reconnectWhenSilent() async throws {
    let (sender, url) = try startSender()
    let player = Player(instance: instance)
    player.stallTimeout = .seconds(1.5)
    // Long enough for a busy machine to open the stream, first and once it sends again (2 s
    // was not beside stress-ng, 5 s not for the first open during a run that made its media:
    // libVLC raised its PCR delay to 2.1 s).
    player.openingTimeout = .seconds(10)
    player.reconnectPolicy = try ReconnectPolicy(
      maxAttempts: 10, initialDelay: .milliseconds(300), maxDelay: .seconds(1))
    let log = EventLog(player)
    let warnings = WarningLog(instance)  // libVLC's reasons, for a failure's message
    try player.play(url: url)
    do {
      try await waitUntil("playing", within: .seconds(20)) { player.state == .playing }
    } catch {
      Issue.record(
        """
        \(error): state \(player.state), outcome \(String(describing: player.outcome)), \
        attempts \(log.reconnectAttempts), libVLC: \(warnings.last())
        """)
      throw error
    }
    sender.pause()
    try await waitUntil("a reopen attempt", within: .seconds(10)) {
      !log.reconnectAttempts.isEmpty
    }
    sender.resume()
    try await waitUntil("playback to continue", within: .seconds(30)) {
      player.state == .playing && !player.isStalled
    }
    #expect(player.outcome == nil)
    try await waitUntil("the recovered event", within: .seconds(10)) {
      log.events.contains(.recovered)
    }
    try await within(.seconds(5), "stop") { await player.stop() }
  }
}
