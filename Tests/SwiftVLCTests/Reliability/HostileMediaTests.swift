// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Over 200 damaged inputs (see ``HostileMedia``), each parsed, played briefly and
/// thumbnailed. Each must end with a typed error or a documented result (`isPlayable ==
/// false`, a natural or early end, still playing when stopped, a picture) within its bound,
/// without crashing. The corpus is split into ``parts`` tests that run side by side with the
/// rest of the suite; each runs three cases at once, mostly waiting on playback (half a share).
@Suite("Hostile media", .mostlyWaits)
@MainActor
struct HostileMediaTests {
  /// What one input did.
  struct Result: Sendable {
    var name: String
    var parse: String
    var play: String
    var thumbnail: String = ""
    var problems: [String]
  }

  static let parseTimeout: Duration = .seconds(2)
  static let playBound: Duration = .milliseconds(1_500)
  static let thumbnailTimeout: Duration = .seconds(3)
  static let concurrentCases = 3
  nonisolated static let parts = 6
  /// What a call may take past its own time limit before it counts as not bounded: a busy
  /// machine delays the wake-ups and the main actor by seconds, while an unbounded call
  /// (libVLC waiting on a damaged input) would run to the 240 s limit of the whole test.
  static let slack: Duration = .seconds(10)

  @Test(
    "every damaged input parses, plays and thumbnails to a typed, bounded result", .runsLong,
    arguments: 0..<parts)
  func damagedInputs(part: Int) async throws {
    let instance = try headlessInstance()
    let media = try HostileMedia(seed: 0x5EED, label: "\(part)", share: (part, Self.parts))
    defer { media.removeFiles() }
    #expect(media.corpusSize >= 200)
    let cases = media.cases
    let started = ContinuousClock.now
    var results: [Result] = []
    try await within(.seconds(240), "the part's hostile cases") { @MainActor in
      results = await Self.runAll(cases, instance: instance)
    }
    let elapsed = ContinuousClock.now - started
    for result in results where !result.problems.isEmpty {
      Issue.record("\(result.name): \(result.problems.joined(separator: "; "))")
    }
    #expect(results.count == cases.count)
    let parses = Dictionary(grouping: results, by: \.parse).mapValues(\.count)
    let plays = Dictionary(grouping: results, by: \.play).mapValues(\.count)
    let pictures = Dictionary(grouping: results, by: \.thumbnail).mapValues(\.count)
    print(
      "hostile media, part \(part): \(results.count) cases in \(elapsed); parse \(parses); play \(plays); "
        + "thumbnail \(pictures)")
  }

  /// Runs the cases a few at a time, so the run fits the normal suite's time.
  static func runAll(_ cases: [HostileMedia.Case], instance: VLCInstance) async -> [Result] {
    await withTaskGroup(of: Result.self) { group in
      var pending = cases[...]
      var results: [Result] = []
      for _ in 0..<concurrentCases {
        guard let next = pending.popFirst() else { break }
        group.addTask { await run(next, instance: instance) }
      }
      for await result in group {
        results.append(result)
        if let next = pending.popFirst() {
          group.addTask { await run(next, instance: instance) }
        }
      }
      return results
    }
  }

  /// Parses `hostile` with a fresh media, then plays it with another for at most
  /// ``playBound`` and stops.
  static func run(_ hostile: HostileMedia.Case, instance: VLCInstance) async -> Result {
    var result = Result(name: hostile.name, parse: "", play: "", problems: [])
    let parseStarted = ContinuousClock.now
    do {
      let info = try await Media(path: hostile.path, instance: instance).parse(
        timeout: parseTimeout)
      result.parse = info.isPlayable ? "playable" : "not playable"
    } catch {
      switch error {
      case .parseFailed: result.parse = "parse failed"
      case .parseTimeout: result.parse = "parse timeout"
      case .sourceFailed(let reason, _): result.parse = "source failed: \(reason)"
      default: result.problems.append("parse threw \(error)")
      }
    }
    if ContinuousClock.now - parseStarted > parseTimeout + slack {
      result.problems.append("parse took \(ContinuousClock.now - parseStarted)")
    }

    let player = Player(instance: instance)
    player.openingTimeout = .seconds(3)
    do {
      try player.play(Media(path: hostile.path, instance: instance))
    } catch {
      result.problems.append("play threw \(error)")
      return result
    }
    let deadline = ContinuousClock.now + playBound
    while player.state.isActive && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(50))
    }
    let stopped = ContinuousClock.now
    await player.stop()
    if ContinuousClock.now - stopped > slack {
      result.problems.append("stop took \(ContinuousClock.now - stopped)")
    }
    switch player.outcome {
    case .ended: result.play = "ended"
    case .stopped: result.play = "still playing when stopped"
    case .failed(.playbackFailed): result.play = "failed"
    case .failed(.sourceFailed(.timeout, _)): result.play = "opening timeout"
    case .failed(.sourceFailed(let reason, _)): result.play = "source failed: \(reason)"
    case .failed(let error): result.problems.append("unexpected failure \(error)")
    case nil: result.problems.append("no outcome after stop")
    }

    let thumbnailStarted = ContinuousClock.now
    do {
      _ = try await Media(path: hostile.path, instance: instance).thumbnail(
        at: .milliseconds(500), width: 64, mode: .fast, timeout: thumbnailTimeout)
      result.thumbnail = "picture"
    } catch {
      switch error {
      case .playbackFailed, .parseFailed: result.thumbnail = "no picture"
      case .invalidInput: result.thumbnail = "time past the end"
      case .timeout, .parseTimeout: result.thumbnail = "timed out"
      case .sourceFailed(let reason, _): result.thumbnail = "source failed: \(reason)"
      default: result.problems.append("thumbnail threw \(error)")
      }
    }
    if ContinuousClock.now - thumbnailStarted > thumbnailTimeout + slack {
      result.problems.append("thumbnail took \(ContinuousClock.now - thumbnailStarted)")
    }
    return result
  }
}
