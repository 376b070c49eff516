// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Synchronization
import Testing

@testable import SwiftVLC

/// Sets of thumbnails of a local file made in forward passes (`Thumbnailer.thumbnails(at:)`,
/// `FileFrameDecoder`), compared pixel by pixel with the frames ffmpeg decodes (see
/// `Support/FrameOracle.swift`: 8 s clips, a keyframe every 2 s, 25 fps).
@Suite(
  "Thumbnail sets decode each group of pictures once", .sharesTheMachine,
  .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
struct ThumbnailPassTests {
  /// Unsorted, with repeats; inside one group of pictures (0.3, 0.52, 1.3, 1.96), on and
  /// around keyframes (2.0, 3.99, 4.0), across groups, in the last frame, and before the first
  /// frame in MPEG-TS (whose audio starts 23 ms before its video: 0.0 and 0.01).
  static let times = [
    5.2, 0.0, 0.01, 1.3, 0.3, 1.3, 1.96, 2.0, 2.04, 3.99, 0.52, 4.0, 6.1, 7.97, 2.7, 3.0,
  ]
  static let variants = [
    OracleVariant(container: .mp4), OracleVariant(container: .mp4, reordered: false),
    OracleVariant(container: .mkv), OracleVariant(container: .ts),
  ]

  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  static func duration(_ seconds: Double) -> Duration {
    .microseconds(Int64((seconds * 1_000_000).rounded()))
  }

  /// The times whose picture is not the expected frame, with what they show.
  static func wrong(
    _ pictures: [Thumbnail], at times: [Double], of clip: OracleClip, mode: ThumbnailMode
  ) -> [String] {
    zip(times, pictures).compactMap { time, picture in
      let expected = mode == .fast ? clip.keyframe(before: time) : clip.frame(shownAt: time)
      let match = clip.match(picture, expected: expected)
      guard match.frame != expected || match.difference >= ThumbnailFrameTests.tolerance else {
        return nil
      }
      return "at \(time) s frame \(match.frame), expected \(expected)"
    }
  }

  @Test(
    "a set's pictures are the frames at their times, in any order, with repeats",
    arguments: variants, [ThumbnailMode.fast, .precise])
  func setIsRight(variant: OracleVariant, mode: ThumbnailMode) async throws {
    let clip = try await FrameOracle.clip(variant)
    let thumbnailer = try Thumbnailer(media: Media(path: clip.path, instance: instance), mode: mode)
    let counts = Mutex<[Int]>([])
    let pictures = try await thumbnailer.thumbnails(
      at: Self.times.map(Self.duration), progress: { made in counts.withLock { $0.append(made) } })
    #expect(pictures.count == Self.times.count)
    let wrong = Self.wrong(pictures, at: Self.times, of: clip, mode: mode)
    #expect(wrong.isEmpty, "\(mode) \(variant): \(wrong)")
    // Every time counted once, repeats included, in order.
    let reported = counts.withLock { $0 }
    #expect(reported.last == Self.times.count && reported == reported.sorted(), "\(reported)")
  }

  @Test("a dense set decodes each frame at most once, after one seek")
  func denseSetDecodesOnce() async throws {
    let clip = try await FrameOracle.clip(OracleVariant(container: .mp4))
    // A picture every 80 ms: 25 in each group of pictures.
    let times = (0..<100).map { Double($0) * 0.08 }
    for mode in [ThumbnailMode.precise, .fast] {
      let outcome = try await FileFrameDecoder().pictures(
        path: clip.path, at: times.map(Self.duration), keyframeOnly: mode == .fast,
        limit: .seconds(30), size: { $0 })
      guard case .pictures(let pictures, let counts) = outcome else {
        Issue.record("no pictures: \(outcome)")
        return
      }
      let wrong = Self.wrong(pictures, at: times, of: clip, mode: mode)
      #expect(wrong.isEmpty, "\(mode): \(wrong)")
      #expect(counts.seeks == 1, "\(mode): \(counts)")
      let limit = mode == .fast ? clip.isKeyframe.filter { $0 }.count : clip.times.count
      #expect(counts.packets <= limit, "\(mode): \(counts), \(clip.times.count) frames")
    }
  }

  @Test(
    "a sparse set decodes only from each time's keyframe, seeking over whole groups by the index",
    arguments: [OracleContainer.mp4, .ts])
  func sparseSetSkipsGroups(container: OracleContainer) async throws {
    let clip = try await FrameOracle.clip(OracleVariant(container: container))
    // 0.12 s into three groups: at most 4 packets from each keyframe, and 3 B-frames
    // reordered. The group at 2 s is not needed.
    let times = [0.12, 4.12, 6.12]
    let outcome = try await FileFrameDecoder().pictures(
      path: clip.path, at: times.map(Self.duration), keyframeOnly: false, limit: .seconds(30),
      size: { $0 })
    guard case .pictures(let pictures, let counts) = outcome else {
      Issue.record("no pictures: \(outcome)")
      return
    }
    let wrong = Self.wrong(pictures, at: times, of: clip, mode: .precise)
    #expect(wrong.isEmpty, "\(wrong)")
    #expect(counts.packets <= times.count * 8, "\(counts)")
    // The index of an MP4 knows that 4.12 s lies past the next keyframe (2 s) and 6.12 s does
    // not; MPEG-TS has no index, and 4 s of packets are read rather than seeked over.
    #expect(counts.seeks == (container == .mp4 ? 2 : 1), "\(counts)")
  }

  @Test("cancelling a set stops its pass between two pictures")
  func cancellation() async throws {
    let clip = try await FrameOracle.clip(OracleVariant(container: .mkv))
    let thumbnailer = try Thumbnailer(
      media: Media(path: clip.path, instance: instance), mode: .precise)
    let times = (0..<50).map { Self.duration(Double($0) * 0.16) }
    // The set's task cancels itself from the progress handler, on the decoding thread, when
    // the first picture is made: it starts once its handle is stored.
    let handle = Mutex<Task<Result<[Thumbnail], VLCError>, Never>?>(nil)
    let (go, start) = AsyncStream.makeStream(of: Void.self)
    let counts = Mutex<[Int]>([])
    let task = Task { () -> Result<[Thumbnail], VLCError> in
      for await _ in go { break }
      do throws(VLCError) {
        return .success(
          try await thumbnailer.thumbnails(
            at: times,
            progress: { made in
              counts.withLock { $0.append(made) }
              if made == 1 { handle.withLock { $0 }?.cancel() }
            }))
      } catch {
        return .failure(error)
      }
    }
    handle.withLock { $0 = task }
    start.yield()
    let result = try await within(.seconds(60), "the cancelled set to end") { await task.value }
    guard case .failure(.cancelled) = result else {
      Issue.record("expected a cancellation, got \(result)")
      return
    }
    // Each pass stops at its next packet: at most the pictures its decoded frames settle.
    let made = counts.withLock { $0.last ?? 0 }
    #expect(made < times.count / 2, "\(made) of \(times.count) made")
  }

  @Test("a set refuses a negative time and one past the end, naming it")
  func badTimes() async throws {
    let clip = try await FrameOracle.clip(OracleVariant(container: .mp4))
    let thumbnailer = try Thumbnailer(media: Media(path: clip.path, instance: instance))
    await #expect(throws: VLCError.invalidInput("thumbnail time -1.000 s is negative")) {
      try await thumbnailer.thumbnails(at: [.seconds(1), .seconds(-1)])
    }
    do throws(VLCError) {
      _ = try await thumbnailer.thumbnails(at: [.seconds(9), .seconds(1), .seconds(12)])
      Issue.record("a time past the end was accepted")
    } catch {
      guard case .invalidInput(let reason) = error, reason.contains("9.000 s is past the end")
      else {
        Issue.record("expected invalidInput for 9 s, got \(error)")
        return
      }
    }
    #expect(try await thumbnailer.thumbnails(at: []).isEmpty)
  }
}
