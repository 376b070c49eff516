// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CVLCReference
import Foundation
import SwiftVLC

// The Swift contenders. Each runs in its own child process (`swiftvlc-bench --child NAME …`),
// does exactly what its C counterpart in CVLCReference does, and prints one JSON object.

/// Runs the child named by `arguments[0]` and returns what it prints.
@MainActor
func runChildCase(_ arguments: [String]) async throws -> [String: Any] {
  // Before the shared instance: these children make their own, with other arguments.
  if arguments.first == "frames", arguments.count >= 5 {
    return try await framesChild(Array(arguments.dropFirst()))
  }
  if arguments.first == "sheet", arguments.count == 6 {
    return try await sheetChild(Array(arguments.dropFirst()))
  }
  if arguments.first == "guide", arguments.count == 2 { return try await guideChild(arguments) }
  let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
  switch arguments.first {
  case "probe" where arguments.count >= 4:
    // Each instance has its own parser thread. Arguments after the fourth are added to the
    // instances' (the same as the peers get).
    let instanceArguments = VLCInstance.headlessArguments + arguments.dropFirst(4)
    var instances: [VLCInstance] = []
    for _ in 0..<max(Int(arguments[3]) ?? 1, 1) {
      instances.append(try VLCInstance(arguments: instanceArguments))
    }
    return try await probeChild(
      instances, list: arguments[1], concurrency: Int(arguments[2]) ?? 1)
  case "batch-probe", "single-parse":
    return try await batchProbeChild(arguments)
  case "playback" where arguments.count == 5:
    return try await playbackChild(
      instance, file: arguments[1], frames: Int(arguments[2]) ?? 250,
      width: Int(arguments[3]) ?? 1280, height: Int(arguments[4]) ?? 720)
  case "first-frame" where arguments.count == 5:
    return try await firstFrameChild(
      instance, file: arguments[1], runs: Int(arguments[2]) ?? 5,
      width: Int(arguments[3]) ?? 1280, height: Int(arguments[4]) ?? 720)
  case "lifecycle" where arguments.count == 4:
    return try await lifecycleChild(
      instance, file: arguments[1], cycles: Int(arguments[2]) ?? 100,
      warmup: Int(arguments[3]) ?? 10)
  case "thumbnails" where arguments.count > 5:
    return try await thumbnailsChild(
      instance, file: arguments[1], mode: arguments[2] == "fast" ? .fast : .precise,
      oneAtATime: arguments[3] == "one-at-a-time", outputDirectory: arguments[4],
      seconds: arguments.dropFirst(5).compactMap(Double.init))
  case "events" where arguments.count == 4:
    return await eventsChild(
      count: Int(arguments[1]) ?? 1_000, consumers: Int(arguments[2]) ?? 1,
      intervalNanoseconds: UInt64(arguments[3]) ?? 0)
  case "channel-switch" where arguments.count == 5:
    return try await channelSwitchChild(
      instance, list: arguments[1], switches: Int(arguments[2]) ?? 50,
      settle: .milliseconds(Int(arguments[3]) ?? 800), warm: Int(arguments[4]) ?? 0)
  default:
    throw BenchError.setup("unknown child case \(arguments)")
  }
}

/// Probes every file of the list with `Media.parse`, `concurrency` at a time, spreading the
/// files over `instances` in turn.
func probeChild(_ instances: [VLCInstance], list: String, concurrency: Int) async throws
  -> [String: Any]
{
  let paths = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").map(
    String.init)
  let start = ContinuousClock.now
  let playable = await withTaskGroup(of: Bool.self) { group in
    var pending = paths.makeIterator()
    var next = 0
    func probe(_ path: String) -> @Sendable () async -> Bool {
      let instance = instances[next % instances.count]
      next += 1
      return {
        guard let media = try? Media(path: path, instance: instance) else { return false }
        return (try? await media.parse(timeout: .seconds(5)))?.isPlayable ?? false
      }
    }
    for _ in 0..<max(concurrency, 1) {
      if let path = pending.next() { group.addTask(operation: probe(path)) }
    }
    var playable = 0
    for await result in group {
      if result { playable += 1 }
      if let path = pending.next() { group.addTask(operation: probe(path)) }
    }
    return playable
  }
  let elapsed = ContinuousClock.now - start
  return ["files": paths.count, "playable": playable, "seconds": elapsed.seconds]
}

/// Plays at 1× into RGBA frames through `videoFrames` until `frames` frames were consumed.
@MainActor
func playbackChild(
  _ instance: VLCInstance, file: String, frames target: Int, width: Int, height: Int
)
  async throws -> [String: Any]
{
  let media = try Media(path: file, instance: instance)
  media.addOption(":no-audio")
  let player = Player(instance: instance)
  let frames = try player.videoFrames(format: .rgba, width: width, height: height)
  let cpu = processCPUSeconds()
  let start = ContinuousClock.now
  try player.play(media)
  var count = 0
  var checksum: UInt32 = 0
  for await frame in frames {
    // The same per-frame work as the C consumer: read one byte of the picture.
    frame.withUnsafeBytes { checksum &+= UInt32($0[(count * 4_099) % $0.count]) }
    count += 1
    if count == target { break }
  }
  let elapsed = ContinuousClock.now - start
  let used = processCPUSeconds() - cpu
  await player.stop()
  return [
    "frames": count, "complete": count == target, "seconds": elapsed.seconds, "cpuSeconds": used,
    "checksum": checksum, "dropped": frames.droppedFrameCount,
  ]
}

/// Milliseconds from `play` to the first frame reaching the consumer, `runs` times, each with a
/// new player and an idle engine.
@MainActor
func firstFrameChild(_ instance: VLCInstance, file: String, runs: Int, width: Int, height: Int)
  async throws -> [String: Any]
{
  let media = try Media(path: file, instance: instance)
  media.addOption(":no-audio")
  var milliseconds: [Double] = []
  for _ in 0..<runs {
    do {
      let player = Player(instance: instance)
      let frames = try player.videoFrames(format: .rgba, width: width, height: height)
      let start = ContinuousClock.now
      try player.play(media)
      for await _ in frames { break }
      milliseconds.append((ContinuousClock.now - start).seconds * 1_000)
      await player.stop()
    }
    // The player is dropped above and released on its own queue: let that finish before the
    // next play, as the C reference (which releases in line) does.
    try await Task.sleep(for: .milliseconds(300))
  }
  return ["milliseconds": milliseconds]
}

/// `cycles` times: a new player plays until it reports playing (plus 20 ms), stops and is
/// dropped.
@MainActor
func lifecycleChild(_ instance: VLCInstance, file: String, cycles: Int, warmup: Int) async throws
  -> [String: Any]
{
  let media = try Media(path: file, instance: instance)
  var milliseconds: [Double] = []
  var warmKB = residentKB()
  var warmHeapKB = cvr_heap_in_use_kb()
  var trace: [Int] = []
  var ok = true
  for cycle in 0..<cycles {
    if cycle == warmup {
      warmKB = residentKB()
      warmHeapKB = cvr_heap_in_use_kb()
    }
    if cycle % 100 == 0 { trace.append(residentKB()) }
    let start = ContinuousClock.now
    do {
      let player = Player(instance: instance)
      let events = player.events
      try player.play(media)
      var playing = false
      for await event in events {
        if case .stateChanged(let state) = event {
          if state == .playing { playing = true }
          if state == .playing || state == .error { break }
        }
      }
      ok = ok && playing
      // Both sides stop 20 ms after Playing: libVLC 3 stops in about 1 ms when asked at once,
      // but takes ~60 ms when asked a few milliseconds later (it finishes starting its
      // outputs first), which would measure when each side reacts, not what it costs.
      try await Task.sleep(for: .milliseconds(20))
      await player.stop()
    }
    milliseconds.append((ContinuousClock.now - start).seconds * 1_000)
  }
  // A dropped player is stopped and released on its own queue: let the last ones finish.
  try await Task.sleep(for: .milliseconds(500))
  return [
    "milliseconds": milliseconds, "residentWarmKB": warmKB, "residentEndKB": residentKB(),
    "heapInUseWarmKB": warmHeapKB, "heapInUseEndKB": cvr_heap_in_use_kb(),
    "residentKBEvery100": trace, "ok": ok,
  ]
}

/// Ten (or however many) thumbnails with one `Thumbnailer`, as a set or one request after the
/// other; the pictures are written as raw RGBA files after the clock has stopped.
func thumbnailsChild(
  _ instance: VLCInstance, file: String, mode: ThumbnailMode, oneAtATime: Bool,
  outputDirectory: String, seconds: [Double]
) async throws -> [String: Any] {
  let start = ContinuousClock.now
  let thumbnailer = try Thumbnailer(
    media: Media(path: file, instance: instance), width: 320, mode: mode)
  var thumbnails: [Thumbnail] = []
  if oneAtATime {
    for time in seconds {
      thumbnails.append(try await thumbnailer.thumbnail(at: .milliseconds(Int64(time * 1_000))))
    }
  } else {
    thumbnails = try await thumbnailer.thumbnails(
      at: seconds.map { .milliseconds(Int64($0 * 1_000)) })
  }
  let elapsed = ContinuousClock.now - start
  for (index, thumbnail) in thumbnails.enumerated() {
    try Data(thumbnail.rgba).write(
      to: URL(fileURLWithPath: "\(outputDirectory)/\(index).rgba"))
  }
  return [
    "seconds": elapsed.seconds, "thumbnails": thumbnails.count,
    "width": thumbnails.first?.width ?? 0, "height": thumbnails.first?.height ?? 0,
  ]
}

/// User plus system CPU time of this process so far.
func processCPUSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// This process's resident memory in KB.
func residentKB() -> Int {
  let fields = ((try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "")
    .split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_024
}
