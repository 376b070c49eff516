// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CLibVLC
import Foundation
import Testing

@testable import SwiftVLC

/// What a player asked of its native player, as one value that a fresh native player gets
/// whole (see ``PlayerSettings``).
@Suite("Player settings", .sharesTheMachine)
@MainActor
struct PlayerSettingsTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// Makes one of each kind of setting on `player`.
  func makeSettings(on player: Player) throws {
    try player.setAudioVolume(0.5)
    player.isMuted = true
    try player.setPlaybackRate(1.5)
    try player.setAudioDelay(.milliseconds(200))
    try player.setSubtitleDelay(.milliseconds(-300))
    try player.setAspectRatio("16:9")
    try player.setCrop("4:3")
    try player.setScale(0.5)
    player.setDeinterlace(.yadif)
    try player.setMarquee(Marquee(text: "SWAP", color: 0x00_FF00, size: 20))
    try player.setVideoAdjustments(VideoAdjustments(brightness: 1.5))
    player.equalizer = try Equalizer(preset: "Rock")
    player.setStereoMode(.left)
    player.setRole(.music)
    player.setKeyInput(false)
  }

  @Test("settings are one value: what was set, nothing else, kept across a native swap")
  func oneValue() throws {
    let player = Player(instance: instance)
    let initial = player.settings
    try makeSettings(on: player)
    var expected = initial
    expected.volume = 0.5
    expected.isMuted = true
    expected.rate = 1.5
    expected.audioDelay = 200_000
    expected.subtitleDelay = -300_000
    expected.aspectRatio = .some("16:9")
    expected.crop = .some("4:3")
    expected.scale = 0.5
    expected.deinterlace = .some(DeinterlaceMode.yadif.rawValue)
    expected.marquee = .some(Marquee(text: "SWAP", color: 0x00_FF00, size: 20))
    expected.adjustments = .some(try VideoAdjustments(brightness: 1.5).validated())
    expected.equalizer = .some(
      EqualizerSettings(preamp: player.equalizer!.preamp, gains: player.equalizer!.gains))
    expected.stereoMode = .left
    expected.role = .music
    expected.keyInput = false
    #expect(player.settings == expected)
    #expect(expected.viewpoint == nil && expected.fullscreen == nil && expected.logo == nil)
    // The observable projection reads the value.
    #expect(player.volume == 0.5 && player.isMuted && player.rate == 1.5)
    #expect(player.stereoMode == .left && player.role == .music)
    // A change of the attached equalizer is a change of the value.
    player.equalizer?.preamp = 3
    #expect((player.settings.equalizer ?? nil)?.preamp == 3)
    expected.equalizer = player.settings.equalizer
    let replaced = player.native
    player.replaceNativePlayer()
    #expect(player.native !== replaced)
    #expect(player.settings == expected)
  }

  /// What libVLC reads back of `player`'s settings while it plays, as text for a comparison
  /// that shows every field.
  nonisolated static func readBack(_ native: NativePlayer) async -> [String: String] {
    await native.run { player in
      func string(_ text: UnsafeMutablePointer<CChar>?) -> String {
        defer { libvlc_free(text) }
        return text.map { String(cString: $0) } ?? "nil"
      }
      return [
        "rate": "\(libvlc_media_player_get_rate(player))",
        "audioDelay": "\(libvlc_audio_get_delay(player))",
        "subtitleDelay": "\(libvlc_video_get_spu_delay(player))",
        "aspectRatio": string(libvlc_video_get_aspect_ratio(player)),
        "crop": string(libvlc_video_get_crop_geometry(player)),
        "scale": "\(libvlc_video_get_scale(player))",
        "marquee": string(libvlc_video_get_marquee_string(player, libvlc_marquee_Text.rawValue)),
        "marqueeColor": "\(libvlc_video_get_marquee_int(player, libvlc_marquee_Color.rawValue))",
        "brightness": "\(libvlc_video_get_adjust_float(player, libvlc_adjust_Brightness.rawValue))",
        "role": "\(libvlc_media_player_get_role(player))",
        "stereoMode": "\(libvlc_audio_get_channel(player))",
      ]
    }
  }

  @Test(
    "after a stuck stop's swap every setting is on the fresh native player, read back from libVLC")
  func settingsAfterStuckStop() async throws {
    let server = try await TestServer()
    defer { server.stop() }
    let player = Player(instance: instance)
    try makeSettings(on: player)
    let expected = player.settings
    // A stop stuck on an HLS segment whose server holds the connection mid-body: the player
    // gives the native player up at its 1 s limit and puts a fresh one in place.
    player.stopTimeout = .seconds(1)
    player.stallTimeout = .seconds(1)
    try player.play(url: server.url("hlsfault/stall/1/hls/index.m3u8"))
    try await waitUntil("the stall", within: .seconds(30)) { player.isStalled }
    let stuck = player.native
    try await within(.seconds(15), "the stuck stop to return") { await player.stop() }
    #expect(player.native !== stuck)
    #expect(player.settings == expected)
    // The fresh native player plays with every setting libVLC can read back (volume, mute,
    // the equalizer, deinterlacing and key input have no getter, or none on a null output).
    try await playUntilVideoShows(player, instance: instance)
    let wanted = [
      "rate": "1.5", "audioDelay": "200000", "subtitleDelay": "-300000", "aspectRatio": "16:9",
      "crop": "4:3", "scale": "0.5", "marquee": "SWAP", "marqueeColor": "\(0x00_FF00)",
      "brightness": "1.5", "role": "\(PlayerRole.music.rawValue)",
      "stereoMode": "\(StereoMode.left.rawValue)",
    ]
    let native = player.native
    var read: [String: String] = [:]
    // The stereo mode waits for the audio output, the delays for the input.
    try? await waitUntil("every setting on the fresh native player", within: .seconds(15)) {
      read = await Self.readBack(native)
      return read == wanted
    }
    #expect(read == wanted)
    await player.stop()
  }
}
