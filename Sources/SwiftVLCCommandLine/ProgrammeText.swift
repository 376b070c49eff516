// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLC

/// How the tool writes programmes: local clock times, the status line's now/next, the rows of
/// `channels --guide`, and how it reads `--at`. Local times come from the C library's zone
/// rules (`localtime_r`, `TZ`), not from ICU.
package enum ProgrammeText {
  /// `date`'s local time of day, "19:30".
  package static func clock(_ date: Date) -> String {
    let local = localTime(date)
    return twoDigits(Int(local.tm_hour)) + ":" + twoDigits(Int(local.tm_min))
  }

  /// The status line's words for what is on: "now EastEnders to 20:00, next Panorama", or
  /// "next Panorama at 20:00" in a gap; `nil` when the guide has neither.
  package static func status(now: Programme?, next: Programme?) -> String? {
    switch (now, next) {
    case (let now?, let next?):
      "now \(now.title) to \(clock(now.stop ?? next.start)), next \(next.title)"
    case (let now?, nil):
      "now \(now.title)" + (now.stop.map { " to \(clock($0))" } ?? "")
    case (nil, let next?):
      "next \(next.title) at \(clock(next.start))"
    case (nil, nil):
      nil
    }
  }

  /// The lines of `channels --guide`: a header, then per channel its number, name, the
  /// programme on now with its times and the next one with its start; "-" where the guide
  /// has nothing. Columns are padded with spaces; long names and titles are cut with "…".
  package static func grid(
    _ rows: [(number: Int, name: String, now: Programme?, next: Programme?)]
  ) -> [String] {
    let header =
      pad("#", 4, right: true) + "  " + pad("CHANNEL", 20) + "  " + pad("NOW", 36)
      + "  NEXT"
    return [header]
      + rows.map { row in
        let now = row.now.map { "\(clock($0.start))-\($0.stop.map(clock) ?? "     ") \($0.title)" }
        let next = row.next.map { "\(clock($0.start)) \($0.title)" }
        let line =
          pad(String(row.number), 4, right: true) + "  " + pad(row.name, 20) + "  "
          + pad(now ?? "-", 36) + "  " + cut(next ?? "-", 36)
        return String(line.reversed().drop { $0 == " " }.reversed())
      }
  }

  /// The instant `--at` names: "now", "+90m" or another time from now as ``TimeText/parse(_:)``
  /// reads it ("+2h", "+1:30:00"; never negative),
  /// "19:30" today, "2026-12-02T19:30" (local time), or with a zone ("…Z", "…+01:00"), or
  /// an XMLTV time ("20261202193000 +0100"); `nil` when it names none.
  package static func moment(_ text: String, now: Date = Date()) -> Date? {
    if text == "now" { return now }
    if text.hasPrefix("+") {
      return TimeText.parse(String(text.dropFirst())).map { now + Double($0.components.seconds) }
    }
    let offset = Int(localTime(now).tm_gmtoff)
    if text.count == 5, text.dropFirst(2).first == ":" {
      let local = localTime(now)
      let day =
        "\(local.tm_year + 1900)-\(twoDigits(Int(local.tm_mon) + 1))-\(twoDigits(Int(local.tm_mday)))"
      return GuideTime.iso("\(day)T\(text)", defaultOffset: offset)
    }
    return GuideTime.iso(text, defaultOffset: offset) ?? GuideTime.xmltv(text.utf8)
  }

  private static func localTime(_ date: Date) -> tm {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var result = tm()
    localtime_r(&seconds, &result)
    return result
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }

  private static func cut(_ text: String, _ width: Int) -> String {
    text.count <= width ? text : String(text.prefix(width - 1)) + "…"
  }

  private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let cut = cut(text, width)
    let padding = String(repeating: " ", count: width - cut.count)
    return right ? padding + cut : cut + padding
  }
}
