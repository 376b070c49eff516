// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// A list player whose player had to put a fresh native player in place of one that a stop
/// could not finish (an HLS segment whose server holds the connection): the list goes on
/// through the fresh one, with its playback mode, its item events and its automatic advance.
@Suite("List player across a native player swap", .mostlyWaits)
@MainActor
struct ListPlayerSwapTests {
  let instance: VLCInstance
  let server: TestServer

  init() async throws {
    instance = try headlessInstance()
    server = try await TestServer()
  }

  /// A list of a stalling HLS stream, then two local files; its player stops within 1 s and
  /// reports a stall after 1.5 s.
  func listPlayerStalledOnFirstItem() async throws -> MediaListPlayer {
    let stalling = try Media(
      url: server.url("hlsfault/stall/1/hls/index.m3u8"), instance: instance)
    let list = try MediaList(
      [
        stalling, try Media(path: Fixture.shortMP4.path, instance: instance),
        try Media(path: Fixture.shortTS.path, instance: instance),
      ], instance: instance)
    let listPlayer = MediaListPlayer(list: list)
    listPlayer.player.stallTimeout = .seconds(1.5)
    listPlayer.player.stopTimeout = .seconds(1)
    try listPlayer.play(at: 0)
    // Opening the playlist and playing its first segment comes first: seconds on a busy machine.
    try await waitUntil("the stall to be reported", within: .seconds(30)) {
      listPlayer.player.isStalled
    }
    return listPlayer
  }

  @Test(
    "after a stuck stop the list plays on: items, repeat mode and the advance to the end",
    .runsLong)
  func listGoesOnAfterStuckStop() async throws {
    let listPlayer = try await listPlayerStalledOnFirstItem()
    listPlayer.mode = .repeat
    // The native stop stays stuck until the server lets go (the test's end): returning at all
    // shows the 1 s limit worked; 15 s leaves a busy main actor its time.
    try await within(.seconds(15), "the stuck stop to return") { await listPlayer.stop() }
    #expect(listPlayer.player.state == .stopped)

    let events = listPlayer.events
    try listPlayer.play(at: 1)
    // Repeat mode, set before the swap, still holds: item 1 starts twice. Then the default
    // mode, set on the fresh native list player, moves on to item 2 and ends the list.
    _ = try await events.first(within: .seconds(10), "item 1 to start") {
      $0 == .itemStarted(index: 1)
    }
    #expect(listPlayer.player.currentMedia === listPlayer.list[1])
    _ = try await events.first(within: .seconds(15), "item 1 to start again (repeat)") {
      $0 == .itemStarted(index: 1)
    }
    listPlayer.mode = .default
    let rest = try await events.collect(within: .seconds(30), "the list to end") {
      $0 == .listEnded
    }
    // Item 1 may have started a third time before the mode change reached libVLC.
    #expect(rest.filter { $0 != .itemStarted(index: 1) } == [.itemStarted(index: 2), .listEnded])
    // The list player's end and the player's own end come from two native event managers.
    do {
      try await waitUntil("the player's end", within: .seconds(15)) {
        listPlayer.player.outcome == .ended
      }
    } catch {
      let player = listPlayer.player
      Issue.record("\(player.state), outcome \(String(describing: player.outcome)), events \(rest)")
      throw error
    }
    server.stop()
  }

  @Test("a jump while a stop is still stuck plays the item at once through a fresh player")
  func jumpDuringStuckStop() async throws {
    let listPlayer = try await listPlayerStalledOnFirstItem()
    listPlayer.player.stopTimeout = .seconds(60)
    let stopping = Task { await listPlayer.stop() }
    try await waitUntil("stopping", within: .seconds(10)) {
      listPlayer.player.state == .stopping
    }
    // The native stop stays stuck until the server lets go (the test's end) and the stop's
    // limit is 60 s: limits of 15 s show the jump waited for neither, on a busy machine too.
    let events = listPlayer.events
    let playerEvents = listPlayer.player.events
    try listPlayer.play(at: 2)
    _ = try await events.first(within: .seconds(15), "item 2 to start") {
      $0 == .itemStarted(index: 2)
    }
    // Events, not polling: a busy main actor can see the 1 s clip only once it has ended.
    _ = try await playerEvents.first(within: .seconds(15), "playing") {
      $0 == .stateChanged(.playing)
    }
    #expect(listPlayer.player.currentMedia === listPlayer.list[2])
    try await within(.seconds(15), "the stop to return") { await stopping.value }
    // The stop that returned after the jump leaves the jumped-to item in place (or, the 1 s
    // clip played out meanwhile, the list ended after it).
    let ended = listPlayer.player.outcome == .ended
    #expect(listPlayer.currentIndex == 2 || ended)
    #expect(listPlayer.player.state == .playing || ended)
    server.stop()
  }
}
