// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension Bench {
  /// Case 6: create → play → stop → release cycles, their time and memory growth.
  func lifecycleCase() throws -> CaseReport {
    let clip = try inputs.smallClip
    let cycles = quick ? 100 : 1_000
    let warmup = quick ? 20 : 100
    var report = CaseReport(
      name: "lifecycle",
      title:
        "6. Lifecycle (\(cycles) × create → play until playing + 20 ms → stop → release, 320×240 H.264)"
    )
    let arguments = ["lifecycle", clip, "\(cycles)", "\(warmup)"]
    // glibc gives threads their own malloc arenas (up to 8 per core); each player starts and
    // ends a dozen threads, so resident memory also grows with arenas being touched. Two
    // arenas separate that from memory that is really kept.
    let arenas = ["MALLOC_ARENA_MAX": "2"]
    var runs: [(String, ChildRun)] = [("SwiftVLC Player", try swiftChild(arguments))]
    if let reference { runs.append(("C libVLC", try runChild(reference, arguments))) }
    runs.append(
      ("SwiftVLC Player, 2 malloc arenas", try swiftChild(arguments, environment: arenas)))
    if let reference {
      runs.append(
        ("C libVLC, 2 malloc arenas", try runChild(reference, arguments, environment: arenas)))
    }
    for (name, run) in runs {
      let json = try run.json()
      let milliseconds = try json.numbers("milliseconds")
      let growth = (try json.number("residentEndKB") - json.number("residentWarmKB")) / 1_024
      report.add(name, "time per cycle", "ms", milliseconds)
      report.add(name, "time per cycle, p90", "ms", [percentile(milliseconds, 0.9)])
      report.add(name, "resident growth after warm-up", "MB", [growth])
      // What is allocated and not freed, apart from freed memory glibc keeps: a leak shows here.
      let heap = (try json.number("heapInUseEndKB") - json.number("heapInUseWarmKB")) / 1_024
      report.add(name, "heap in use, growth after warm-up", "MB", [heap])
      let trace = try json.numbers("residentKBEvery100").map { format($0 / 1_024) }
      report.notes.append("\(name): resident MB every 100 cycles: \(trace.joined(separator: ", "))")
      if name.hasPrefix("SwiftVLC") {
        report.target(
          "\(name): resident growth, cycles \(warmup)…\(cycles) (MB)", growth, atMost: 5)
      }
    }
    if reference != nil, let ours = report.median(of: runs[0].0, "time per cycle"),
      let floor = report.median(of: runs[1].0, "time per cycle")
    {
      report.notes.append("time per cycle, SwiftVLC ÷ C: \(format(ours / floor))")
    }
    report.notes.append(
      "One child process per contender; growth is resident memory after the last cycle minus "
        + "after cycle \(warmup). SwiftVLC releases a dropped player on its queue, off the caller. "
        + "Both sides stop 20 ms after Playing: libVLC 3 stops in ~1 ms when asked at once but "
        + "~60 ms a few ms later, which would measure reaction time, not cost.")
    return report
  }
}
