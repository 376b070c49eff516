// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// What a player's events say and when: a position seek publishes where playback got, not
/// where it was asked to go, and no event repeats the value it last published.
@Suite("Player events", .sharesTheMachine)
@MainActor
struct PlayerEventTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a position seek asked for while opening publishes nothing before playback starts")
  func positionSeekWhileOpening() async throws {
    let player = Player(instance: instance)
    let events = player.events
    try player.play(Media(path: Fixture.longMP4.path, instance: instance))
    try player.seek(toPosition: 0.5)
    let shown = try await collectEvents(events) {
      if case .timeChanged(let time) = $0 { time >= .seconds(10) } else { false }
    }
    let started = try #require(shown.firstIndex { $0.state == .playing })
    let early = shown[..<started].filter {
      if case .positionChanged = $0 { true } else { false }
    }
    #expect(early.isEmpty, "published before playback started: \(early)")
    #expect(player.position > 0.3)
    await player.stop()
  }

  @Test("a position seek you can wait for returns once playback is there")
  func awaitedPositionSeek() async throws {
    let player = Player(instance: instance)
    try player.play(Media(path: Fixture.longMP4.path, instance: instance))
    try await waitUntil("playing") { player.state == .playing && player.isSeekable }
    let duration = try #require(player.duration)
    let landed = try await player.seek(toPosition: 0.5, timeout: .seconds(20))
    let gap = landed > duration / 2 ? landed - duration / 2 : duration / 2 - landed
    #expect(gap < .seconds(2), "landed at \(landed) of \(duration)")
    #expect(player.currentTime == landed)
    // Landed means playing from there: the clock moves on from the landing point.
    try await waitUntil("the clock to move on") { player.currentTime > landed }
    await player.stop()
  }

  @Test("a chaptered MKV publishes each title and chapter once per change")
  func noRepeatedValues() async throws {
    let player = Player(instance: instance)
    let events = player.events
    try player.play(Media(path: Fixture.tracksMKV.path, instance: instance))
    let shown = try await collectEvents(events) { $0.state == .ended }
    var last: [String: PlayerEvent] = [:]
    for event in shown {
      guard let kind = event.valueKind else { continue }
      #expect(last[kind] != event, "\(event) repeats the value last published")
      last[kind] = event
    }
    #expect(shown.filter { if case .titleChanged = $0 { true } else { false } }.count <= 1)
    #expect(shown.contains(.chapterChanged(1)))
  }
}

extension PlayerEvent {
  /// The kind of an event that carries a value, for the no-repeat check.
  fileprivate var valueKind: String? {
    switch self {
    case .timeChanged: "time"
    case .positionChanged: "position"
    case .lengthChanged: "length"
    case .seekableChanged: "seekable"
    case .pausableChanged: "pausable"
    case .bufferingProgress: "buffering"
    case .videoOutputsChanged: "videoOutputs"
    case .chapterChanged: "chapter"
    case .titleChanged: "title"
    case .scrambledChanged: "scrambled"
    case .volumeChanged: "volume"
    default: nil
    }
  }
}
