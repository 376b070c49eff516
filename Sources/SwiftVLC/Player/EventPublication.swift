// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// What a ``Player`` last published, so that no event repeats the value its kind last
/// published, and time and position are published about ten times a second at most.
///
/// libVLC 3 repeats some events with an unchanged value (a chaptered MKV reports its title
/// and chapter again and again while it plays). What belongs to one session (its time,
/// length, chapters, …) is forgotten when a new session starts, so that the new session
/// publishes its values afresh; the player's own settings (volume, device, …) are not.
struct EventPublication {
  /// The kinds of event that carry a value.
  enum Kind: Hashable {
    case time, position, length, seekable, pausable, buffering, videoOutputs, chapter, title
    case scrambled, volume, mute, audioDevice, cork, recording

    /// Whether the kind's value belongs to one session.
    var isPerSession: Bool {
      switch self {
      case .time, .position, .length, .seekable, .pausable, .buffering, .videoOutputs, .chapter,
        .title, .scrambled:
        true
      case .volume, .mute, .audioDevice, .cork, .recording: false
      }
    }
  }

  /// How far playback time moves, and how long position events wait, between two events of
  /// their kind (unless the value goes back, as after a seek).
  static let throttle: Duration = .milliseconds(100)

  private var last: [Kind: (event: PlayerEvent, at: ContinuousClock.Instant)] = [:]

  /// The kind of a value-carrying event; `nil` for the others (state changes, which the
  /// session already publishes only on a change, and one-off events).
  static func kind(of event: PlayerEvent) -> Kind? {
    switch event {
    case .timeChanged: .time
    case .positionChanged: .position
    case .lengthChanged: .length
    case .seekableChanged: .seekable
    case .pausableChanged: .pausable
    case .bufferingProgress: .buffering
    case .videoOutputsChanged: .videoOutputs
    case .chapterChanged: .chapter
    case .titleChanged: .title
    case .scrambledChanged: .scrambled
    case .volumeChanged: .volume
    case .muted, .unmuted: .mute
    case .audioDeviceChanged: .audioDevice
    case .corked, .uncorked: .cork
    case .recordingChanged: .recording
    case .stateChanged, .tracksChanged, .mediaChanged, .endReached, .encounteredError,
      .snapshotTaken, .stalled, .recovered, .reconnecting:
      nil
    }
  }

  /// Whether `event` may be published now, at `now`; records it when it may.
  mutating func admits(_ event: PlayerEvent, at now: ContinuousClock.Instant = .now) -> Bool {
    guard let kind = Self.kind(of: event) else { return true }
    if let previous = last[kind] {
      guard previous.event != event else { return false }
      switch (previous.event, event) {
      case (.timeChanged(let before), .timeChanged(let after)) where after > before:
        guard after - before >= Self.throttle else { return false }
      case (.positionChanged(let before), .positionChanged(let after)) where after > before:
        guard now - previous.at >= Self.throttle else { return false }
      default: break
      }
    }
    last[kind] = (event, now)
    return true
  }

  /// Forgets what the session published: a new session starts.
  mutating func startSession() {
    last = last.filter { !$0.key.isPerSession }
  }
}
