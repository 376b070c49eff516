// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC

/// Media made at test time with Debian's ffmpeg (a test dependency, never a runtime one), in
/// a folder of its own that ``remove()`` deletes.
struct GeneratedMedia {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-generated-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// Deletes the folder and everything made in it.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs ffmpeg with `arguments` (inputs and codecs) writing `name` in the folder; returns
  /// the file's path. Throws with ffmpeg's last lines when it fails, and after 2 minutes.
  /// Suspends while ffmpeg runs: a test on the main actor leaves it free for the others.
  ///
  /// ffmpeg runs once per test process for the same arguments, container and inputs: the
  /// file is a copy of the first one made (``MediaCache``).
  func make(_ name: String, _ arguments: [String]) async throws -> String {
    let output = folder.appendingPathComponent(name)
    let file = output.lastPathComponent
    try await MediaCache.copy(cacheKey(file, arguments), to: output) { scratch in
      let path = scratch.appendingPathComponent(file).path
      let run = try await runProgram(
        "ffmpeg", ["-nostdin", "-loglevel", "error", "-y"] + arguments + [path],
        within: .seconds(120))
      guard run.status == 0 else { throw GenerationFailed(name: name, message: run.stderr) }
      return path
    }
    return output.path
  }

  /// tracks.mkv five times over (20 s): a busy machine cannot play it out before a test has
  /// chosen a track. Its SSA subtitle (track 4) has a line at 0.5 s of each 4 s.
  func tracksFiveTimesOver() async throws -> String {
    try await make(
      "tracks5.mkv",
      ["-stream_loop", "4", "-i", Fixture.tracksMKV.path, "-map", "0", "-c", "copy"])
  }

  /// Makes each of `recipes` (a name and ffmpeg's arguments, as ``make(_:_:)`` takes them),
  /// two at a time; returns their paths in the same order.
  func makeAll(_ recipes: [(name: String, arguments: [String])]) async throws -> [String] {
    try await withThrowingTaskGroup(of: (Int, String).self) { group in
      var paths = [String](repeating: "", count: recipes.count)
      for (index, recipe) in recipes.enumerated() {
        if index >= 2, let (done, path) = try await group.next() { paths[done] = path }
        group.addTask { (index, try await make(recipe.name, recipe.arguments)) }
      }
      for try await (done, path) in group { paths[done] = path }
      return paths
    }
  }

  /// What makes the file: the container (the name's extension), the arguments with this
  /// folder's path taken out, and the contents of the files they name.
  private func cacheKey(_ file: String, _ arguments: [String]) throws -> MediaCache.Key {
    let prefix = folder.path + "/"
    var key = MediaCache.Key(recipe: [(file as NSString).pathExtension], isComplete: true)
    for argument in arguments {
      if argument.hasPrefix(prefix) {
        key.recipe.append("<folder>/" + argument.dropFirst(prefix.count))
        key.inputs.append(try Data(contentsOf: URL(fileURLWithPath: argument)))
      } else {
        key.recipe.append(argument)
        // Any other file read (a committed fixture): its contents too, as a kept file may
        // outlive a change to it.
        if argument.hasPrefix("/"), FileManager.default.fileExists(atPath: argument) {
          key.inputs.append(try Data(contentsOf: URL(fileURLWithPath: argument)))
        }
      }
    }
    return key
  }

  /// A silent (`anullsrc`) or 440 Hz tone (`sine`) audio source of `seconds`.
  static func audio(silent: Bool, seconds: Int, rate: Int = 48_000) -> [String] {
    let source = silent ? "anullsrc=r=\(rate):cl=stereo" : "sine=f=440:r=\(rate)"
    return ["-f", "lavfi", "-i", source, "-t", "\(seconds)"]
  }

  /// A 160×120 VP9 picture with Opus audio (for a WebM), of `seconds`: codecs MP4 cannot hold.
  /// VP9 at its fastest setting: what matters is the codec, not the picture.
  static func vp9Opus(seconds: Int) -> [String] {
    [
      "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-f", "lavfi", "-i",
      "sine=f=440:sample_rate=48000", "-t", "\(seconds)", "-c:v", "libvpx-vp9", "-b:v", "100k",
      "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus", "-shortest",
    ]
  }

  /// ffmpeg arguments for `seconds` of Windows Media video and audio (WMV2, WMA2): codecs
  /// MP4 cannot hold, Matroska only by its VFW/ACM ids.
  static func windowsMedia(seconds: Int) -> [String] {
    [
      "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-f", "lavfi", "-i", "sine=f=440",
      "-t", "\(seconds)", "-c:v", "wmv2", "-c:a", "wmav2", "-shortest",
    ]
  }

  /// Writes an SSA/ASS subtitle file at `url` with one line of `text` from `start` to `end`
  /// (`H:MM:SS.cc`), in a default style.
  static func writeASS(to url: URL, from start: String, to end: String, text: String) throws {
    try """
    [Script Info]
    ScriptType: v4.00+

    [V4+ Styles]
    Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
    Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

    [Events]
    Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
    Dialogue: 0,\(start),\(end),Default,,0,0,0,,\(text)

    """.write(to: url, atomically: true, encoding: .utf8)
  }

  /// A 160×120, 25 fps test picture with a tone, of `seconds`, in the container's default
  /// codecs. x264 (MP4, MKV) encodes at its "veryfast" preset: B-frames as at its default, in
  /// about half the time.
  static func video(seconds: Int) -> [String] {
    [
      "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25", "-f", "lavfi", "-i", "sine=f=330",
      "-t", "\(seconds)", "-pix_fmt", "yuv420p", "-preset", "veryfast",
    ]
  }
}

/// ffmpeg could not make a test file.
extension GeneratedMedia {
  /// An ffmpeg metadata file named `name` with `chapters` (title, start and end in
  /// milliseconds), for `-i FILE -map_chapters N`.
  func chapterTable(_ name: String, _ chapters: [(title: String, start: Int, end: Int)]) throws
    -> URL
  {
    var text = ";FFMETADATA1\n"
    for chapter in chapters {
      text += "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(chapter.start)\nEND=\(chapter.end)\n"
      text += "title=\(chapter.title)\n"
    }
    let file = folder.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// `name`: `seconds` of H.264 test pattern (320×240, 25 fps, one keyframe) and AAC sine
  /// with `chapters` (title, start and end in milliseconds), in the container its extension
  /// names.
  func chaptered(
    _ name: String, seconds: Int, chapters: [(title: String, start: Int, end: Int)]
  ) async throws -> String {
    let metadata = try chapterTable(name + ".chapters.txt", chapters)
    return try await make(
      name,
      [
        "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=\(seconds)", "-f", "lavfi", "-i",
        "sine=d=\(seconds)", "-i", metadata.path, "-map", "0", "-map", "1", "-map_chapters", "2",
        "-c:v", "libx264", "-c:a", "aac",
      ])
  }
}

extension GeneratedMedia {
  /// `ass.mkv`: 2 s of H.264 test pattern (160×120) and AAC sine, with a default ASS track
  /// saying "Hello" from 0.2 s to 1.5 s.
  func assMovie() async throws -> String {
    let ass = folder.appendingPathComponent("subs.ass")
    try Self.writeASS(to: ass, from: "0:00:00.20", to: "0:00:01.50", text: "Hello")
    return try await make(
      "ass.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25", "-f", "lavfi", "-i", "sine=f=330", "-i",
        ass.path, "-t", "2", "-map", "0:v", "-map", "1:a", "-map", "2", "-pix_fmt", "yuv420p",
        "-c:v", "libx264", "-c:a", "aac", "-c:s", "ass", "-disposition:s:0", "default",
      ])
  }

  /// `rotated.mp4`: 2 s of H.264 test pattern and AAC sine whose display matrix turns it (a
  /// copy with `rotate=90`: ffprobe's rotation 90, ffmpeg shows it turned counterclockwise).
  func rotatedMovie() async throws -> String {
    let plain = try await make(
      "plain.mp4", Self.video(seconds: 2) + ["-c:v", "libx264", "-c:a", "aac"])
    return try await make(
      "rotated.mp4", ["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90"])
  }
}

struct GenerationFailed: Error, CustomStringConvertible {
  var name: String
  var message: String
  var description: String { "ffmpeg could not make \(name): \(message)" }
}

extension GeneratedMedia {
  /// Records `source` without re-encoding into `out.<extension>` in this folder, within 30 s.
  func record(_ source: String, _ container: OutputContainer, on instance: VLCInstance)
    async throws -> RecordingResult
  {
    let media = try Media(path: source, instance: instance)
    let path = folder.appendingPathComponent("out.\(container.fileExtension)").path
    return try await within(.seconds(30), "recording \(container)") {
      try await Recording.record(media, to: path, options: RecordingOptions(container: container))
    }
  }
}

extension GeneratedMedia {
  /// Writes an FFmpeg metadata file in the folder with `tags` (file-level, in order) and two
  /// chapters, `names`, of 0–2 s and 2–4 s; returns its path, for `-i PATH -map_chapters N`.
  func chapterFile(tags: [(String, String)] = [], names: (String, String)) throws -> String {
    let url = folder.appendingPathComponent("chapters.txt")
    let header = ";FFMETADATA1\n" + tags.map { "\($0.0)=\($0.1)\n" }.joined()
    let chapters = [(0, 2000, names.0), (2000, 4000, names.1)].map {
      "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\($0.0)\nEND=\($0.1)\ntitle=\($0.2)\n"
    }
    try (header + chapters.joined()).write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  /// Writes 4 KiB of 0x5A in the folder; returns its path, for `-f data -i PATH` (a data
  /// stream, as MPEG-TS private data).
  func dataFile() throws -> String {
    let url = folder.appendingPathComponent("data.bin")
    try Data(repeating: 0x5A, count: 4_096).write(to: url)
    return url.path
  }
}
