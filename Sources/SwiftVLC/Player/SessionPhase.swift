// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Where a playback session is; each case carries the data that only it needs.
enum SessionPhase: Equatable {
  /// Nothing played yet.
  case idle
  /// Opening (or buffering) the source, before the first picture or sound.
  case opening(Opening)
  /// Playing or paused.
  case active(Active)
  /// A live stream was lost; it is reopened when the delay is over.
  case reconnecting(Reconnecting)
  /// A stop is running on the native player; the outcome is already known.
  case stopping(Stopping)
  /// The native player closed the input after a stop.
  case stopped(PlaybackOutcome)
  /// The session ended by itself: played to the end, or failed.
  case finished(PlaybackOutcome)

  /// The player state this phase shows.
  var state: PlayerState {
    switch self {
    case .idle: .idle
    case .opening(let opening): opening.isBuffering ? .buffering : .opening
    case .active(let active): active.isPaused ? .paused : .playing
    case .reconnecting: .opening
    case .stopping: .stopping
    case .stopped: .stopped
    case .finished(.ended): .ended
    case .finished(.failed): .error
    case .finished(.stopped): .stopped
    }
  }
}

/// What spans every reopen of one caller's `play`: the source, whether it ever played, and
/// the reconnect attempts since it last made progress.
struct Chain: Equatable {
  /// The media's location, for messages.
  var source: String
  /// Whether the source played at least once since the caller's `play`.
  var isEstablished = false
  /// Reopen attempts since the stream last made progress.
  var attempts = 0
  /// Whether a stall was reported and no progress came since (a reopen keeps it, so that
  /// the progress after a reconnect reports the recovery).
  var isStalled = false
}

/// The data of ``SessionPhase/opening(_:)``.
struct Opening: Equatable {
  /// When this open (or reopen) started; the opening timeout counts from here.
  var since: ContinuousClock.Instant
  var chain: Chain
  /// Whether the source's server is being asked how the media must be read, before libVLC
  /// opens it (the opening timeout counts this too).
  var isAsking = false
  /// Whether libVLC reported buffering.
  var isBuffering = false
  /// A pause asked for while opening, applied once playing.
  var pendingPause = false
  /// A seek asked for while opening, applied once the media can seek.
  var pendingSeek: SeekTarget?
}

/// The data of ``SessionPhase/active(_:)``.
struct Active: Equatable {
  var isPaused = false
  /// The stall watch of this open: its progress readings, and whether its stall was acted on.
  var watch: StallWatch<ProgressReading>
  /// A seek asked for before the media could seek.
  var pendingSeek: SeekTarget?
  var chain: Chain

  init(since start: ContinuousClock.Instant, chain: Chain) {
    watch = StallWatch(since: start)
    self.chain = chain
  }
}

/// The data of ``SessionPhase/stopping(_:)``.
struct Stopping: Equatable {
  /// How the session ended: stopped, or what it had ended with before.
  var outcome: PlaybackOutcome
  /// When the native stop is given up and the native player replaced (or, handed over, when
  /// the item that never opened is given up).
  var due: ContinuousClock.Instant
  /// The callers waiting for the stop.
  var requests: [StopRequest]
  /// Whether the native player was already replaced for a list player's next item: the phase
  /// then waits for the item (``SessionInput/adopt(source:)``) until ``due``.
  var isHandedOver = false
}

/// The data of ``SessionPhase/reconnecting(_:)``.
struct Reconnecting: Equatable {
  /// When the reopen is due.
  var due: ContinuousClock.Instant
  var chain: Chain
}

/// The watch's limits; see ``Player/openingTimeout``, ``Player/stallTimeout``,
/// ``Player/stopTimeout`` and ``Player/reconnectPolicy``.
struct SessionSettings: Equatable {
  var openingTimeout: Duration? = .seconds(30)
  var stallTimeout: Duration = .seconds(5)
  var stopTimeout: Duration = .seconds(10)
  var reconnectPolicy: ReconnectPolicy?
}

/// Everything that moves while media really plays. For live streams libVLC 3's time stays 0,
/// so the input counters count as progress too.
struct ProgressReading: Equatable, Sendable {
  var time: Duration
  var demuxBytes: Int
  var decodedBlocks: Int
}
