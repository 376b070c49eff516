// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

extension Bench {
  /// Case: a whole library probed, 1,000 and 10,000 files: `BatchProbe` and
  /// `swiftvlc probe DIR` against mediainfo (one process for every file), ffprobe (one
  /// process per file), python-vlc and the C reference, all timed from process start to exit.
  func batchProbeCase() throws -> CaseReport {
    var report = CaseReport(
      name: "batch-probe",
      title:
        "Library probe (files: mp4, mkv, ts, webm, flac, mp3, truncated, garbage; "
        + "process start to exit)")
    for (count, runs) in quick ? [(200, 1), (1_000, 1)] : [(1_000, min(runs, 3)), (10_000, 2)] {
      try libraryRows(count: count, runs: runs, into: &report)
    }
    return report
  }

  private func libraryRows(count: Int, runs: Int, into report: inout CaseReport) throws {
    let (folder, list) = try inputs.library(count: count)
    let files = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n")
      .map(String.init)
    let batchAnswers = "\(scratch)/batch-\(count).txt"
    let singleAnswers = "\(scratch)/single-\(count).txt"
    let batch = "SwiftVLC BatchProbe, 2 instances [\(count)]"
    let single = "SwiftVLC Media.parse one by one, libVLC defaults [\(count)]"
    // ffprobe costs one process per file whatever the set: it reads an even sample of 100.
    let stride = max(count / 100, 1)
    let sample = "\(scratch)/sample-\(count).txt"
    try
      (files.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
      .joined(separator: "\n") + "\n").write(toFile: sample, atomically: true, encoding: .utf8)
    var contenders: [Contender] = [
      (
        batch,
        {
          try measured(
            runMeasured(executable, ["--child", "batch-probe", list, batchAnswers, "2"]),
            files: count)
        }
      ),
      (
        single,
        {
          try measured(
            runMeasured(executable, ["--child", "single-parse", list, singleAnswers]), files: count)
        }
      ),
    ]
    if let tool {
      contenders.append(
        (
          "swiftvlc probe DIR --recursive --json-lines [\(count)]",
          {
            let run = try runMeasured(tool, ["probe", folder, "--recursive", "--json-lines"])
            let lines = run.output.split(separator: "\n")
            guard lines.count == count else {
              throw BenchError.child("swiftvlc printed \(lines.count) lines for \(count) files")
            }
            let playable = lines.filter { !$0.hasPrefix("{\"error\"") }.count
            return usage(run, files: count, playable: playable)
          }
        ))
    }
    if let mediainfo = mediaInfoContender(folder: folder, count: count) {
      contenders.append(mediainfo)
    }
    if let ffprobe {
      contenders.append(
        (
          "ffprobe, one process per file (\(count / stride) of the files) [\(count)]",
          {
            let paths = files.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
            var cpu = 0.0
            var peak = 0
            var playable = 0
            let start = ContinuousClock.now
            for path in paths {
              let run = try runMeasured(
                ffprobe, ["-v", "error", "-show_format", "-show_streams", "-of", "json", path])
              cpu += run.cpuSeconds
              peak = max(peak, run.maxResidentKB)
              if run.status == 0 { playable += 1 }
            }
            let seconds = (ContinuousClock.now - start).seconds
            return [
              "files/s": Double(paths.count) / seconds,
              "CPU ms/file": cpu * 1_000 / Double(paths.count),
              "peak RSS": Double(peak) / 1_024, "playable": Double(playable * stride),
            ]
          }
        ))
    }
    for extra in [[String](), ["--no-lua"]] {
      let suffix = extra.isEmpty ? "" : ", --no-lua"
      if let python {
        contenders.append(
          (
            "python-vlc, sequential\(suffix) [\(count)]",
            {
              let run = try runMeasured(python, ["\(peers)/probe.py", list] + extra)
              return usage(run, files: count, playable: Int(try run.json().number("playable")))
            }
          ))
      }
      if let reference {
        contenders.append(
          (
            "C libVLC, sequential\(suffix) [\(count)]",
            {
              let run = try runMeasured(reference, ["probe", list] + extra)
              return usage(run, files: count, playable: Int(try run.json().number("playable")))
            }
          ))
      }
    }
    let results = rounds(contenders, runs: runs)
    report.noteFailures(results)
    for (metric, unit) in [("files/s", "files/s"), ("CPU ms/file", "ms"), ("peak RSS", "MB")] {
      for contender in contenders {
        report.add(contender.name, metric, unit, results[contender.name]?[metric] ?? [])
      }
    }
    let ours = report.median(of: batch, "files/s")
    func ratio(_ prefix: String) -> Double? {
      let peer = contenders.first { $0.name.hasPrefix(prefix) }.flatMap {
        report.median(of: $0.name, "files/s")
      }
      return peer.flatMap { peer in ours.map { $0 / peer } }
    }
    report.target("[\(count)] BatchProbe ÷ mediainfo (files/s)", ratio("mediainfo"), atLeast: 3)
    report.target(
      "[\(count)] BatchProbe ÷ ffprobe per file (files/s)", ratio("ffprobe"), atLeast: 100)
    report.target(
      "[\(count)] BatchProbe ÷ python-vlc (files/s)", ratio("python-vlc, sequential ["),
      atLeast: 2)
    report.target(
      "[\(count)] BatchProbe peak RSS (MB)", report.median(of: batch, "peak RSS"), atMost: 200)
    let equal = try answersEqual(batchAnswers, singleAnswers)
    report.target(
      "[\(count)] BatchProbe answers equal to Media.parse one by one (files)", Double(equal),
      atLeast: Double(count))
    for contender in contenders {
      if let playable = results[contender.name]?["playable"]?.last {
        report.notes.append("\(contender.name): \(Int(playable)) of \(count) files playable")
      }
    }
  }

  /// The release `swiftvlc` built beside this program (`make bench` builds it).
  var tool: String? {
    let path = (executable as NSString).deletingLastPathComponent + "/swiftvlc"
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }
}

/// Runs a contender like `runChild`, under GNU time, whose report gives the true peak
/// resident memory. `wait4` cannot: a child spawned by the harness starts in the harness's
/// address space (`posix_spawn` is a vfork), and Linux keeps that space's high-water mark in
/// the child's `maxrss` at exec, so every child would read at least the harness's own peak.
/// CPU time from `wait4` includes GNU time's child.
func runMeasured(_ executable: String, _ arguments: [String]) throws -> ChildRun {
  let report = NSTemporaryDirectory() + "swiftvlc-bench-rss-\(UUID().uuidString)"
  defer { unlink(report) }
  var run = try runChild("/usr/bin/time", ["-f", "%M", "-o", report, executable] + arguments)
  let lines = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(
    separator: "\n")
  guard let kilobytes = lines.last.flatMap({ Int($0) }) else {
    throw BenchError.child("GNU time wrote no peak memory for \(executable)")
  }
  run.maxResidentKB = kilobytes
  return run
}

/// Files per second from process start to exit, CPU per file and peak memory of one run.
func usage(_ run: ChildRun, files: Int, playable: Int) -> [String: Double] {
  [
    "files/s": Double(files) / run.wallSeconds,
    "CPU ms/file": run.cpuSeconds * 1_000 / Double(files),
    "peak RSS": Double(run.maxResidentKB) / 1_024, "playable": Double(playable),
  ]
}

/// ``usage(_:files:playable:)`` of a Swift child, which prints how many files were playable.
private func measured(_ run: ChildRun, files: Int) throws -> [String: Double] {
  usage(run, files: files, playable: Int(try run.json().number("playable")))
}

/// `mediainfo --Output=JSON FOLDER` as a contender, when mediainfo is installed.
func mediaInfoContender(folder: String, count: Int) -> Bench.Contender? {
  guard let mediainfo = findExecutable("mediainfo") else { return nil }
  return (
    "mediainfo --Output=JSON DIR [\(count)]",
    {
      let run = try runMeasured(mediainfo, ["--Output=JSON", folder])
      return usage(run, files: count, playable: try mediaInfoPlayable(run.output))
    }
  )
}

/// How many of mediainfo's files have a video or audio track.
private func mediaInfoPlayable(_ output: String) throws -> Int {
  guard let files = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
  else { throw BenchError.child("mediainfo printed no JSON array") }
  return files.filter { file in
    let tracks = (file["media"] as? [String: Any])?["track"] as? [[String: Any]] ?? []
    return tracks.contains { ["Video", "Audio"].contains($0["@type"] as? String ?? "") }
  }.count
}

/// How many lines (one per file) two answer files share.
private func answersEqual(_ left: String, _ right: String) throws -> Int {
  let first = try String(contentsOfFile: left, encoding: .utf8).split(separator: "\n")
  let second = try String(contentsOfFile: right, encoding: .utf8).split(separator: "\n")
  guard first.count == second.count else { return 0 }
  return zip(first, second).filter { $0 == $1 }.count
}

extension Inputs {
  /// A folder of `count` probe files (hard links to the probe set, as ``probeList(count:)``
  /// makes them) and a list of its files in name order.
  func library(count: Int) throws -> (folder: String, list: String) {
    let folder = "\(directory)/library-\(count)"
    let paths = try String(contentsOfFile: probeList(count: count), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var linked: [String] = []
    for path in paths {
      let link = "\(folder)/\((path as NSString).lastPathComponent)"
      if !FileManager.default.fileExists(atPath: link) {
        try FileManager.default.linkItem(atPath: path, toPath: link)
      }
      linked.append(link)
    }
    let list = "\(directory)/library-\(count).txt"
    try (linked.sorted().joined(separator: "\n") + "\n").write(
      toFile: list, atomically: true, encoding: .utf8)
    return (folder, list)
  }
}
