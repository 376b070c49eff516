// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC

extension Bench {
  /// Case: a programme guide of 2,000 channels over 7 days (`scripts/make-guide.py`, about
  /// 190 MB of XML), read by `ProgrammeGuide.load` from a plain and a gzipped file, each in a
  /// child process of its own: XML bytes per second, the child's peak memory, and now/next
  /// for every channel.
  func guideCase() throws -> CaseReport {
    var report = CaseReport(
      name: "guide", title: "Programme guide, 2,000 channels x 7 days (XMLTV, plain and .gz)")
    let script =
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("scripts/make-guide.py").path
    let days = quick ? 1 : 7
    var programmes = 0.0
    var contenders: [Contender] = []
    for name in ["guide.xml", "guide.xml.gz"] {
      let path = "\(scratch)/\(name)"
      let made = try runChild(
        "/usr/bin/python3", [script, "--channels", "2000", "--days", "\(days)", path])
      guard made.status == 0,
        let line = made.output.split(separator: "\n").first(where: { $0.hasPrefix("PROGRAMMES ") }),
        let count = Double(line.dropFirst(11))
      else { throw BenchError.setup("make-guide.py failed: \(made.errors)") }
      programmes = count
      contenders.append(
        (
          "ProgrammeGuide.load, \(name)",
          {
            let run = try swiftChild(["guide", path])
            let json = try run.json()
            guard try json.number("programmes") == count else {
              throw BenchError.child("read \(try json.number("programmes")) of \(count) programmes")
            }
            return [
              "MB/s": try json.number("xmlBytes") / 1e6 / (try json.number("seconds")),
              // Whole process, start and lookups included: the load-independent figure.
              "MB/CPU s": try json.number("xmlBytes") / 1e6 / run.cpuSeconds,
              "seconds": try json.number("seconds"),
              "peak RSS": try json.number("peakKB") / 1_024,
              "now/next µs": try json.number("lookupMicroseconds"),
            ]
          }
        ))
    }
    let results = rounds(contenders, runs: min(runs, 3))
    report.noteFailures(results)
    for (metric, unit) in [
      ("MB/s", "MB/s"), ("MB/CPU s", "MB/s"), ("seconds", "s"), ("peak RSS", "MB"),
      ("now/next µs", "µs"),
    ] {
      for contender in contenders {
        report.add(contender.name, metric, unit, results[contender.name]?[metric] ?? [])
      }
    }
    let budget = 3 * programmes * 200 / 1_048_576
    for contender in contenders {
      report.target(
        "\(contender.name) (MB/s of XML)", report.median(of: contender.name, "MB/s"), atLeast: 50)
      report.target(
        "\(contender.name) (MB of XML per CPU second)",
        report.median(of: contender.name, "MB/CPU s"), atLeast: 50)
      report.target(
        "\(contender.name) peak RSS (MB, 3 x \(Int(programmes)) programmes x 200 B)",
        report.median(of: contender.name, "peak RSS"), atMost: budget)
    }
    return report
  }
}

/// Reads the guide at `arguments[1]` and reports the time, the XML bytes, the programmes, the
/// process's peak resident memory (VmHWM: this process's own, since exec) and the mean time
/// of a now/next lookup over every channel.
func guideChild(_ arguments: [String]) async throws -> [String: Any] {
  let url = URL(fileURLWithPath: arguments[1])
  let start = ContinuousClock.now
  let guide = try await ProgrammeGuide.load(from: url)
  let seconds = (ContinuousClock.now - start).seconds
  let lookups = ContinuousClock.now
  var found = 0
  let moment = Date(timeIntervalSince1970: 1_796_083_200 + 40_000)
  for _ in 0..<10 {
    for channel in guide.channels where channel.nowAndNext(at: moment).now != nil { found += 1 }
  }
  let lookupSeconds = (ContinuousClock.now - lookups).seconds
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  let peak =
    status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
  let xmlBytes = try XMLSize.of(arguments[1])
  return [
    "seconds": seconds, "programmes": guide.programmeCount, "peakKB": peak,
    "xmlBytes": xmlBytes, "found": found,
    "lookupMicroseconds": lookupSeconds * 1e6 / Double(max(guide.channels.count * 10, 1)),
  ]
}

/// The XML size of a guide file: its size, or for .gz, the size gzip records (mod 4 GiB).
private enum XMLSize {
  static func of(_ path: String) throws -> Double {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard path.hasSuffix(".gz"), data.count >= 4 else { return Double(data.count) }
    let tail = data.suffix(4).map(UInt32.init)
    return Double(tail[0] | tail[1] << 8 | tail[2] << 16 | tail[3] << 24)
  }
}
