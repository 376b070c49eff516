// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Synchronization
import Testing

@Suite("Custom input", .mostlyWaits)
@MainActor
struct CustomInputTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  func bytes(_ fixture: Fixture) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: fixture.url))
  }

  @Test("an MP4 played from Data reaches .ended with its full duration")
  func dataPlaysToEnd() async throws {
    let player = Player(instance: instance)
    try player.play(Media(data: Data(contentsOf: Fixture.seekMP4.url), instance: instance))
    try await waitUntil("the end", within: .seconds(15)) { player.state == .ended }
    #expect(player.outcome == .ended)
    #expect(player.isSeekable)
    let duration = try #require(player.duration)
    #expect(abs(duration.inMilliseconds - 3_000) < 100)
  }

  @Test("seeking in a Data media skips the bytes in between")
  func dataSeeks() async throws {
    let player = Player(instance: instance)
    let media = try Media(data: Data(contentsOf: Fixture.seekMP4.url), instance: instance)
    media.addOption(":start-paused")  // so the jump starts from 0 s however busy the machine is
    try player.play(media)
    try await waitUntil("paused at the start") { player.state == .paused && player.isSeekable }
    #expect(player.currentTime < .milliseconds(500))
    let events = player.events
    try player.seek(to: .seconds(2))
    player.resume()
    let seen = try await collectEvents(events) { $0 == .endReached }
    let times = seen.compactMap { event -> Duration? in
      if case .timeChanged(let time) = event { time } else { nil }
    }
    // Played through, the clock would pass the second in between; after the jump it cannot.
    #expect(!times.contains { $0 > .milliseconds(600) && $0 < .milliseconds(1_900) }, "\(times)")
    #expect(player.outcome == .ended)
  }

  @Test("a stream of chunks plays to the end")
  func streamPlaysToEnd() async throws {
    let player = Player(instance: instance)
    let chunks = ChunkedBytes(bytes: try bytes(.shortMP4), chunkSize: 1_000)
    try player.play(Media(stream: chunks, instance: instance))
    try await waitUntil("the end", within: .seconds(15)) { !player.state.isActive }
    #expect(player.state == .ended)
    #expect(player.outcome == .ended)
    let duration = try #require(player.duration)
    #expect(abs(duration.inMilliseconds - 1_000) < 100)
  }

  @Test("a stream that throws midway fails with a typed error and frees its source")
  func throwingStream() async throws {
    weak var watched: Sentinel?
    let producers = LiveCount()
    do {
      let sentinel = Sentinel()
      watched = sentinel
      let data = try bytes(.seekMP4)
      let chunks = ChunkedBytes(
        bytes: data, chunkSize: 2_000, failAfter: data.count / 2, producers: producers,
        sentinel: sentinel)
      let player = Player(instance: instance)
      try player.play(Media(stream: chunks, instance: instance))
      try await waitUntil("a final state", within: .seconds(15)) { !player.state.isActive }
      #expect(player.state == .error)
      guard case .failed(.playbackFailed(let reason)) = player.outcome else {
        Issue.record("outcome \(String(describing: player.outcome))")
        return
      }
      #expect(reason.contains("SourceBroke"), "\(reason)")
    }
    // The player, the media and libVLC's native media are gone: so is the input's producer,
    // and the input itself (which holds the sequence, which holds the sentinel).
    try await waitUntil("the producer to end") { producers.value == 0 }
    try await waitUntil("the input to be freed") { watched == nil }
  }

  @Test("stopping while a stream waits for bytes returns at once and ends its producer")
  func stopWhileReadBlocks() async throws {
    let producers = LiveCount()
    let player = Player(instance: instance)
    let header = Array(try bytes(.seekMP4).prefix(4_096))
    var chunks = ChunkedBytes(
      bytes: header, chunkSize: 4_096, hangsAtEnd: true, producers: producers)
    let waiting = LiveCount()
    chunks.waitingAtEnd = waiting
    try player.play(Media(stream: chunks, instance: instance))
    try await waitUntil("the producer to start") { producers.value == 1 }
    // Every byte handed over: libVLC's reads past the 4 KB header now wait for more.
    try await waitUntil("the producer to wait at the end") { waiting.value == 1 }
    #expect(player.state.isActive)
    // libVLC has no timeout of its own on a custom input's read: a stop that waited for the
    // read would never return, which the deadline catches. The bound on its time leaves room
    // for a loaded machine (beside stress-ng, at a parallel run's crowded start, it took over
    // 5 s once).
    let started = ContinuousClock.now
    try await within(.seconds(30), "stop") { await player.stop() }
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(player.state == .stopped)
    try await waitUntil("the producer to end") { producers.value == 0 }
  }

  @Test("empty data is rejected, and custom inputs are not parsed ahead of playing")
  func invalidUse() async throws {
    #expect(throws: VLCError.invalidInput("the data to play is empty")) {
      try Media(data: Data(), instance: instance)
    }
    let media = try Media(data: Data(contentsOf: Fixture.shortMP4.url), instance: instance)
    await #expect {
      try await media.parse()
    } throws: { error in
      if case VLCError.parseFailed = error { true } else { false }
    }
  }
}

/// The error ``ChunkedBytes`` throws.
struct SourceBroke: Error {}

/// An object whose lifetime a test watches through a weak reference.
final class Sentinel: Sendable {}

/// A thread-safe count of live objects.
final class LiveCount: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
  func decrement() { count.withLock { $0 -= 1 } }
}

/// Yields `bytes` in chunks; then ends, throws ``SourceBroke`` once `failAfter` bytes were
/// yielded, or waits forever (until cancelled) when `hangsAtEnd`. Counts its live iterators.
struct ChunkedBytes: AsyncSequence, Sendable {
  var bytes: [UInt8]
  var chunkSize: Int
  var failAfter: Int?
  var hangsAtEnd = false
  var producers = LiveCount()
  /// Counts producers hanging at the end (with ``hangsAtEnd``).
  var waitingAtEnd: LiveCount?
  var sentinel: Sentinel?

  final class Token: Sendable {
    let count: LiveCount
    init(_ count: LiveCount) {
      self.count = count
      count.increment()
    }
    deinit { count.decrement() }
  }

  struct AsyncIterator: AsyncIteratorProtocol {
    let source: ChunkedBytes
    let token: Token
    var offset = 0

    mutating func next() async throws -> [UInt8]? {
      if let limit = source.failAfter, offset >= limit { throw SourceBroke() }
      guard offset < source.bytes.count else {
        if source.hangsAtEnd {
          source.waitingAtEnd?.increment()
          defer { source.waitingAtEnd?.decrement() }
          try await Task.sleep(for: .seconds(3_600))
        }
        return nil
      }
      let end = Swift.min(offset + source.chunkSize, source.bytes.count)
      defer { offset = end }
      return Array(source.bytes[offset..<end])
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(source: self, token: Token(producers))
  }
}
