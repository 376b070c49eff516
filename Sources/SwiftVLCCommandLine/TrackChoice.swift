// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import SwiftVLC

/// How the tool names tracks and steps through them with the `a` and `s` keys.
package enum TrackChoice {
  /// The track after `current` in `tracks`, wrapping around. With `allowingNone`, "none" (`nil`)
  /// comes after the last track and before the first.
  package static func next(after current: Track?, in tracks: [Track], allowingNone: Bool)
    -> Track?
  {
    guard !tracks.isEmpty else { return nil }
    guard let current, let index = tracks.firstIndex(where: { $0.id == current.id }) else {
      return tracks[0]
    }
    if index + 1 < tracks.count { return tracks[index + 1] }
    return allowingNone ? nil : tracks[0]
  }

  /// A short human label: the track's name ("English", also from libVLC's generated
  /// "Track 1 - [English]"), else its language, else "track ID"; "off" for `nil`.
  package static func label(_ track: Track?) -> String {
    guard let track else { return "off" }
    if let name = track.name {
      // libVLC names unnamed tracks "Track N - [Language]".
      if name.hasPrefix("Track "), name.hasSuffix("]"), let open = name.firstRange(of: " - [") {
        return String(name[open.upperBound..<name.index(before: name.endIndex)])
      }
      return name
    }
    return TrackText.language(track.language) ?? "track \(track.id)"
  }
}
