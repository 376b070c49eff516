// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

extension BatchProbe {
  /// Parses `sources`, at most ``concurrency`` at once and two per instance, and hands each
  /// result to `deliver` as its parse finishes. Stops starting parses, and cancels those in
  /// flight, when the task is cancelled or `deliver` returns `false`.
  func run(_ sources: [URL], deliver: (Result) -> Bool) async {
    typealias Finished = (index: Int, lane: Lane, parsed: Parsed)
    await withTaskGroup(of: Finished.self) { group in
      var loads = LaneLoads(instanceCount: instanceCount, perInstance: 2)
      var next = 0
      var running = 0
      func startWhatFits() {
        // In source order: a source whose instances are all busy waits, and so do the next.
        while next < sources.count, running < concurrency, !Task.isCancelled,
          let lane = loads.take(kind(of: sources[next]))
        {
          let (index, source) = (next, sources[next])
          next += 1
          running += 1
          group.addTask { (index, lane, await self.parse(source, on: lane)) }
        }
      }
      startWhatFits()
      while let finished = await group.next() {
        running -= 1
        loads.release(finished.lane)
        let result = Result(
          index: finished.index, source: sources[finished.index], mrl: finished.parsed.mrl,
          outcome: finished.parsed.outcome)
        guard deliver(result) else {
          group.cancelAll()
          return
        }
        startWhatFits()
      }
    }
  }

  /// What parsing one source gave: the media's MRL, when one was created, and the outcome.
  typealias Parsed = (mrl: String?, outcome: Swift.Result<MediaInfo, VLCError>)

  /// One source's parse on `lane`'s instance.
  private func parse(_ source: URL, on lane: Lane) async -> Parsed {
    let media: Media
    do throws(VLCError) {
      if Task.isCancelled { throw .cancelled }
      media = try Media(url: source, instance: instance(for: lane))
    } catch {
      return (nil, .failure(error))
    }
    do throws(VLCError) {
      return (
        media.mrl, .success(try await media.parse(timeout: timeout, network: network, depth: depth))
      )
    } catch {
      return (media.mrl, .failure(error))
    }
  }
}

/// How many parses each instance of a probe has in flight, and which instance takes the
/// next one.
struct LaneLoads {
  /// Instances of each kind.
  let instanceCount: Int
  /// Parses one instance may hold: one parsing, the rest waiting in libVLC's queue.
  let perInstance: Int
  private var loads: [InstanceKind: [Int]] = [:]

  init(instanceCount: Int, perInstance: Int) {
    self.instanceCount = instanceCount
    self.perInstance = perInstance
  }

  /// The instance of `kind` that takes one more parse, counted as taken, or `nil` when all
  /// are full: an idle one, else a new one while fewer than ``instanceCount`` exist, else the
  /// least busy under ``perInstance``.
  mutating func take(_ kind: InstanceKind) -> Lane? {
    var slots = loads[kind] ?? []
    let slot: Int
    if let idle = slots.firstIndex(of: 0) {
      slot = idle
    } else if slots.count < instanceCount {
      slots.append(0)
      slot = slots.count - 1
    } else if let least = slots.indices.min(by: { slots[$0] < slots[$1] }),
      slots[least] < perInstance
    {
      slot = least
    } else {
      return nil
    }
    slots[slot] += 1
    loads[kind] = slots
    return Lane(kind: kind, slot: slot)
  }

  /// Counts one parse of `lane` as finished.
  mutating func release(_ lane: Lane) {
    loads[lane.kind]?[lane.slot] -= 1
  }
}
