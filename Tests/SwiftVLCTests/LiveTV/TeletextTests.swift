// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// DVB teletext end to end: a generated stream (``TeletextMedia``) played by real libVLC and
/// its zvbi decoder, judged by the pixels of the frames.
@Suite("Teletext", .sharesTheMachine)
@MainActor
struct TeletextTests {
  @Test("the teletext page is kept by the player and validated")
  func page() async throws {
    let player = Player(instance: try headlessInstance())
    #expect(await player.teletextPage() == 100, "libVLC starts at the index page")
    try player.setTeletextPage(888)
    #expect(await player.teletextPage() == 888)
    #expect(throws: VLCError.self) { try player.setTeletextPage(99) }
    #expect(throws: VLCError.self) { try player.setTeletextPage(900) }
  }

  @Test("the teletext stream and its subtitle page are listed as subtitle tracks")
  func tracks() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let path = try await TeletextMedia.make(generated, seconds: 6)
    let programs = try TransportStreamProgram.programs(inFile: path)
    #expect(programs.first?.streams.map(\.isTeletext) == [false, true])
    let player = Player(instance: try headlessInstance())
    // Looped: the tracks are listed while the input is open, and a busy main actor may first
    // look after the 6 s stream has ended.
    let media = try Media(path: path, instance: player.instance)
    media.addOption(":input-repeat=65535")
    try player.play(media)
    try await waitUntil("two teletext tracks are listed", within: .seconds(20)) {
      player.subtitleTracks.filter(\.isTeletext).count == 2
    }
    let teletext = player.subtitleTracks.filter(\.isTeletext)
    #expect(teletext.map(\.name) == ["Teletext", "Teletext subtitles"])
    #expect(teletext.map(\.language) == ["eng", "eng"])
    #expect(teletext.map(\.id) == [programs[0].streams[1].pid, 2], "the service is its PID")
    #expect(teletext.allSatisfy { $0.kind == .subtitle && $0.codec == "telx" })
    #expect(player.selectedSubtitleTrack == nil, "teletext is not shown until asked for")
    await player.stop()
  }

  @Test("a chosen teletext page is drawn over the video, and another page replaces it")
  func choosingPages() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let (player, frames) = try await playTeletext(generated)

    // Forty frames (1.6 s) in, with teletext off: nothing white anywhere it would draw.
    let plain = try await within(.seconds(20), "40 frames") {
      var count = 0
      var white = 0
      for await frame in frames {
        count += 1
        white +=
          TeletextMedia.whitePixels(in: frame, .indexBlock)
          + TeletextMedia.whitePixels(in: frame, .subtitleLines)
        if count == 40 { return white }
      }
      return white
    }
    #expect(plain == 0, "no teletext is drawn before a page is chosen")

    try player.setTeletextPage(100)
    let index = try await frames.first(within: .seconds(15), "page 100 drawn") {
      TeletextMedia.whitePixels(in: $0, .indexBlock) > 5_000
    }
    #expect(TeletextMedia.whitePixels(in: index, .subtitleLines) == 0)
    // The selection libVLC made reaches the player with its next track read (on the player's
    // queue), which a busy machine can leave behind the frames.
    try await waitUntil("the teletext track shown as selected (choosing a page shows it)") {
      player.selectedSubtitleTrack?.isTeletext == true
    }

    try player.setTeletextPage(888)
    let subtitle = try await frames.first(within: .seconds(15), "page 888 drawn") {
      TeletextMedia.whitePixels(in: $0, .subtitleLines) > 500
        && TeletextMedia.whitePixels(in: $0, .indexBlock) == 0
    }
    #expect(TeletextMedia.whitePixels(in: subtitle, .indexBlock) == 0)
    #expect(await player.teletextPage() == 888)
    await player.stop()
  }

  @Test("the chosen page survives the native player being replaced after a stuck stop")
  func pageAcrossNativeSwap() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let player = Player(instance: try headlessInstance())
    try player.setTeletextPage(888)
    // What a play after a stop libVLC has not finished does (Player+NativeSwap.swift).
    player.replaceNativePlayer()
    #expect(await player.teletextPage() == 888)
    let (_, frames) = try await playTeletext(generated, seconds: 10, on: player)
    try await waitUntil("the teletext service track is listed", within: .seconds(20)) {
      player.subtitleTracks.contains { $0.name == "Teletext" }
    }
    // The whole service, which opens on the player's page (the new native player's).
    try player.selectSubtitleTrack(player.subtitleTracks.first { $0.name == "Teletext" })
    let shown = try await frames.first(within: .seconds(15), "a teletext page drawn") {
      TeletextMedia.whitePixels(in: $0, .subtitleLines) > 500
        || TeletextMedia.whitePixels(in: $0, .indexBlock) > 5_000
    }
    #expect(TeletextMedia.whitePixels(in: shown, .indexBlock) == 0, "page 888, not the index")
    await player.stop()
  }

  @Test("selecting the teletext subtitle track shows the subtitle page")
  func subtitleTrack() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let (player, frames) = try await playTeletext(generated)
    try await waitUntil("the teletext subtitle track is listed", within: .seconds(20)) {
      player.subtitleTracks.contains { $0.name?.hasPrefix("Teletext subtitles") == true }
    }
    let track = try #require(
      player.subtitleTracks.first { $0.name?.hasPrefix("Teletext subtitles") == true })
    try player.selectSubtitleTrack(track)
    let shown = try await frames.first(within: .seconds(15), "the subtitle page drawn") {
      TeletextMedia.whitePixels(in: $0, .subtitleLines) > 500
    }
    #expect(TeletextMedia.whitePixels(in: shown, .indexBlock) == 0, "only page 888 is drawn")

    try player.selectSubtitleTrack(nil)
    _ = try await frames.first(within: .seconds(15), "the subtitle page hidden") {
      TeletextMedia.whitePixels(in: $0, .subtitleLines) == 0
    }
    await player.stop()
  }

  /// Plays a generated teletext stream of `seconds` into 320×240 RGBA frames, on `player` or
  /// on a new headless one.
  func playTeletext(
    _ generated: GeneratedMedia, seconds: Int = 20, on player: Player? = nil
  ) async throws -> (Player, VideoFrameStream) {
    let path = try await TeletextMedia.make(generated, seconds: seconds)
    let player = try player ?? Player(instance: try headlessInstance())
    let frames = try player.videoFrames(format: .rgba, width: 320, height: 240)
    try player.play(try Media(path: path, instance: player.instance))
    return (player, frames)
  }
}
