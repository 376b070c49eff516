// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

extension Bench {
  /// Case: issue 31's probe corpus (the test suite's `ProbeCorpus`: files of many encoders
  /// and containers, some libVLC cannot decode), ten hard links to each, probed by
  /// `swiftvlc probe DIR` (container depth, what a folder gets) and by mediainfo, from
  /// process start to exit. The test suite writes the corpus:
  /// `SWIFTVLC_CORPUS_FOLDER=DIR swift test --filter CorpusFolderProbeTests`, then this case
  /// reads `$SWIFTVLC_CORPUS_FOLDER`.
  func corpusProbeCase() throws -> CaseReport {
    var report = CaseReport(
      name: "corpus-probe",
      title: "Probe corpus of issue 31, 10 copies (swiftvlc probe DIR vs mediainfo)")
    guard let corpus = ProcessInfo.processInfo.environment["SWIFTVLC_CORPUS_FOLDER"] else {
      report.notes.append(
        "Not run: it reads the test suite's corpus. Run SWIFTVLC_CORPUS_FOLDER=DIR swift test "
          + "--filter CorpusFolderProbeTests, then this case with the same variable.")
      return report
    }
    let folder = try inputs.corpusCopies(of: corpus, copies: 10)
    let count = try FileManager.default.contentsOfDirectory(atPath: folder).count
    var contenders: [Contender] = []
    if let tool {
      contenders.append(
        (
          "swiftvlc probe DIR [\(count)]",
          {
            let run = try runMeasured(tool, ["probe", folder, "--json-lines"])
            let lines = run.output.split(separator: "\n")
            let playable = lines.filter { !$0.hasPrefix("{\"error\"") }.count
            return usage(run, files: count, playable: playable)
          }
        ))
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
    let ours = contenders.first.flatMap { report.median(of: $0.name, "files/s") }
    let theirs = contenders.first { $0.name.hasPrefix("mediainfo") }.flatMap {
      report.median(of: $0.name, "files/s")
    }
    report.target(
      "[\(count)] swiftvlc probe DIR ÷ mediainfo (files/s)",
      ours.flatMap { ours in theirs.map { ours / $0 } }, atLeast: 3)
    for contender in contenders {
      if let playable = results[contender.name]?["playable"]?.last {
        report.notes.append("\(contender.name): \(Int(playable)) of \(count) files playable")
      }
    }
    return report
  }
}

extension Inputs {
  /// A folder of `copies` hard links to each file of the `corpus` folder the test suite
  /// wrote.
  func corpusCopies(of corpus: String, copies: Int) throws -> String {
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus).sorted()
    let folder = "\(directory)/corpus-\(copies)"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for name in names {
      for copy in 0..<copies {
        try FileManager.default.linkItem(
          atPath: "\(corpus)/\(name)",
          toPath: "\(folder)/\(String(format: "%02d", copy))-\(name)")
      }
    }
    return folder
  }
}
