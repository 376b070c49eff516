// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// A `Duration` in the units libVLC, libavformat and messages use: one place for each.
extension Duration {
  /// The duration in seconds, as a floating-point number.
  var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }

  /// The duration in whole milliseconds (libVLC's unit), rounded toward zero.
  var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
  }

  /// The duration in whole microseconds (libavformat's unit), rounded toward zero.
  var microseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }
}

/// A duration as seconds with `decimals` places, such as "2.0 s": how every message names a
/// time (a `Duration` interpolated as is reads "2.99902381 seconds"). Limits take one decimal;
/// a point in a media, which a caller compares with its length, takes three.
/// One decimal would read a limit under 50 ms as "0.0 s": such a limit takes three.
func formatSeconds(_ duration: Duration, decimals: Int = 1) -> String {
  let places = duration < .milliseconds(100) && decimals < 3 ? 3 : decimals
  return DecimalText.of(duration.inSeconds, decimals: places) + " s"
}

extension VLCError {
  /// The refusal of a time past a media's end: "seek time 12.000 s is past the end (10.000 s)",
  /// with "of MRL" after "end" when `media` is given.
  static func pastTheEnd(
    _ what: String, _ time: Duration, length: Duration, media: String? = nil
  ) -> VLCError {
    .invalidInput(
      "\(what) \(formatSeconds(time, decimals: 3)) is past the end"
        + (media.map { " of \($0)" } ?? "") + " (\(formatSeconds(length, decimals: 3)))")
  }
}
