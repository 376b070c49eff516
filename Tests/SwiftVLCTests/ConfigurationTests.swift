// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Typed configuration", .mostlyWaits)
@MainActor
struct ConfigurationTests {
  @Test("every setting becomes the libVLC option it stands for, and libVLC accepts them all")
  func arguments() throws {
    var configuration = VLCConfiguration()
    configuration.networkCaching = .milliseconds(1_500)
    configuration.hardwareDecoding = .off
    configuration.deinterlace = .yadif
    configuration.subtitleTextScale = 150
    configuration.subtitleFont = "DejaVu Sans"
    configuration.subtitleColor = 0xFF0000
    configuration.subtitleOutline = .thick
    configuration.audioOutput = "adummy"
    #expect(
      try configuration.mediaOptions() == [
        ":network-caching=1500", ":avcodec-hw=none", ":deinterlace=1", ":deinterlace-mode=yadif",
      ])
    let arguments = try configuration.instanceArguments()
    #expect(arguments.contains("--sub-text-scale=150"))
    #expect(arguments.contains("--freetype-color=16711680"))
    #expect(arguments.contains("--freetype-outline-thickness=6"))
    #expect(arguments.contains("--aout=adummy"))
    // libVLC refuses unknown options: creating the instance checks every name.
    _ = try VLCInstance(configuration: configuration, base: VLCInstance.headlessArguments)
  }

  @Test("values out of range are refused before libVLC sees them")
  func ranges() {
    var configuration = VLCConfiguration()
    configuration.subtitleTextScale = 5
    #expect(throws: VLCError.self) { try configuration.instanceArguments() }
    configuration = VLCConfiguration()
    configuration.networkCaching = .seconds(-1)
    #expect(throws: VLCError.self) { try configuration.mediaOptions() }
    configuration = VLCConfiguration()
    configuration.subtitleColor = 0x1_000000
    #expect(throws: VLCError.self) { try configuration.instanceArguments() }
  }

  @Test("a hardware mode without its device reports the software fallback")
  func hardwareFallback() throws {
    let instance = try headlessInstance()
    #expect(instance.hardwareDecodingFallback(for: .off) == nil)
    let hasRenderNode = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? [])
      .contains { $0.hasPrefix("renderD") }
    let hasX = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
    #expect((instance.hardwareDecodingFallback(for: .vaapi) == nil) == (hasRenderNode || hasX))
  }

  /// Red subtitle pixels in the frames of 1.5 s of black video with sidecar.srt attached.
  func redSubtitlePixels(color: UInt32?) async throws -> Int {
    var configuration = VLCConfiguration()
    configuration.subtitleColor = color
    configuration.subtitleOutline = VLCConfiguration.Outline.none
    let instance = try VLCInstance(
      configuration: configuration, base: VLCInstance.headlessArguments)
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let path = try await generated.make(
      "black.mp4",
      ["-f", "lavfi", "-i", "color=c=black:s=320x240:r=25", "-t", "3", "-pix_fmt", "yuv420p"])
    let media = try Media(path: path, instance: instance)
    try media.addSlave(url: Fixture.sidecarSRT.url, kind: .subtitle)
    let player = Player(instance: instance)
    // Room for every frame up to 1.6 s (the first cue shows from 0.2 to 1.8 s): the stream
    // keeps the newest when its consumer falls behind, and a consumer a busy machine starts
    // late saw only frames after the cue.
    let frames = try player.videoFrames(format: .rgba, buffering: 50)
    try player.play(media)
    let red = try await within(.seconds(30), "the frames up to 1.6 s") {
      var red = 0
      for await frame in frames {
        red += Self.redPixels(in: frame)
        if frame.index >= 40 { return red }
      }
      return red
    }
    await player.stop()
    return red
  }

  nonisolated static func redPixels(in frame: VideoFrame) -> Int {
    frame.withUnsafeBytes { bytes in
      var count = 0
      for row in 0..<frame.height {
        for column in 0..<frame.width {
          let offset = row * frame.pitch + column * 4
          if bytes[offset] > 180, bytes[offset + 1] < 80, bytes[offset + 2] < 80 { count += 1 }
        }
      }
      return count
    }
  }

  @Test("an instance's subtitle colour is the colour the text is drawn in")
  func subtitleColour() async throws {
    #expect(try await redSubtitlePixels(color: 0xFF0000) > 100)
    #expect(try await redSubtitlePixels(color: nil) == 0)
  }

  @Test("per-media options play, and a bad value is refused before they are added")
  func perMedia() async throws {
    let instance = try headlessInstance()
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    var configuration = VLCConfiguration()
    configuration.networkCaching = .seconds(61)
    #expect(throws: VLCError.invalidInput("network caching 61.000 s is not within 0…60 s")) {
      try media.apply(configuration)
    }
    configuration.networkCaching = .milliseconds(200)
    configuration.hardwareDecoding = .off
    configuration.deinterlace = .blend
    try media.apply(configuration)
    let player = Player(instance: instance)
    let events = player.events
    try player.play(media)
    _ = try await collectEvents(events, within: .seconds(30)) { $0 == .endReached }
    #expect(player.outcome == .ended)
  }
}
