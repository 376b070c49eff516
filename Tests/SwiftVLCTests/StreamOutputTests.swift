// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Serving media over HTTP with libVLC's stream output, played back by a second player.
@Suite(
  "Stream output", .sharesTheMachine,
  .disabled(
    if: StressLevel.underThreadSanitizer,
    "ThreadSanitizer aborts when libVLC cancels its HTTP server's thread"))
@MainActor
struct StreamOutputTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a file served over HTTP on 127.0.0.1 plays in another player")
  func servedFilePlays() async throws {
    let port = try #require(TestServer.closedPortURL().port)
    // 30 s served in real time: a 3 s source had ended, and its stream with it, before a
    // loaded machine's player got to Playing.
    let media = try Media(path: Fixture.longMP4.path, instance: instance)
    let output = try StreamOutput.http(media, port: port, path: "/long.ts")
    #expect(output.url.absoluteString == "http://127.0.0.1:\(port)/long.ts")
    // A player started at once found the port closed on a loaded machine (CI).
    try await output.waitUntilServing()
    #expect(TestServer.accepts(port: port))

    let player = Player(instance: instance)
    try player.play(url: output.url)
    try await waitUntil("the served stream to play", within: .seconds(10)) {
      player.state == .playing
    }
    // TS announces its streams as they come: the track list may follow the state.
    try await waitUntil("the video track", within: .seconds(15)) { player.videoTracks.count == 1 }
    await player.stop()
    try await within(.seconds(10), "stopping the stream") { await output.stop() }
    #expect(output.isFinished)
    try await output.waitUntilFinished()
    // Nothing serves once it ended.
    await #expect(throws: VLCError.self) { try await output.waitUntilServing() }
  }

  @Test("a stream ends by itself when its source ends")
  func endsWithSource() async throws {
    let port = try #require(TestServer.closedPortURL().port)
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    let output = try StreamOutput.http(media, port: port)
    try await within(.seconds(10), "the one-second source to end") {
      try await output.waitUntilFinished()
    }
    #expect(output.isFinished)
  }

  @Test("a port already in use fails the stream with a typed error")
  func portInUse() async throws {
    let server = try await TestServer()
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    let output = try StreamOutput.http(media, port: server.port)
    // Waiting for it to serve ends with the same failure.
    let early = await #expect(throws: VLCError.self) { try await output.waitUntilServing() }
    let error = await #expect(throws: VLCError.self) {
      try await within(.seconds(10), "the stream to fail") { try await output.waitUntilFinished() }
    }
    #expect(early == error)
    guard case .playbackFailed(let reason)? = error else {
      Issue.record("expected playbackFailed, got \(String(describing: error))")
      return
    }
    // libVLC's own words follow ("cannot start stream output instance"); it said only
    // "could not stream SOURCE to URL", as for any other failure.
    #expect(reason.contains(": cannot start stream output"), "\(reason)")
  }

  @Test("bad ports, paths and hosts are rejected")
  func invalidInput() throws {
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    for (port, path, host) in [
      (0, "/s", "127.0.0.1"), (70_000, "/s", "127.0.0.1"), (8080, "s", "127.0.0.1"),
      (8080, "/a b", "127.0.0.1"), (8080, "/s", ""), (8080, "/s", "1.2.3.4:5"),
    ] {
      let error = #expect(throws: VLCError.self) {
        try StreamOutput.http(media, port: port, path: path, host: host)
      }
      guard case .invalidInput? = error else {
        Issue.record("\(port) \(path) \(host): got \(String(describing: error))")
        continue
      }
    }
  }
}
