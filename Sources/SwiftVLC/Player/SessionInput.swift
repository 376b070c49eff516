// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// An input to ``Session/handle(_:at:)``.
enum SessionInput: Equatable {
  /// The caller plays a media (a new chain).
  case play(source: String)
  /// A list player opened its next item on the native player (a new chain, same generation).
  case adopt(source: String)
  /// A list player is about to open another item under a new generation; the phase stays
  /// until the item is adopted.
  case handOver
  /// The list player of the hand-over of `generation` opened nothing (its item left the list
  /// before the player's queue reached it): the session ends stopped.
  case handOverFailed(UInt64)
  /// A caller stops; `request` is let go once the native stop of this session returned, was
  /// given up at ``SessionSettings/stopTimeout``, or is no longer waited for.
  case stop(StopRequest)
  /// The native stop of `generation` returned.
  case stopFinished(UInt64)
  /// A native event of the given generation.
  case native(SessionEvent, UInt64)
  case pause
  case resume
  /// Resumes when paused (or when a pause waits for the opening), pauses otherwise.
  case togglePause
  /// A seek to a validated target; `seekable` is what libVLC last said.
  case seek(SeekTarget, seekable: Bool)
  /// Sets (or, with `nil`, clears) the A-B loop; `time` is the time shown now.
  case abLoop(ClosedRange<Duration>?, time: Duration)
  /// The answer to ``SessionEffect/ask(_:)`` for the session of that generation: the media
  /// option its server's answer asks for, if any.
  case asked(option: String?, UInt64)
  /// The player shows a new playback time.
  case timeShown(Duration)
  /// A recording started on the current session (it ends with the session).
  case recordingStarted
  /// The caller ended the recording itself.
  case recordingStopped
  /// The watch's periodic check.
  case tick
  /// Progress read after a ``SessionEffect/readProgress(_:)``.
  case progress(ProgressReading, UInt64)
}

/// Where a seek goes.
enum SeekTarget: Equatable, Sendable, CustomStringConvertible {
  /// A time within the media.
  case time(Duration)
  /// A fraction of the media, 0…1.
  case position(Double)

  /// "2.0 s", or "position 0.50", for messages.
  var description: String {
    switch self {
    case .time(let time): formatSeconds(time)
    case .position(let position): "position \((position * 100).rounded() / 100)"
    }
  }
}

/// The native events the session rules care about.
enum SessionEvent: Equatable {
  case buffering
  /// Playing; `seekable` is what libVLC last said.
  case playing(seekable: Bool)
  case paused
  case stopped
  case seekable(Bool)
  case ended(EndEvidence)
  /// libVLC reported an error; the error, when the player knows more than libVLC said.
  case failed(VLCError?)
}

/// What the player performs for the session, in order.
enum SessionEffect: Equatable {
  /// Show a new state (and emit ``PlayerEvent/stateChanged(_:)``).
  case state(PlayerState)
  /// Set ``Player/outcome``.
  case outcome(PlaybackOutcome?)
  /// Set ``Player/isStalled``.
  case stalled(Bool)
  /// Emit an event.
  case emit(PlayerEvent)
  /// Clear the session's timeline: time, position, length, tracks, chapters, loop.
  case resetTimeline
  /// Ask the source's server how it must be read (``ForwardReading``), then feed
  /// ``SessionInput/asked(option:_:)`` with this generation.
  case ask(UInt64)
  /// Stop the native player, set the current media (with `option`, what its server's answer
  /// asked for) and play it, tagging its events.
  case open(UInt64, option: String? = nil)
  /// Run `request`'s native stop, tag what follows with `generation`, then feed
  /// ``SessionInput/stopFinished(_:)``.
  case stopNative(UInt64, StopRequest)
  /// Let these callers of a stop go.
  case finishStops([StopRequest])
  /// Put a fresh native player, with every setting, in place of one stuck in a stop.
  case replaceNative
  /// Stop the native player quietly (a timeout or a lost stream given up), closing its input.
  case releaseNative(UInt64)
  case setPause(Bool)
  case seek(SeekTarget)
  /// Show the A-B loop (``Player/abLoop``).
  case showABLoop(ClosedRange<Duration>?)
  /// The recording ended with its session; `closeInput` when the session's input stays open
  /// (after an end or a failure libVLC keeps it: stopping it closes the file).
  case endRecording(closeInput: Bool)
  /// Read libVLC's progress and feed ``SessionInput/progress(_:_:)``.
  case readProgress(UInt64)
  /// Playback started: apply what waits for it (tracks, video settings).
  case playbackStarted
  /// Played to the end: show the full length and emit ``PlayerEvent/endReached``.
  case reachedEnd
}

/// One caller of a stop: how to stop the native player (`libvlc_media_player_stop`, or a
/// list player's stop), and the caller waiting. Compared by identity.
final class StopRequest: Sendable, Equatable, CustomStringConvertible {
  /// The native stop, run on the player's queue.
  let stopNative: @Sendable (OpaquePointer) -> Void
  /// The caller, suspended until the session lets it go.
  let waiter = StopWaiter()

  init(_ stopNative: @escaping @Sendable (OpaquePointer) -> Void) {
    self.stopNative = stopNative
  }

  static func == (lhs: StopRequest, rhs: StopRequest) -> Bool { lhs === rhs }

  var description: String { "StopRequest(\(ObjectIdentifier(self)))" }
}
