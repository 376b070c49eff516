// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLCCommandLine

/// Prints `swiftvlc probe`'s reports in source order as they become ready (text blocks or
/// JSON lines on stdout, errors on stderr), with a progress bar on stderr when it is a
/// terminal; `--json` collects them into one array printed at the end.
@MainActor
final class ProbePrinter {
  private let options: Command.Probe
  private let total: Int
  private let progress = ProgressLine()
  private var done = 0
  private var next = 0
  private var waiting: [Int: ProbeReport] = [:]
  private var collected: [ProbeReport] = []
  private var printedText = false
  private var failed = false
  private var lastDrawn: ContinuousClock.Instant?

  init(options: Command.Probe, total: Int) {
    self.options = options
    self.total = total
  }

  /// Takes the report of source number `index`, and prints what is now ready.
  func add(_ report: ProbeReport, at index: Int) {
    done += 1
    waiting[index] = report
    var ready: [ProbeReport] = []
    while let report = waiting.removeValue(forKey: next) {
      ready.append(report)
      next += 1
    }
    if !ready.isEmpty {
      progress.clear()
      ready.forEach(print)
      lastDrawn = nil
    }
    // The bar is redrawn at most 20 times a second: a library has thousands of files.
    let now = ContinuousClock.now
    if done < total, lastDrawn.map({ now - $0 >= .milliseconds(50) }) ?? true {
      progress.update(ProgressText.bar("probe", done: done, total: total))
      lastDrawn = now
    }
  }

  /// Ends the output; the exit status says whether any source failed.
  func finish() -> ExitCode {
    progress.clear()
    if options.json { Swift.print(ProbeReport.json(collected)) }
    return failed ? .mediaError : .success
  }

  private func print(_ report: ProbeReport) {
    if let error = report.error {
      failed = true
      let subject = error.contains(report.source) ? "" : "\(report.source): "
      Console.error("probe: \(subject)\(error)")
    }
    if options.json {
      collected.append(report)
    } else if options.jsonLines {
      Console.line(report.jsonLine)
    } else if report.error == nil {
      Console.line((printedText ? "\n" : "") + report.text)
      printedText = true
    }
  }
}
