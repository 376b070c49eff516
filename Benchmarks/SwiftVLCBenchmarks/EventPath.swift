// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CVLCReference
import Foundation
import SwiftVLC

/// One synthetic event: its number and when the C callback was entered.
struct Stamp: Sendable {
  var sequence: UInt64
  var sent: UInt64
}

/// The callback context, as SwiftVLC's event boxes are: the broadcaster and nothing else.
final class StampSource: Sendable {
  let broadcaster = Broadcaster<Stamp>()
}

/// The C callback: copy the payload and broadcast it, exactly what SwiftVLC's event callbacks do.
private func onStamp(context: UnsafeMutableRawPointer?, sequence: UInt64, timestamp: UInt64) {
  guard let context else { return }
  Unmanaged<StampSource>.fromOpaque(context).takeUnretainedValue().broadcaster.broadcast(
    Stamp(sequence: sequence, sent: timestamp))
}

/// Sends `count` events from a C thread through a `Broadcaster` to `consumers` `for await`
/// loops. Back to back (`intervalNanoseconds == 0`) it measures deliveries per second; paced,
/// the latency from the C callback to each consumer.
func eventsChild(count: Int, consumers: Int, intervalNanoseconds: UInt64) async -> [String: Any] {
  let source = StampSource()
  let paced = intervalNanoseconds > 0
  let last = UInt64(count - 1)
  let streams = (0..<consumers).map { _ in source.broadcaster.subscribe(bufferingPolicy: .unbounded)
  }
  let consuming = Task {
    await withTaskGroup(of: (received: Int, latencies: [Double], end: UInt64).self) { group in
      for stream in streams {
        group.addTask {
          var received = 0
          var latencies: [Double] = []
          if paced { latencies.reserveCapacity(count) }
          for await stamp in stream {
            let now = cvr_now_ns()
            received += 1
            if paced { latencies.append(Double(now - stamp.sent) / 1_000) }
            if stamp.sequence == last { return (received, latencies, now) }
          }
          return (received, latencies, cvr_now_ns())
        }
      }
      var all: [(received: Int, latencies: [Double], end: UInt64)] = []
      for await result in group { all.append(result) }
      return all
    }
  }
  let start = cvr_now_ns()
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    let context = Unmanaged.passUnretained(source).toOpaque()
    nonisolated(unsafe) let moved = context
    Thread {
      cvr_event_source_run(UInt64(count), intervalNanoseconds, onStamp, moved)
      done.resume()
    }.start()
  }
  let results = await consuming.value
  let end = results.map(\.end).max() ?? start
  let deliveries = results.reduce(0) { $0 + $1.received }
  let latencies = results.flatMap(\.latencies)
  var output: [String: Any] = [
    "deliveries": deliveries, "expected": count * consumers,
    "deliveriesPerSecond": Double(deliveries) / (Double(end - start) / 1e9),
  ]
  if paced {
    output["p50Microseconds"] = percentile(latencies, 0.5)
    output["p99Microseconds"] = percentile(latencies, 0.99)
    output["maxMicroseconds"] = latencies.max() ?? 0
  }
  withExtendedLifetime(source) {}
  return output
}
