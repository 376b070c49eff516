// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Every file of ``ProbeCorpus`` played to its end on a headless instance: `.ended` when
/// libVLC decodes it, `.failed` when it cannot (``ProbeCorpus/expectedFailure``), soon after
/// the media's length either way: 0 false failures, 0 false successes (issue 31).
@Suite("Play oracle", .mostlyWaits)
@MainActor
struct PlayOracleTests {
  @Test(
    "played to the end, a file ends .ended, or .failed when libVLC cannot decode it",
    arguments: ProbeCorpus.allCases)
  func outcome(_ file: ProbeCorpus) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-play-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try await file.make(in: folder)
    let instance = try headlessInstance()
    let player = Player(instance: instance)
    let started = ContinuousClock.now
    try player.play(Media(path: path, instance: instance))
    // The corpus files last at most 3 s; a failure must come at once, not at a timeout.
    try await waitUntil("\(file.rawValue) to end", within: .seconds(25)) {
      player.outcome != nil
    }
    let elapsed = ContinuousClock.now - started
    let outcome = player.outcome
    await player.stop()
    let failed = if case .failed = outcome { true } else { false }
    if let reason = file.expectedFailure {
      #expect(failed, "\(file.rawValue): \(String(describing: outcome)), expected: \(reason)")
    } else {
      #expect(outcome == .ended, "\(file.rawValue): \(String(describing: outcome))")
    }
    #expect(elapsed < .seconds(12), "\(file.rawValue) took \(elapsed) to end")
  }
}
