// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Thumbnails", .sharesTheMachine)
struct ThumbnailTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  func media(_ fixture: Fixture) throws -> Media {
    try Media(path: fixture.path, instance: instance)
  }

  @Test("precise thumbnails of the colour clip are green at 1.5 s and blue at 2.5 s")
  func preciseColours() async throws {
    let media = try media(.seekMP4)
    let green = try await media.thumbnail(at: .milliseconds(1_500), width: 80, mode: .precise)
    let blue = try await media.thumbnail(at: .milliseconds(2_500), width: 80, mode: .precise)
    #expect(green.width == 80 && green.height == 60 && green.rgba.count == 80 * 60 * 4)
    #expect(green.centreHue == .green)
    #expect(blue.centreHue == .blue)
  }

  @Test("a fast thumbnail is a keyframe at or before the target, a precise one is not")
  func fastLandsOnKeyframe() async throws {
    // tracks.mkv has keyframes at 0 s and 1 s only, and every frame differs.
    let media = try media(.tracksMKV)
    let fast = try await media.thumbnail(at: .milliseconds(2_500), width: 96, mode: .fast)
    let precise = try await media.thumbnail(at: .milliseconds(2_500), width: 96, mode: .precise)
    var keyframes: [Thumbnail] = []
    for second in [0, 1] {
      keyframes.append(try await media.thumbnail(at: .seconds(second), width: 96, mode: .precise))
    }
    #expect(keyframes.contains { $0.difference(from: fast) < 1 })
    #expect(precise.difference(from: fast) > 1)
    #expect(keyframes.allSatisfy { $0.difference(from: precise) > 1 })
  }

  @Test("a thumbnailer makes a contact sheet in any order")
  func contactSheet() async throws {
    let thumbnailer = try Thumbnailer(media: media(.seekMP4), width: 32, mode: .precise)
    let times = [200, 1_200, 2_200, 500, 1_500, 2_500, 100].map { Duration.milliseconds($0) }
    let clock = ContinuousClock()
    var hues: [Hue] = []
    let elapsed = try await clock.measure {
      for time in times {
        hues.append(try await thumbnailer.thumbnail(at: time).centreHue)
      }
    }
    #expect(hues == [.red, .green, .blue, .red, .green, .blue, .red])
    print("contact sheet: \(times.count) precise thumbnails in \(elapsed)")
  }

  @Test("a set of thumbnails comes back in the order asked, each the right picture")
  func concurrentSet() async throws {
    let thumbnailer = try Thumbnailer(media: media(.seekMP4), width: 32, mode: .precise)
    let times = [2_500, 200, 1_500, 2_200, 500, 1_200].map { Duration.milliseconds($0) }
    let thumbnails = try await thumbnailer.thumbnails(at: times)
    #expect(thumbnails.map(\.centreHue) == [.blue, .red, .green, .blue, .red, .green])
  }

  @Test("a set with a time past the end fails with that error, not a cancellation")
  func concurrentSetFailure() async throws {
    let thumbnailer = try Thumbnailer(media: media(.seekMP4), width: 32)
    do throws(VLCError) {
      _ = try await thumbnailer.thumbnails(at: [.milliseconds(500), .seconds(9), .seconds(1)])
      Issue.record("a time past the end was accepted")
    } catch {
      guard case .invalidInput = error else {
        Issue.record("expected invalidInput, got \(error)")
        return
      }
    }
  }

  @Test("a thumbnail near the end is right, and so is the next one")
  func nearTheEnd() async throws {
    let thumbnailer = try Thumbnailer(media: media(.seekMP4), width: 32, mode: .precise)
    #expect(try await thumbnailer.thumbnail(at: .milliseconds(2_960)).centreHue == .blue)
    #expect(try await thumbnailer.thumbnail(at: .milliseconds(500)).centreHue == .red)
  }

  @Test("MPEG-TS and HLS pictures have the source's size, not the decoder's padded one")
  func undeclaredSize() async throws {
    // Neither container declares a picture size, and libVLC 3 offers the frame callbacks the
    // decoder's buffer (64×66 for these 64×64 clips), stretching the picture to it.
    let ts = try media(.shortTS)
    for mode in [ThumbnailMode.fast, .precise] {
      let native = try await ts.thumbnail(at: .milliseconds(500), width: 0, mode: mode)
      #expect(native.width == 64 && native.height == 64, "\(mode)")
      let scaled = try await ts.thumbnail(at: .milliseconds(500), width: 32, mode: mode)
      #expect(scaled.width == 32 && scaled.height == 32, "\(mode)")
    }
    let server = try await TestServer()
    let hls = try Media(url: server.url("files/hls/index.m3u8"), instance: instance)
    let thumbnailer = try Thumbnailer(media: hls, mode: .precise)
    let pictures = try await thumbnailer.thumbnails(at: [.seconds(1), .milliseconds(3_200)])
    #expect(pictures.allSatisfy { $0.width == 64 && $0.height == 64 })
    #expect(pictures.allSatisfy { $0.origin == .libVLC(reason: "not a local file") })
    #expect(pictures[0].difference(from: pictures[1]) > 1, "two different frames")
    // The parse lists no HLS track, but it does give the length.
    await #expect(
      throws: VLCError.invalidInput(
        "thumbnail time 60.000 s is past the end of \(hls.mrl) (6.000 s)")
    ) {
      try await hls.thumbnail(at: .seconds(60), width: 32)
    }
  }

  @Test("a media played from memory gives its file's pictures; a time past its end is refused")
  func fromMemory() async throws {
    let bytes = try Data(contentsOf: Fixture.seekMP4.url)
    let media = try Media(data: bytes, instance: instance)
    let file = try self.media(.seekMP4)
    for mode in [ThumbnailMode.fast, .precise] {
      let picture = try await media.thumbnail(at: .milliseconds(1_500), width: 0, mode: mode)
      let expected = try await file.thumbnail(at: .milliseconds(1_500), width: 0, mode: mode)
      #expect(picture.width == 160 && picture.height == 120, "\(mode)")
      #expect(picture.difference(from: expected) < 1, "\(mode)")
      // Each says which way it was made.
      #expect(picture.origin == .libVLC(reason: "a custom input"), "\(mode)")
      #expect(expected.origin == .exactFrame, "\(mode)")
      // Only the exact-frame decoder knows when its picture is presented.
      #expect(picture.time == nil, "\(mode)")
      #expect(expected.time != nil && expected.time! <= .milliseconds(1_500), "\(mode)")
      // libVLC 3 cannot parse a custom input: the length is known once it has opened it.
      await #expect(
        throws: VLCError.invalidInput(
          "thumbnail time 10.000 s is past the end of imem:// (3.000 s)"), "\(mode)"
      ) {
        try await media.thumbnail(at: .seconds(10), width: 32, mode: mode)
      }
    }
    let chunks = AsyncStream<[UInt8]> { continuation in
      continuation.yield(Array(bytes))
      continuation.finish()
    }
    let stream = try Media(stream: chunks, instance: instance)
    await #expect(
      throws: VLCError.invalidInput(
        "imem:// reads an AsyncSequence front to back; it cannot be opened a second time")
    ) {
      try await stream.thumbnail(at: .seconds(1), width: 32)
    }
  }

  @Test(
    "bad input gives a typed error within the timeout",
    arguments: [
      (Fixture.garbage, Duration.seconds(1)), (.empty, .seconds(1)), (.sineWAV, .zero),
      (.seekMP4, .seconds(5)), (.seekMP4, .seconds(3)),
    ])
  func badInput(fixture: Fixture, time: Duration) async throws {
    let media = try media(fixture)
    // The request's own limit is 5 s, for the error to be libVLC's (beside stress-ng and a
    // parallel run, probing the 4 KB of garbage once took over 2 s, and the answer was a
    // timeout); 15 s bounds it with room for a loaded machine's scheduling, and still catches
    // a hang.
    let outcome = try await within(.seconds(15), "a thumbnail error") {
      do throws(VLCError) {
        _ = try await media.thumbnail(at: time, width: 32, timeout: .seconds(5))
        return VLCError?.none
      } catch {
        return error
      }
    }
    let error = try #require(outcome)
    switch (fixture, error) {
    // Garbage and an empty file are not media, in a recording's words too.
    case (.sineWAV, .playbackFailed), (.garbage, .sourceFailed(.notMedia, _)),
      (.empty, .sourceFailed(.notMedia, _)),
      (.seekMP4, .invalidInput):
      break
    default:
      Issue.record("unexpected \(error) for \(fixture) at \(time)")
    }
  }

  @Test("a cut Matroska file refuses a time past its data on both modes; a short video does not")
  func cutMatroska() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let whole = try await generated.make(
      "whole.mkv", GeneratedMedia.video(seconds: 8) + ["-c:v", "libx264", "-c:a", "aac"])
    // Matroska keeps its length in the head and its index at the end: no stream says more.
    let cut = generated.folder.appendingPathComponent("cut.mkv")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    try bytes.prefix(bytes.count * 3 / 10).write(to: cut)
    for mode in [ThumbnailMode.fast, .precise] {
      let media = try Media(path: cut.path, instance: instance)
      let outcome = try await within(.seconds(20), "a picture past the cut, \(mode)") {
        do throws(VLCError) {
          return try await media.thumbnail(at: .seconds(6), width: 32, mode: mode).time
            .map { VLCError.invalidState("a picture of \($0)") }
        } catch { return error }
      }
      // It was the first keyframe (fast) or the last frame before the cut (precise), exit 0.
      // A sheet's pass named no time ("ends before that time"): the one asked for is named.
      guard case .playbackFailed(let reason) = outcome,
        reason.contains("the file's data end before 6.000 s (a cut file?)")
      else {
        Issue.record("\(mode): \(String(describing: outcome))")
        continue
      }
    }
    // A video of 1 s beside 40 s of sound is whole: its last picture is shown on (libavformat
    // gives such a video the container's length, as if it were cut).
    let short = try await generated.make(
      "short.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=s=64x48:r=25:d=1", "-f", "lavfi", "-i", "sine=d=40",
        "-c:v", "libx264", "-c:a", "aac",
      ])
    let picture = try await within(.seconds(20), "the picture after a short video's end") {
      try await Media(path: short, instance: self.instance).thumbnail(
        at: .seconds(2), width: 32, mode: .precise)
    }
    let time = try #require(picture.time)
    #expect(time > .milliseconds(900) && time < .seconds(1), "\(time)")
    // A whole file whose times start at 10 s: its length (13 s) counts from 0.
    let late = try await generated.make(
      "late.mkv", GeneratedMedia.video(seconds: 3) + ["-c:v", "libx264", "-output_ts_offset", "10"])
    for mode in [ThumbnailMode.fast, .precise] {
      _ = try await within(.seconds(20), "a picture of a file that starts late, \(mode)") {
        try await Media(path: late, instance: self.instance).thumbnail(
          at: .seconds(2), width: 32, mode: mode)
      }
    }
  }

  @Test("a truncated file fails with playbackFailed within the timeout")
  func truncated() async throws {
    let media = try media(.truncated)
    let outcome = try await within(.seconds(4), "a thumbnail outcome") {
      do throws(VLCError) {
        _ = try await media.thumbnail(at: .milliseconds(2_500), width: 32, timeout: .seconds(2))
        return VLCError?.none
      } catch {
        return error
      }
    }
    guard case .playbackFailed = outcome else {
      Issue.record("expected playbackFailed, got \(String(describing: outcome))")
      return
    }
  }

  @Test(
    "a request cancelled in flight throws cancelled, lets go of its source, and the thumbnailer works on"
  )
  func cancellation() async throws {
    // The source answers, then holds every new connection in silence: a request cancelled
    // then is in flight and cannot succeed, whatever the scheduler does.
    let server = try await TestServer()
    let media = try Media(url: server.url("toggle/thumbs/files/seek.mp4"), instance: instance)
    let thumbnailer = try Thumbnailer(media: media, width: 32, mode: .precise)
    #expect(try await thumbnailer.thumbnail(at: .zero).centreHue == .red)  // parsed, one picture
    try await server.waitForNoConnections(within: .seconds(10))
    try await server.setToggle("thumbs", .hang)
    let request = Task {
      try await thumbnailer.thumbnail(at: .milliseconds(1_500), timeout: .seconds(60))
    }
    try await server.waitForConnections(atLeast: 1)  // the request's player waits for data
    request.cancel()
    let result = try await within(.seconds(5), "the cancelled request to end") {
      await request.result
    }
    guard case .failure(let error) = result, error as? VLCError == .cancelled else {
      Issue.record("expected cancelled, got \(result)")
      return
    }
    // The request's player is stopped and released: its connection closes.
    try await server.waitForNoConnections(within: .seconds(10))
    try await server.setToggle("thumbs", .up)
    #expect(try await thumbnailer.thumbnail(at: .milliseconds(2_500)).centreHue == .blue)
  }

  @Test("invalid times, sizes and timeouts are rejected")
  func invalidArguments() async throws {
    let media = try media(.seekMP4)
    await #expect(throws: VLCError.self) {
      try await media.thumbnail(at: .seconds(-1), width: 32)
    }
    await #expect(throws: VLCError.self) {
      try await media.thumbnail(at: .zero, width: 32, timeout: .zero)
    }
    #expect(throws: VLCError.self) { try Thumbnailer(media: media, width: -1) }
  }

  @Test("a file's picture that runs out of time fails with timeout, and the next one works")
  func fileTimeout() async throws {
    let thumbnailer = try Thumbnailer(media: media(.seekMP4), width: 32, mode: .precise)
    var outcome: VLCError?
    do throws(VLCError) {
      _ = try await thumbnailer.thumbnail(at: .milliseconds(2_500), timeout: .microseconds(1))
    } catch {
      outcome = error
    }
    guard case .timeout? = outcome else {
      Issue.record("expected timeout, got \(String(describing: outcome))")
      return
    }
    let late = try await thumbnailer.thumbnail(at: .milliseconds(2_500))
    #expect(late.centreHue == .blue)
  }

  @Test("PNG data is a PNG of the thumbnail's size")
  func png() async throws {
    let thumbnail = try await media(.seekMP4).thumbnail(at: .zero, width: 80)
    let png = try thumbnail.pngData()
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(png.bigEndianUInt32(at: 16) == 80 && png.bigEndianUInt32(at: 20) == 60)
    #expect(throws: VLCError.self) {
      try Thumbnail(width: 2, height: 2, rgba: [0, 0, 0]).pngData()
    }
  }
}

extension Thumbnail {
  /// The hue at the centre.
  var centreHue: Hue {
    let offset = ((height / 2) * width + width / 2) * 4
    return Hue(red: rgba[offset], green: rgba[offset + 1], blue: rgba[offset + 2])
  }

  /// The mean absolute difference per colour channel from `other` (same size), 0…255.
  func difference(from other: Thumbnail) -> Double {
    guard rgba.count == other.rgba.count else { return .infinity }
    var sum = 0
    for index in rgba.indices where index % 4 != 3 {
      sum += abs(Int(rgba[index]) - Int(other.rgba[index]))
    }
    return Double(sum) / Double(rgba.count / 4 * 3)
  }
}

extension Data {
  /// The big-endian 32-bit number at `offset`.
  func bigEndianUInt32(at offset: Int) -> UInt32 {
    self[startIndex + offset..<startIndex + offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
