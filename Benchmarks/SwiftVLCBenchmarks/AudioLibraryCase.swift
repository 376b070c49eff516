// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

extension Bench {
  /// Case: a folder of 200 real-world-like audio files (20 encoders and containers, ten
  /// copies each) probed by `swiftvlc probe DIR` at both depths and by mediainfo, from
  /// process start to exit (issue 31: 102 such files took 23.7 s decoded, mediainfo 0.26 s).
  func audioLibraryCase() throws -> CaseReport {
    var report = CaseReport(
      name: "audio-library",
      title: "Audio library probe (200 files of 20 formats; process start to exit)")
    let folder = try inputs.audioLibrary(copies: 10)
    let count = try FileManager.default.contentsOfDirectory(atPath: folder).count
    var contenders: [Contender] = []
    if let tool {
      for depth in ["container", "decoded"] {
        contenders.append(
          (
            "swiftvlc probe DIR --depth \(depth) [\(count)]",
            {
              let run = try runMeasured(tool, ["probe", folder, "--json-lines", "--depth", depth])
              let lines = run.output.split(separator: "\n")
              let playable = lines.filter { !$0.hasPrefix("{\"error\"") }.count
              return usage(run, files: count, playable: playable)
            }
          ))
      }
    }
    if let mediainfo = mediaInfoContender(folder: folder, count: count) {
      contenders.append(mediainfo)
    }
    let results = rounds(contenders, runs: quick ? 1 : min(runs, 3))
    report.noteFailures(results)
    for (metric, unit) in [("files/s", "files/s"), ("CPU ms/file", "ms"), ("peak RSS", "MB")] {
      for contender in contenders {
        report.add(contender.name, metric, unit, results[contender.name]?[metric] ?? [])
      }
    }
    let decoded = contenders.first { $0.name.contains("decoded") }?.name
    report.target(
      "[\(count)] swiftvlc probe --depth decoded peak RSS (MB)",
      decoded.flatMap { report.median(of: $0, "peak RSS") }, atMost: 200)
    for contender in contenders {
      if let playable = results[contender.name]?["playable"]?.last {
        report.notes.append("\(contender.name): \(Int(playable)) of \(count) files playable")
      }
    }
    return report
  }
}

extension Inputs {
  /// A folder of `copies` hard links to each of 20 audio files of different encoders and
  /// containers (2 s of a tone each).
  func audioLibrary(copies: Int) throws -> String {
    let tone = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2"]
    let recipes: [(String, [String])] = [
      ("lame.mp3", ["-c:a", "libmp3lame", "-q:a", "4"]),
      ("cbr.mp3", ["-c:a", "libmp3lame", "-b:a", "128k"]),
      ("shine.mp3", ["-ac", "2", "-c:a", "libshine"]),
      ("adts.aac", ["-c:a", "aac", "-f", "adts"]), ("mono.m4a", ["-c:a", "aac"]),
      ("surround.m4a", ["-ac", "6", "-c:a", "aac"]), ("book.m4b", ["-c:a", "aac"]),
      ("mono.3gp", ["-c:a", "aac", "-f", "3gp"]), ("stereo.flac", ["-ac", "2", "-c:a", "flac"]),
      ("stereo.opus", ["-ac", "2", "-c:a", "libopus"]), ("vorbis.ogg", ["-c:a", "libvorbis"]),
      ("speex.spx", ["-ar", "16000", "-c:a", "libspeex"]), ("wavpack.wv", ["-c:a", "wavpack"]),
      ("tta.tta", ["-c:a", "tta"]), ("alac.m4a", ["-c:a", "alac"]), ("wma.wma", ["-c:a", "wmav2"]),
      ("surround.ac3", ["-ac", "6", "-c:a", "ac3"]), ("pcm.wav", ["-c:a", "pcm_s16le"]),
      ("pcm.aiff", ["-c:a", "pcm_s16be"]), ("flac.mka", ["-c:a", "flac"]),
    ]
    let folder = "\(directory)/audio-library-\(copies)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, encoding) in recipes {
      let source = try generated("audio/\(name)") { tone + encoding + ["-threads", "1", $0] }
      for copy in 0..<copies {
        let link = "\(folder)/\(String(format: "%02d", copy))-\(name)"
        if !FileManager.default.fileExists(atPath: link) {
          try FileManager.default.linkItem(atPath: source, toPath: link)
        }
      }
    }
    return folder
  }
}
