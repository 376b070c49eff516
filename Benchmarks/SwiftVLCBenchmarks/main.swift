// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CVLCReference
import Foundation
import SwiftVLC

// swiftvlc-bench: SwiftVLC against the C floor and against what users would use instead.
// Usage: swiftvlc-bench [--quick] [--runs N]
//                       [--cases probe,thumbnails,events,playback,first-frame,lifecycle,gtk,
//                                channel-switch,sheets,frames,batch-probe,audio-library,guide]
//                       [--json PATH]
// Prints a Markdown report on standard output and writes the same results as JSON.

let arguments = Array(CommandLine.arguments.dropFirst())
// The C reference's own work, in this process: SwiftVLC's libraries and runtime loaded, no
// Player. It prints what `cvlc-reference` prints and exits with its status.
if arguments.first == "--child", arguments.dropFirst().first == "c-reference" {
  var argv = (["cvlc-reference"] + arguments.dropFirst(2)).map { strdup($0) }
  let status = cvr_main(Int32(argv.count), &argv)
  fflush(nil)
  exit(status)
}
if arguments.first == "--child" {
  do {
    let result = try await runChildCase(Array(arguments.dropFirst()))
    let data = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("child failed: \(error)\n".utf8))
    exit(1)
  }
}

func option(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

let allCases = [
  "probe", "thumbnails", "events", "playback", "first-frame", "lifecycle", "gtk", "channel-switch",
  "sheets", "frames",
  "batch-probe", "audio-library",
  "guide",
  "corpus-probe",
]
let selected = option("--cases").map { $0.split(separator: ",").map(String.init) } ?? allCases
let jsonPath = option("--json") ?? "Benchmarks/results.json"
do {
  let bench = try Bench(
    quick: arguments.contains("--quick"), runs: option("--runs").flatMap(Int.init))
  defer { try? FileManager.default.removeItem(atPath: bench.scratch) }
  let formatter = ISO8601DateFormatter()
  var report = Report(
    date: formatter.string(from: Date()),
    command: "swiftvlc-bench " + arguments.joined(separator: " "),
    cores: ProcessInfo.processInfo.activeProcessorCount, loadAverage: loadAverage(),
    libVLC: try VLCInstance(arguments: VLCInstance.headlessArguments).version, quick: bench.quick,
    runs: bench.runs)
  print("## SwiftVLC benchmarks\n")
  print(
    "\(report.date), \(report.cores) cores, load average \(report.loadAverage) at start, "
      + "libVLC \(report.libVLC), medians of \(bench.runs) runs after \(bench.warmups) warm-up run.\n"
  )
  for missing in bench.missingPeers { print("- missing peer: \(missing)") }
  for name in selected {
    guard allCases.contains(name) else {
      throw BenchError.setup("unknown case \(name); cases: \(allCases.joined(separator: ", "))")
    }
    do {
      let result: CaseReport
      switch name {
      case "probe": result = try bench.probeCase()
      case "thumbnails": result = try bench.thumbnailCase()
      case "events": result = try bench.eventCase()
      case "playback": result = try bench.playbackCase()
      case "first-frame": result = try bench.firstFrameCase()
      case "gtk": result = try bench.gtkCase()
      case "channel-switch": result = try bench.channelSwitchCase()
      case "sheets": result = try bench.sheetCase()
      case "frames": result = try bench.framesCase()
      case "batch-probe": result = try bench.batchProbeCase()
      case "audio-library": result = try bench.audioLibraryCase()
      case "guide": result = try bench.guideCase()
      case "corpus-probe": result = try bench.corpusProbeCase()
      default: result = try bench.lifecycleCase()
      }
      print(result.markdown + "\n")
      report.cases.append(result)
    } catch {
      print("### \(name)\n\nThe case could not finish: \(error)\n")
      log("\(name) failed: \(error)")
    }
  }
  print("Load average at the end: \(loadAverage()).")
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  try encoder.encode(report).write(to: URL(fileURLWithPath: jsonPath))
  log("wrote \(jsonPath)")
} catch {
  FileHandle.standardError.write(Data("swiftvlc-bench: \(error)\n".utf8))
  exit(1)
}
