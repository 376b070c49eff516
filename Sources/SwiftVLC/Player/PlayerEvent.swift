// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Something that happened to a ``Player``, as delivered by ``Player/events``.
///
/// Events are emitted on the main actor after the player's observable properties were
/// updated, so a consumer that reads the player while handling one sees the new values.
public enum PlayerEvent: Sendable, Equatable {
  /// ``Player/state`` changed.
  case stateChanged(PlayerState)
  /// ``Player/currentTime`` advanced or jumped (throttled to about 10 per second).
  case timeChanged(Duration)
  /// ``Player/position`` changed (0…1).
  case positionChanged(Double)
  /// The media's length became known or changed.
  case lengthChanged(Duration)
  /// Whether seeking is possible changed.
  case seekableChanged(Bool)
  /// Whether pausing is possible changed.
  case pausableChanged(Bool)
  /// The input buffer fill, 0…1.
  case bufferingProgress(Float)
  /// The track lists or selections changed.
  case tracksChanged
  /// A new media was set.
  case mediaChanged
  /// The media played to its end.
  case endReached
  /// Playback failed; ``Player/outcome`` carries the error.
  case encounteredError
  /// The volume changed (0…2).
  case volumeChanged(Float)
  /// Audio was muted.
  case muted
  /// Audio was unmuted.
  case unmuted
  /// The audio output device changed (its id, when known).
  case audioDeviceChanged(String?)
  /// The number of video outputs changed.
  case videoOutputsChanged(Int)
  /// A snapshot was written to this path.
  case snapshotTaken(String)
  /// The current chapter changed.
  case chapterChanged(Int)
  /// The current title changed.
  case titleChanged(Int)
  /// The stream became scrambled or clear.
  case scrambledChanged(Bool)
  /// Another application took the audio output (paused by the sound server).
  case corked
  /// The audio output was given back.
  case uncorked
  /// A recording started (the file's path) or ended (`nil`); see
  /// ``Player/startRecording(to:container:)``.
  case recordingChanged(String?)
  /// Playback made no progress for ``Player/stallTimeout`` while playing;
  /// ``Player/isStalled`` is now `true`. libVLC 3 itself still reports Playing.
  case stalled
  /// Playback progressed again after ``stalled``; ``Player/isStalled`` is `false` again.
  case recovered
  /// The live source is being reopened under ``Player/reconnectPolicy``; `attempt` counts
  /// from 1 since the stream last made progress.
  case reconnecting(attempt: Int)
}
