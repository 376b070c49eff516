// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Audio output", .sharesTheMachine)
@MainActor
struct AudioOutputTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// Whether libVLC has its ALSA output; ALSA's "null" device needs no sound card.
  nonisolated static let hasALSA =
    (try? headlessInstance())?.audioOutputs().contains { $0.name == "alsa" }
    ?? false

  // MARK: Devices

  @Test("the null output lists no devices, before and during playback")
  func nullOutputHasNoDevices() async throws {
    let player = Player(instance: instance)
    #expect(await player.audioDevices() == [])
    // 30 s: still playing when a busy main actor looks.
    try player.play(url: Fixture.longMP4.url)
    try await waitUntil("playing") { player.state == .playing }
    #expect(await player.audioDevices() == [])
    #expect(await player.currentAudioDevice() == nil)
    #expect(instance.audioDevices(forOutput: "adummy") == [])
    #expect(instance.audioOutputs().contains { $0.name == "adummy" })
  }

  @Test("selecting a device the output does not list is an error")
  func unknownDevice() async throws {
    let player = Player(instance: instance)
    try player.play(url: Fixture.longMP4.url)  // 30 s: still playing when the main actor looks
    try await waitUntil("playing") { player.state == .playing }
    await #expect(throws: VLCError.invalidInput("no audio device \"hw:9,9\" (available: none)")) {
      try await player.setAudioDevice("hw:9,9")
    }
  }

  @Test("choosing an output module libVLC does not have is an error")
  func unknownOutputModule() {
    let player = Player(instance: instance)
    #expect(throws: VLCError.self) { try player.setAudioOutput("coreaudio") }
  }

  @Test(
    "an ALSA device is selected, confirmed, and kept for the next media",
    .enabled(if: hasALSA, "libVLC's ALSA output is not installed"))
  func alsaDeviceIsKept() async throws {
    let player = Player(instance: instance)
    try player.setAudioOutput("alsa")
    try player.play(url: Fixture.seekMP4.url)
    let devices = try await within(.seconds(5), "ALSA's devices") {
      while true {
        let devices = await player.audioDevices()
        if !devices.isEmpty { return devices }
        try await Task.sleep(for: .milliseconds(20))
      }
    }
    #expect(devices.contains { $0.id == "null" })
    let events = player.events
    try await player.setAudioDevice("null")
    #expect(await player.currentAudioDevice() == "null")
    _ = try await events.first(within: .seconds(10), "the move to ALSA's null device") {
      $0 == .audioDeviceChanged("null")
    }

    // libVLC 3 opens a new output, on the default device, for the next media.
    let next = player.events
    try player.play(url: Fixture.seekMP4.url)
    let seen = try await collectEvents(next) { $0 == .audioDeviceChanged("null") }
    let devicesSeen = seen.compactMap { event -> String?? in
      if case .audioDeviceChanged(let device) = event { device } else { nil }
    }
    #expect(devicesSeen.count >= 2, "the new output reported its default first: \(devicesSeen)")
    #expect(await player.currentAudioDevice() == "null")
  }

  // MARK: Stereo mode

  @Test("each stereo mode maps a left-only tone onto the two channels as named")
  func stereoModes() async throws {
    let tone = try makeLeftOnlyToneWAV(seconds: 6)
    defer { try? FileManager.default.removeItem(at: tone) }
    let player = Player(instance: instance)
    let stream = try player.audioSamples(format: .float32, rate: 48_000, channels: 2)
    try player.play(looping(tone, instance: instance))
    let expectations: [(StereoMode, @Sendable (Float, Float) -> Bool)] = [
      (.stereo, { left, right in left > 0.3 && right == 0 }),
      (.reverseStereo, { left, right in left == 0 && right > 0.3 }),
      (.left, { left, right in left > 0.3 && right == left }),
      (.right, { left, right in left == 0 && right == 0 }),
      (.mono, { left, right in left > 0.1 && left < 0.3 && right == left }),
    ]
    for (mode, matches) in expectations {
      player.setStereoMode(mode)
      #expect(player.stereoMode == mode)
      _ = try await firstBuffer(of: stream, "audio in \(mode) mode") { buffer in
        matches(buffer.samples(ofChannel: 0).rms, buffer.samples(ofChannel: 1).rms)
      }
    }
  }

  @Test(
    "a stereo mode set before playing is applied once audio starts, and kept for the next media")
  func stereoModeIsKept() async throws {
    let tone = try makeLeftOnlyToneWAV(seconds: 3)
    defer { try? FileManager.default.removeItem(at: tone) }
    try await expectReversedTwice { try Media(url: tone, instance: instance) }
  }

  @Test("a stereo mode reaches audio that starts seconds after the picture, and the next media's")
  func stereoModeReachesLateAudio() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // MPEG-TS: a picture from 0 s, the left-only tone from 4 s. libVLC opens the audio output
    // with the first audio (about 3 s after Playing), and until then reads back the previous
    // media's mode from the output it keeps.
    let late = try await generated.make(
      "late-audio.ts",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25", "-itsoffset", "4", "-f", "lavfi", "-i",
        "sine=f=440:r=16000,pan=stereo|c0=c0|c1=0*c0", "-t", "7", "-pix_fmt", "yuv420p",
        "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "mp2",
      ])
    try await expectReversedTwice { try Media(path: late, instance: instance) }
  }

  /// Plays a left-only tone from `media` twice with the stereo mode set to reverse before the
  /// first play, and expects the tone on the right only in each.
  func expectReversedTwice(_ media: () throws -> Media) async throws {
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    player.setStereoMode(.reverseStereo)
    let levels = Recorder<String>()  // what came instead, for the failure's message
    // The quietest tone is at 1/8 scale (rms 0.088); MP2 leaves a trace in the silent channel.
    let reversed: @Sendable (AudioBuffer) -> Bool = { buffer in
      let (left, right) = (buffer.samples(ofChannel: 0).rms, buffer.samples(ofChannel: 1).rms)
      levels.append(
        String(format: "%.2f/%.2f%@", left, right, buffer.isDiscontinuity ? " (new)" : ""))
      return left < 0.01 && right > 0.05
    }
    do {
      try player.play(media())
      _ = try await firstBuffer(of: stream, within: .seconds(20), "reversed audio", where: reversed)
      try player.play(media())
      _ = try await firstBuffer(of: stream, within: .seconds(20), "the next media's first audio") {
        $0.isDiscontinuity
      }
      levels.append("next media")
      _ = try await firstBuffer(of: stream, "reversed audio in the next media", where: reversed)
    } catch {
      Issue.record(
        """
        \(error): state \(player.state) at \(player.currentTime), mode \(player.stereoMode), \
        \(levels.values.count) buffers, the last left/right levels \(levels.values.suffix(16))
        """)
      throw error
    }
  }

  // MARK: Events and role

  @Test("muting, unmuting and changing the volume reach the sound and are announced as events")
  func muteAndVolumeEvents() async throws {
    let player = Player(instance: instance)
    let events = player.events
    let stream = try player.audioSamples()
    try player.play(looping(Fixture.seekMP4.url, instance: instance))  // a steady 440 Hz tone
    let full = try await firstBuffer(of: stream, "sound") { $0.level > 0.05 }.level
    player.isMuted = true
    _ = try await firstBuffer(of: stream, "silence") { $0.level == 0 }
    player.isMuted = false
    _ = try await firstBuffer(of: stream, "sound again") { $0.level > 0.05 }
    try player.setAudioVolume(0.5)
    // libVLC's volume is cubic: half the volume is an eighth of the amplitude.
    _ = try await firstBuffer(of: stream, "the sound at half volume") {
      abs($0.level / full - 0.125) < 0.02
    }
    let seen = try await collectEvents(events) {
      if case .volumeChanged = $0 { true } else { false }
    }
    let announced = seen.filter { event in
      switch event {
      case .muted, .unmuted, .volumeChanged: true
      default: false
      }
    }
    #expect(announced == [.muted, .unmuted, .volumeChanged(0.5)])
  }

  @Test("the role is remembered and does not disturb playback")
  func role() async throws {
    let player = Player(instance: instance)
    #expect(player.role == .video)
    player.setRole(.music)
    #expect(player.role == .music)
    let stream = try player.audioSamples()
    try player.play(url: Fixture.sineWAV.url)
    _ = try await capture(stream, frames: 4_800)
  }
}
