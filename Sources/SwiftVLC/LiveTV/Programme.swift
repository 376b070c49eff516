// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// One programme of a ``ProgrammeGuide``: when it airs and what it is.
///
/// A value type, `Sendable`. Times are absolute instants; show them in the viewer's zone.
public struct Programme: Sendable, Hashable {
  /// When the programme starts.
  public var start: Date
  /// When it ends: its `stop` time, or else the next programme's start on the same channel.
  /// `nil` only for a channel's last programme when the guide gives it no stop time: it runs
  /// on with no known end.
  public var stop: Date?
  /// The title (the first `<title>` when the guide gives it in several languages).
  public var title: String
  /// The episode's own title (`<sub-title>`), when given.
  public var subtitle: String?
  /// The description (`<desc>`), when given.
  public var description: String?
  /// The categories (`<category>`), in the guide's order.
  public var categories: [String]
  /// The episode number (`<episode-num>`), when given.
  public var episode: Episode?

  /// Creates a programme; guides normally come from ``ProgrammeGuide/init(data:maximumSize:)``.
  public init(
    start: Date, stop: Date?, title: String, subtitle: String? = nil, description: String? = nil,
    categories: [String] = [], episode: Episode? = nil
  ) {
    self.start = start
    self.stop = stop
    self.title = title
    self.subtitle = subtitle
    self.description = description
    self.categories = categories
    self.episode = episode
  }

  /// Whether the programme is on at `date`: from its start (included) to its stop (excluded).
  public func isOn(at date: Date) -> Bool {
    start <= date && stop.map { date < $0 } ?? true
  }
}

/// A programme's place in its series, from XMLTV's `<episode-num>`.
///
/// `xmltv_ns` numbers count from 0 in the guide (`2.9.0/2` is season 3, episode 10, part 1
/// of 2); here they count from 1, as people do.
public struct Episode: Sendable, Hashable {
  /// The season, from 1.
  public var season: Int?
  /// The episode within its season, from 1.
  public var number: Int?
  /// The part within the episode, from 1.
  public var part: Int?
  /// The guide's own words for it (`onscreen` system, such as "S03E10").
  public var onScreen: String?

  /// Creates an episode number.
  public init(season: Int? = nil, number: Int? = nil, part: Int? = nil, onScreen: String? = nil) {
    self.season = season
    self.number = number
    self.part = part
    self.onScreen = onScreen
  }

  /// A short label: the on-screen text, or "S3 E10" from the numbers; `nil` when neither.
  public var label: String? {
    if let onScreen, !onScreen.isEmpty { return onScreen }
    let parts = [season.map { "S\($0)" }, number.map { "E\($0)" }].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  /// Reads XMLTV's `xmltv_ns` form, "season.episode.part" with each number from 0 and an
  /// optional "/total" after it; `nil` when it names none.
  init?(xmltvNS text: String) {
    // Read byte by byte: this runs for most programmes of a guide, and spaces around the
    // numbers are allowed ("2 . 9 . 0/2"), spaces inside one are not.
    var numbers: [Int?] = []
    var value: Int?
    var isValid = true
    var isTotal = false
    var isClosed = false
    func close() {
      numbers.append(isValid ? value.map { $0 + 1 } : nil)
      (value, isValid, isTotal, isClosed) = (nil, true, false, false)
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "."): close()
      case _ where isTotal: continue
      case UInt8(ascii: "/"): isTotal = true
      case UInt8(ascii: " "), UInt8(ascii: "\t"): isClosed = value != nil
      case UInt8(ascii: "0")...UInt8(ascii: "9") where !isClosed:
        let next = (value ?? 0) &* 10 &+ Int(byte - 0x30)
        if next > 1_000_000 { isValid = false } else { value = next }
      default: isValid = false
      }
    }
    close()
    func field(_ index: Int) -> Int? { index < numbers.count ? numbers[index] : nil }
    self.init(season: field(0), number: field(1), part: field(2))
    guard season != nil || number != nil || part != nil else { return nil }
  }
}
