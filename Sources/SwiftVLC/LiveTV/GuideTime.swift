// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Reads and writes the times of programme guides by hand, without calendars or ICU: XMLTV's
/// `20261202193000 +0100` and ISO 8601's `2026-12-02T19:30:00+01:00`.
///
/// A time without a zone is UTC (XMLTV says so too). Seconds, minutes and hours may be left
/// out (`202612021930`, `20261202`). Pure functions; any thread.
package enum GuideTime {
  /// The instant an XMLTV time names (`YYYYMMDDhhmmss ±hhmm`), or `nil` when it is not one.
  package static func xmltv(_ text: some Collection<UInt8>) -> Date? {
    Array(text).withUnsafeBufferPointer { xmltv($0) }
  }

  /// The instant an XMLTV time names, read from bytes.
  static func xmltv(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
    var reader = DigitReader(text)
    guard let year = reader.digits(4), let month = reader.digits(2), let day = reader.digits(2)
    else { return nil }
    let hour = reader.digits(2) ?? 0
    let minute = reader.digits(2) ?? 0
    let second = reader.digits(2) ?? 0
    reader.skipSpaces()
    guard let offset = reader.zone(), reader.isAtEnd else { return nil }
    return date(year, month, day, hour, minute, second, offset: offset)
  }

  /// The instant an ISO 8601 date and time names (`2026-12-02T19:30[:00][Z|±hh:mm]`, a space
  /// in place of `T` too), with `defaultOffset` seconds east of UTC when it names no zone;
  /// `nil` when it is not one.
  package static func iso(_ text: String, defaultOffset: Int = 0) -> Date? {
    var text = text
    return text.withUTF8 { iso($0, defaultOffset: defaultOffset) }
  }

  private static func iso(_ text: UnsafeBufferPointer<UInt8>, defaultOffset: Int) -> Date? {
    var reader = DigitReader(text)
    guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2),
      reader.skip("-"), let day = reader.digits(2)
    else { return nil }
    var hour = 0
    var minute = 0
    var second = 0
    if reader.skip("T") || reader.skip(" ") {
      guard let h = reader.digits(2), reader.skip(":"), let m = reader.digits(2) else { return nil }
      (hour, minute) = (h, m)
      if reader.skip(":") {
        guard let s = reader.digits(2) else { return nil }
        second = s
      }
    }
    let offset = reader.isAtEnd ? defaultOffset : reader.zone()
    guard let offset, reader.isAtEnd else { return nil }
    return date(year, month, day, hour, minute, second, offset: offset)
  }

  /// `date` in ISO 8601 at UTC, to the second: `2026-12-02T18:30:00Z`.
  package static func isoUTC(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let (year, month, day) = civil(fromDays: days)
    let time = seconds - days * 86_400
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yearText)-\(two(month))-\(two(day))T\(two(time / 3_600)):"
      + "\(two(time / 60 % 60)):\(two(time % 60))Z"
  }

  private static func date(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, offset: Int
  ) -> Date? {
    guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
      (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let days = daysFromCivil(year, month, day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds))
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(_ y: Int, _ m: Int, _ d: Int) -> Int {
    let year = m <= 2 ? y - 1 : y
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01 (the inverse of ``daysFromCivil(_:_:_:)``).
  private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// Reads fixed-width numbers and zones from ASCII bytes.
private struct DigitReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var isAtEnd: Bool { index == bytes.count }

  mutating func digits(_ count: Int) -> Int? {
    guard index + count <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[index..<index + count] {
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    index += count
    return value
  }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  mutating func skipSpaces() {
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
  }

  /// `Z`, `UTC`, `GMT`, `±hhmm` or `±hh:mm` as seconds east of UTC; 0 at the end (no zone).
  mutating func zone() -> Int? {
    if isAtEnd { return 0 }
    if skip("Z") { return 0 }
    let rest = bytes[index...]
    if rest.elementsEqual("UTC".utf8) || rest.elementsEqual("GMT".utf8) {
      index = bytes.count
      return 0
    }
    let sign = skip("+") ? 1 : skip("-") ? -1 : 0
    guard sign != 0, let hours = digits(2) else { return nil }
    _ = skip(":")
    guard let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
    return sign * (hours * 3_600 + minutes * 60)
  }
}
