// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Timeshift on a real full disk: a tmpfs of a few MiB, filled up.
@Suite(
  "Timeshift on a full disk", .mostlyWaits,
  .enabled(if: SmallDisk.isAvailable, "this process may not mount a tmpfs"))
@MainActor
struct TimeshiftDiskTests {
  @Test("a folder on a disk without room for the buffer is refused at once, and nothing is left")
  func fullAtStart() async throws {
    let disk = try SmallDisk(megabytes: 8)
    defer { disk.remove() }
    try disk.fill(leaving: 1 << 20)
    let instance = try headlessInstance()
    let player = Player(instance: instance)
    let source = try Media(
      url: URL(string: "udp://@127.0.0.1:\(try UDPSender.freePort())")!, instance: instance)
    let base = disk.path + "/buffers"
    let started = ContinuousClock.now
    do {
      _ = try await player.playTimeshifted(source, options: TimeshiftOptions(folder: base))
      Issue.record("a full disk was accepted")
    } catch {
      guard case .operationFailed(let reason) = error else { throw error }
      #expect(reason.hasPrefix("the disk of the timeshift folder \(base)/buffer-"), "\(reason)")
      #expect(reason.hasSuffix(" is full"), "\(reason)")
    }
    // Without waiting for the source (its opening timeout is 15 s); the bound leaves room for
    // the main actor, which another suite's test holds for 3 s on purpose.
    #expect(ContinuousClock.now - started < .seconds(8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: base).isEmpty)
  }

  @Test("a disk that fills while live TV is kept names the full disk, ends playback, and stops")
  func fillsWhilePlaying() async throws {
    let sender = try await NumberedStream.senders()[0]
    let disk = try SmallDisk(megabytes: 16)
    defer { disk.remove() }
    let instance = try headlessInstance()
    let player = Player(instance: instance)
    let frames = try player.videoFrames(format: .rgba, width: 64, height: 32)
    let shown = Shown()
    let reader = Task.detached { for await _ in frames { shown.add(0) } }
    defer { reader.cancel() }
    let source = try Media(url: URL(string: "udp://@127.0.0.1:\(sender.port)")!, instance: instance)
    let timeshift = try await player.playTimeshifted(
      source, options: TimeshiftOptions(folder: disk.path + "/buffers"))
    try await waitUntil("pictures", within: .seconds(20)) { shown.count > 10 }
    #expect(timeshift.failure == nil)

    try disk.fill()
    try await waitUntil("the buffer's failure", within: .seconds(10)) { timeshift.failure != nil }
    #expect(
      timeshift.failure
        == .operationFailed("the disk of the timeshift buffer \(timeshift.folder) is full"))
    // What was kept plays out, then playback ends rather than waiting for bytes forever.
    try await waitUntil("the end of playback", within: .seconds(20)) { !player.state.isActive }
    let stopping = ContinuousClock.now
    await timeshift.stop()
    #expect(ContinuousClock.now - stopping < .seconds(5))
    #expect(!FileManager.default.fileExists(atPath: timeshift.folder), "buffer removed on stop")
  }
}
