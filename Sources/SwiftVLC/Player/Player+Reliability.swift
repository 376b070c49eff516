internal import CLibVLC
import Foundation

/// What the player's reliability checks know about the current session: the settings, the
/// progress seen, and the reconnect chain. Main-actor state of ``Player``.
struct SessionWatch {
  var openingTimeout: Duration? = .seconds(30)
  var stallTimeout: Duration = .seconds(5)
  var reconnectPolicy: ReconnectPolicy?

  /// When the current open (or reopen) started.
  var opened = ContinuousClock.now
  /// Whether the current open reached Playing.
  var hasPlayed = false
  /// When playback last progressed (or last started, resumed or opened).
  var lastProgress = ContinuousClock.now
  /// The previous progress reading of this open, if any.
  var lastReading: ProgressReading?
  /// Whether the current stall was already reported and acted on.
  var stallHandled = false

  /// Whether the source played at least once since the caller's `play`.
  var established = false
  /// Reopen attempts since the stream last made progress.
  var attempts = 0
  /// When the scheduled reopen is due, while one is pending.
  var reconnectAt: ContinuousClock.Instant?
  /// Set by a reconnect just before it reopens, so that the reopen keeps the chain.
  var reopening = false
}

/// Everything that moves while media really plays. For live streams libVLC 3's time stays 0,
/// so the input counters count as progress too.
struct ProgressReading: Equatable {
  var time: Duration
  var demuxBytes: Int
  var decodedBlocks: Int
}

/// Playback that ends more than this much before the known duration (and more than a tenth of
/// it, at a position below ``Player/earlyEndPosition``) ended early.
private let earlyEndMinimumGap: Duration = .seconds(2)

extension Player {
  /// How often the reliability checks run, at the tick task's granularity (see `makeTickTask`).
  static let watchInterval: Duration = .milliseconds(250)
  /// The position below which an end that came too early counts as a failure; a natural end
  /// of a file whose duration libVLC misestimated (VBR audio, MPEG-TS) still reads close to 1.
  static let earlyEndPosition = 0.9

  /// How long a session may stay opening or buffering before its first picture or sound.
  ///
  /// When it runs out, the session fails with ``VLCError/timeout(_:)`` and the native player
  /// is stopped, which closes its connections. libVLC 3 itself never gives up on some sources:
  /// a server that asks for a password with no dialog handler installed leaves it opening
  /// forever. `nil` waits forever. Default: 30 s; values below 0.1 s count as 0.1 s. Read when
  /// checked (four or five times a second), so a change applies to the current session too.
  public var openingTimeout: Duration? {
    get { watch.openingTimeout }
    set { watch.openingTimeout = newValue.map { max($0, .milliseconds(100)) } }
  }

  /// How long playback may make no progress while ``PlayerState/playing`` before it counts as
  /// stalled.
  ///
  /// Progress is the time advancing, or libVLC's input counters (bytes demuxed, blocks
  /// decoded) growing: a live stream's time stays 0 in libVLC 3. A stall sets ``isStalled`` and
  /// emits ``PlayerEvent/stalled``; libVLC 3 itself keeps reporting Playing, with the time
  /// frozen, when a source stops sending. Default: 5 s; values below 0.5 s count as 0.5 s.
  public var stallTimeout: Duration {
    get { watch.stallTimeout }
    set { watch.stallTimeout = max(newValue, .milliseconds(500)) }
  }

  /// Reopens a live source that stalls, fails or ends; `nil` (the default) never reopens.
  ///
  /// Set it only for live sources (IPTV over HLS, UDP, RTSP, …), which never end by
  /// themselves: libVLC 3 cannot tell them apart from files (it even reports a live HLS window
  /// as a duration), so with a policy every end counts as a lost stream. Once the source
  /// played since ``play(_:)``, a stall (see ``stallTimeout``), an error or an end makes the
  /// player emit ``PlayerEvent/reconnecting(attempt:)``, wait the policy's delay with
  /// ``state`` at ``PlayerState/opening``, and open the media again (at the live edge). Once the stream progresses the
  /// attempt count starts again. When the attempts run out, the session fails with
  /// ``VLCError/playbackFailed(reason:)``. A reopen that stays opening past
  /// ``openingTimeout`` counts as a failed attempt.
  public var reconnectPolicy: ReconnectPolicy? {
    get { watch.reconnectPolicy }
    set { watch.reconnectPolicy = newValue }
  }

  // MARK: - Hooks called by the player

  /// Starts watching a new session (from `play`) or ends the watch (from `stop`). A reopen by
  /// the reconnect policy keeps its attempt count and the stall flag.
  func resetWatch() {
    let keepsChain = watch.reopening
    let now = ContinuousClock.now
    watch.reopening = false
    watch.opened = now
    watch.hasPlayed = false
    watch.lastProgress = now
    watch.lastReading = nil
    watch.stallHandled = false
    watch.reconnectAt = nil
    guard !keepsChain else { return }
    watch.established = false
    watch.attempts = 0
    if isStalled { isStalled = false }
  }

  /// Looks at a native event before ``apply(_:)`` does; `true` when the event was taken over
  /// (a live stream's end or error becomes a reconnect, an early end becomes a failure).
  func watchEvent(_ event: NativeEvent) -> Bool {
    switch event {
    case .playing:
      watch.hasPlayed = true
      watch.established = true
      watch.lastProgress = .now
      watch.lastReading = nil
      return false
    case .endReached:
      if canReconnect {
        scheduleReconnect(because: "the stream ended")
        return true
      }
      // A custom input that failed says why itself (see apply), however early it ended.
      if let early = earlyEndError(), currentMedia?.input?.failure == nil {
        fail(early)
        return true
      }
      return false
    case .error:
      guard canReconnect else { return false }
      scheduleReconnect(because: "libVLC reported an error")
      return true
    default:
      return false
    }
  }

  // MARK: - Checks

  /// Runs the time-based checks; returns the session and media to read progress from while
  /// playing.
  func checkSession() -> (UInt64, Media)? {
    let now = ContinuousClock.now
    if let due = watch.reconnectAt {
      if now >= due { reopen() }
      return nil
    }
    switch state {
    case .opening, .buffering:
      if !watch.hasPlayed, let limit = watch.openingTimeout, now - watch.opened >= limit {
        openingTimedOut(after: limit)
      }
      return nil
    case .playing:
      return currentMedia.map { (generation, $0) }
    default:
      watch.lastProgress = now  // paused or finished: nothing is expected to move
      return nil
    }
  }

  /// libVLC's input counters for `media`, read off the main actor.
  nonisolated static func readStatistics(of media: Media) async -> MediaStatistics? {
    media.statistics()
  }

  func applyProgress(_ statistics: MediaStatistics?, session: UInt64) {
    guard session == generation, state == .playing, watch.reconnectAt == nil else { return }
    let now = ContinuousClock.now
    let reading = ProgressReading(
      time: currentTime, demuxBytes: statistics?.demuxReadBytes ?? 0,
      decodedBlocks: (statistics?.decodedVideo ?? 0) + (statistics?.decodedAudio ?? 0))
    let previous = watch.lastReading
    watch.lastReading = reading
    if let previous, previous != reading {
      watch.lastProgress = now
      watch.stallHandled = false
      watch.attempts = 0
      if isStalled {
        isStalled = false
        emit(.recovered)
      }
      return
    }
    guard !watch.stallHandled, now - watch.lastProgress >= watch.stallTimeout else { return }
    watch.stallHandled = true
    if !isStalled {
      isStalled = true
      emit(.stalled)
    }
    if canReconnect {
      scheduleReconnect(because: "no progress for \(format(watch.stallTimeout))")
    }
  }

  /// The failure to report instead of a natural end, when playback ended far too early.
  func earlyEndError() -> VLCError? {
    guard let duration, duration > .zero, position < Player.earlyEndPosition else { return nil }
    let margin = max(earlyEndMinimumGap, duration / 10)
    guard duration - currentTime > margin else { return nil }
    return .playbackFailed(
      reason: "ended early at \(format(currentTime)) of \(format(duration))"
        + " (\(currentMedia?.mrl ?? "the media"))")
  }

  // MARK: - Reconnecting

  /// Whether a lost stream is reopened: a policy is set (the caller's word that the source is
  /// live) and the source played since the caller's `play`.
  var canReconnect: Bool {
    watch.reconnectPolicy != nil && (watch.established || watch.attempts > 0)
  }

  func scheduleReconnect(because cause: String) {
    guard let policy = watch.reconnectPolicy, watch.reconnectAt == nil else { return }
    guard watch.attempts < policy.maxAttempts else {
      let attempts = watch.attempts
      fail(
        .playbackFailed(
          reason: "lost the live stream \(currentMedia?.mrl ?? "") (\(cause)); "
            + "gave up after \(attempts) reconnect attempt\(attempts == 1 ? "" : "s")"))
      releaseNativeSession()
      return
    }
    watch.attempts += 1
    watch.reconnectAt = .now + policy.delay(beforeAttempt: watch.attempts)
    // The lost session's remaining events (Stopped after an end, …) must not show.
    generation += 1
    transition(to: .opening)
    emit(.reconnecting(attempt: watch.attempts))
  }

  func reopen() {
    watch.reconnectAt = nil
    guard let media = currentMedia else { return }
    watch.reopening = true
    try? play(media)  // cannot throw: the media already played on this player
  }

  func openingTimedOut(after limit: Duration) {
    let cause = "opening \(currentMedia?.mrl ?? "the media") took longer than \(format(limit))"
    if canReconnect {
      scheduleReconnect(because: cause)
    } else {
      fail(.timeout(cause))
      releaseNativeSession()
    }
  }

  /// Stops the native player without changing the observable state, closing its input and
  /// connections. Its later events belong to no session and are ignored.
  func releaseNativeSession() {
    generation += 1
    let session = generation
    let box = bridge.box
    native.async { player in
      stopInterruptingInput(player)  // a sequence input that never yields must not hold it
      box.generation.store(session, ordering: .releasing)
    }
  }
}

/// A duration as seconds with one decimal, such as "2.0 s".
private func format(_ duration: Duration) -> String {
  String(format: "%.1f s", duration.inSeconds)
}
