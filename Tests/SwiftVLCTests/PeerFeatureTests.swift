// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// What LibVLCSharp and python-vlc offer and test: a media's duplicate, its events and parse
/// state, the exit handler, the changeset, logs to a file and a snapshot into memory.
@Suite("Peer features", .sharesTheMachine)
@MainActor
struct PeerFeatureTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a duplicate plays the same source with the same options, and shares libVLC 3's item")
  func duplicate() async throws {
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    media.addOption(":start-time=1")
    let copy = try media.duplicate()
    #expect(copy !== media)
    #expect(copy.mrl == media.mrl)
    #expect(copy.options == [":start-time=1"])
    // libVLC 3 duplicates the handle, not the item: a parse of one is the other's too.
    #expect(!copy.isParsed)
    _ = try await media.parse()
    // Each handle hears of the item's parse on its own, a moment apart.
    try await waitUntil("the copy to be parsed too", within: .seconds(5)) { copy.isParsed }
    let info = try await copy.parse()
    #expect(info.duration == (try await media.parse()).duration)
    let player = Player(instance: instance)
    try player.play(copy)
    // From 1 s (its option) to the end, 2 s: a starved main actor may first look once it ended.
    try await waitUntil("the duplicate to play", within: .seconds(20)) {
      [.playing, .ended].contains(player.state) && player.currentTime >= .seconds(1)
    }
    if case .failed(let error)? = player.outcome { Issue.record("the duplicate failed: \(error)") }
    await player.stop()
  }

  @Test("a media made from a custom input cannot be duplicated")
  func duplicateCustomInput() throws {
    let media = try Media(data: Data([1, 2, 3]), instance: instance)
    #expect(throws: VLCError.self) { try media.duplicate() }
  }

  @Test("isParsed follows the parse: false before and after a failed parse, true after one")
  func isParsed() async throws {
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    #expect(!media.isParsed)
    _ = try await media.parse()
    #expect(media.isParsed)
    let stream = try Media(
      url: #require(URL(string: "http://127.0.0.1:1/a.mp4")), instance: instance)
    _ = try? await stream.parse(timeout: .seconds(2))
    #expect(!stream.isParsed)
  }

  @Test("a parse reports the duration, and a metadata change its key, as media events")
  func changeEvents() async throws {
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    let events = media.events
    let seen = Task {
      try await events.collect(within: .seconds(10), "the duration and title events") {
        $0 == .metadataChanged(.title)
      }
    }
    let info = try await media.parse()
    // libVLC 3 reports a parse's tags only as a whole (ParsedChanged), not key by key.
    media.setMetadata("Peer Title", for: .title)
    let list = try await seen.value
    #expect(list.contains(.durationChanged(info.duration)), "\(list)")
    #expect(info.duration != nil)
  }

  @Test("freed comes once the media and its last player let go, and ends the stream")
  func freed() async throws {
    var media: Media? = try Media(path: Fixture.shortMP4.path, instance: instance)
    let events = try #require(media).events
    let player = Player(instance: instance)
    try player.play(try #require(media))
    media = nil
    let ended = Task { () -> [MediaEvent] in
      var seen: [MediaEvent] = []
      for await event in events { seen.append(event) }
      return seen
    }
    try await Task.sleep(for: .milliseconds(500))
    await player.stop()
    // The player still holds the media until it plays another.
    try player.play(try Media(path: Fixture.seekMP4.path, instance: instance))
    let seen = try await within(.seconds(10), "the media to be freed") { await ended.value }
    #expect(seen.last == .freed)
    #expect(seen.filter { $0 == .freed }.count == 1)
    await player.stop()
  }

  @Test("playing vlc://quit is an exit request; the changeset names libVLC's revision")
  func exitRequest() async throws {
    let requests = instance.exitRequests()
    let player = Player(instance: instance)
    try player.play(url: try #require(URL(string: "vlc://quit")))
    try await within(.seconds(10), "the exit request") {
      for await _ in requests { return }
      throw TimedOut(what: "the exit request (the stream ended)")
    }
    await player.stop()
    #expect(instance.changeset.hasPrefix(String(instance.version.prefix(while: { $0 != " " }))))
  }

  @Test("logs go to a file, one line per message with its level and module")
  func logFile() async throws {
    let scratch = try ScratchDirectory("log-file")
    defer { scratch.remove() }
    let path = scratch.path("vlc.log")
    let file = try instance.writeLogs(to: path, minimumLevel: .debug)
    let player = Player(instance: instance)
    try player.play(try Media(path: Fixture.shortMP4.path, instance: instance))
    try await waitUntil("the log file to name the mp4 demuxer", within: .seconds(20)) {
      (try? String(contentsOfFile: path, encoding: .utf8))?.contains("debug mp4: ") == true
    }
    await player.stop()
    await file.close()
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.allSatisfy { line in LogLevel.allCases.contains { line.hasPrefix("\($0) ") } })
    #expect(throws: VLCError.self) { try instance.writeLogs(to: "/no/such/folder/vlc.log") }
  }

  @Test("a snapshot into memory is a PNG of the asked width, and leaves no file")
  func snapshotInMemory() async throws {
    let player = Player(instance: instance)
    try player.setVideoOutput(.none)
    try await playUntilVideoShows(player, instance: instance)
    let before = try FileManager.default.contentsOfDirectory(
      atPath: FileManager.default.temporaryDirectory.path)
    let png = try await player.snapshot(width: 80)
    #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    #expect(png.bigEndianUInt32(at: 16) == 80 && png.bigEndianUInt32(at: 20) == 60)
    let after = try FileManager.default.contentsOfDirectory(
      atPath: FileManager.default.temporaryDirectory.path)
    #expect(Set(after).subtracting(before).filter { $0.hasPrefix("swiftvlc-snapshot") }.isEmpty)
    await player.stop()
  }
}
