import Foundation

/// How idle the machine's processors are, from `/proc/stat`'s first line: the idle share of
/// all CPU time since the previous reading (0…1), `nil` at the first reading or where there
/// is no `/proc/stat`. Not thread-safe: one reader (the gate's actor).
struct IdleCPU {
  private var previous: (idle: UInt64, total: UInt64)?

  /// The idle share since the last call.
  mutating func sample() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
    else { return nil }
    // user nice system idle iowait irq softirq steal …: idle and iowait are idle time.
    let times = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
    guard times.count >= 5 else { return nil }
    let now = (idle: times[3] + times[4], total: times.prefix(8).reduce(0, +))
    defer { previous = now }
    guard let previous, now.total > previous.total else { return nil }
    return Double(now.idle - previous.idle) / Double(now.total - previous.total)
  }
}
