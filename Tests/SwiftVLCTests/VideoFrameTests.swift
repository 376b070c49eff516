// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Synchronization
import Testing

@Suite("Video frames", .mostlyWaits)
@MainActor
struct VideoFrameTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  func play(_ fixture: Fixture, on player: Player, options: [String] = []) throws {
    let media = try Media(path: fixture.path, instance: instance)
    for option in options { media.addOption(option) }
    try player.play(media)
  }

  @Test("RGBA frames have the requested size and show red, then green, then blue")
  func coloursInOrder() async throws {
    let player = Player(instance: instance)
    // 75 frames of 80×60 fit the buffer: a consumer kept waiting by a busy machine still
    // sees every colour (with the default 4, a 1 s pause loses the whole green second).
    let frames = try player.videoFrames(format: .rgba, width: 80, height: 60, buffering: 100)
    try play(.seekMP4, on: player)
    let hues = try await colours(of: frames) { frame in
      #expect(frame.width == 80 && frame.height == 60 && frame.pitch == 320)
      #expect(frame.withUnsafeBytes(\.count) == 80 * 60 * 4)
      return frame.centreHue
    }
    #expect(hues == [.red, .green, .blue])
  }

  @Test("on a software-only instance one video output serves the frames: hardware offers are taken")
  func oneVideoOutput() async throws {
    // libVLC 3 offers VAAPI and VDPAU surfaces first even with `--avcodec-hw=none`; refusing
    // them made it destroy and build the whole video output again, twice (about 20 ms more to
    // the first frame), logging "video output creation failed" each time.
    let seen = Mutex<[String]>([])
    let logs = instance.logs(minimumLevel: .debug)
    let collector = Task {
      for await entry in logs { seen.withLock { $0.append(entry.message) } }
    }
    defer { collector.cancel() }
    let player = Player(instance: instance)
    let frames = try player.videoFrames(format: .rgba, width: 80, height: 60)
    try play(.seekMP4, on: player)
    _ = try await frames.first(within: .seconds(10), "a frame") { _ in true }
    await player.stop()
    // The decoders are closed at the stop, after everything the first frame needed: once
    // that is in the log, so is any failed video output before it.
    try await waitUntil("the stop in the log", within: .seconds(10)) {
      seen.withLock { $0.contains { $0.hasPrefix("killing decoder") } }
    }
    let failures = seen.withLock { $0.filter { $0.contains("video output creation failed") } }
    #expect(failures.isEmpty)
  }

  @Test("an RGBA width whose rows libVLC pads still gives tight frames of the right picture")
  func paddedRowsAreRemoved() async throws {
    // 90 px: 360-byte rows, which libVLC pads to 384; 80 px rows (320 bytes) need no padding
    // and are decoded straight into the frame.
    let player = Player(instance: instance)
    let frames = try player.videoFrames(format: .rgba, width: 90, height: 68)
    try play(.seekMP4, on: player)
    let frame = try await frames.first(within: .seconds(10), "a frame") { _ in true }
    #expect(frame.width == 90 && frame.height == 68 && frame.pitch == 360)
    #expect(frame.withUnsafeBytes(\.count) == 90 * 68 * 4)
    // Every frame of the clip is one flat colour: the first and the last pixel show the same
    // colour as the centre (row padding left in would shift the rows and end in other bytes).
    let colour = frame.centreHue
    #expect([Hue.red, .green, .blue].contains(colour))
    #expect(frame.hue(x: 0, y: 0) == colour && frame.hue(x: 89, y: 67) == colour)
  }

  @Test("BGRA frames store blue first")
  func bgraOrder() async throws {
    let player = Player(instance: instance)
    let frames = try player.videoFrames(format: .bgra, width: 32, height: 24, buffering: 100)
    try play(.seekMP4, on: player)
    // Read as blue, green, red bytes, the colours come in the clip's order: red, green, blue
    // (swapped channels would read blue first and end in red).
    let hues = try await colours(of: frames) { frame in
      #expect(frame.format == .bgra)
      let (blue, green, red) = frame.withUnsafeBytes { ($0[0], $0[1], $0[2]) }
      return Hue(red: red, green: green, blue: blue)
    }
    #expect(hues == [.red, .green, .blue])
  }

  @Test("I420 frames carry a full Y plane and quarter-size U and V planes")
  func i420Planes() async throws {
    let player = Player(instance: instance)
    let frames = try player.videoFrames(format: .i420, width: 80, height: 60, buffering: 100)
    try play(.seekMP4, on: player)
    let hues = try await colours(of: frames) { frame in
      #expect(frame.pitch == 80)
      let (count, y, u, v) = frame.withUnsafeBytes { bytes in
        (
          bytes.count, bytes[80 * 30 + 40], bytes[80 * 60 + 40 * 15 + 20],
          bytes[80 * 60 + 1_200 + 620]
        )
      }
      #expect(count == 80 * 60 + 2 * 40 * 30)
      return Hue(y: y, u: u, v: v)
    }
    #expect(hues == [.red, .green, .blue])
  }

  @Test("I420 frames whose rows need no padding (decoded in place) have tight, whole planes")
  func i420InPlace() async throws {
    let player = Player(instance: instance)
    // 128 × 72: every plane's rows are a multiple of 32 bytes, the line counts are not.
    let frames = try player.videoFrames(
      format: .i420, width: 128, height: 72, buffering: 100)
    try play(.seekMP4, on: player)
    let (luma, chroma) = (128 * 72, 64 * 36)
    let hues = try await colours(of: frames) { frame in
      #expect(frame.withUnsafeBytes(\.count) == luma + 2 * chroma)
      // The first and last row of every plane, in the middle of the row: both the same colour.
      let samples = frame.withUnsafeBytes { bytes in
        [
          bytes[64], bytes[luma - 64], bytes[luma + 32], bytes[luma + chroma - 32],
          bytes[luma + chroma + 32], bytes[luma + 2 * chroma - 32],
        ]
      }
      let first = Hue(y: samples[0], u: samples[2], v: samples[4])
      let last = Hue(y: samples[1], u: samples[3], v: samples[5])
      return first == last ? first : .other
    }
    #expect(hues == [.red, .green, .blue])
  }

  /// The colours `colour` reads from the frames until blue (or another colour than the clip's)
  /// shows, each run of one colour once. The streams keep 100 frames, more than the clip's 75:
  /// none is dropped, so the colours are the clip's, red, green, blue, whatever the machine does.
  func colours(
    of frames: VideoFrameStream, _ colour: @escaping @Sendable (VideoFrame) -> Hue
  ) async throws -> [Hue] {
    let hues = try await within(.seconds(20), "the clip's colours") {
      var hues: [Hue] = []
      for await frame in frames {
        let hue = colour(frame)
        if hues.last != hue { hues.append(hue) }
        if ![Hue.red, .green].contains(hue) { break }
      }
      return hues
    }
    #expect(frames.droppedFrameCount == 0)
    return hues
  }

  @Test("without a size, frames follow the source's visible size, not the decoder's padding")
  func followsSource() async throws {
    let player = Player(instance: instance)
    let frames = try player.videoFrames()
    try play(.seekMP4, on: player)
    let frame = try await frames.first(within: .seconds(10), "a frame") { _ in true }
    #expect(frame.width == 160 && frame.height == 120)
  }

  @Test("a width alone keeps the source's aspect ratio")
  func widthOnly() async throws {
    let player = Player(instance: instance)
    let frames = try player.videoFrames(width: 80)
    try play(.seekMP4, on: player)
    let frame = try await frames.first(within: .seconds(10), "a frame") { _ in true }
    #expect(frame.width == 80 && frame.height == 60)
  }

  @Test("a 3-second clip at 25 fps yields about 75 frames in order, shown 40 ms apart")
  func frameCount() async throws {
    let player = Player(instance: instance)
    let frames = try player.videoFrames(width: 16, height: 16)
    let recorder = Recorder<(index: Int, time: Duration?)>()
    let collecting = Task {
      for await frame in frames { recorder.append((frame.index, frame.presentationTime)) }
    }
    defer { collecting.cancel() }
    let start = ContinuousClock.now
    try play(.seekMP4, on: player)
    try await waitUntil("the end") { player.state == .ended }
    let playing = ContinuousClock.now - start
    let shown = recorder.values
    // 75, give or take what a busy machine does: the video output drops a picture that is
    // already late, and shows the current one again when the next is 80 ms late (libVLC's
    // VOUT_REDISPLAY_DELAY), which only the time the 3 s clip took past 3 s leaves room for.
    let repeats = max(0, (playing - .seconds(3)) / .milliseconds(80))
    #expect(
      (30...75 + Int(repeats)).contains(frames.deliveredFrameCount),
      "\(frames.deliveredFrameCount) frames in \(playing)")
    #expect(shown.map(\.index) == shown.map(\.index).sorted())
    // Display times are on libVLC's clock and paced at 25 per second: the median gap between
    // consecutive pictures (the video output may drop a late one) is one frame, 40 ms.
    let times = shown.compactMap(\.time)
    #expect(times.count == shown.count)
    let gaps = zip(shown, shown.dropFirst()).compactMap { pair -> Duration? in
      guard pair.1.index == pair.0.index + 1, let first = pair.0.time, let next = pair.1.time
      else { return nil }
      return next - first
    }.sorted()
    let median = try #require(gaps.isEmpty ? nil : gaps[gaps.count / 2])
    #expect(median > .milliseconds(25) && median < .milliseconds(60), "\(median) between frames")
    #expect(times == times.sorted())
    // Each picture shown has its own display time, one frame (40 ms) or more after the last.
    let span = try #require(times.last) - #require(times.first)
    #expect(span >= .milliseconds(38) * (times.count - 1), "\(times.count) pictures in \(span)")
  }

  @Test("a slow consumer loses the oldest frames and sees the newest")
  func slowConsumer() async throws {
    let player = Player(instance: instance)
    let frames = try player.videoFrames(width: 16, height: 16)
    try play(.seekMP4, on: player)
    let seen = try await within(.seconds(15), "a slow pass over the clip") {
      var seen: [(index: Int, hue: Hue)] = []
      for await frame in frames {
        seen.append((frame.index, frame.centreHue))
        try await Task.sleep(for: .milliseconds(400))
        if frame.centreHue == .blue { break }
      }
      return seen
    }
    #expect(frames.droppedFrameCount > 30)
    #expect(seen.count < 20)
    #expect(seen.map(\.index) == seen.map(\.index).sorted())
    // Between two frames seen, others were lost. (A consumer that a busy main actor starts
    // late may see one frame only, already blue: the newest.)
    #expect(seen.count == 1 || zip(seen, seen.dropFirst()).contains { $1.index - $0.index > 1 })
    #expect(seen.last?.hue == .blue)
  }

  @Test("a deep buffer keeps every frame for a consumer that reads only after the end")
  func deepBuffer() async throws {
    let player = Player(instance: instance)
    let frames = try player.videoFrames(width: 16, height: 16, buffering: 100)
    #expect(frames.capacity == 100)
    try play(.seekMP4, on: player)
    try await waitUntil("the end") { player.state == .ended }
    let delivered = frames.deliveredFrameCount
    #expect(delivered >= 30 && frames.droppedFrameCount == 0, "\(delivered) frames")
    let seen = try await within(.seconds(5), "the buffered frames") {
      var seen: [(index: Int, hue: Hue)] = []
      for await frame in frames {
        seen.append((frame.index, frame.centreHue))
        if seen.count == delivered { break }
      }
      return seen
    }
    // Every frame delivered is there, in order, from the clip's first red one to its blue end.
    #expect(seen.map(\.index) == Array(seen[0].index..<seen[0].index + delivered))
    #expect(seen.first?.hue == .red && seen.last?.hue == .blue)
  }

  @Test("cancelling the consumer stops delivery while playback goes on")
  func cancelledConsumer() async throws {
    let player = Player(instance: instance)
    let frames = try player.videoFrames(width: 16, height: 16)
    try play(.seekMP4, on: player)
    let consumer = Task {
      var count = 0
      for await _ in frames { count += 1 }
      return count
    }
    try await waitUntil("a few frames") { frames.deliveredFrameCount >= 5 }
    consumer.cancel()
    _ = await consumer.value
    let deliveredAtCancel = frames.deliveredFrameCount
    try await waitUntil("playback to go on to the end") { player.state == .ended }
    #expect(frames.deliveredFrameCount <= deliveredAtCancel + 1)
  }

  @Test("dropping the player mid-stream finishes the stream")
  func droppedPlayer() async throws {
    var player: Player? = Player(instance: instance)
    let frames = try #require(player).videoFrames(width: 16, height: 16)
    try play(.seekMP4, on: #require(player))
    let finished = Task {
      var count = 0
      for await _ in frames { count += 1 }
      return count
    }
    try await waitUntil("a few frames") { frames.deliveredFrameCount >= 3 }
    player = nil
    let count = try await within(.seconds(5), "the stream to finish") { await finished.value }
    #expect(count >= 3 && count < 75)
  }

  @Test("asking for frames again finishes the previous stream")
  func replacedStream() async throws {
    let player = Player(instance: instance)
    let first = try player.videoFrames()
    _ = try player.videoFrames()
    let leftovers = try await within(.seconds(2), "the first stream to finish") {
      var count = 0
      for await _ in first { count += 1 }
      return count
    }
    #expect(leftovers == 0)
  }

  @Test("sizes outside 1…8192 and buffers outside 1…1000 frames are rejected")
  func invalidSizes() throws {
    let player = Player(instance: instance)
    #expect(throws: VLCError.self) { try player.videoFrames(width: 0) }
    #expect(throws: VLCError.self) { try player.videoFrames(height: 9_000) }
    #expect(throws: VLCError.self) { try player.videoFrames(buffering: 0) }
    #expect(throws: VLCError.self) { try player.videoFrames(buffering: -1) }
    #expect(throws: VLCError.self) { try player.videoFrames(buffering: 1_001) }
    #expect(try player.videoFrames().capacity == VideoFrameStream.bufferLimit)
    #expect(try player.videoFrames(buffering: 1).capacity == 1)
  }
}

extension Hue {
  /// The clip's colour a BT.601 limited-range I420 sample shows: red is Y 81, U 90, V 240;
  /// green Y 145, U 54, V 34; blue Y 41, U 240, V 110 (±20 each); `.other` otherwise.
  init(y: UInt8, u: UInt8, v: UInt8) {
    let colours: [(Hue, (Int, Int, Int))] = [
      (.red, (81, 90, 240)), (.green, (145, 54, 34)), (.blue, (41, 240, 110)),
    ]
    let sample = (Int(y), Int(u), Int(v))
    self =
      colours.first { _, expected in
        abs(sample.0 - expected.0) <= 20 && abs(sample.1 - expected.1) <= 20
          && abs(sample.2 - expected.2) <= 20
      }?.0 ?? .other
  }
}
