// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import SwiftVLC

/// The lines `swiftvlc play` prints, one per event, when its output is not a terminal.
/// Each line is a keyword and space-separated values, stable for scripts (see
/// `swiftvlc play --help`).
package enum EventLine {
  /// "state playing".
  package static func state(_ state: PlayerState) -> String {
    "state \(name(of: state))"
  }

  /// "duration 4.017" (seconds).
  package static func duration(_ duration: Duration) -> String {
    "duration \(TimeText.seconds(duration))"
  }

  /// "tracks video=0:h264* audio=1:mp4a:eng*,2:mp4a:fre subtitle=none"; `*` marks each
  /// selected track, the language is left out when it is not known.
  package static func tracks(
    video: [Track], audio: [Track], subtitle: [Track], selectedVideo: Track?,
    selectedAudio: Track?, selectedSubtitle: Track?
  ) -> String {
    func list(_ tracks: [Track], selected: Track?) -> String {
      guard !tracks.isEmpty else { return "none" }
      return tracks.map { track in
        var item = "\(track.id):\(track.codec.isEmpty ? "?" : track.codec)"
        if let language = TrackText.language(track.language) { item += ":\(language)" }
        if track.id == selected?.id { item += "*" }
        return item.replacingSpaces()
      }.joined(separator: ",")
    }
    return
      "tracks video=\(list(video, selected: selectedVideo))"
      + " audio=\(list(audio, selected: selectedAudio))"
      + " subtitle=\(list(subtitle, selected: selectedSubtitle))"
  }

  /// "error playback failed: …".
  package static func error(_ error: VLCError) -> String { "error \(error)" }

  /// "error MESSAGE", for a message already composed.
  package static func error(_ message: String) -> String { "error \(message)" }

  /// Playback made no progress for the stall timeout while playing.
  package static let stalled = "stalled"

  /// Data flows again after a stall.
  package static let recovered = "recovered"

  /// The last line: after the end, a failure or an interruption.
  package static let end = "end"

  /// The state's name as event lines and the status line print it.
  package static func name(of state: PlayerState) -> String {
    switch state {
    case .idle: "idle"
    case .opening: "opening"
    case .buffering: "buffering"
    case .playing: "playing"
    case .paused: "paused"
    case .stopping: "stopping"
    case .stopped: "stopped"
    case .ended: "ended"
    case .error: "error"
    }
  }
}

extension String {
  fileprivate func replacingSpaces() -> String {
    String(map { $0 == " " ? "_" : $0 })
  }
}
