// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Times as people type them on a command line, and as the tool prints them.
package enum TimeText {
  /// Units a number may end with, longest first so "ms" wins over "m".
  private static let units: [(suffix: String, unit: Duration)] = [
    ("ms", .milliseconds(1)), ("s", .seconds(1)), ("m", .seconds(60)), ("h", .seconds(3_600)),
  ]

  /// Reads a time: seconds ("90", "2.5"), a number with a unit ("2.5s", "1500ms", "2m", "1h"),
  /// or a clock ("1:30", "00:01:30.5"; minutes and seconds after the first field are below 60).
  ///
  /// Fractions are exact to the nanosecond. Returns `nil` for anything else, including negative
  /// times, empty fields and times over ``maximum``.
  package static func parse(_ text: String) -> Duration? {
    guard let time = read(text), time <= maximum else { return nil }
    return time
  }

  /// The longest time ``parse(_:)`` reads: 999,999,999 s (nearly 32 years).
  package static let maximum = Duration.seconds(999_999_999)

  /// The forms ``parse(_:)`` reads, for a usage message: "90, 2.5s, 1500ms, 1:30 or 00:01:30.5".
  package static let forms = "90, 2.5s, 1500ms, 1:30 or 00:01:30.5"

  private static func read(_ text: String) -> Duration? {
    for (suffix, unit) in units where text.hasSuffix(suffix) {
      return decimal(text.dropLast(suffix.count), unit: unit)
    }
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(fields.count) else { return nil }
    var total = Duration.zero
    for (index, field) in fields.enumerated() {
      let isLast = index == fields.count - 1
      guard isLast || field.allSatisfy(\.isASCIIDigit) else { return nil }
      guard let value = decimal(field, unit: .seconds(1)) else { return nil }
      if index > 0 && value >= .seconds(60) { return nil }
      total = total * 60 + value
    }
    return total
  }

  /// "1:05", "12:00", "1:02:03"; with `milliseconds`, "1:05.250". Negative times print as 0.
  package static func clock(_ time: Duration, milliseconds: Bool = false) -> String {
    let (seconds, attoseconds) = max(time, .zero).components
    let hours = seconds / 3_600
    let minutes = seconds / 60 % 60
    var text =
      hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds % 60))"
      : "\(minutes):\(twoDigits(seconds % 60))"
    if milliseconds {
      let millis = attoseconds / 1_000_000_000_000_000
      text += "." + String(String(millis + 1_000).dropFirst())
    }
    return text
  }

  /// Seconds with three decimals: "4.017".
  package static func seconds(_ time: Duration) -> String {
    let (seconds, attoseconds) = max(time, .zero).components
    let millis = attoseconds / 1_000_000_000_000_000
    return "\(seconds).\(String(String(millis + 1_000).dropFirst()))"
  }

  /// A non-negative decimal ("2", "2.5", ".5", "2.") times `unit`.
  private static func decimal(_ text: Substring, unit: Duration) -> Duration? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      parts.contains(where: { !$0.isEmpty })
    else { return nil }
    let whole = parts[0]
    guard whole.count <= 9 else { return nil }
    let fraction = parts.count == 2 ? parts[1].prefix(9) : ""
    let nanoseconds = Int(fraction + String(repeating: "0", count: 9 - fraction.count)) ?? 0
    return unit * (Int(whole) ?? 0) + unit * nanoseconds / 1_000_000_000
  }

  private static func twoDigits(_ value: Int64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
