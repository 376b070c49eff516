// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Player with bad input", .mostlyWaits)
@MainActor
struct PlayerFailureTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a missing file is rejected before any playback")
  func missingFile() {
    let player = Player(instance: instance)
    #expect(throws: VLCError.mediaCreationFailed(source: "/nonexistent/clip.mp4: no such file")) {
      try player.play(url: URL(fileURLWithPath: "/nonexistent/clip.mp4"))
    }
    #expect(player.state == .idle)
  }

  @Test(
    "broken files end in a typed outcome within seconds",
    arguments: [Fixture.empty, .garbage, .truncated])
  func brokenFile(_ fixture: Fixture) async throws {
    let player = Player(instance: instance)
    try player.play(Media(path: fixture.path, instance: instance))
    try await waitUntil("a final state", within: .seconds(15)) {
      player.state == .error || player.state == .ended
    }
    switch player.outcome {
    case .failed(let error):
      #expect(player.state == .error)
      switch error {
      case .playbackFailed: break
      case .sourceFailed(.notMedia, _): #expect(fixture != .truncated, "\(error)")
      default: Issue.record("unexpected error \(error)")
      }
    case .ended:
      #expect(player.state == .ended)
    default:
      Issue.record("no outcome for \(fixture.rawValue): \(String(describing: player.outcome))")
    }
    // Bytes no demuxer takes: libVLC 3 ended them through its MPEG-PS demuxer, as a plain end.
    if fixture == .garbage {
      #expect(player.outcome?.failureReason == .notMedia, "\(String(describing: player.outcome))")
    }
  }

  @Test("an unreachable URL fails with .error and a failed outcome")
  func unreachable() async throws {
    let player = Player(instance: instance)
    let events = player.events
    try player.play(url: TestServer.closedPortURL())
    let seen = try await collectEvents(events, within: .seconds(15)) { $0 == .encounteredError }
    #expect(seen.compactMap(\.state).last == .error)
    #expect(player.state == .error)
    guard case .failed(.sourceFailed(.connectionRefused, _)) = player.outcome else {
      Issue.record("outcome \(String(describing: player.outcome))")
      return
    }
    // The error is latched: libVLC's later Stopped event does not hide it. A negative check:
    // libVLC sends Stopped as its input thread ends, right after the error; 1 s covers that
    // on a busy machine.
    try await Task.sleep(for: .seconds(1))
    #expect(player.state == .error)
  }
}
