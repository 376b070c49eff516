// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The progress lines the tool redraws on stderr while it works.
package enum ProgressText {
  /// A bar with a count: "thumbnail ██████░░░░░░ 3/6".
  package static func bar(_ label: String, done: Int, total: Int, width: Int = 24) -> String {
    let total = max(total, 1)
    let done = min(max(done, 0), total)
    let filled = width * done / total
    return "\(label) "
      + String(repeating: "\u{2588}", count: filled)
      + String(repeating: "\u{2591}", count: width - filled) + " \(done)/\(total)"
  }

  /// A running recording: "recording 0:05  1.2 MB", with the source's time when known:
  /// "recording 0:05  1.2 MB  (source 0:04)".
  package static func recording(
    elapsed: Duration, bytes: Int64, mediaTime: Duration?, waitingForKeyframe: Bool = false
  ) -> String {
    var text = "recording \(TimeText.clock(elapsed))  \(ProgressText.bytes(bytes))"
    if let mediaTime { text += "  (source \(TimeText.clock(mediaTime)))" }
    if waitingForKeyframe { text += "  waiting for the video's first keyframe" }
    return text
  }

  /// A size in decimal units, three significant digits from 1 kB on: "812 B", "1.50 kB",
  /// "12.3 MB", "2.04 GB".
  package static func bytes(_ count: Int64) -> String {
    guard count >= 1_000 else { return "\(max(count, 0)) B" }
    let units = ["kB", "MB", "GB", "TB"]
    var value = Double(count) / 1_000
    var unit = 0
    // 999,999 bytes would round to "1000 kB": such values move up a unit.
    while value >= 999.5 && unit < units.count - 1 {
      value /= 1_000
      unit += 1
    }
    let digits = value >= 99.95 ? 0 : value >= 9.995 ? 1 : 2
    return "\(decimal(value, digits: digits)) \(units[unit])"
  }

  /// `value` with exactly `digits` decimals, without Foundation's locale-dependent formatting.
  private static func decimal(_ value: Double, digits: Int) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    guard digits > 0 else { return "\(scaled)" }
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
  }
}
