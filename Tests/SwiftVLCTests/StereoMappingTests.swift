// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CLibVLC
import Foundation
import Testing

@testable import SwiftVLC

/// The stereo mode by source layout, heard through sample streams: mapped on the samples for a
/// stereo source in stereo, whatever mode libVLC's output has; libVLC's for other layouts.
@Suite("Stereo mode by source layout", .sharesTheMachine)
@MainActor
struct StereoMappingTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("reverse stereo holds on the samples while libVLC's output plays in plain stereo")
  func mappingOutlivesLibVLCMode() async throws {
    let tone = try makeLeftOnlyToneWAV(seconds: 6)
    defer { try? FileManager.default.removeItem(at: tone) }
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    player.setStereoMode(.reverseStereo)
    try player.play(looping(tone, instance: instance))
    _ = try await firstBuffer(of: stream, "reversed audio") { isReversed($0) }
    // An output the player's calls cannot reach (libVLC makes one when a decoder asks while
    // the player's is busy) plays in libVLC's default mode, stereo, for good. Hold the
    // reachable one there too, as long as the audio is read (libVLC restarts its filters at
    // each change, and the audio decoded from then on shows it).
    let native = player.native
    let holder = Task.detached {
      while !Task.isCancelled {
        let set = await native.run { libvlc_audio_set_channel($0, 1) }
        if set != 0 { return false }
        try? await Task.sleep(for: .milliseconds(20))
      }
      return true
    }
    let levels = try await within(.seconds(10), "2 s of audio after the change") {
      var levels: [(left: Float, right: Float)] = []
      var frames = 0
      for await buffer in stream {
        levels.append((buffer.samples(ofChannel: 0).rms, buffer.samples(ofChannel: 1).rms))
        frames += buffer.frameCount
        if frames >= 2 * buffer.sampleRate { break }
      }
      return levels
    }
    holder.cancel()
    #expect(await holder.value, "libVLC refused the stereo mode")
    // A buffer with the tone on the left was played as libVLC mapped it: not reversed.
    let shown = levels.map { String(format: "%.2f/%.2f", $0.left, $0.right) }
    #expect(!levels.contains { $0.left >= 0.01 }, "left/right levels after the change: \(shown)")
  }

  @Test("a mode set before playing maps a sample stream from its first buffer on, once")
  func mappedFromTheStart() async throws {
    let tone = try makeLeftOnlyToneWAV(seconds: 3)
    defer { try? FileManager.default.removeItem(at: tone) }
    for _ in 1...3 {
      let player = Player(instance: instance)
      let stream = try player.audioSamples()
      player.setStereoMode(.reverseStereo)
      try player.play(url: tone)
      // libVLC's output, asked for the mode as well while the session opened, would reverse
      // the samples back: the tone would start on the left.
      let levels = try await within(.seconds(10), "the first second of audio") {
        var levels: [(left: Float, right: Float)] = []
        var frames = 0
        for await buffer in stream {
          levels.append((buffer.samples(ofChannel: 0).rms, buffer.samples(ofChannel: 1).rms))
          frames += buffer.frameCount
          if frames >= buffer.sampleRate { break }
        }
        return levels
      }
      let shown = levels.map { String(format: "%.2f/%.2f", $0.left, $0.right) }
      #expect(!levels.contains { $0.left >= 0.01 }, "left/right levels: \(shown)")
    }
  }

  @Test("with a mono sample stream the stereo mode is libVLC's, applied before the downmix")
  func monoOutputUsesLibVLCMode() async throws {
    let tone = try makeLeftOnlyToneWAV(seconds: 6)
    defer { try? FileManager.default.removeItem(at: tone) }
    let player = Player(instance: instance)
    let stream = try player.audioSamples(channels: 1)
    player.setStereoMode(.right)
    try player.play(looping(tone, instance: instance))
    _ = try await firstBuffer(of: stream, "the right channel's silence") { $0.level < 0.001 }
    player.setStereoMode(.left)
    _ = try await firstBuffer(of: stream, "the left channel's tone") { $0.level > 0.1 }
  }

  @Test("a sample stream ends at the next play once another output module replaces it")
  func streamEndsWhenOutputReplaced() async throws {
    let tone = try makeLeftOnlyToneWAV(seconds: 3)
    defer { try? FileManager.default.removeItem(at: tone) }
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    try player.play(url: tone)
    _ = try await firstBuffer(of: stream, "audio") { _ in true }
    try player.setAudioOutput("adummy")
    try player.play(url: tone)
    try await within(.seconds(10), "the stream's end after the next play") {
      for await _ in stream {}
    }
  }

  @Test("a 5.1 source in a stereo sample stream plays mixed to mono or reversed, each asked once")
  func surround() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // 5.1 with the tone on the front left only: libVLC's stereo downmix puts it on the left.
    // Its output reads "original" (0) before a mode is set, which the player once took for
    // no stream at all, and never set the mode.
    let surround = try await generated.make(
      "front-left.flac",
      [
        "-f", "lavfi", "-i", "sine=f=440:r=48000", "-af",
        "pan=5.1|c0=c0|c1=0*c0|c2=0*c0|c3=0*c0|c4=0*c0|c5=0*c0", "-t", "6",
      ])
    let instance = try headlessInstance()  // its own: the log stream is the instance's
    let logs = instance.logs(minimumLevel: .debug)
    let restarts = Task {
      var count = 0
      for await entry in logs where entry.message.hasPrefix("restart requested") { count += 1 }
      return count
    }
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    player.setStereoMode(.mono)
    let media = try Media(path: surround, instance: instance)
    media.addOption(":input-repeat=65535")
    try player.play(media)
    _ = try await firstBuffer(of: stream, "the front left on both sides") { buffer in
      let (left, right) = (buffer.samples(ofChannel: 0).rms, buffer.samples(ofChannel: 1).rms)
      return left > 0.02 && left == right
    }
    player.setStereoMode(.reverseStereo)
    _ = try await firstBuffer(of: stream, "the front left on the right") { buffer in
      buffer.samples(ofChannel: 0).rms < 0.01 && buffer.samples(ofChannel: 1).rms > 0.05
    }
    // The output then reads stereo (1), not the mode set: the player must not take that for
    // a reset, or it asks again at every check (every 40 ms for 2 s), restarting the output.
    try await Task.sleep(for: .seconds(2))
    restarts.cancel()
    let count = await restarts.value
    #expect(count <= 3, "\(count) output restarts for two modes")
  }
}

/// Whether a buffer of the left-only tone has it on the right only.
private func isReversed(_ buffer: AudioBuffer) -> Bool {
  buffer.samples(ofChannel: 0).rms < 0.01 && buffer.samples(ofChannel: 1).rms > 0.05
}
