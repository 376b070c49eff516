// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

extension Bench {
  /// Case 2: ten 320-px thumbnails of the 60 s 720p clip, and whether they are the right frames.
  func thumbnailCase() throws -> CaseReport {
    let clip = try inputs.clip720
    let times = (0..<10).map { 3.0 + 6.0 * Double($0) }
    let timeArguments = times.map { String(format: "%.3f", $0) }
    var report = CaseReport(
      name: "thumbnails",
      title: "2. Thumbnails (10 × 320 px from 60 s of 720p H.264, keyframes every 4 s)")
    let swiftFast = "SwiftVLC Thumbnailer, fast"
    let swiftPrecise = "SwiftVLC Thumbnailer, precise"
    let swiftOneAtATime = "SwiftVLC Thumbnailer, fast, one request at a time"
    let pythonFast = "python-vlc, one player, fast seek + snapshot"
    let pythonPrecise = "python-vlc, one player, seek + snapshot"
    let ffmpegRuns = "ffmpeg -ss T -i F -frames:v 1, 10 runs"
    var outputs: [String: (directory: String, fast: Bool, png: Bool)] = [:]
    func directory(_ name: String, fast: Bool, png: Bool) throws -> String {
      let path = "\(scratch)/thumbnails-\(outputs.count)"
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      outputs[name] = (path, fast, png)
      return path
    }
    func seconds(_ run: ChildRun) throws -> [String: Double] {
      ["seconds": try run.json().number("seconds")]
    }

    /// Runs `body` with an emptied output directory, so only this run's pictures are checked.
    func fresh(_ directory: String, _ body: () throws -> [String: Double]) throws -> [String:
      Double]
    {
      try FileManager.default.removeItem(atPath: directory)
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      return try body()
    }
    var contenders: [Contender] = []
    for (name, mode, style) in [
      (swiftFast, "fast", "set"), (swiftPrecise, "precise", "set"),
      (swiftOneAtATime, "fast", "one-at-a-time"),
    ] {
      let output = try directory(name, fast: mode == "fast", png: false)
      contenders.append(
        (
          name,
          {
            try fresh(output) {
              try seconds(swiftChild(["thumbnails", clip, mode, style, output] + timeArguments))
            }
          }
        ))
    }
    if let python {
      for (name, mode) in [(pythonFast, "fast"), (pythonPrecise, "precise")] {
        let output = try directory(name, fast: mode == "fast", png: true)
        contenders.append(
          (
            name,
            {
              try fresh(output) {
                try seconds(
                  runChild(python, ["\(peers)/thumbnails.py", clip, mode, output] + timeArguments))
              }
            }
          ))
      }
    } else {
      report.notes.append("python-vlc is not installed: its rows are missing")
    }
    if let ffmpeg {
      let output = try directory(ffmpegRuns, fast: false, png: true)
      contenders.append(
        (
          ffmpegRuns,
          {
            try fresh(output) { () throws -> [String: Double] in
              let start = ContinuousClock.now
              for (index, time) in timeArguments.enumerated() {
                let run = try runChild(
                  ffmpeg,
                  [
                    "-v", "error", "-ss", time, "-i", clip, "-frames:v", "1", "-vf", "scale=320:-1",
                    "-y", "\(output)/\(index).png",
                  ])
                guard run.status == 0 else { throw BenchError.child("ffmpeg: \(run.errors)") }
              }
              return ["seconds": (ContinuousClock.now - start).seconds]
            }
          }
        ))
    }
    let results = rounds(contenders)
    report.noteFailures(results)
    for contender in contenders {
      report.add(contender.name, "10 thumbnails", "s", results[contender.name]?["seconds"] ?? [])
    }
    func ratio(_ peer: String, _ ours: String) -> Double? {
      guard let peer = report.median(of: peer, "10 thumbnails"),
        let ours = report.median(of: ours, "10 thumbnails")
      else { return nil }
      return peer / ours
    }
    report.target("fast: python-vlc ÷ SwiftVLC (time)", ratio(pythonFast, swiftFast), atLeast: 4)
    report.target("fast: ffmpeg ÷ SwiftVLC (time)", ratio(ffmpegRuns, swiftFast), atLeast: 6)
    report.target(
      "precise: python-vlc ÷ SwiftVLC (time)", ratio(pythonPrecise, swiftPrecise), atLeast: 1.3)

    // Correctness: every picture of the last run against ffmpeg's frames around the right time.
    let checker = try FrameChecker(clip: clip, ffmpeg: inputs.ffmpeg, scratch: scratch)
    for contender in contenders {
      guard let output = outputs[contender.name] else { continue }
      var verdicts: [FrameVerdict] = []
      do {
        for (index, time) in times.enumerated() {
          let expected = output.fast ? (time / 4).rounded(.down) * 4 : time
          let file = "\(output.directory)/\(index).\(output.png ? "png" : "rgba")"
          verdicts.append(try checker.check(file, png: output.png, expected: expected))
        }
      } catch {
        report.notes.append("\(contender.name): pictures of the last run not checked: \(error)")
        continue
      }
      let right = verdicts.filter(\.isRight).count
      let offsets = verdicts.map { $0.offset == 0 ? "0" : String(format: "%+d", $0.offset) }
      report.notes.append(
        "\(contender.name): \(right)/10 frames right (expected "
          + (output.fast ? "the keyframe before T" : "the frame at T")
          + "); frame offsets from it [\(offsets.joined(separator: " "))], mean pixel difference "
          + "to it \(format(verdicts.map(\.difference).max() ?? .nan)) at worst")
      report.rows.append(
        Row(
          contender: contender.name, metric: "right frames", unit: "of 10",
          median: Double(right), runs: verdicts.map(\.difference)))
    }
    report.notes.append(
      "SwiftVLC decodes a local file's pictures with libavformat/libavcodec, which know each "
        + "frame's presentation time (libVLC 3's own precise seek showed 1–3 frames before T "
        + "with B-frames; docs/libvlc3-findings.md, \"Thumbnails\"). The python-vlc rows are "
        + "libVLC's seeking.")
    report.notes.append(
      "A frame is right when, among ffmpeg's frames from 2 before to 2 after the expected one, "
        + "the closest is the expected one and its mean absolute difference is below "
        + "\(format(FrameChecker.threshold)) (0–255 scale). 'runs' of the right-frames rows "
        + "are those differences.")
    return report
  }
}

/// The comparison of one picture with ffmpeg's frames around its expected time.
struct FrameVerdict {
  /// Frames between the closest ffmpeg frame and the expected one (0: it is the expected one).
  var offset: Int
  /// Mean absolute difference to the expected frame, per RGB channel, 0…255.
  var difference: Double

  var isRight: Bool { offset == 0 && difference < FrameChecker.threshold }
}

/// Decodes reference frames with ffmpeg (320×180 RGBA) and compares pictures with them.
struct FrameChecker {
  static let threshold = 6.0
  static let width = 320
  static let height = 180
  static let frameDuration = 0.04
  let clip: String
  let ffmpeg: String
  let scratch: String

  init(clip: String, ffmpeg: String, scratch: String) throws {
    self.clip = clip
    self.ffmpeg = ffmpeg
    self.scratch = scratch
  }

  func check(_ file: String, png: Bool, expected: Double) throws -> FrameVerdict {
    let picture = try png ? decodePNG(file) : [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    let start = max(0, expected - 2 * Self.frameDuration)
    let expectedIndex = Int(((expected - start) / Self.frameDuration).rounded())
    let window = try frames(from: start, count: 5)
    let differences = window.map { difference(picture, $0) }
    let closest = differences.indices.min { differences[$0] < differences[$1] } ?? 0
    return FrameVerdict(offset: closest - expectedIndex, difference: differences[expectedIndex])
  }

  private func frames(from start: Double, count: Int) throws -> [[UInt8]] {
    let output = "\(scratch)/reference-\(Int(start * 1_000)).rgba"
    if !FileManager.default.fileExists(atPath: output) {
      let run = try runChild(
        ffmpeg,
        [
          "-v", "error", "-ss", String(format: "%.3f", start), "-i", clip, "-frames:v", "\(count)",
          "-vf", "scale=\(Self.width):\(Self.height)", "-f", "rawvideo", "-pix_fmt", "rgba", "-y",
          output,
        ])
      guard run.status == 0 else { throw BenchError.child("ffmpeg reference: \(run.errors)") }
    }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    let size = Self.width * Self.height * 4
    return (0..<bytes.count / size).map { Array(bytes[$0 * size..<($0 + 1) * size]) }
  }

  private func decodePNG(_ file: String) throws -> [UInt8] {
    let output = file + ".rgba"
    let run = try runChild(
      ffmpeg,
      [
        "-v", "error", "-i", file, "-vf", "scale=\(Self.width):\(Self.height)", "-f", "rawvideo",
        "-pix_fmt", "rgba", "-y", output,
      ])
    guard run.status == 0 else { throw BenchError.child("ffmpeg png: \(run.errors)") }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
  }

  func difference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return .infinity }
    var sum = 0
    for index in stride(from: 0, to: a.count, by: 4) {
      sum +=
        abs(Int(a[index]) - Int(b[index])) + abs(Int(a[index + 1]) - Int(b[index + 1]))
        + abs(Int(a[index + 2]) - Int(b[index + 2]))
    }
    return Double(sum) / Double(a.count / 4 * 3)
  }
}
