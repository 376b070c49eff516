import Foundation
import SwiftVLC
import Testing

/// Thumbnails compared, pixel by pixel, with the frames ffmpeg decodes from the same clip
/// (see `Support/FrameOracle.swift`). The times are not multiples of the 2 s keyframe
/// interval; some fall between two frames, some on a frame.
@Suite(
  "Thumbnail frames agree with ffmpeg", .sharesTheMachine,
  .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
struct ThumbnailFrameTests {
  static let times = [1.3, 2.7, 3.0, 5.2, 6.1]
  /// The largest mean difference (0…255) between a right picture and ffmpeg's frame: both
  /// convert the same YUV to RGB, with different rounding.
  static let tolerance = 6.0

  let instance: VLCInstance
  /// An instance whose video outputs and decoders keep late pictures, shared by the tests
  /// that use it (each instance costs a plugin-cache load): with the defaults, a busy
  /// machine more often shows the frame after the right one.
  static let keepingLateFrames = Result { () throws(VLCError) -> VLCInstance in
    try VLCInstance(
      arguments: VLCInstance.headlessArguments + ["--no-drop-late-frames", "--no-skip-frames"])
  }

  init() throws { instance = try headlessInstance() }

  /// One picture compared with the oracle.
  struct Outcome: CustomStringConvertible {
    var time: Double
    var expected: Int
    var frame: Int
    var difference: Double

    var isRight: Bool { frame == expected && difference < ThumbnailFrameTests.tolerance }
    var description: String {
      "at \(time) s frame \(frame), expected \(expected) (difference \(Int(difference)))"
    }
  }

  /// The pictures of `variant` at ``times``, and which ffmpeg frame each one shows.
  func outcomes(_ variant: OracleVariant, mode: ThumbnailMode, on instance: VLCInstance? = nil)
    async throws -> [Outcome]
  {
    let clip = try await FrameOracle.clip(variant)
    let thumbnailer = try Thumbnailer(
      media: Media(path: clip.path, instance: instance ?? self.instance), mode: mode)
    let pictures = try await thumbnailer.thumbnails(
      at: Self.times.map { .milliseconds(Int(($0 * 1_000).rounded())) })
    return zip(Self.times, pictures).map { time, picture in
      let expected =
        mode == .fast ? clip.keyframe(before: time) : clip.frame(ffmpegSeeksTo: time)
      let match = clip.match(picture, expected: expected)
      return Outcome(
        time: time, expected: expected, frame: match.frame, difference: match.difference)
    }
  }

  @Test("the oracle's frame is the one ffmpeg -ss gives")
  func oracleAgreesWithFFmpeg() async throws {
    let clip = try await FrameOracle.clip(OracleVariant(container: .mkv))
    for time in Self.times {
      let picture = try await FrameOracle.ffmpegPicture(of: clip, at: time)
      let frame = clip.frame(ffmpegSeeksTo: time)
      #expect(clip.meanDifference(picture, clip.pixels[frame]) < 1, "at \(time) s")
    }
  }

  @Test(
    "a fast thumbnail is the latest keyframe at or before the time",
    arguments: [
      OracleVariant(container: .mp4), OracleVariant(container: .mkv),
      OracleVariant(container: .avi), OracleVariant(container: .webm, audio: false),
    ])
  func fastIsTheKeyframeBefore(variant: OracleVariant) async throws {
    let results = try await outcomes(variant, mode: .fast)
    #expect(results.allSatisfy { $0.isRight }, "fast \(variant): \(results)")
  }

  /// Exact on a quiet machine; on a busy one libVLC 3 now and then shows the next frame
  /// instead (1 to 5 pictures in 100, fewer when late pictures are kept), kept as an
  /// intermittent known issue. Never early, never further off.
  @Test(
    "a precise thumbnail of video without B-frames is the frame ffmpeg -ss gives",
    arguments: [OracleVariant(container: .avi), OracleVariant(container: .webm)])
  func preciseIsTheFrameAtTheTime(variant: OracleVariant) async throws {
    let results = try await outcomes(variant, mode: .precise, on: Self.keepingLateFrames.get())
    withKnownIssue("a busy machine sometimes shows the next frame", isIntermittent: true) {
      #expect(results.allSatisfy { $0.isRight }, "precise \(variant): \(results)")
    }
    #expect(
      results.allSatisfy { $0.isRight || $0.frame == $0.expected + 1 },
      "precise \(variant): \(results)")
  }

  // What libVLC 3 gets wrong, kept as known issues so that a change shows (the reasons are in
  // docs/libvlc3-findings.md, "Thumbnails").

  @Test("known libVLC 3 issue: a fast seek in WebM with audio lands on an earlier keyframe")
  func fastWebMWithAudio() async throws {
    let results = try await outcomes(OracleVariant(container: .webm), mode: .fast)
    withKnownIssue("the MKV demuxer seeks to a point valid for the audio track too") {
      #expect(results.allSatisfy { $0.isRight }, "\(results)")
    }
    // Never later than the time, and never further back than the keyframe interval.
    #expect(results.allSatisfy { $0.frame <= $0.expected && $0.expected - $0.frame <= 50 })
  }

  @Test("known libVLC 3 issue: MPEG-TS seeks land after the time, on a later keyframe")
  func transportStream() async throws {
    let clip = try await FrameOracle.clip(OracleVariant(container: .ts))
    let media = try Media(path: clip.path, instance: instance)
    await withKnownIssue("libVLC 3 seeks MPEG-TS to the packet whose PCR is the time") {
      let picture = try await media.thumbnail(at: .milliseconds(2_700), width: 0, mode: .fast)
      let match = clip.match(picture, expected: clip.keyframe(before: 2.7))
      #expect(match.frame == clip.keyframe(before: 2.7), "frame \(match.frame)")
    }
  }

  @Test(
    "known libVLC 3 issue: a precise thumbnail of MP4 or of H.264 with B-frames can be 1 to 3 frames early",
    arguments: [
      OracleVariant(container: .mp4, reordered: false), OracleVariant(container: .mp4),
      OracleVariant(container: .mkv),
    ])
  func preciseEarly(variant: OracleVariant) async throws {
    let results = try await outcomes(variant, mode: .precise)
    withKnownIssue("libVLC 3 ends its preroll on a decode timestamp", isIntermittent: true) {
      #expect(results.allSatisfy { $0.isRight }, "precise \(variant): \(results)")
    }
    #expect(
      results.allSatisfy { (-3...1).contains($0.frame - $0.expected) },
      "precise \(variant): \(results)")
  }
}
