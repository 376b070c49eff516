// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// What a ``Player`` keeps besides its observable projection, its native player and its
/// ``PlayerSettings``: the session rules, and the bookkeeping of the reads and waits it runs.
/// One value, so that the player stays a thin shell over it.
struct PlayerCore {
  /// The session rules; every transition goes through ``Player/feed(_:)``.
  var session = Session()
  /// What was last published, so that no event repeats it (see ``EventPublication``).
  var publication = EventPublication()
  /// How the time shown was read.
  var timeReading = TimeReading()
  /// libVLC's length of the media over the length its parse measured (``Player/duration``):
  /// libVLC's positions times this are the player's; 1 when either length is unknown.
  var positionScale = 1.0
  /// Whether ``Player/duration`` is the parse's alone, libVLC having given no length (an AVI
  /// cut before its index): libVLC's positions are then shares of the file's bytes, which
  /// say nothing of time (1.0 at the end of a file cut at 0.9 s of 6.040 s).
  var positionsAreBytes = false
  /// Where the reading of the current media's tracks is.
  var trackReading = TrackReading()
  /// What to run at each barrier sent into the native event stream.
  var barriers = Barriers()
  /// The tracks the caller selected, by kind.
  var selections = TrackSelections()
  /// The recording in effect, if any.
  var recording: PlayerRecording?
  /// The sink receiving decoded frames, when frames (or ``VideoOutput/none``) are the output.
  var frameSink: FrameSink?
  /// The equalizer attached (its values are in ``PlayerSettings/equalizer``).
  var equalizer: Equalizer?
  /// The watch that keeps the audio settings on each new audio output.
  var audio = AudioOutputWatch()
  /// The task that reads the time and runs the session's checks; only while a session runs.
  var tickTask: Task<Void, Never>?
  /// Finds the ``Media`` of a native media that someone else (a ``MediaListPlayer``) set;
  /// called on the main actor once per adopted session, before the player shows it.
  var mediaResolver: ((MediaIdentity) -> Media?)?
  /// Called after the native player was replaced, so a list player can drive the new one.
  var nativeReplaced: ((_ stuck: NativePlayer, _ replacement: NativePlayer) -> Void)?
  /// Reads the instance's log while a session opens or plays, for the failure's reason.
  var diagnosis: LogWitness?
  /// An end that reads as a failure, held until the input closed (see
  /// ``Player/concludeEnd(generation:)``).
  var pendingEnd: (evidence: EndEvidence, generation: UInt64)?
  /// The media whose server a session is asking (``SessionEffect/ask(_:)``): the one it
  /// opens, though ``Player/currentMedia`` names another meanwhile (a recording's reopening
  /// plays a copy and keeps showing the original).
  var asking: (generation: UInt64, media: Media)?
}

/// How a ``Player`` keeps its audio settings on the outputs libVLC opens (libVLC 3 closes the
/// output on every stop, so on every media change, and resets the stereo mode on every audio
/// stream it starts).
struct AudioOutputWatch {
  /// Whether the current session's output was already checked against the device setting.
  var isDeviceChecked = true
  /// Whether the task that follows the player's events for the device and stereo mode runs.
  var isWatching = false
  /// Whether the task that keeps the stereo mode on the outputs runs.
  var isKeepingStereoMode = false
  /// Until when that task checks every 40 ms (2 s after playback starts or tracks change).
  var stereoModeQuickUntil = ContinuousClock.now
  /// The context of the newest sample stream (``Player/audioSamples(format:rate:channels:)``).
  var sampleContext: AudioCallbackContext?
}

/// The tracks a ``Player``'s caller selected, by kind (`nil`: libVLC's choice, or none).
struct TrackSelections {
  var audio: Track?
  var subtitle: Track?
  var video: Track?
}

/// How a ``Player`` reads the playback time.
struct TimeReading {
  /// When the time shown was read from libVLC (see ``Player/updateTime(_:position:readAt:isJump:)``).
  var readAt: ContinuousClock.Instant?
  /// Whether the session was reopened at a time (``Player/startRecording(to:container:)``)
  /// that ``Player/currentTime`` keeps showing until libVLC reads a time past 0 (it reads 0
  /// until its input has jumped there).
  var isHoldingStart = false
  /// Whether a read of the time is queued on the native player (see the tick task).
  var isReading = false
}

/// Where a ``Player``'s reading of the current media's tracks is.
struct TrackReading {
  /// Whether a read runs, and whether another was asked for meanwhile.
  var refresh = (running: false, requestedAgain: false)
  /// How often the current media's tracks were read again for missing descriptions.
  var detailRereads = 0
  /// When a read first found a listed track undescribed, while none has been published.
  var undescribedSince: ContinuousClock.Instant?
  /// A session's chapters at its end (libVLC's list, or the local file's own when libVLC had
  /// listed none; see ``Player/chapters``): they stand once the input closed and libVLC
  /// lists none.
  var chaptersAtEnd: (generation: UInt64, chapters: [Chapter])?
}

/// What a ``Player`` runs at each barrier it sent into the native event stream.
struct Barriers {
  var pending: [UInt64: @MainActor () -> Void] = [:]
  var next: UInt64 = 0
}
