import Foundation
import SwiftVLC
import Testing

@Suite("Player lifecycle", .sharesTheMachine)
@MainActor
struct PlayerLifecycleTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a player dropped while opening or playing is released, and libVLC lets go of its source")
  func dropWhilePlaying() async throws {
    // The source sends half the file, then holds the connection in silence: only a native
    // player that is stopped and released closes it.
    let server = try await TestServer()
    for connected in [false, true] {
      weak var weakPlayer: Player?
      do {
        let player = Player(instance: instance)
        weakPlayer = player
        try player.play(Media(url: server.url("stall/seek.mp4"), instance: instance))
        if connected { try await server.waitForConnections(atLeast: 1) }
      }
      #expect(weakPlayer == nil, "the player outlived its last reference (connected: \(connected))")
      try await server.waitForNoConnections(within: .seconds(10))
    }
  }

  @Test("the events stream finishes when its player is dropped")
  func eventsFinishOnDrop() async throws {
    var player: Player? = Player(instance: instance)
    let events = try #require(player).events
    try player?.play(Media(path: Fixture.seekMP4.path, instance: instance))
    let consumer = Task {
      var count = 0
      for await _ in events { count += 1 }
      return count
    }
    try await Task.sleep(for: .milliseconds(200))
    player = nil
    let count = try await within(.seconds(5), "the stream to finish") { await consumer.value }
    #expect(count > 0)
  }

  @Test("a player dropped from inside a loop over its own events does not deadlock")
  func dropInsideOwnEvents() async throws {
    var player: Player? = Player(instance: instance)
    let events = try #require(player).events
    try player?.play(Media(path: Fixture.seekMP4.path, instance: instance))
    var dropped = false
    try await within(.seconds(10), "the loop to end") { @MainActor in
      for await event in events where event == .stateChanged(.playing) {
        player = nil
        dropped = true
      }
    }
    #expect(dropped)
  }

  @Test("create, play and drop cycles keep memory stable")
  func cycles() async {
    // A process of its own: the test measures the whole process, which other tests running
    // beside it would disturb. So it need not run alone, and the suite goes on meanwhile.
    // Its issues, a thrown error too, are reported here.
    await #expect(processExitsWith: .success) {
      do {
        try await measureCycles()
      } catch {
        Issue.record(error)
      }
    }
  }
}

/// Creates, plays and drops 500 players on one instance and checks that neither resident
/// memory nor the thread count grows; meant for a process of its own.
@MainActor
private func measureCycles() async throws {
  let instance = try headlessInstance()
  func cycle(_ index: Int) async throws {
    let player = Player(instance: instance)
    let events = player.events
    try player.play(Media(path: Fixture.shortMP4.path, instance: instance))
    if index.isMultiple(of: 2) {
      _ = try await collectEvents(events) { $0 == .stateChanged(.playing) }
    }
    if index.isMultiple(of: 3) { await player.stop() }
  }
  let initial = try processStatus().threads
  for index in 0..<100 { try await cycle(index) }  // warm-up: caches, plugins, pools
  // Dropped players stop and release on their own queues, each with its threads: measure
  // once those threads are gone (a released libVLC player keeps none).
  let before = try await settledStatus(threadsAtMost: initial + 4)
  for index in 0..<200 { try await cycle(index) }
  let middle = try await settledStatus(threadsAtMost: before.threads + 4)
  for index in 0..<200 { try await cycle(index) }
  let after = try await settledStatus(threadsAtMost: before.threads + 4)
  // A leaked player costs ~200 KB, 40 MB per 200 cycles, in each batch. The allocator's
  // noise (fragmentation, arenas per thread: 5–30 MB measured here under load) comes in
  // bursts, so the smaller of the two batches' growths is the one that tells.
  let growth = min(
    middle.residentMegabytes - before.residentMegabytes,
    after.residentMegabytes - middle.residentMegabytes)
  // Under a sanitizer RSS is meaningless (shadow memory, quarantine); it checks memory itself.
  if !StressLevel.underSanitizer {
    #expect(growth < 20, "resident memory grew by \(growth) MB over 200 cycles")
  }
  #expect(after.threads <= before.threads + 4, "threads: \(before.threads) → \(after.threads)")
}

/// The process status once its thread count is at most `limit`, which dropped players reach
/// when libVLC has released them; ``TimedOut`` after 10 s.
func settledStatus(threadsAtMost limit: Int) async throws -> (
  residentMegabytes: Double, threads: Int
) {
  let deadline = ContinuousClock.now + .seconds(10)
  var status = try processStatus()
  while status.threads > limit {
    guard ContinuousClock.now < deadline else {
      throw TimedOut(what: "the threads to go back to \(limit) (still \(status.threads))")
    }
    try await Task.sleep(for: .milliseconds(50))
    status = try processStatus()
  }
  return status
}

/// Resident memory (after handing free heap pages back) and thread count of this process,
/// from /proc/self/status.
func processStatus() throws -> (residentMegabytes: Double, threads: Int) {
  let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/status"))
  let status = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
  func field(_ name: String) throws -> Double {
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(name + ":") })
    let words = line.split { $0 == " " || $0 == "\t" }
    return try #require(words.count > 1 ? Double(words[1]) : nil)
  }
  trimHeap()
  return (try field("VmRSS") / 1_024, Int(try field("Threads")))
}

/// glibc's `malloc_trim(0)`: hands the allocator's free pages back to the system, so resident
/// memory counts what is in use rather than what was freed and kept for reuse.
private func trimHeap() {
  typealias Trim = @convention(c) (Int) -> Int32
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
  _ = unsafeBitCast(symbol, to: Trim.self)(0)
}
