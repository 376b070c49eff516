// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// Plays one media into a stream-output chain on a private native player, and reports how the
/// session ended. The engine under ``Recording`` and ``StreamOutput``.
///
/// The player is a ``NativeSession``. Its events, the ticks and stop requests become
/// ``Signal``s; ``run(limit:watch:tick:onTick:onPlaying:)`` consumes them, decides when to end, and stops
/// the session, which closes the input and makes the muxer finish its file.
final class OutputSession: Sendable {
  /// How a session ended, and what it saw.
  struct Outcome: Sendable {
    enum Ending: Sendable, Equatable {
      /// The source ended, or reached the media's `:stop-time`.
      case sourceEnded
      /// The wall-clock limit passed.
      case limitReached
      /// ``OutputSession/requestStop(cancelled:)`` was called.
      case stopped
      /// ``OutputSession/requestStop(cancelled:)`` was called for a cancelled task.
      case cancelled
      /// libVLC reported an error (the source could not be opened or read, or the output
      /// could not be created).
      case failed
      /// The source delivered nothing for ``Watch/stallLimit``.
      case stalled
      /// ``Watch/vet`` refused the source's tracks.
      case refused(VLCError)
    }

    var ending: Ending
    /// The furthest playback time polled while the session ran; `nil` when libVLC reported
    /// none (live streams, or a file read faster than the polling).
    var mediaTime: Duration?
    /// Wall-clock time since playback started; zero when it never started.
    var elapsed: Duration
    /// Whether the source had any elementary stream (audio, video, subtitles) at all.
    var hadStreams: Bool
    /// Wall-clock time from the start of the run to the decision to end it.
    var ran: Duration = .zero
    /// The source's chapters, as libVLC listed them while it played.
    var chapters: [Chapter] = []
  }

  /// What a session checks on every tick, besides libVLC's events.
  struct Watch: Sendable {
    /// Ends the session with ``Outcome/Ending/stalled`` when the source delivers nothing (no
    /// byte read or demuxed, no playback time) for this long, counted from ``begin()``.
    var stallLimit: Duration?
    /// Called with the source's tracks each time libVLC lists a different set (from the
    /// first elementary stream on); an error ends the session with
    /// ``Outcome/Ending/refused(_:)``.
    var vet: (@Sendable ([Track]) -> VLCError?)?
    /// Called with the source's tracks and the time since playback started on each tick
    /// until it returns `true` (or ``gateLimit`` passes): the wall-clock `limit` counts from
    /// then (a live video's first keyframe). Blocks the session's loop while it runs.
    var gate: (@Sendable ([Track], Duration) -> Bool)?
  }

  /// How long ``Watch/gate`` may stay shut before the limit counts anyway.
  static let gateLimit: Duration = .seconds(30)

  /// How long ``run(limit:watch:tick:onTick:onPlaying:)`` waits for libVLC to close the input once it
  /// has decided to end: a read stalled inside libVLC can hold the stop for minutes. After
  /// this the session reports its outcome anyway; the native player finishes (and is
  /// released) whenever libVLC lets go.
  static let stopLimit: Duration = .seconds(3)

  /// Where a running session is, for progress reports.
  struct Snapshot: Sendable {
    var elapsed: Duration
    var mediaTime: Duration?
    /// Whether ``Watch/gate`` is still shut.
    var waiting = false
  }

  enum Signal: Sendable {
    case playing, paused, elementaryStream, ended, failed, tick
    case stop(cancelled: Bool)
  }

  /// The media being played, carrying the `:sout` option.
  let media: Media
  /// Whether every stream of the source is selected, also those it marks disabled (an MP4
  /// track without its enabled flag, to which libVLC 3's demuxer gives a priority that its
  /// `sout-all` mode does not select): the input starts paused, each listed stream is
  /// selected, and playback starts again from the start (or the media's `:start-time`; see
  /// ``selectEveryStream(_:from:)``).
  let selectsEveryStream: Bool
  private let session: NativeSession
  private let signals: SignalBox
  private let relay: Task<Void, Never>
  /// The source's chapters, read on the player's queue as soon as its streams are listed: a
  /// short file over a fast network ends (and libVLC frees them) moments later.
  private let chapters = ChapterList()

  /// Creates the native player; ``begin()`` starts playing `media`.
  init(media: Media, selectsEveryStream: Bool = false) {
    self.media = media
    self.selectsEveryStream = selectsEveryStream
    session = NativeSession(instance: media.instance)
    let signals = SignalBox()
    self.signals = signals
    let events = session.events()
    // Read on the player's queue, queued from libVLC's event thread as the input sets its
    // title (its chapters are known then) or lists a stream, until a read finds some: a task
    // would get to it after a short file over a fast network has ended.
    let (native, chapters) = (session.native, chapters)
    session.tap { event in
      switch event {
      case .title, .chapter, .tracksChanged:
        native.async { player in
          guard chapters.list.withLock({ $0.isEmpty }) else { return }
          let read = readNativeChapters(player)
          chapters.list.withLock { $0 = read }
        }
      default: break
      }
    }
    relay = Task {
      for await tagged in events {
        switch tagged.event {
        case .playing: signals.send(.playing)
        case .paused: signals.send(.paused)
        case .tracksChanged: signals.send(.elementaryStream)
        case .endReached: signals.send(.ended)
        case .error: signals.send(.failed)
        default: break
        }
      }
    }
  }

  /// Where `media` starts playing, in ms: its last `:start-time` option (seconds), or 0.
  static func startTime(of media: Media) -> Int64 {
    let option = media.options.last { $0.hasPrefix(":start-time=") || $0.hasPrefix("start-time=") }
    let seconds = option.flatMap { Double($0.split(separator: "=", maxSplits: 1).last ?? "") }
    return seconds.map { Int64(max($0, 0) * 1_000) } ?? 0
  }

  /// Starts playing the media into its output. Call it at most once.
  func begin() {
    if selectsEveryStream { media.addOption(":start-paused") }
    session.open(media)
  }

  deinit {
    relay.cancel()
    signals.finish()
    session.end()
  }

  /// Asks ``run(limit:watch:tick:onTick:onPlaying:)`` to end the session. Harmless once it has ended.
  func requestStop(cancelled: Bool = false) {
    signals.send(.stop(cancelled: cancelled))
  }

  /// Waits until the session ends, then stops the native player (which finishes the output)
  /// and reports how it ended. Call it exactly once.
  ///
  /// Returns at most ``stopLimit`` after the end was decided, even when libVLC is still
  /// closing a stalled input.
  ///
  /// - Parameters:
  ///   - limit: wall-clock time after playback starts at which to end, if any.
  ///   - watch: the stall limit and the track check.
  ///   - tick: how often `onTick` runs while the session is open.
  ///   - onTick: called with the session's progress, on a background task.
  ///   - onPlaying: called once, when libVLC first reports playing (its output was made
  ///     before the input opened).
  func run(
    limit: Duration?, watch: Watch = Watch(), tick: Duration = .milliseconds(250),
    onTick: @escaping @Sendable (Snapshot) -> Void = { _ in },
    onPlaying: @Sendable () -> Void = {}
  ) async -> Outcome {
    let signals = signals
    let ticker = Task {
      // Ticked: libVLC 3 sends no event while a stream output makes progress or stalls.
      while !Task.isCancelled {
        try? await Task.sleep(for: tick)
        signals.send(.tick)
      }
    }
    defer { ticker.cancel() }

    let clock = ContinuousClock()
    let began = clock.now
    var playingSince: ContinuousClock.Instant?
    var furthest: Int64 = 0
    var hadStreams = false
    var resumed = !selectsEveryStream
    var ending = Outcome.Ending.stopped
    var stall = StallWatch<NativeSession.Reading>(since: clock.now)
    var vetted: [Track]?
    // When the wall-clock limit starts counting: at playback, or once the gate opens.
    var countingSince: ContinuousClock.Instant?
    let (media, session) = (media, session)
    loop: for await signal in signals.stream {
      switch signal {
      case .playing:
        if playingSince == nil {
          playingSince = clock.now
          onPlaying()
        }
        if watch.gate == nil, countingSince == nil { countingSince = clock.now }
      case .paused where !resumed:
        // The input paused at its start (`:start-paused`), its streams listed.
        resumed = true
        let start = Self.startTime(of: media)
        session.native.async { selectEveryStream($0, from: start) }
      case .paused:
        break
      case .elementaryStream:
        hadStreams = true
      case .ended:
        ending = .sourceEnded
        break loop
      case .failed:
        ending = .failed
        break loop
      case .stop(let cancelled):
        ending = cancelled ? .cancelled : .stopped
        break loop
      case .tick:
        // libVLC 3's input holds 16 pending requests and drops the rest: one selection per
        // stream of a file with many could push out the request to play on.
        if selectsEveryStream, resumed {
          session.native.async {
            if libvlc_media_player_get_state($0) == libvlc_Paused {
              libvlc_media_player_set_pause($0, 0)
            }
          }
        }
        // Polled: libVLC sends few time events without a display, and none for its counters.
        let reading = await session.reading(of: media)
        furthest = max(furthest, reading.time)
        let elapsed = playingSince.map { clock.now - $0 } ?? .zero
        // Bounded even when the source never shows a stream: the limit opens the gate.
        if countingSince == nil, let gate = watch.gate, playingSince != nil,
          elapsed >= Self.gateLimit || (hadStreams && gate(media.readTracks(), elapsed))
        {
          countingSince = clock.now
        }
        onTick(
          Snapshot(
            elapsed: elapsed, mediaTime: furthest > 0 ? .milliseconds(furthest) : nil,
            waiting: watch.gate != nil && countingSince == nil))
        if let limit, let countingSince, clock.now - countingSince >= limit {
          ending = .limitReached
          break loop
        }
        if hadStreams, let vet = watch.vet {
          let tracks = media.readTracks()
          if tracks != vetted {
            vetted = tracks
            if let refusal = vet(tracks) {
              ending = .refused(refusal)
              break loop
            }
          }
        }
        if stall.observe(reading, at: clock.now, limit: watch.stallLimit) == .stalled {
          ending = .stalled
          break loop
        }
      }
    }
    let elapsed = playingSince.map { clock.now - $0 } ?? .zero
    let ran = clock.now - began
    // Stopping closes the input; the muxer then writes its index (MP4, Matroska) and closes the
    // file. Until this returns the output is incomplete.
    await session.stop(within: Self.stopLimit)
    session.end()
    signals.finish()
    return Outcome(
      ending: ending, mediaTime: furthest > 0 ? .milliseconds(furthest) : nil, elapsed: elapsed,
      hadStreams: hadStreams, ran: ran, chapters: chapters.list.withLock { $0 })
  }
}

/// Selects every audio, video and subtitle stream the paused input lists, and plays it again
/// from `start` (ms: its beginning, or its `:start-time`) when it can seek: libVLC 3's
/// demuxers read ahead while its output buffers, even paused, and a stream selected then
/// would miss what was read (the first quarter second of an MP4's disabled track). Call on
/// the player's queue.
private func selectEveryStream(_ player: OpaquePointer, from start: Int64) {
  for id in trackDescriptions(libvlc_audio_get_track_description(player)).map(\.id) {
    libvlc_audio_set_track(player, Int32(id))
  }
  for id in trackDescriptions(libvlc_video_get_track_description(player)).map(\.id) {
    libvlc_video_set_track(player, Int32(id))
  }
  for id in trackDescriptions(libvlc_video_get_spu_description(player)).map(\.id) {
    libvlc_video_set_spu(player, Int32(id))
  }
  if libvlc_media_player_is_seekable(player) != 0 {
    libvlc_media_player_set_time(player, start)
  }
  libvlc_media_player_set_pause(player, 0)
}

/// The chapters a session read, shared with the closure that reads them on the player's queue.
final class ChapterList: Sendable {
  let list = Mutex<[Chapter]>([])
}

/// The session's signal stream and its continuation.
final class SignalBox: Sendable {
  let stream: AsyncStream<OutputSession.Signal>
  private let continuation: AsyncStream<OutputSession.Signal>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: OutputSession.Signal.self)
  }

  /// Thread-safe and never blocks.
  func send(_ signal: OutputSession.Signal) { continuation.yield(signal) }

  func finish() { continuation.finish() }
}
