// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import SwiftVLC

/// What the terminal player's status line shows.
package struct PlaybackStatus: Sendable, Equatable {
  /// The player's state.
  package var state: PlayerState
  /// The playback time.
  package var time: Duration
  /// The media's length, when known.
  package var duration: Duration?
  /// The volume, 0…2.
  package var volume: Float
  /// Whether audio is muted.
  package var isMuted: Bool
  /// The selected audio track's label.
  package var audio: String
  /// The selected subtitle track's label.
  package var subtitle: String
  /// A short notice shown instead of the track labels ("not seekable").
  package var message: String?
  /// What is on, from the programme guide ("now News to 20:00, next Weather"), shown after
  /// the message and cut to the room left.
  package var programme: String?
  /// How far behind live a timeshifted live source plays, shown in place of the time
  /// ("-0:42", or "live" within ``Timeshift/liveTolerance``); `nil` without timeshift.
  package var behindLive: Duration?
  /// How much of the live source the timeshift buffer holds: the bar shows where playback
  /// is within it.
  package var buffered: Duration?

  /// Creates a status.
  package init(
    state: PlayerState, time: Duration, duration: Duration?, volume: Float, isMuted: Bool,
    audio: String, subtitle: String, message: String? = nil, programme: String? = nil
  ) {
    self.state = state
    self.time = time
    self.duration = duration
    self.volume = volume
    self.isMuted = isMuted
    self.audio = audio
    self.subtitle = subtitle
    self.message = message
    self.programme = programme
  }
}

/// Renders the terminal player's status line: state, time / duration, a progress bar, volume,
/// and the selected audio and subtitle tracks, in 24-bit colour.
package enum StatusLine {
  static let text = "\u{1B}[38;2;230;230;230m"
  static let background = "\u{1B}[48;2;40;40;48m"
  static let played = "\u{1B}[48;2;64;156;255m"
  static let unplayed = "\u{1B}[48;2;90;90;100m"
  static let reset = "\u{1B}[0m"

  /// The status line, exactly `width` cells wide (longer labels are cut), ending with a reset.
  package static func render(_ status: PlaybackStatus, width: Int) -> String {
    let width = max(width, 1)
    let clock =
      status.behindLive.map(liveClock)
      ?? status.duration.map { "\(TimeText.clock(status.time)) / \(TimeText.clock($0))" }
      ?? TimeText.clock(status.time)
    let head = " \(EventLine.name(of: status.state))  \(clock) "
    let volume = status.isMuted ? "muted" : "vol \(Int((status.volume * 100).rounded()))%"
    var tail: [String] =
      if let message = status.message {
        [volume, message]
      } else {
        [volume, "audio \(status.audio)", "subs \(status.subtitle)"]
      }
    if let message = status.message {
      // A message (a dead channel's reason) is cut to the room the bar spares, not dropped.
      let room = width - head.count - minimumBar - volume.count - 4
      if message.count > room, room >= 12 {
        tail = [volume, message.prefix(room - 1) + "\u{2026}"]
      }
    }
    // Drop the right-hand parts, last first, until the bar has room.
    var parts = tail[...]
    var right = ""
    while true {
      right = parts.isEmpty ? "" : " " + parts.joined(separator: "  ") + " "
      if width - head.count - right.count >= minimumBar || parts.isEmpty { break }
      parts = parts.dropLast()
    }
    if let programme = status.programme, parts.count == tail.count {
      // The programme takes what room the bar can spare, cut with an ellipsis.
      let room = width - head.count - right.count - minimumBar - 2
      if room >= 12 {
        let cut = programme.count <= room ? programme : programme.prefix(room - 1) + "\u{2026}"
        right += " " + cut + " "
      }
    }
    let barWidth = max(width - head.count - right.count, 0)
    let fraction = progress(status)
    let filled = min(Int((Double(barWidth) * fraction).rounded()), barWidth)
    let bar =
      played + String(repeating: " ", count: filled) + unplayed
      + String(repeating: " ", count: barWidth - filled) + background
    let line = String((head + right).prefix(width))
    let headPart = String(line.prefix(head.count))
    let rightPart = String(line.dropFirst(head.count))
    return background + text + headPart + bar + rightPart + reset
  }

  private static let minimumBar = 10

  /// "live" within 2 s of the live edge, else how far behind it: "-0:42".
  private static func liveClock(_ behind: Duration) -> String {
    behind < Timeshift.liveTolerance ? "live" : "-" + TimeText.clock(behind)
  }

  private static func progress(_ status: PlaybackStatus) -> Double {
    if let behind = status.behindLive, let buffered = status.buffered {
      guard buffered > .zero else { return 1 }
      return min(max((buffered - behind) / buffered, 0), 1)
    }
    guard let duration = status.duration, duration > .zero else { return 0 }
    return min(max(status.time / duration, 0), 1)
  }
}
