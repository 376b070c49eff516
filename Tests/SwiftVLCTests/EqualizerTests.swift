// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Synchronization
import Testing

@Suite("Equalizer", .mostlyWaits)
@MainActor
struct EqualizerTests {
  @Test("libVLC's 18 presets all load by name, with 10 bands within ±20 dB")
  func presetsLoad() throws {
    let names = Equalizer.presetNames
    #expect(names.count == 18)
    #expect(names.first == "Flat")
    #expect(Set(names).count == names.count)
    for name in names {
      let equalizer = try Equalizer(preset: name)
      #expect(equalizer.gains.count == 10, "\(name)")
      #expect(equalizer.gains.allSatisfy(Equalizer.gainRange.contains), "\(name)")
      #expect(Equalizer.gainRange.contains(equalizer.preamp), "\(name)")
    }
    #expect(try Equalizer(preset: "Rock").gains != Equalizer().gains)
  }

  @Test("the ten bands run from about 31 Hz to 16 kHz, in ascending order")
  func bandFrequencies() {
    let frequencies = Equalizer.bandFrequencies
    #expect(frequencies.count == 10)
    #expect(abs(frequencies.first! - 31.25) < 1)
    #expect(frequencies.last == 16_000)
    #expect(frequencies == frequencies.sorted())
  }

  @Test("a new equalizer is flat")
  func flatByDefault() {
    let equalizer = Equalizer()
    #expect(equalizer.preamp == 0)
    #expect(equalizer.gains == Array(repeating: 0, count: 10))
  }

  @Test("an unknown preset name is rejected")
  func unknownPreset() {
    #expect(throws: VLCError.invalidInput("no equalizer preset named \"Polka\"")) {
      try Equalizer(preset: "Polka")
    }
  }

  @Test("a band set is read back, and values beyond ±20 dB are clamped")
  func bandsReadBack() throws {
    let equalizer = Equalizer()
    try equalizer.setGain(6.5, forBand: 3)
    #expect(equalizer.gains[3] == 6.5)
    equalizer.gains[4] = -7
    #expect(equalizer.gains[4] == -7)
    try equalizer.setGain(35, forBand: 0)
    #expect(equalizer.gains[0] == 20)
    equalizer.preamp = -50
    #expect(equalizer.preamp == -20)
    try equalizer.loadPreset("Flat")
    #expect(equalizer.gains == Array(repeating: 0, count: 10))
  }

  @Test("NaN, infinities and missing bands are rejected and change nothing")
  func invalidValues() throws {
    let equalizer = try Equalizer(preset: "Rock")
    let before = equalizer.gains
    #expect(throws: VLCError.self) { try equalizer.setGain(.nan, forBand: 0) }
    #expect(throws: VLCError.self) { try equalizer.setGain(.infinity, forBand: 0) }
    #expect(throws: VLCError.self) { try equalizer.setGain(1, forBand: 10) }
    #expect(throws: VLCError.self) { try equalizer.setPreamp(.nan) }
    equalizer.gains[2] = .nan
    equalizer.gains = [1, 2]
    equalizer.preamp = -.infinity
    #expect(equalizer.gains == before)
    #expect(equalizer.preamp == (try Equalizer(preset: "Rock")).preamp)
  }

  @Test("changes to an attached equalizer reach the sound at once, and removing it restores it")
  func changesAreHeard() async throws {
    // A steady tone long enough that a busy machine cannot reach its end mid-test.
    let tone = try makeLeftOnlyToneWAV(seconds: 10)
    defer { try? FileManager.default.removeItem(at: tone) }
    let player = Player(instance: try headlessInstance())
    let stream = try player.audioSamples()
    try player.play(url: tone)
    let original = try await firstBuffer(of: stream, "sound") { $0.level > 0.05 }
    let equalizer = Equalizer()
    player.equalizer = equalizer
    try equalizer.setPreamp(-20)
    for band in equalizer.gains.indices { try equalizer.setGain(-20, forBand: band) }
    let quiet = original.level / 10
    _ = try await firstBuffer(of: stream, "the sound 20 dB down") { $0.level < quiet }
    player.equalizer = nil
    _ = try await firstBuffer(of: stream, "the sound back") {
      abs($0.level - original.level) < 0.01
    }
  }

  @Test("attaching an equalizer to a playing player does not interrupt playback")
  func attachingDoesNotInterrupt() async throws {
    let player = Player(instance: try headlessInstance())
    let stream = try player.audioSamples()
    let received = Recorder<Bool>()  // whether each buffer was a discontinuity
    let consumer = Task.detached {
      for await buffer in stream { received.append(buffer.isDiscontinuity) }
    }
    defer { consumer.cancel() }
    // Long enough that audio still flows after the attach however late this task runs (the
    // test stops it once it has heard enough).
    let tone = try makeLeftOnlyToneWAV(seconds: 30)
    defer { try? FileManager.default.removeItem(at: tone) }
    try player.play(url: tone)
    try await waitUntil("audio, with the player playing") {
      received.values.count >= 5 && player.state == .playing
    }
    let events = player.events
    let time = player.currentTime
    let atAttach = received.values.count
    player.equalizer = try Equalizer(preset: "Live")
    try await waitUntil("more audio") { received.values.count > atAttach + 5 }
    try await waitUntil("time to advance") { player.currentTime > time }
    await player.stop()
    let seen = try await collectEvents(events) { $0.state == .stopped }
    #expect(seen.compactMap(\.state) == [.stopping, .stopped], "no pause, stop or error before")
    #expect(!received.values.dropFirst().contains(true), "libVLC did not flush the audio")
  }
}
