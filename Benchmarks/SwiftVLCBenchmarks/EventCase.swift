// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension Bench {
  /// Case 3: C callback → Broadcaster → 1, 4 and 16 consumers.
  func eventCase() throws -> CaseReport {
    let count = quick ? 100_000 : 400_000
    let pacedCount = quick ? 1_000 : 4_000
    let interval: UInt64 = 250_000  // 4,000 events/s
    var report = CaseReport(
      name: "events", title: "3. Event path (C callback thread → Broadcaster → consumers)")
    var contenders: [Contender] = []
    for consumers in [1, 4, 16] {
      contenders.append(
        (
          "\(consumers) consumer\(consumers == 1 ? "" : "s")",
          {
            let flood = try swiftChild(["events", "\(count)", "\(consumers)", "0"]).json()
            let paced = try swiftChild(["events", "\(pacedCount)", "\(consumers)", "\(interval)"])
              .json()
            guard try flood.number("deliveries") == flood.number("expected") else {
              throw BenchError.child("events were lost: \(flood)")
            }
            return [
              "deliveries/s": try flood.number("deliveriesPerSecond"),
              "p50": try paced.number("p50Microseconds"),
              "p99": try paced.number("p99Microseconds"),
            ]
          }
        ))
    }
    let results = rounds(contenders)
    report.noteFailures(results)
    for contender in contenders {
      let values = results[contender.name] ?? [:]
      report.add(contender.name, "deliveries/s, back to back", "/s", values["deliveries/s"] ?? [])
      report.add(contender.name, "latency p50, paced", "µs", values["p50"] ?? [])
      report.add(contender.name, "latency p99, paced", "µs", values["p99"] ?? [])
    }
    report.target(
      "deliveries/s in total, 4 consumers",
      report.median(of: "4 consumers", "deliveries/s, back to back"),
      atLeast: 1_000_000)
    for consumers in ["1 consumer", "4 consumers", "16 consumers"] {
      report.target(
        "latency p99 (µs), \(consumers)", report.median(of: consumers, "latency p99, paced"),
        atMost: 1_000)
    }
    report.notes.append(
      "Back to back: \(count) events from one C thread, as fast as it can call; deliveries/s "
        + "counts every consumer's copy, from the first call to the last consumer's last event.")
    report.notes.append(
      "Paced: \(pacedCount) events at 4,000/s (libVLC sends at most a few hundred a second); "
        + "latency from entering the C callback to the consumer's `for await` body, all consumers.")
    return report
  }
}
