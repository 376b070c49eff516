// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Synchronization

/// A container the frame oracle can make a clip in.
enum OracleContainer: String, CaseIterable, Sendable {
  case mp4, mkv, webm, ts, avi

  /// ffmpeg's arguments for the video of 8 s of 128×64 at 25 fps with a keyframe every 2 s,
  /// each frame showing its number. `reordered` gives H.264 three B-frames (decode order
  /// differs from display order); VP9 (WebM) and MPEG-4 part 2 (AVI) are never reordered.
  func videoArguments(reordered: Bool) -> [String] {
    let keyframes = ["-g", "50", "-keyint_min", "50", "-sc_threshold", "0"]
    switch self {
    case .mp4, .mkv, .ts:
      return ["-c:v", "libx264", "-preset", "veryfast", "-bf", reordered ? "3" : "0"] + keyframes
    case .webm:
      return ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"] + keyframes
    case .avi:
      return ["-c:v", "mpeg4", "-q:v", "3", "-bf", "0"] + keyframes
    }
  }

  /// ffmpeg's arguments for the audio track. FLAC in MKV: AAC's priming would move MKV's
  /// timeline by 23 ms.
  var audioArguments: [String] {
    switch self {
    case .mp4, .ts: return ["-c:a", "aac"]
    case .mkv: return ["-c:a", "flac"]
    case .webm: return ["-c:a", "libopus"]
    case .avi: return ["-c:a", "pcm_s16le"]
    }
  }
}

/// Which clip: container, whether its H.264 has B-frames, whether it has an audio track.
struct OracleVariant: Sendable, CustomStringConvertible {
  var container: OracleContainer
  var reordered = true
  var audio = true

  var description: String {
    "\(container.rawValue)\(reordered ? "" : " without B-frames")\(audio ? " with audio" : "")"
  }
}

/// A clip generated with ffmpeg, with every frame ffmpeg decodes from it: the oracle that
/// thumbnails are compared with.
struct OracleClip: Sendable {
  static let width = 128
  static let height = 64
  static let frameRate = 25.0

  let path: String
  /// Presentation times in seconds from the file's start (what `ffmpeg -ss` counts from, but
  /// for a start below 0: see ``startTime(of:)``), in display order.
  let times: [Double]
  /// Whether each frame is a keyframe.
  let isKeyframe: [Bool]
  /// Each frame as RGBA, `width * height * 4` bytes.
  let pixels: [[UInt8]]

  /// The frame a player shows at `time`: the latest one presented at or before it (the
  /// first frame for a time before it). What a precise thumbnail must be.
  func frame(shownAt time: Double) -> Int {
    times.indices.last { times[$0] <= time + 1e-6 } ?? 0
  }

  /// The frame `ffmpeg -ss time -i FILE -frames:v 1` gives (ffmpeg 5.1): the first one
  /// presented at or after `time`. The same as ``frame(shownAt:)`` when a frame starts at
  /// `time`, the next one when `time` falls between two frames (checked against ffmpeg itself
  /// in `ThumbnailFrameTests`).
  func frame(ffmpegSeeksTo time: Double) -> Int {
    times.firstIndex { $0 >= time - 1e-6 } ?? times.count - 1
  }

  /// Whether a frame starts at `time`.
  func hasFrame(startingAt time: Double) -> Bool {
    times.contains { abs($0 - time) < 1e-6 }
  }

  /// The latest keyframe at or before `time`.
  func keyframe(before time: Double) -> Int {
    times.indices.last { isKeyframe[$0] && times[$0] <= time + 1e-6 } ?? 0
  }

  /// Which frame the thumbnail shows (the closest by mean absolute difference; of equally
  /// close ones the first), and its difference from the expected one (0…255).
  func match(_ thumbnail: Thumbnail, expected: Int) -> (frame: Int, difference: Double) {
    let picture = thumbnail.rgba
    guard pixels.indices.contains(expected), picture.count == pixels[expected].count else {
      return (expected, .infinity)
    }
    let expectedSum = differenceSum(picture, pixels[expected], above: .max) ?? .max
    var (closest, best) = (expected, expectedSum)
    for index in pixels.indices where index != expected {
      // A frame replaces the closest one when it differs less, or as little and comes first.
      // Summing stops as soon as it cannot: most frames are far from the picture, and
      // comparing every frame in full was most of this oracle's time.
      let limit = index < closest ? best : best - 1
      if let sum = differenceSum(picture, pixels[index], above: limit) {
        (closest, best) = (index, sum)
      }
    }
    return (closest, Double(expectedSum) / Double(picture.count / 4 * 3))
  }

  /// The mean absolute difference per colour channel of two RGBA pictures, 0…255.
  func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    guard a.count == b.count, !a.isEmpty, let sum = differenceSum(a, b, above: .max) else {
      return .infinity
    }
    return Double(sum) / Double(a.count / 4 * 3)
  }

  /// The sum of absolute differences of the colour channels of two RGBA pictures of the same
  /// size, or `nil` once it exceeds `limit` (checked after each row of the clip's width).
  private func differenceSum(_ a: [UInt8], _ b: [UInt8], above limit: Int) -> Int? {
    let count = min(a.count, b.count) / 4 * 4
    return a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        guard let a = a.baseAddress, let b = b.baseAddress else { return 0 }
        var sum = 0
        var index = 0
        while index < count {
          let end = min(count, index + Self.width * 4)
          while index < end {
            // Red, green and blue; alpha is skipped.
            let red = Int(a[index]) - Int(b[index])
            let green = Int(a[index + 1]) - Int(b[index + 1])
            let blue = Int(a[index + 2]) - Int(b[index + 2])
            sum += (red < 0 ? -red : red) + (green < 0 ? -green : green)
            sum += blue < 0 ? -blue : blue
            index += 4
          }
          if sum > limit { return nil }
        }
        return sum
      }
    }
  }
}

/// Generates oracle clips once per test process (concurrent tests share the work) in a
/// private temporary folder.
enum FrameOracle {
  private static let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("swiftvlc-frame-oracle-\(ProcessInfo.processInfo.processIdentifier)")
  /// The generations, by clip, and the last one started: clips are made one after the other
  /// with one ffmpeg thread each, so that the oracle does not starve concurrent tests.
  private static let clips = Mutex<
    (tasks: [String: Task<OracleClip, any Error>], last: Task<Void, Never>?)
  >(
    ([:], nil))

  /// Whether ffmpeg and ffprobe are installed (scripts/install-deps.sh installs them).
  static var isAvailable: Bool {
    ["ffmpeg", "ffprobe"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
    }
  }

  /// The clip `variant`, generated on first use.
  static func clip(_ variant: OracleVariant) async throws -> OracleClip {
    let key =
      "\(variant.container.rawValue)-\(variant.reordered ? "b" : "p")\(variant.audio ? "a" : "")"
    let task = clips.withLock { clips in
      if let task = clips.tasks[key] { return task }
      let previous = clips.last
      let task = Task {
        await previous?.value
        return try await generate(variant, name: key)
      }
      clips.tasks[key] = task
      clips.last = Task { _ = try? await task.value }
      return task
    }
    return try await task.value
  }

  private static func generate(_ variant: OracleVariant, name: String) async throws -> OracleClip {
    let container = variant.container
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("\(name).\(container.rawValue)").path
    let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    let video =
      "testsrc2=s=\(OracleClip.width)x\(OracleClip.height):r=\(Int(OracleClip.frameRate)):d=8,"
      + "drawtext=fontfile=\(font):text=%{frame_num}:fontsize=36:fontcolor=white:box=1:"
      + "boxcolor=black:x=4:y=14"
    _ = try await runForData(
      "ffmpeg",
      ["-v", "error", "-threads", "1", "-y", "-f", "lavfi", "-i", video]
        + (variant.audio ? ["-f", "lavfi", "-i", "sine=f=440:d=8"] + container.audioArguments : [])
        + container.videoArguments(reordered: variant.reordered)
        + ["-threads", "1", "-pix_fmt", "yuv420p", path])
    let start = try await startTime(of: path)
    let listing = try await runForData(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time,key_frame",
        "-of", "csv=p=0", path,
      ])
    var times: [Double] = []
    var isKeyframe: [Bool] = []
    for line in String(decoding: listing, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: ",")
      guard fields.count >= 2, let time = Double(fields[1]) else { continue }
      isKeyframe.append(fields[0] == "1")
      times.append(time - start)
    }
    let raw = try await runForData(
      "ffmpeg",
      [
        "-v", "error", "-threads", "1", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo",
        "-pix_fmt", "rgba",
        "-",
      ])
    let size = OracleClip.width * OracleClip.height * 4
    let bytes = [UInt8](raw)
    let pixels = (0..<bytes.count / size).map { Array(bytes[$0 * size..<($0 + 1) * size]) }
    guard pixels.count == times.count, !times.isEmpty else {
      throw OracleError(
        "\(path): ffprobe lists \(times.count) frames, ffmpeg decodes \(pixels.count)")
    }
    return OracleClip(path: path, times: times, isKeyframe: isKeyframe, pixels: pixels)
  }

  /// The picture `ffmpeg -ss time -i FILE -frames:v 1` gives, as RGBA.
  static func ffmpegPicture(of clip: OracleClip, at time: Double) async throws -> [UInt8] {
    [UInt8](
      try await runForData(
        "ffmpeg",
        [
          "-v", "error", "-ss", String(format: "%.3f", time), "-i", clip.path, "-frames:v", "1",
          "-f", "rawvideo", "-pix_fmt", "rgba", "-",
        ]))
  }

  /// The file's start time in seconds: `ffmpeg -ss` counts from it. A start below 0 is an
  /// audio codec's delay (a WebM's Opus pre-skip, -7 ms), which libVLC takes out of the
  /// audio's times only (modules/demux/mkv: `i_pts -= track.i_codec_delay`): pictures keep
  /// their own times, and 0 is the origin.
  private static func startTime(of path: String) async throws -> Double {
    let output = try await runForData(
      "ffprobe", ["-v", "error", "-show_entries", "format=start_time", "-of", "csv=p=0", path])
    let start =
      Double(
        String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      ?? 0
    return max(start, 0)
  }
}

/// A failure of ffmpeg or ffprobe.
struct OracleError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Runs `/usr/bin/<program>` and returns its standard output; throws when it exits with a
/// failure, or (killing it) when it takes longer than `limit`.
func runForData(_ program: String, _ arguments: [String], within limit: Duration = .seconds(60))
  async throws -> Data
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/\(program)")
  process.arguments = arguments
  process.standardInput = FileHandle.nullDevice
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  let exit = AsyncStream<Int32>.makeStream()
  process.terminationHandler = { process in
    exit.continuation.yield(process.terminationStatus)
    exit.continuation.finish()
  }
  try process.run()
  async let data = readAll(output.fileHandleForReading)
  async let messages = readAll(errors.fileHandleForReading)
  let status = try? await within(limit, "\(program) to exit") {
    for await status in exit.stream { return status }
    return Int32(-1)
  }
  guard let status else {
    process.terminate()
    _ = await (data, messages)
    throw OracleError("\(program) \(arguments.joined(separator: " ")) took longer than \(limit)")
  }
  guard status == 0 else {
    throw OracleError(
      "\(program) \(arguments.joined(separator: " ")) failed: "
        + String(decoding: await messages, as: UTF8.self))
  }
  return await data
}
