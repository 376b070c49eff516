// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Player video track selection", .mostlyWaits)
@MainActor
struct PlayerVideoTrackTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// A Matroska file with two video streams, 20 s (a busy machine can take seconds to get to
  /// the switch; a 6 s clip once ended first), keyframes every second: a 160×120 test
  /// picture and a 96×64 red one.
  static func twoVideoStreams(in generated: GeneratedMedia) async throws -> String {
    try await generated.make(
      "angles.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25", "-f", "lavfi", "-i",
        "color=c=red:s=96x64:r=25", "-t", "20", "-map", "0:v", "-map", "1:v",
        "-c:v", "libx264", "-g", "25", "-pix_fmt", "yuv420p",
      ])
  }

  @Test("selecting the second video stream switches the pictures to it")
  func selectSecond() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let player = Player(instance: instance)
    let frames = try player.videoFrames(format: .rgba)
    try player.play(Media(path: await Self.twoVideoStreams(in: generated), instance: instance))
    try await waitUntil("two video tracks and libVLC's default selection", within: .seconds(30)) {
      player.videoTracks.count == 2 && player.selectedVideoTrack != nil
    }
    #expect(player.videoTracks.map(\.width) == [160, 96])
    #expect(player.selectedVideoTrack?.width == 160)
    let second = player.videoTracks[1]
    try player.selectVideoTrack(second)
    #expect(player.selectedVideoTrack == second)
    // The pictures switch to the red 96×64 stream (a new video output follows its size).
    let red = try await frames.first(within: .seconds(15), "a 96×64 picture") { $0.width == 96 }
    #expect(red.height == 64)
    // libVLC decodes the new stream from where the input is: until its next keyframe (one a
    // second here) the pictures are grey; then they are the red stream's.
    _ = try await frames.first(within: .seconds(10), "a red 96×64 picture") { frame in
      frame.width == 96
        && frame.withUnsafeBytes { bytes in
          let offset = 32 * frame.pitch + 48 * 4
          return bytes[offset] > 200 && bytes[offset + 1] < 60 && bytes[offset + 2] < 60
        }
    }
    #expect(player.selectedVideoTrack?.id == second.id)
    try player.selectVideoTrack(nil)
    #expect(player.selectedVideoTrack == nil)
    await player.stop()
  }

  @Test("selecting a track that is not a video track of the media throws trackNotFound")
  func unknown() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let player = Player(instance: instance)
    // 20 s: beside two busy loops the 4 s file ended before its tracks were read.
    try player.play(Media(path: try await generated.tracksFiveTimesOver(), instance: instance))
    try await waitUntil("the audio tracks", within: .seconds(30)) { player.audioTracks.count == 2 }
    let audio = player.audioTracks[0]
    #expect(throws: VLCError.trackNotFound(id: audio.id)) { try player.selectVideoTrack(audio) }
    await player.stop()
  }
}
