// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Player tracks and chapters", .sharesTheMachine)
@MainActor
struct PlayerTrackTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// Plays tracks.mkv (4 s) looped: libVLC lists tracks only while its input is open, and on
  /// a busy machine the main actor can reach a test's checks after 4 s have played.
  func playTracksMKV() async throws -> Player {
    let player = Player(instance: instance)
    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    media.addOption(":input-repeat=65535")
    try player.play(media)
    try await waitUntil("two audio and two subtitle tracks") {
      player.audioTracks.count == 2 && player.subtitleTracks.count == 2
    }
    return player
  }

  @Test("track lists describe the MKV's streams without the Disable entry")
  func lists() async throws {
    let player = try await playTracksMKV()
    #expect(player.audioTracks.map(\.language) == ["eng", "fre"])
    #expect(player.audioTracks.map(\.name) == ["English", "Français"])
    #expect(player.audioTracks.allSatisfy { $0.kind == .audio && $0.id >= 0 })
    #expect(player.subtitleTracks.map(\.language) == ["eng", "fre"])
    #expect(player.videoTracks.count == 1)
    #expect(player.videoTracks.first?.width == 96)
    try await waitUntil("libVLC to select the default audio track") {
      player.selectedAudioTrack != nil
    }
    #expect(player.selectedAudioTrack?.language == "eng")
    #expect(player.selectedSubtitleTrack == nil)
    await player.stop()
  }

  @Test("no published track list shows an MKV track's language as unknown, even for a moment")
  func describedWhenPublished() async throws {
    // libVLC lists a stream a moment before it describes it. The main actor runs one
    // published state at a time, so a check after each yield sees every one of them.
    for play in 1...8 {
      let player = Player(instance: instance)
      // Looped: the tracks are listed while the input is open, and a busy main actor may
      // first look after the 4 s clip has ended.
      let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
      media.addOption(":input-repeat=65535")
      try player.play(media)
      let deadline = ContinuousClock.now + .seconds(30)
      var unknown: [Track] = []
      while player.audioTracks.count < 2 || player.subtitleTracks.count < 2 {
        unknown += (player.audioTracks + player.subtitleTracks).filter { $0.language == nil }
        guard ContinuousClock.now < deadline else { throw TimedOut(what: "play \(play)") }
        await Task.yield()
      }
      unknown += (player.audioTracks + player.subtitleTracks).filter { $0.language == nil }
      #expect(unknown.isEmpty, "play \(play)")
      await player.stop()
    }
  }

  @Test("selecting the French audio track is confirmed by libVLC")
  func selectAudio() async throws {
    let player = try await playTracksMKV()
    let events = player.events
    let french = try #require(player.audioTracks.first { $0.language == "fre" })
    player.selectedAudioTrack = french
    #expect(player.selectedAudioTrack == french)
    _ = try await collectEvents(events) { $0 == .tracksChanged }
    // Re-read from libVLC: a refresh triggered by a later stream event must agree.
    try await waitUntil("libVLC to report the French track") {
      player.selectedAudioTrack?.id == french.id
    }
    player.selectedAudioTrack = nil
    #expect(player.selectedAudioTrack == nil)
    await player.stop()
  }

  @Test("subtitle tracks can be selected and hidden")
  func selectSubtitle() async throws {
    let player = try await playTracksMKV()
    let english = try #require(player.subtitleTracks.first { $0.language == "eng" })
    try player.selectSubtitleTrack(english)
    #expect(player.selectedSubtitleTrack == english)
    try player.selectSubtitleTrack(nil)
    #expect(player.selectedSubtitleTrack == nil)
    await player.stop()
  }

  @Test("a track id that does not exist throws trackNotFound")
  func unknownTrack() async throws {
    let player = try await playTracksMKV()
    let bogus = Track(id: 4_242, kind: .audio, codec: "mp4a")
    #expect(throws: VLCError.trackNotFound(id: 4_242)) { try player.selectAudioTrack(bogus) }
    #expect(throws: VLCError.trackNotFound(id: 4_242)) { try player.selectSubtitleTrack(bogus) }
    player.selectedAudioTrack = bogus  // ignored by the setter
    #expect(player.selectedAudioTrack?.id != 4_242)
    await player.stop()
  }

  @Test("an external SRT is added as a subtitle track and selected")
  func externalSubtitle() async throws {
    let player = Player(instance: instance)
    // 30 s, so that the input is still open when a busy machine gets to the sidecar.
    try player.play(Media(path: Fixture.longMP4.path, instance: instance))
    try await waitUntil("playing") { player.state == .playing }
    #expect(player.subtitleTracks.isEmpty)
    try player.addExternalTrack(url: Fixture.sidecarSRT.url, kind: .subtitle)
    try await waitUntil("the sidecar subtitle track") { player.subtitleTracks.count == 1 }
    try await waitUntil("the sidecar to be selected") { player.selectedSubtitleTrack != nil }
    #expect(throws: VLCError.self) {
      try player.addExternalTrack(url: URL(fileURLWithPath: "/nonexistent.srt"), kind: .subtitle)
    }
    await player.stop()
  }

  @Test("chapters are listed with names and times, and selecting one jumps there")
  func chapters() async throws {
    let player = try await playTracksMKV()
    player.pause()  // keep the 4 s clip from ending while the machine is busy
    try await waitUntil("paused") { player.state == .paused }
    try await waitUntil("two chapters") { player.chapters.count == 2 }
    #expect(player.chapters.map(\.name) == ["Opening", "Ending"])
    #expect(player.chapters.map(\.start) == [.zero, .seconds(2)])
    #expect(player.chapters[0].duration == .seconds(2))
    #expect(player.currentChapter != nil)
    let events = player.events
    try player.selectChapter(1)
    _ = try await collectEvents(events) { $0 == .chapterChanged(1) }
    // Still paused: libVLC applies the chapter change and reports it, and moves the time (a
    // resume here let a busy machine reach the 4 s clip's end before the pause that followed,
    // and the previous chapter never came).
    try await waitUntil("time in the second chapter") { player.currentTime >= .seconds(2) }
    #expect(player.currentChapter == 1)
    #expect(player.state == .paused)
    #expect(throws: VLCError.self) { try player.selectChapter(5) }
    let back = player.events
    player.previousChapter()
    _ = try await collectEvents(back) { $0 == .chapterChanged(0) }
    await player.stop()
  }
}
