// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// One contender's measurements of one metric.
struct Row: Encodable {
  var contender: String
  var metric: String
  var unit: String
  var median: Double
  var runs: [Double]
}

/// A target of the issue, checked against ratios measured in the same run.
struct Target: Encodable {
  var description: String
  /// `nil` when a contender it needs is missing.
  var value: Double?
  var goal: String
  var met: Bool?
}

/// Everything one case measured.
struct CaseReport: Encodable {
  var name: String
  var title: String
  var rows: [Row] = []
  var targets: [Target] = []
  var notes: [String] = []

  mutating func add(_ contender: String, _ metric: String, _ unit: String, _ runs: [Double]) {
    rows.append(
      Row(
        contender: contender, metric: metric, unit: unit, median: swiftvlc_bench.median(runs),
        runs: runs))
  }

  /// Notes the contenders with failed runs (warm-up included).
  mutating func noteFailures(_ results: [String: [String: [Double]]]) {
    for (contender, metrics) in results.sorted(by: { $0.key < $1.key }) {
      if let failed = metrics["failed"] {
        notes.append("\(contender): \(failed.count) failed run(s), left out of the medians")
      }
    }
  }

  func median(of contender: String, _ metric: String) -> Double? {
    rows.first { $0.contender == contender && $0.metric == metric }?.median
  }

  /// Records `value` against a goal: `atLeast` for speed-ups, otherwise an upper bound.
  mutating func target(_ description: String, _ value: Double?, atLeast: Double) {
    targets.append(
      Target(
        description: description, value: value, goal: "≥ \(format(atLeast))",
        met: value.map { $0 >= atLeast }))
  }

  mutating func target(_ description: String, _ value: Double?, atMost: Double) {
    targets.append(
      Target(
        description: description, value: value, goal: "≤ \(format(atMost))",
        met: value.map { $0 <= atMost }))
  }

  /// The case as Markdown: a table of medians, then the targets and notes.
  var markdown: String {
    var lines = [
      "### \(title)", "", "| contender | metric | median | runs |", "|---|---|---:|---|",
    ]
    for row in rows {
      let runs =
        row.runs.count > 12
        ? "\(row.runs.count) samples" : row.runs.map(format).joined(separator: ", ")
      lines.append(
        "| \(row.contender) | \(row.metric) | \(format(row.median)) \(row.unit) | \(runs) |")
    }
    if !targets.isEmpty {
      lines += ["", "| target | measured | goal | |", "|---|---:|---|---|"]
      for target in targets {
        let verdict = target.met.map { $0 ? "met" : "**missed**" } ?? "peer missing"
        lines.append(
          "| \(target.description) | \(target.value.map(format) ?? "–") | \(target.goal) | \(verdict) |"
        )
      }
    }
    if !notes.isEmpty { lines += [""] + notes.map { "- \($0)" } }
    return lines.joined(separator: "\n")
  }
}

/// The whole run, written as JSON beside the Markdown on standard output.
struct Report: Encodable {
  var date: String
  var command: String
  var cores: Int
  var loadAverage: String
  var libVLC: String
  var quick: Bool
  var runs: Int
  var cases: [CaseReport] = []
}

/// A number with three significant digits, without exponent for usual magnitudes.
func format(_ value: Double) -> String {
  guard value.isFinite else { return "\(value)" }
  let magnitude = abs(value)
  if magnitude >= 100 { return String(format: "%.0f", value) }
  if magnitude >= 10 { return String(format: "%.1f", value) }
  if magnitude >= 1 { return String(format: "%.2f", value) }
  if magnitude >= 0.01 { return String(format: "%.3f", value) }
  return String(format: "%.2g", value)
}

/// The 1, 5 and 15 minute load averages.
func loadAverage() -> String {
  ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "")
    .split(separator: " ").prefix(3).joined(separator: " ")
}
