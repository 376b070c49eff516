// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// The media every contender reads, generated once with ffmpeg into a cache directory
/// (`$SWIFTVLC_BENCH_CACHE`, or `~/.cache/swiftvlc-bench`) and reused by later runs.
struct Inputs {
  let directory: String
  let ffmpeg: String

  init() throws {
    guard let ffmpeg = findExecutable("ffmpeg") else {
      throw BenchError.setup(
        "ffmpeg is needed to generate the benchmark media: scripts/install-bench-deps.sh")
    }
    self.ffmpeg = ffmpeg
    let environment = ProcessInfo.processInfo.environment
    directory =
      environment["SWIFTVLC_BENCH_CACHE"]
      ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache/swiftvlc-bench"
    try FileManager.default.createDirectory(
      atPath: directory + "/probe", withIntermediateDirectories: true)
  }

  /// 60 s of 1280×720 H.264 at 25 fps with a keyframe every 4 s (0, 4, …, 56 s) and AAC audio.
  /// Every frame differs from its neighbours (a scrolling test pattern with a frame counter),
  /// so a wrong frame shows as a large pixel difference.
  var clip720: String {
    get throws {
      try generated("clip720.mp4") { path in
        [
          "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=25:d=60,scroll=h=0.0123:v=0.0071",
          "-f", "lavfi", "-i", "sine=f=440:d=60", "-c:v", "libx264", "-preset", "veryfast",
          "-g", "100", "-keyint_min", "100", "-sc_threshold", "0", "-pix_fmt", "yuv420p",
          "-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart", path,
        ]
      }
    }
  }

  /// `frames` frames of 1920×1080 H.264 at 60 fps, a keyframe every 2 s, no audio: a
  /// scrolling test pattern, so every frame differs.
  func clip1080p60(frames: Int) throws -> String {
    try generated("clip1080p60-\(frames).mp4") { path in
      [
        "-f", "lavfi", "-i",
        "testsrc2=s=1920x1080:r=60,scroll=h=0.0041:v=0.0023,trim=end_frame=\(frames)",
        "-c:v", "libx264", "-preset", "veryfast", "-g", "120", "-keyint_min", "120",
        "-sc_threshold", "0", "-pix_fmt", "yuv420p", "-movflags", "+faststart", path,
      ]
    }
  }

  /// 20 s of 320×240 H.264 with AAC, for start/stop cycles.
  var smallClip: String {
    get throws {
      try generated("small.mp4") { path in
        [
          "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=20", "-f", "lavfi", "-i",
          "sine=f=440:d=20", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
          "-c:a", "aac", "-movflags", "+faststart", path,
        ]
      }
    }
  }

  /// `count` files to probe, cycling through a mixed set: MP4, MKV, MPEG-TS, WebM, FLAC and
  /// MP3 of three lengths, plus truncated and garbage files. Written as a list file, one path
  /// a line; returns the list's path.
  func probeList(count: Int) throws -> String {
    let sources = try probeSources()
    var paths: [String] = []
    for index in 0..<count {
      let source = sources[index % sources.count]
      let path =
        "\(directory)/probe/\(String(format: "%04d", index))-"
        + (source as NSString)
        .lastPathComponent
      if !FileManager.default.fileExists(atPath: path) {
        try FileManager.default.linkItem(atPath: source, toPath: path)
      }
      paths.append(path)
    }
    let list = "\(directory)/probe-\(count).txt"
    try (paths.joined(separator: "\n") + "\n").write(
      toFile: list, atomically: true, encoding: .utf8)
    return list
  }

  private func probeSources() throws -> [String] {
    var sources: [String] = []
    let tags = ["-metadata", "title=Bench", "-metadata", "artist=SwiftVLC"]
    for seconds in [2, 5, 9] {
      let video = [
        "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=\(seconds)", "-f", "lavfi", "-i",
        "sine=f=440:d=\(seconds)",
      ]
      let audio = ["-f", "lavfi", "-i", "sine=f=660:d=\(seconds)"]
      let h264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac"]
      sources.append(
        try generated("src/\(seconds)s.mp4") {
          video + h264 + tags + ["-movflags", "+faststart", $0]
        })
      sources.append(try generated("src/\(seconds)s.mkv") { video + h264 + tags + [$0] })
      sources.append(try generated("src/\(seconds)s.ts") { video + h264 + [$0] })
      sources.append(
        try generated("src/\(seconds)s.webm") {
          video + [
            "-c:v", "libvpx", "-deadline", "realtime", "-b:v", "300k", "-c:a", "libvorbis", $0,
          ]
        })
      sources.append(try generated("src/\(seconds)s.flac") { audio + tags + [$0] })
      sources.append(
        try generated("src/\(seconds)s.mp3") { audio + tags + ["-c:a", "libmp3lame", $0] })
      sources.append(try truncated(sources[sources.count - 6], as: "src/\(seconds)s-truncated.mp4"))
    }
    sources.append(try garbage("src/garbage.mp4", bytes: 65_536))
    sources.append(try garbage("src/garbage.mkv", bytes: 4_096))
    return sources
  }

  func generated(_ name: String, arguments: (String) -> [String]) throws -> String {
    let path = "\(directory)/\(name)"
    if FileManager.default.fileExists(atPath: path) { return path }
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let partial = path + ".partial." + (path as NSString).pathExtension
    log("generating \(name)")
    let run = try runChild(
      ffmpeg, ["-hide_banner", "-loglevel", "error", "-y"] + arguments(partial))
    guard run.status == 0 else {
      throw BenchError.setup("ffmpeg could not generate \(name): \(run.errors)")
    }
    try FileManager.default.moveItem(atPath: partial, toPath: path)
    return path
  }

  /// The first third of `source`: its header is whole, most of its samples are missing.
  private func truncated(_ source: String, as name: String) throws -> String {
    let path = "\(directory)/\(name)"
    if !FileManager.default.fileExists(atPath: path) {
      let data = try Data(contentsOf: URL(fileURLWithPath: source))
      try data.prefix(data.count / 3).write(to: URL(fileURLWithPath: path))
    }
    return path
  }

  /// Deterministic pseudo-random bytes that no demuxer recognises.
  private func garbage(_ name: String, bytes: Int) throws -> String {
    let path = "\(directory)/\(name)"
    if !FileManager.default.fileExists(atPath: path) {
      var state: UInt64 = 0x9E37_79B9_7F4A_7C15
      let data = Data(
        (0..<bytes).map { _ in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return UInt8(truncatingIfNeeded: state >> 33)
        })
      try data.write(to: URL(fileURLWithPath: path))
    }
    return path
  }
}

/// Progress on standard error, so standard output stays the report.
func log(_ message: String) {
  FileHandle.standardError.write(Data("[bench] \(message)\n".utf8))
}
