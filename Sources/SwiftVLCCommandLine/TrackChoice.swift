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

  /// A short human label: "English (eng)", "eng", "track 3", or "off" for `nil`.
  package static func label(_ track: Track?) -> String {
    guard let track else { return "off" }
    switch (track.name, track.language) {
    case (let name?, let language?) where name != language: return "\(name) (\(language))"
    case (let name?, _): return name
    case (nil, let language?): return language
    case (nil, nil): return "track \(track.id)"
    }
  }
}
