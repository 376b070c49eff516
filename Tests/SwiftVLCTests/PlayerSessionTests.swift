// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Synchronization
import Testing

@testable import SwiftVLC

/// The player's second design against real libVLC: outcomes on a corpus of valid and broken
/// files, frame output switches, event throttling, idle cost and native media references.
@Suite("Player sessions", .sharesTheMachine)
@MainActor
struct PlayerSessionTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// Plays `path` to its outcome.
  func outcome(of path: String, limit: Duration = .seconds(30)) async throws -> PlaybackOutcome? {
    let player = Player(instance: instance)
    let events = player.events
    try player.play(Media(path: path, instance: instance))
    _ = try await collectEvents(events, within: limit) {
      $0 == .stateChanged(.ended) || $0 == .stateChanged(.error)
    }
    return player.outcome
  }

  @Test(
    "valid audio-only and video files of 1 s and 10 s all play to ended, never ended early",
    .runsLong)
  func corpusEndsNaturally() async throws {
    let corpus = try GeneratedMedia()
    defer { corpus.remove() }
    var recipes: [(name: String, arguments: [String])] = []
    let audio: [(String, [String])] = [
      ("ogg", ["-c:a", "libvorbis"]), ("opus", ["-c:a", "libopus"]), ("flac", []),
      ("mp3", ["-c:a", "libmp3lame"]), ("wav", []), ("m4a", ["-c:a", "aac"]),
    ]
    for seconds in [1, 10] {
      for silent in [true, false] {
        for (container, codec) in audio {
          let name = "\(silent ? "silence" : "tone")\(seconds).\(container)"
          recipes.append((name, GeneratedMedia.audio(silent: silent, seconds: seconds) + codec))
        }
      }
      for (container, codec) in [
        ("mp4", ["-c:v", "libx264", "-c:a", "aac"]), ("mkv", ["-c:v", "libx264"]),
        (
          "webm",
          ["-c:v", "libvpx-vp9", "-c:a", "libopus", "-deadline", "realtime", "-cpu-used", "8"]
        ),
        ("ts", ["-c:v", "mpeg2video", "-c:a", "mp2"]),
      ] {
        recipes.append(
          ("video\(seconds).\(container)", GeneratedMedia.video(seconds: seconds) + codec))
      }
    }
    let files = try await corpus.makeAll(recipes)
    #expect(files.count >= 30)
    // Sixteen at a time: the 1 s files, then the 10 s ones, which play in real time. Small
    // players are light work, but each sends its events to the main actor other tests share.
    var outcomes: [String: PlaybackOutcome?] = [:]
    for batch in stride(from: 0, to: files.count, by: 16) {
      let started = try files[batch..<min(batch + 16, files.count)].map { file in
        let player = Player(instance: instance)
        let events = player.events
        try player.play(Media(path: file, instance: instance))
        return (file, player, events)
      }
      for (file, player, events) in started {
        if player.state.isActive || player.state == .idle {
          _ = try await collectEvents(events, within: .seconds(30)) {
            $0 == .stateChanged(.ended) || $0 == .stateChanged(.error)
          }
        }
        outcomes[file] = player.outcome
      }
    }
    let failures = outcomes.filter { $0.value != .ended }
    #expect(failures.isEmpty, "not ended: \(failures)")
  }

  @Test("a truncated file still fails as ended early")
  func truncatedFails() async throws {
    let corpus = try GeneratedMedia()
    defer { corpus.remove() }
    let whole = try await corpus.make(
      "whole.mp4",
      GeneratedMedia.video(seconds: 10) + [
        "-c:v", "libx264", "-c:a", "aac", "-movflags", "+faststart",
      ])
    let data = try Data(contentsOf: URL(fileURLWithPath: whole))
    let cut = corpus.folder.appendingPathComponent("cut.mp4")
    try data.prefix(data.count * 4 / 10).write(to: cut)
    guard case .failed(.playbackFailed(let reason)) = try await outcome(of: cut.path) else {
      Issue.record("a truncated file did not fail")
      return
    }
    #expect(reason.hasPrefix("ended early at "))
  }

  @Test(
    "a whole Matroska file without the video's DefaultDuration ends; cut short, it fails as early"
  )
  func matroskaWithoutFrameDuration() async throws {
    let corpus = try GeneratedMedia()
    defer { corpus.remove() }
    let made = try await corpus.make(
      "made.mkv", GeneratedMedia.video(seconds: 10) + ["-c:v", "libx264", "-c:a", "aac"])
    // libVLC 3 stops its clock far short on such a file (at 0.02 s of 10 s here), though it
    // reads and decodes it whole. DefaultDuration (0x23E383, 4 bytes) becomes a Void element.
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: made)))
    let element = try #require(
      (0..<bytes.count - 8).first { bytes[$0..<$0 + 4].elementsEqual([0x23, 0xE3, 0x83, 0x84]) })
    bytes.replaceSubrange(element..<element + 8, with: [0xEC, 0x86, 0, 0, 0, 0, 0, 0])
    let whole = corpus.folder.appendingPathComponent("whole.mkv")
    try Data(bytes).write(to: whole)
    #expect(ContainerExtent.read(path: whole.path).isComplete == true)
    #expect(try await outcome(of: whole.path) == .ended)
    let cut = corpus.folder.appendingPathComponent("cut.mkv")
    try Data(bytes.prefix(bytes.count * 4 / 10)).write(to: cut)
    #expect(ContainerExtent.read(path: cut.path).isComplete == false)
    guard case .failed(.playbackFailed(let reason)) = try await outcome(of: cut.path) else {
      Issue.record("a cut Matroska file did not fail")
      return
    }
    #expect(reason.hasPrefix("ended early at "))
  }

  @Test("a container's declared sizes tell a whole MP4, WAV or FLAC from one cut short or piped")
  func containerExtent() async throws {
    let corpus = try GeneratedMedia()
    defer { corpus.remove() }
    let mp4 = try await corpus.make(
      "a.mp4", GeneratedMedia.video(seconds: 2) + ["-c:v", "libx264", "-c:a", "aac"])
    let wav = try await corpus.make("a.wav", GeneratedMedia.audio(silent: false, seconds: 2))
    let flac = try await corpus.make("a.flac", GeneratedMedia.audio(silent: false, seconds: 2))
    for path in [mp4, wav] {
      #expect(ContainerExtent.read(path: path).isComplete == true, "\(path)")
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      let cut = path + ".cut"
      try data.prefix(data.count - 100).write(to: URL(fileURLWithPath: cut))
      #expect(ContainerExtent.read(path: cut).isComplete == false, "\(cut)")
    }
    // FLAC declares its samples, not its size: its last frame says where its data end (a cut
    // inside that frame passes).
    #expect(ContainerExtent.read(path: flac).isComplete == true)
    let samples = try Data(contentsOf: URL(fileURLWithPath: flac))
    try samples.prefix(samples.count / 2).write(to: URL(fileURLWithPath: flac + ".cut"))
    #expect(ContainerExtent.read(path: flac + ".cut").isComplete == false)
    // ffmpeg writing a WAV to a pipe leaves the RIFF size 0xFFFFFFFF: unknown, not cut.
    var piped = try Data(contentsOf: URL(fileURLWithPath: wav))
    piped.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
    let pipedPath = corpus.folder.path + "/piped.wav"
    try piped.write(to: URL(fileURLWithPath: pipedPath))
    #expect(ContainerExtent.read(path: pipedPath).isComplete == nil, "a RIFF size left unknown")
    #expect(ContainerExtent.read(path: corpus.folder.path + "/missing.mkv").isComplete == nil)
  }

  @Test("audio-only playback keeps to the wall clock on the null audio output")
  func audioKeepsTime() async throws {
    let corpus = try GeneratedMedia()
    defer { corpus.remove() }
    let path = try await corpus.make("tone.flac", GeneratedMedia.audio(silent: false, seconds: 4))
    let player = Player(instance: instance)
    let events = player.events
    // Timed from the call to play, not from a later event, whose delivery a busy main actor
    // delays: so a load can only make it slower. The 4 s of audio take at least 4 s; the bare
    // null output ran them about 25 % fast (3.0 s, plus the opening).
    let started = ContinuousClock.now
    try player.play(Media(path: path, instance: instance))
    _ = try await collectEvents(events, within: .seconds(20)) { $0 == .stateChanged(.ended) }
    #expect(ContinuousClock.now - started >= .milliseconds(3_800))
    #expect(player.outcome == .ended)
  }

  @Test("frames keep coming after switching from a source-sized stream to a fixed-size one")
  func framesAfterOutputSwitch() async throws {
    let player = Player(instance: instance)
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    let first = try player.videoFrames()
    try player.play(media)
    _ = try await first.first(within: .seconds(10), "a source-sized frame") { _ in true }
    await player.stop()
    weak let replaced = player.core.frameSink
    let second = try player.videoFrames(format: .rgba, width: 64, height: 48)
    try player.play(media)
    let frame = try await second.first(within: .seconds(10), "a fixed-size frame") { _ in true }
    #expect(frame.width == 64 && frame.height == 48)
    await player.stop()
    #expect(replaced == nil, "the replaced stream's sink was freed")

    // .none, then a fixed size.
    try player.setVideoOutput(.none)
    try player.play(media)
    try await waitUntil("playing") { player.state == .playing || player.state == .ended }
    await player.stop()
    let third = try player.videoFrames(format: .bgra, width: 32, height: 32)
    try player.play(media)
    let last = try await third.first(within: .seconds(10), "a frame after .none") { _ in true }
    #expect(last.width == 32 && last.height == 32)
  }

  @Test("a consumer that does not read holds fewer than 200 events, time and position throttled")
  func eventsThrottled() async throws {
    // tracks.mkv (4 s, two audio and two subtitle tracks) makes libVLC 3 send about 80
    // position events a second; unthrottled, a consumer held 428 events at its end.
    let player = Player(instance: instance)
    let idle = player.events
    let watcher = player.events
    let started = ContinuousClock.now
    try player.play(Media(path: Fixture.tracksMKV.path, instance: instance))
    _ = try await collectEvents(watcher, within: .seconds(30)) {
      $0 == .stateChanged(.ended) || $0 == .stateChanged(.error)
    }
    // A busy machine plays the 4 s for longer, and time events follow the wall clock: the
    // bounds are per second actually played (50 events, 12 positions), 4 s at the least.
    let seconds = max(4, (ContinuousClock.now - started) / .seconds(1))
    #expect(player.outcome == .ended)
    let held = try await collectEvents(idle, within: .seconds(10)) { $0 == .stateChanged(.ended) }
    #expect(Double(held.count) < 50 * seconds, "\(held.count) events buffered for \(seconds) s")
    let positions = held.filter { if case .positionChanged = $0 { true } else { false } }
    #expect(Double(positions.count) <= 12 * seconds, "\(positions.count) positions, \(seconds) s")
  }

  @Test("an idle or finished player runs no tick task")
  func idleCostsNothing() async throws {
    let player = Player(instance: instance)
    #expect(player.core.tickTask == nil)
    try player.play(Media(path: Fixture.shortMP4.path, instance: instance))
    #expect(player.core.tickTask != nil)
    try await waitUntil("the end", within: .seconds(10)) { player.state == .ended }
    #expect(player.core.tickTask == nil)
  }

  @Test("players swapping media while other tasks drop them keep native references sound")
  func mediaReferenceStress() async throws {
    let swaps = StressLevel.iterations(400)
    let paths = [Fixture.shortMP4.path, Fixture.seekMP4.path, Fixture.sineWAV.path]
    let natives = (0..<4).map { _ in NativePlayer(instance: instance) }
    let pool = MediaPool(try paths.map { try Media(path: $0, instance: instance) })
    try await withThrowingTaskGroup(of: Void.self) { group in
      for native in natives {
        group.addTask {
          for index in 0..<swaps {
            let media = pool.pick(index)
            await native.run { _ in native.setMedia(media) }
          }
          await native.run { _ in native.setMedia(nil) }
        }
      }
      for dropper in 0..<2 {
        group.addTask { [instance] in
          for index in 0..<swaps {
            pool.replace(
              index + dropper, with: try Media(path: paths[index % paths.count], instance: instance)
            )
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(natives.allSatisfy { $0.media == nil })
  }
}

/// Media shared by the reference stress test: readers pick, droppers replace (and so drop).
private final class MediaPool: Sendable {
  private let items: Mutex<[Media]>

  init(_ items: [Media]) { self.items = Mutex(items) }

  func pick(_ index: Int) -> Media { items.withLock { $0[index % $0.count] } }

  func replace(_ index: Int, with media: Media) {
    let old = items.withLock { items in
      defer { items[index % items.count] = media }
      return items[index % items.count]
    }
    withExtendedLifetime(old) {}  // dropped here, outside the lock, on this task's thread
  }
}
