// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Synchronization

/// `FILE WIDTH HEIGHT RGBA|I420 [OPTION...]`: plays FILE at 1× to its end into frames through
/// `videoFrames`, reading one byte of every frame in a task off the main actor, as the C
/// reference's `frames` does in its display callback. Options starting with `:` are added to
/// the media's, the others to the instance's.
@MainActor
func framesChild(_ arguments: [String]) async throws -> [String: Any] {
  let file = arguments[0]
  let (width, height) = (Int(arguments[1]) ?? 1_920, Int(arguments[2]) ?? 1_080)
  let format: PixelFormat = arguments[3] == "I420" ? .i420 : .rgba
  let options = arguments.dropFirst(4)
  let instance = try VLCInstance(
    arguments: VLCInstance.headlessArguments + options.filter { !$0.hasPrefix(":") })
  let media = try Media(path: file, instance: instance)
  media.addOption(":no-audio")
  for option in options where option.hasPrefix(":") { media.addOption(option) }
  let player = Player(instance: instance)
  let frames = try player.videoFrames(format: format, width: width, height: height)
  let events = player.events
  let consumed = Atomic(0)
  let consumer = Task.detached {
    var count = 0
    var checksum: UInt32 = 0
    for await frame in frames {
      frame.withUnsafeBytes { checksum &+= UInt32($0[(count * 4_099) % $0.count]) }
      count += 1
      consumed.store(count, ordering: .releasing)
    }
    return checksum
  }
  let cpu = processCPUSeconds()
  let start = ContinuousClock.now
  try player.play(media)
  let ended = await playedToEnd(events, within: .seconds(300))
  let elapsed = ContinuousClock.now - start
  let used = processCPUSeconds() - cpu
  let statistics = media.statistics()
  await player.stop()
  // Frames still buffered in the stream are read before the count is taken.
  let queued = frames.deliveredFrameCount - frames.droppedFrameCount
  let drained = ContinuousClock.now + .seconds(2)
  while consumed.load(ordering: .acquiring) < queued && ContinuousClock.now < drained {
    try await Task.sleep(for: .milliseconds(5))
  }
  let count = consumed.load(ordering: .acquiring)
  consumer.cancel()
  let checksum = await consumer.value
  return [
    "frames": count, "complete": ended, "seconds": elapsed.seconds, "cpuSeconds": used,
    "displayed": statistics?.displayedPictures ?? 0, "lost": statistics?.lostPictures ?? 0,
    "decoded": statistics?.decodedVideo ?? 0, "checksum": checksum,
    "dropped": frames.droppedFrameCount,
  ]
}

/// Whether `events` reports the end of the media (not an error) within `limit`.
private func playedToEnd(_ events: AsyncStream<PlayerEvent>, within limit: Duration) async -> Bool {
  await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      for await event in events {
        switch event {
        case .endReached, .stateChanged(.ended): return true
        case .encounteredError, .stateChanged(.error): return false
        default: continue
        }
      }
      return false
    }
    group.addTask {
      try? await Task.sleep(for: limit)
      return false
    }
    defer { group.cancelAll() }
    return await group.next() ?? false
  }
}
