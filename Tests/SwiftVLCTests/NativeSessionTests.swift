// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// The one native-session core under thumbnails, stream output and the decode pass, its one
/// stall watch and its one one-shot waiter.
@Suite("Native session", .mostlyWaits)
struct NativeSessionTests {
  @Test("the stall watch reports a stall once, after its limit, and the recovery once")
  func stallWatchRules() {
    let start = ContinuousClock.now
    let limit = Duration.seconds(2)
    var watch = StallWatch<Int>(since: start)
    #expect(watch.observe(0, at: start + .seconds(1), limit: limit) == .steady)  // the baseline
    #expect(
      watch.observe(1, at: start + .seconds(1.5), limit: limit) == .progressed(recovered: false))
    #expect(watch.observe(1, at: start + .seconds(3), limit: limit) == .steady)
    #expect(watch.observe(1, at: start + .seconds(3.5), limit: limit) == .stalled)
    #expect(watch.observe(1, at: start + .seconds(9), limit: limit) == .steady)  // reported once
    #expect(
      watch.observe(2, at: start + .seconds(10), limit: limit) == .progressed(recovered: true))
    watch.hold(at: start + .seconds(20))  // paused: nothing is expected to move
    #expect(watch.observe(2, at: start + .seconds(21), limit: limit) == .steady)
    #expect(watch.observe(2, at: start + .seconds(22), limit: nil) == .steady)
    #expect(watch.observe(2, at: start + .seconds(22), limit: limit) == .stalled)
  }

  @Test("a waiter's deadline ends its own wait, not the value; a settled value reaches the rest")
  func waiterDeadline() async throws {
    let completion = Completion<Int>()
    let early = await completion.value(within: .milliseconds(20))
    guard case .failure(.timeout) = early else {
      Issue.record("the wait did not time out: \(early)")
      return
    }
    #expect(completion.result == nil)
    // An expired limit before the waiter suspends still ends it.
    let instant = await completion.value(within: .zero, timeout: .cancelled)
    #expect(instant.failure == .cancelled)
    let waiter = Task { await completion.value(within: .seconds(30)) }
    try await Task.sleep(for: .milliseconds(50))
    completion.settle(.success(7))
    completion.settle(.success(8))  // the first settle wins
    let settled = try await within(.seconds(5), "the waiter to resume") { await waiter.value }
    #expect(try settled.get() == 7)
    #expect(try await completion.value().get() == 7)
  }

  @Test("a source that stops sending ends an output session as stalled")
  func stallIsReported() async throws {
    let instance = try headlessInstance()
    let server = try await TestServer()
    let source = try Media(url: server.url("stall/seek.mp4"), instance: instance)
    let session = OutputSession(media: try source.copy(adding: [":sout=#dummy"]))
    session.begin()
    let started = ContinuousClock.now
    let outcome = try await within(.seconds(30), "the session to end") {
      await session.run(limit: nil, watch: OutputSession.Watch(stallLimit: .seconds(1)))
    }
    #expect(outcome.ending == .stalled)
    #expect(ContinuousClock.now - started < .seconds(20))
    try await server.waitForNoConnections(within: .seconds(10))
  }

  @Test("a stop libVLC holds returns at its deadline, and the player is released once let go")
  func stuckStopReturnsAtDeadline() async {
    // A process of its own: the census is the whole process's.
    await #expect(processExitsWith: .success) {
      await inOwnProcess {
        let instance = try headlessInstance()
        let server = try await TestServer()
        let before = NativeCount.now()
        do {
          // libVLC 3's HLS downloader reads a segment holding a lock that closing the demuxer
          // needs, and that read cannot be interrupted: the stop lasts until the server lets go.
          let media = try Media(
            url: server.url("hlsfault/stall/1/hls/index.m3u8"), instance: instance)
          let session = NativeSession(instance: instance)
          session.open(media)
          var watch = StallWatch<NativeSession.Reading>(since: .now)
          try await waitUntil("the stall", within: .seconds(20)) {
            try? await Task.sleep(for: .milliseconds(250))
            return watch.observe(await session.reading(of: media), at: .now, limit: .seconds(1.5))
              == .stalled
          }
          let started = ContinuousClock.now
          let stopped = await session.stop(within: .seconds(1))
          #expect(!stopped, "libVLC closed the stalled segment's input")
          #expect(ContinuousClock.now - started < .seconds(5))
          session.end()
        }
        server.stop()
        try await expectNativeObjectsReleased(since: before, over: "one stuck native session")
      }
    }
  }
}

extension Result {
  /// The error, if it failed.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
