// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

extension Bench {
  /// Case 1: files probed per second.
  func probeCase() throws -> CaseReport {
    let count = quick ? 96 : 320
    let concurrency = 4
    let list = try inputs.probeList(count: count)
    let files = try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").map(
      String.init)
    var report = CaseReport(
      name: "probe",
      title: "1. Probe throughput (\(count) files: mp4, mkv, ts, webm, flac, mp3, broken)")
    let swift = "SwiftVLC Media.parse, \(concurrency) concurrent"
    let swiftTwoInstances = "SwiftVLC Media.parse, \(concurrency) concurrent over 2 instances"
    let swiftSequential = "SwiftVLC Media.parse, sequential"
    var contenders: [Contender] = [
      (swift, { try probeRates(swiftChild(["probe", list, "\(concurrency)", "1"]).json()) }),
      (
        swiftTwoInstances,
        { try probeRates(swiftChild(["probe", list, "\(concurrency)", "2"]).json()) }
      ),
      (swiftSequential, { try probeRates(swiftChild(["probe", list, "1", "1"]).json()) }),
    ]
    if let reference {
      contenders.append(
        ("C libVLC, sequential", { try probeRates(runChild(reference, ["probe", list]).json()) }))
    }
    if let python {
      contenders.append(
        (
          "python-vlc, sequential",
          { try probeRates(runChild(python, ["\(peers)/probe.py", list]).json()) }
        ))
    }
    // libVLC runs its Lua meta-reader scripts for every parse; without them (an instance
    // option any user can pass) parsing costs far less. Shown for every libVLC contender.
    let swiftNoLua = "SwiftVLC Media.parse, \(concurrency) concurrent over 2 instances, --no-lua"
    contenders.append(
      (
        swiftNoLua,
        {
          try probeRates(swiftChild(["probe", list, "\(concurrency)", "2", "--no-lua"]).json())
        }
      ))
    if let reference {
      contenders.append(
        (
          "C libVLC, sequential, --no-lua",
          { try probeRates(runChild(reference, ["probe", list, "--no-lua"]).json()) }
        ))
    }
    if let python {
      contenders.append(
        (
          "python-vlc, sequential, --no-lua",
          { try probeRates(runChild(python, ["\(peers)/probe.py", list, "--no-lua"]).json()) }
        ))
    }
    if let ffprobe {
      contenders.append(
        (
          "ffprobe, one process per file",
          {
            let start = ContinuousClock.now
            var readable = 0
            for file in files {
              let run = try runChild(
                ffprobe, ["-v", "error", "-show_format", "-show_streams", "-of", "json", file])
              if run.status == 0 { readable += 1 }
            }
            let seconds = (ContinuousClock.now - start).seconds
            return ["files/s": Double(files.count) / seconds, "playable": Double(readable)]
          }
        ))
    }
    let results = rounds(contenders)
    report.noteFailures(results)
    for contender in contenders {
      report.add(contender.name, "files/s", "files/s", results[contender.name]?["files/s"] ?? [])
    }
    // libVLC 3 parses one media at a time per instance (one parser thread each), so the
    // concurrent set spread over two instances is how to use concurrency with it.
    let ours = report.median(of: swiftTwoInstances, "files/s")
    let ratio = { (peer: String) in report.median(of: peer, "files/s").map { ours! / $0 } }
    report.target(
      "SwiftVLC (2 instances) ÷ python-vlc (files/s)", ratio("python-vlc, sequential"), atLeast: 1.5
    )
    report.target(
      "SwiftVLC (2 instances) ÷ ffprobe (files/s)", ratio("ffprobe, one process per file"),
      atLeast: 5)
    report.target(
      "SwiftVLC (2 instances) ÷ C libVLC sequential (files/s)", ratio("C libVLC, sequential"),
      atLeast: 1)
    if let noLua = report.median(of: swiftNoLua, "files/s"),
      let peer = report.median(of: "python-vlc, sequential, --no-lua", "files/s")
    {
      report.target("with --no-lua: SwiftVLC ÷ python-vlc (files/s)", noLua / peer, atLeast: 1.5)
    }
    for contender in contenders {
      if let playable = results[contender.name]?["playable"]?.last {
        report.notes.append(
          "\(contender.name): \(Int(playable)) of \(count) files read as playable")
      }
    }
    return report
  }
}

private func probeRates(_ json: [String: Any]) throws -> [String: Double] {
  [
    "files/s": try json.number("files") / json.number("seconds"),
    "playable": try json.number("playable"),
  ]
}
