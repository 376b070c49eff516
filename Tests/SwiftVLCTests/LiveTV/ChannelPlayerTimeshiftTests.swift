// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// ``ChannelPlayer`` with a timeshift buffer per open channel.
@Suite("Channel player with timeshift", .mostlyWaits)
@MainActor
struct ChannelPlayerTimeshiftTests {
  @Test("the current channel pauses behind live; a switch and a stop delete the buffers")
  func pauseSwitchStop() async throws {
    let senders = try await NumberedStream.senders(2)
    let scratch = try ScratchDirectory("channel-timeshift")
    defer { scratch.remove() }
    let base = scratch.path("buffers")
    let list = ChannelList(
      channels: senders.enumerated().map { index, sender in
        Channel(id: index, name: "UDP \(index)", location: "udp://@127.0.0.1:\(sender.port)")
      })
    let zapper = try ChannelPlayer(
      list: list, instance: try headlessInstance(), width: 64, height: 32,
      timeshift: TimeshiftOptions(folder: base))
    let shown = Shown()
    let frames = zapper.frames
    let reader = Task.detached { for await _ in frames { shown.add(0) } }
    defer { reader.cancel() }

    try zapper.play(at: 0)
    try await waitUntil("the first channel's buffer", within: .seconds(20)) {
      zapper.timeshift != nil && shown.count > 10
    }
    let first = try #require(zapper.timeshift)
    #expect(first.player === zapper.player)
    #expect(FileManager.default.fileExists(atPath: first.folder))
    first.pause()
    try await waitUntil("the pause", within: .seconds(10)) { zapper.player?.state == .paused }
    try await Task.sleep(for: .seconds(3))
    #expect(first.behindLive >= .seconds(2), "\(first.behindLive) behind after a 3 s pause")
    first.resume()

    try zapper.next()
    #expect(zapper.timeshift == nil, "the new channel's buffer is not the old one")
    try await waitUntil("the second channel's buffer", within: .seconds(20)) {
      zapper.timeshift != nil && zapper.player?.state == .playing
    }
    let second = try #require(zapper.timeshift)
    #expect(second.folder != first.folder)
    try await waitUntil("the first buffer deleted", within: .seconds(10)) {
      !FileManager.default.fileExists(atPath: first.folder)
    }
    #expect(zapper.failure == nil)

    await zapper.stop()
    #expect(zapper.timeshift == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: base).isEmpty)
  }

  @Test("a channel whose buffer cannot start has a failure; a bad size limit is refused")
  func startFailure() async throws {
    let list = ChannelList(channels: [
      Channel(id: 0, name: "Refused", location: TestServer.closedPortURL().absoluteString)
    ])
    #expect(
      throws: VLCError.invalidInput("a timeshift size limit of 10 bytes is under 4194304")
    ) {
      try ChannelPlayer(list: list, timeshift: TimeshiftOptions(sizeLimit: 10))
    }
    let scratch = try ScratchDirectory("channel-timeshift")
    defer { scratch.remove() }
    let zapper = try ChannelPlayer(
      list: list, instance: try headlessInstance(),
      timeshift: TimeshiftOptions(folder: scratch.path("buffers")))
    try zapper.play(at: 0)
    try await waitUntil("the refused channel's failure", within: .seconds(15)) {
      zapper.failure != nil
    }
    #expect(zapper.failure == .connectionRefused, "\(String(describing: zapper.failure))")
    #expect(zapper.timeshift == nil)
    await zapper.stop()
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("buffers")).isEmpty)
  }
}

extension ChannelPlayerTimeshiftTests {
  @Test("a player plays a live source through a new buffer after a stopped one and a failed one")
  func restartAfterFailure() async throws {
    let sender = try await NumberedStream.senders()[0]
    let scratch = try ScratchDirectory("channel-timeshift")
    defer { scratch.remove() }
    let options = TimeshiftOptions(folder: scratch.path("buffers"))
    let instance = try headlessInstance()
    let player = Player(instance: instance)
    let live = try Media(url: URL(string: "udp://@127.0.0.1:\(sender.port)")!, instance: instance)
    let first = try await player.playTimeshifted(live, options: options)
    try await waitUntil("the first buffer plays", within: .seconds(15)) { player.state == .playing }
    await first.stop()
    let dead = try Media(url: TestServer.closedPortURL(), instance: instance)
    await #expect(throws: VLCError.self) {
      _ = try await player.playTimeshifted(dead, options: options)
    }
    let again = try await player.playTimeshifted(
      try Media(url: URL(string: "udp://@127.0.0.1:\(sender.port)")!, instance: instance),
      options: options)
    try await waitUntil("the new buffer plays", within: .seconds(15)) { player.state == .playing }
    await again.stop()
    await player.stop()
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("buffers")).isEmpty)
  }
}
