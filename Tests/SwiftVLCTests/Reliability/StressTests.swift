// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Lifecycle and subscription races, repeated. Every test is bounded; the player-dropping
/// tests also check that memory and thread counts do not grow. `SWIFTVLC_STRESS=long`
/// multiplies the counts (see ``StressLevel``).
@Suite("Stress", .serialized, .sharesTheMachineInTurn())
@MainActor
struct StressTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("players dropped while their events are in flight do not crash, leak or keep threads")
  func dropWithEventsInFlight() async {
    // A process of its own: the test measures the process's memory and threads.
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await dropPlayersWithEventsInFlight() }
    }
  }

  @Test("many event consumers cancelled mid-stream all end, and the player keeps delivering")
  func consumersCancelledMidStream() async throws {
    var random = SeededRandom(seed: 2)
    let player = Player(instance: instance)
    try player.play(Media(path: Fixture.tracksMKV.path, instance: instance))
    // Or ended: the loop below plays the 4 s clip again when it is over.
    try await waitUntil("playing") { player.state == .playing || player.state == .ended }
    for _ in 0..<StressLevel.iterations(10) {
      let consumers = (0..<20).map { _ in
        let events = player.events
        return Task.detached {
          var count = 0
          for await _ in events { count += 1 }
          return count
        }
      }
      for consumer in consumers {
        if Bool.random(using: &random) { await Task.yield() }
        consumer.cancel()
      }
      try await within(.seconds(5), "cancelled consumers to end") {
        for consumer in consumers { _ = await consumer.value }
      }
      if player.state != .playing { try player.play() }  // the 4 s clip may end meanwhile
    }
    let fresh = player.events
    if player.state != .playing { try player.play() }
    _ = try await fresh.first(within: .seconds(5), "an event after the storm") { _ in true }
    await player.stop()
  }

  @Test("log subscriptions opened and cancelled in storms end, and logging still works")
  func logStorms() async throws {
    var random = SeededRandom(seed: 3)
    let player = Player(instance: instance)
    try player.play(Media(path: Fixture.tracksMKV.path, instance: instance))
    for _ in 0..<StressLevel.iterations(10) {
      let subscribers = (0..<20).map { _ in
        let logs = instance.logs(minimumLevel: .debug)
        return Task.detached {
          var count = 0
          for await _ in logs { count += 1 }
          return count
        }
      }
      try await Task.sleep(for: .milliseconds(Int.random(in: 0...30, using: &random)))
      for subscriber in subscribers { subscriber.cancel() }
      try await within(.seconds(5), "cancelled log consumers to end") {
        for subscriber in subscribers { _ = await subscriber.value }
      }
    }
    await player.stop()
    // A new subscriber still gets libVLC's messages: opening a media logs at debug level.
    let logs = instance.logs(minimumLevel: .debug)
    try player.play(Media(path: Fixture.shortMP4.path, instance: instance))
    _ = try await logs.first(within: .seconds(5), "a log entry after the storms") { _ in true }
    await player.stop()
  }

  @Test("stop racing play racing drop ends in a consistent state without deadlock")
  func stopRacingPlayRacingDrop() async {
    // A process of its own: the test measures the process's memory and threads.
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await raceStopPlayAndDrop() }
    }
  }
}

// The bodies of the tests that measure the process, each run in a process of its own: an
// expectation's comment says what it expected and what it got (the parent test shows the
// comment only).

/// Plays tracks.mkv in 80 players, each dropped 0–150 ms after it starts while its events
/// stream is being read; the stream must finish, and after a warm-up of 40 memory and threads
/// must not grow over the next 40.
@MainActor
private func dropPlayersWithEventsInFlight() async throws {
  let instance = try headlessInstance()
  var random = SeededRandom(seed: 1)
  func cycle() async throws {
    var player: Player? = Player(instance: instance)
    let events = try #require(player).events
    let consumer = Task.detached {
      var count = 0
      for await _ in events { count += 1 }
      return count
    }
    // tracks.mkv sends about 100 time events a second: plenty in flight when dropped.
    try player?.play(Media(path: Fixture.tracksMKV.path, instance: instance))
    try await Task.sleep(for: .milliseconds(Int.random(in: 0...150, using: &random)))
    player = nil
    _ = try await within(.seconds(5), "the events stream to finish") {
      await withTaskCancellationHandler {
        await consumer.value
      } onCancel: {
        consumer.cancel()
      }
    }
  }
  let initial = try ProcessFootprint.now()
  for _ in 0..<40 { try await cycle() }  // warm-up: plugin caches, thread pools, malloc arenas
  let before = try await ProcessFootprint.settled { $0.threads <= initial.threads + 8 }
  let natives = NativeCount.now()
  let count = StressLevel.iterations(40)
  for _ in 0..<count { try await cycle() }
  try await expectNoGrowth(since: before, over: "\(count) dropped players")
  try await expectNativeObjectsReleased(since: natives, over: "\(count) dropped players")
}

/// Races stop, play and drop on players of short.mp4 and seek.mp4: every stop returns, a
/// player kept ends stopped, and after a warm-up memory and threads do not grow over 40 races.
@MainActor
private func raceStopPlayAndDrop() async throws {
  let instance = try headlessInstance()
  var random = SeededRandom(seed: 4)
  let first = try Media(path: Fixture.shortMP4.path, instance: instance)
  let second = try Media(path: Fixture.seekMP4.path, instance: instance)
  func race(drop: Bool) async throws {
    var player: Player? = Player(instance: instance)
    try player?.play(first)
    try await Task.sleep(for: .milliseconds(Int.random(in: 0...40, using: &random)))
    let stopping = Task { [player] in await player?.stop() }
    try player?.play(second)
    let stoppingAgain = Task { [player] in await player?.stop() }
    if Bool.random(using: &random) { try player?.play(first) }
    if drop {
      player = nil
    }
    // Bounded by the player's stopTimeout (10 s) even if this limit is passed.
    try await within(.seconds(5), "the racing stops to return") {
      await stopping.value
      await stoppingAgain.value
    }
    guard let player else { return }
    try await within(.seconds(5), "a final stop") { await player.stop() }
    #expect(player.state == .stopped, "the state after a final stop: \(player.state)")
    #expect(player.outcome != nil, "a stopped player has an outcome")
  }
  let initial = try ProcessFootprint.now()
  for _ in 0..<5 { try await race(drop: true) }  // warm-up
  let before = try await ProcessFootprint.settled { $0.threads <= initial.threads + 8 }
  let natives = NativeCount.now()
  let count = StressLevel.iterations(40)
  for index in 0..<count { try await race(drop: index.isMultiple(of: 2)) }
  try await expectNoGrowth(since: before, over: "\(count) races")
  try await expectNativeObjectsReleased(since: natives, over: "\(count) races")
}

/// Waits (at most 10 s) for dropped players to finish releasing on their own queues, then
/// expects the heap and the threads back near `before` (``ProcessFootprint``). The margins
/// hold what idle threads and their caches of freed blocks keep (up to 0.25 MB a thread) and
/// the caches still filling; a player kept alive keeps its threads and its decoded pictures
/// (megabytes), which over dozens of players shows far beyond them. (A native player never
/// released but stopped keeps 22 KB: the player lifecycle suite's cycles test finds that.)
private func expectNoGrowth(since before: ProcessFootprint, over what: String) async throws {
  let bound = 4.0
  let after = try await ProcessFootprint.settled {
    $0.threads <= before.threads + 8 && $0.heapMegabytes - before.heapMegabytes < bound
  }
  // Under a sanitizer the heap is the sanitizer's, not glibc's; it checks memory itself.
  if !StressLevel.underSanitizer {
    #expect(
      after.heapMegabytes - before.heapMegabytes < bound,
      "over \(what) the heap went from \(before) to \(after)")
  }
  #expect(after.threads <= before.threads + 8, "over \(what): \(before) → \(after)")
}
