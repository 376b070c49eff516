// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Thumbnails compared, pixel by pixel, with the frames ffmpeg decodes from the same clip
/// (see `Support/FrameOracle.swift`). The clips have a keyframe every 2 s and, in H.264, three
/// B-frames; the times are not multiples of the keyframe interval: some fall between two
/// frames, some on a frame, one before the first frame's end, one in the last frame.
@Suite(
  "Thumbnail frames agree with ffmpeg", .sharesTheMachine,
  .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
struct ThumbnailFrameTests {
  static let times = [0.01, 1.3, 2.7, 3.0, 5.2, 6.1, 7.97]
  /// The largest mean difference (0…255) between a right picture and ffmpeg's frame: both
  /// convert the same YUV to RGB, with different rounding.
  static let tolerance = 6.0
  /// Every container, with and without B-frames and audio where that changes how it seeks.
  static let variants = [
    OracleVariant(container: .mp4), OracleVariant(container: .mp4, reordered: false),
    OracleVariant(container: .mkv), OracleVariant(container: .webm),
    OracleVariant(container: .webm, audio: false), OracleVariant(container: .ts),
    OracleVariant(container: .avi),
  ]

  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// One picture compared with the oracle.
  struct Outcome: CustomStringConvertible {
    var time: Double
    var expected: Int
    var frame: Int
    var difference: Double
    /// The picture's own time (``Thumbnail/time``) and the expected frame's, in seconds.
    var presented: Double?
    var expectedTime: Double

    var isRight: Bool {
      frame == expected && difference < ThumbnailFrameTests.tolerance
        && presented.map { abs($0 - expectedTime) < 0.001 } == true
    }
    var description: String {
      "at \(time) s frame \(frame), expected \(expected) (difference \(Int(difference))), "
        + "time \(presented.map { "\($0)" } ?? "none"), expected \(expectedTime)"
    }
  }

  /// The pictures of `variant` at ``times``, and which ffmpeg frame each one shows.
  func outcomes(_ variant: OracleVariant, mode: ThumbnailMode) async throws -> [Outcome] {
    let clip = try await FrameOracle.clip(variant)
    let thumbnailer = try Thumbnailer(media: Media(path: clip.path, instance: instance), mode: mode)
    let pictures = try await thumbnailer.thumbnails(
      at: Self.times.map { .milliseconds(Int(($0 * 1_000).rounded())) })
    return zip(Self.times, pictures).map { time, picture in
      let expected = mode == .fast ? clip.keyframe(before: time) : clip.frame(shownAt: time)
      let match = clip.match(picture, expected: expected)
      let presented = picture.time.map {
        Double($0.components.seconds) + Double($0.components.attoseconds) * 1e-18
      }
      return Outcome(
        time: time, expected: expected, frame: match.frame, difference: match.difference,
        presented: presented, expectedTime: clip.times[expected])
    }
  }

  @Test(
    "the oracle: ffmpeg -ss gives the frame shown at a frame's start, the next one between frames")
  func oracleAgreesWithFFmpeg() async throws {
    let clip = try await FrameOracle.clip(OracleVariant(container: .mkv))
    // Past the last frame's start ffmpeg gives nothing.
    for time in Self.times where time < clip.times.last ?? 0 {
      let picture = try await FrameOracle.ffmpegPicture(of: clip, at: time)
      let shown = clip.frame(shownAt: time)
      let expected =
        clip.hasFrame(startingAt: time) ? shown : min(shown + 1, clip.times.count - 1)
      #expect(clip.frame(ffmpegSeeksTo: time) == expected, "at \(time) s")
      #expect(clip.meanDifference(picture, clip.pixels[expected]) < 1, "at \(time) s")
    }
  }

  @Test(
    "a fast thumbnail is the latest keyframe at or before the time, and says that frame's time",
    arguments: variants)
  func fastIsTheKeyframeBefore(variant: OracleVariant) async throws {
    let results = try await outcomes(variant, mode: .fast)
    #expect(results.allSatisfy { $0.isRight }, "fast \(variant): \(results)")
  }

  /// libavformat's choice was the largest video of all: program 2's, under a sheet header
  /// naming program 1's, which libVLC plays.
  @Test("a precise thumbnail of an MPEG-TS with two programs shows the first program's video")
  func firstProgram() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let file = try await generated.make(
      "two.ts",
      [
        "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=4", "-f", "lavfi", "-i",
        "testsrc2=size=640x360:rate=30:duration=4", "-map", "0:v", "-map", "1:v", "-c:v",
        "libx264", "-program", "program_num=1:st=0", "-program", "program_num=2:st=1",
      ])
    for mode in [ThumbnailMode.fast, .precise] {
      let thumbnailer = try Thumbnailer(
        media: Media(path: file, instance: instance), mode: mode)
      let picture = try await thumbnailer.thumbnail(at: .seconds(2))
      #expect(picture.width == 320 && picture.height == 240, "\(mode): \(picture.width)")
    }
  }

  @Test(
    "a precise thumbnail is the frame shown at the time, and says its time", arguments: variants)
  func preciseIsTheFrameShown(variant: OracleVariant) async throws {
    let results = try await outcomes(variant, mode: .precise)
    #expect(results.allSatisfy { $0.isRight }, "precise \(variant): \(results)")
  }
}
