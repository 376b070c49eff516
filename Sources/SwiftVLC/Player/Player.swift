// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Observation
import Synchronization

/// Plays one media at a time, with its state observable on the main actor.
///
/// Every property is kept up to date from libVLC's events (and, where libVLC 3 sends none, by
/// polling about ten times a second while playing). Every call returns at once: work that can
/// block in libVLC (opening, stopping, seeking, track changes) runs on a serial queue owned by
/// the player, never on the main actor. Dropping the player stops and releases everything.
///
/// ```swift
/// let player = Player()
/// try player.play(url: URL(fileURLWithPath: "/tmp/clip.mkv"))
/// for await event in player.events { print(event) }
/// ```
@MainActor @Observable
public final class Player {
  /// The instance this player belongs to.
  @ObservationIgnored public let instance: VLCInstance

  /// The current state; see ``PlayerState``.
  public internal(set) var state: PlayerState = .idle
  /// The playback time.
  public internal(set) var currentTime: Duration = .zero
  /// The media's length, when known: libVLC's, or, for a media parsed before it played
  /// (``Media/parse(timeout:network:depth:)``), the parse's, which a probe shows too (libVLC 3
  /// estimates an MPEG-TS's from its first clock reference: 4.660 s where the parse and
  /// ffprobe measure 4.029 s); ``position`` is then of that length too.
  public internal(set) var duration: Duration?
  /// The playback position, 0…1.
  public internal(set) var position: Double = 0
  /// Whether ``seek(to:)`` can work on the current media.
  public internal(set) var isSeekable = false
  /// Whether ``pause()`` can work on the current media.
  public internal(set) var isPausable = false
  /// How full the input buffer is, 0…1.
  public internal(set) var bufferFill: Float = 0
  /// The media being played, if any.
  public internal(set) var currentMedia: Media?
  /// The audio tracks of the current media (without libVLC's "Disable" entry).
  public internal(set) var audioTracks: [Track] = []
  /// The video tracks of the current media.
  public internal(set) var videoTracks: [Track] = []
  /// The subtitle tracks of the current media (without libVLC's "Disable" entry).
  public internal(set) var subtitleTracks: [Track] = []
  /// The chapters of the current title, still listed after the session ended. libVLC lists
  /// them only while its input runs: for a local file played with every stream turned off
  /// (an instance without outputs reads it in milliseconds) they can be the file's own
  /// chapter table, as a probe reads it, set just after the end.
  public internal(set) var chapters: [Chapter] = []
  /// The index of the current chapter, when the media has chapters.
  public internal(set) var currentChapter: Int?
  /// The titles of the current media.
  public internal(set) var titles: [Title] = []
  /// The index in ``titles`` of the title playing, when the media has titles. On a DVD it
  /// is a menu title (``Title/isMenu``) while a menu shows.
  public internal(set) var currentTitle: Int?
  /// How the last playback session ended; `nil` while one is open.
  public internal(set) var outcome: PlaybackOutcome?
  /// Whether playback has made no progress for ``stallTimeout`` while playing; see
  /// ``PlayerEvent/stalled`` and ``PlayerEvent/recovered``.
  public internal(set) var isStalled = false

  /// Everything asked of the native player that outlives a session, as one value.
  @ObservationIgnored var settings = PlayerSettings()
  /// The native player with its events; replaced by a fresh one when a stop cannot finish
  /// (see ``stop()``).
  @ObservationIgnored var engine: NativeSession
  @ObservationIgnored let publicEvents = Broadcaster<PlayerEvent>()
  @ObservationIgnored let tasks = TaskBag()
  /// The session rules and the player's bookkeeping (see ``PlayerCore``).
  @ObservationIgnored var core = PlayerCore()

  /// The generation native events must carry to count.
  var generation: UInt64 { core.session.generation }
  /// The current native player.
  var native: NativePlayer { engine.native }
  /// The current native player's event listeners.
  var bridge: EventBridge { engine.bridge }

  /// Creates a player. Cheap; nothing plays until ``play(_:)``.
  public init(instance: VLCInstance = .shared) {
    self.instance = instance
    engine = NativeSession(instance: instance)
    tasks.add(makeEventTask())
    applyInitialAudioPacing()
  }

  /// The task that applies the native player's events, holding the player weakly and only
  /// between events, so it never keeps the player alive.
  func makeEventTask() -> Task<Void, Never> {
    let stream = engine.events()
    return Task { [weak self] in
      for await tagged in stream {
        guard let self else { return }
        self.apply(tagged)
      }
    }
  }

  // Teardown order (DESIGN.md): consumers first, then listeners, then the native player.
  isolated deinit {
    tasks.cancelAll()
    core.tickTask?.cancel()
    engine.end()
    publicEvents.terminate()
  }

  /// A new, independent stream of this player's events.
  ///
  /// Every access subscribes anew; each consumer sees every event from then on, in order.
  /// Unbounded buffering; time and position events are throttled to about 10 per second
  /// each, so a consumer that does not read for a while holds about 20 events a second of
  /// playback. The stream finishes when the player is dropped.
  public var events: AsyncStream<PlayerEvent> {
    publicEvents.subscribe(bufferingPolicy: .unbounded)
  }

  // MARK: - Applying native events

  /// The player's position for libVLC's `value` (0…1 of its own length).
  func position(native value: Double) -> Double {
    min(max(value * core.positionScale, 0), 1)
  }

  func apply(_ tagged: TaggedEvent) {
    if case .barrier(let id) = tagged.event {
      core.barriers.pending.removeValue(forKey: id)?()
      return
    }
    guard tagged.generation == generation else { return }
    switch tagged.event {
    case .opening:
      // libVLC 3 keeps the delays on the input and resets them with each media.
      apply(PlayerSettings.Setting.input)
    case .buffering(let percent):
      bufferFill = min(max(percent / 100, 0), 1)
      emit(.bufferingProgress(bufferFill))
      feed(.native(.buffering, tagged.generation))
    case .playing:
      feed(.native(.playing(seekable: isSeekable), tagged.generation))
    case .paused:
      feed(.native(.paused, tagged.generation))
    case .stopped:
      concludePendingEnd(generation: tagged.generation)
      feed(.native(.stopped, tagged.generation))
    case .endReached:
      concludeEnd(generation: tagged.generation)
    case .error:
      feed(.native(.failed(currentMedia?.input?.failure ?? diagnosedFailure()), tagged.generation))
    case .time(let milliseconds, let sent):
      updateTime(.milliseconds(max(milliseconds, 0)), position: nil, readAt: sent)
    case .position(let value):
      if value.isFinite { updateTime(nil, position: position(native: Double(value))) }
    case .length(let milliseconds):
      let native: Duration? = milliseconds > 0 ? .milliseconds(milliseconds) : nil
      // A parsed media's length is its parse's, as a probe says: libVLC 3 estimates some (an
      // MPEG-TS's from its first clock reference, up to a second early: 4.660 s of 4.029 s),
      // and gives none for a local file whose index it lacks (an AVI cut before its `idx1`,
      // whose headers declare 6.040 s).
      let parsed =
        native != nil || currentMedia?.isLocalFile == true ? currentMedia?.parsedDuration : nil
      let length = parsed ?? native
      core.positionScale = native.flatMap { native in parsed.map { native / $0 } } ?? 1
      core.positionsAreBytes = native == nil && parsed != nil
      if length != duration {
        duration = length
        if let length { emit(.lengthChanged(length)) }
      }
    case .seekable(let value):
      isSeekable = value
      emit(.seekableChanged(value))
      feed(.native(.seekable(value), tagged.generation))
    case .pausable(let value):
      isPausable = value
      emit(.pausableChanged(value))
    case .tracksChanged:
      refreshTracks()
    case .videoOutputs(let count):
      if count > 0 { reapplyVideoSettings() }
      emit(.videoOutputsChanged(count))
    case .snapshot(let path):
      emit(.snapshotTaken(path))
    case .chapter(let index):
      currentChapter = index
      emit(.chapterChanged(index))
    case .title(let index):
      currentTitle = index
      emit(.titleChanged(index))
      refreshTracks()
    case .scrambled(let value):
      emit(.scrambledChanged(value))
    case .corked:
      emit(.corked)
    case .uncorked:
      emit(.uncorked)
    case .muted, .unmuted, .volume:
      break  // the player reports what was requested; null outputs read back wrong values
    case .audioDevice(let device):
      emit(.audioDeviceChanged(device))
    case .mediaChanged(let identity):
      // play(_:) tags the session after its own set_media, so a change that carries the
      // current generation was made by someone else: a list player moving on.
      adoptSession(of: core.mediaResolver?(identity))
    case .barrier:
      break  // handled above
    }
  }

  /// Runs `body` once the player has applied every native event it received before this
  /// call (a list player's end comes after the player's change to the last item).
  func afterReceivedEvents(_ body: @escaping @MainActor () -> Void) {
    core.barriers.next += 1
    core.barriers.pending[core.barriers.next] = body
    bridge.box.send(.barrier(core.barriers.next))
  }

  /// Starts observing a session that a list player opened on the native player.
  func adoptSession(of media: Media?) {
    currentMedia = media
    native.adopt(media)
    core.frameSink?.setSource(media)
    feed(.adopt(source: media?.mrl ?? "the list item"))
    emit(.mediaChanged)
  }

  /// Hands `input` to the session and performs what it returns.
  func feed(_ input: SessionInput) {
    perform(core.session.handle(input, at: .now))
  }

  /// Publishes `event`, unless it repeats the value its kind last published (or comes
  /// within a time or position event's throttle).
  func emit(_ event: PlayerEvent) {
    guard core.publication.admits(event) else { return }
    publicEvents.broadcast(event)
  }

  /// Shows `time` for a session just opened with `:start-time` there, until libVLC reads a
  /// time past 0 (it reads 0 until its input has jumped). `length` is the media's duration.
  func holdStartTime(_ time: Duration, duration length: Duration?) {
    guard time > .zero else { return }
    updateTime(time, position: length.map { $0 > .zero ? time / $0 : 0 }, isJump: true)
    core.timeReading.isHoldingStart = true
  }

  /// Records a new time and/or position, publishing each at most ~10 times a second (and
  /// always when it goes back, as after a seek). `readAt` is when the time was read from
  /// libVLC: libVLC's time events and the player's own readings reach the main actor by two
  /// ways, so a reading older than the time already shown is dropped (it moved the time back
  /// by up to a second on a busy main actor). `isJump` marks the target of a seek or a
  /// chapter change the caller asked for.
  func updateTime(
    _ time: Duration?, position newPosition: Double?, readAt: ContinuousClock.Instant = .now,
    isJump: Bool = false
  ) {
    if core.timeReading.isHoldingStart {
      // Until libVLC reads a time past 0, its zero times and positions are not the session's.
      guard isJump || (time ?? .zero) > .zero else { return }
      core.timeReading.isHoldingStart = false
    }
    if time != nil {
      if let shown = core.timeReading.readAt, readAt < shown { return }
      core.timeReading.readAt = readAt
    }
    if let newPosition, newPosition != position {
      position = newPosition
      emit(.positionChanged(newPosition))
    }
    guard let time, time != currentTime else { return }
    currentTime = time
    emit(.timeChanged(time))
    feed(.timeShown(time))
  }
}

/// Resumes one waiter exactly once, whichever of several parties calls ``finish()`` first.
final class StopWaiter: Sendable {
  private let state = Mutex<(finished: Bool, continuation: CheckedContinuation<Void, Never>?)>(
    (false, nil))

  /// Suspends until ``finish()`` has been called (at once if it already was).
  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state in
        if state.finished { return true }
        state.continuation = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Lets the waiter go; later calls do nothing.
  func finish() {
    let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.finished else { return nil }
      state.finished = true
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume()
  }
}

/// The player's long-running tasks, cancellable from `deinit`.
final class TaskBag: Sendable {
  private let tasks = Mutex<[Task<Void, Never>]>([])

  func add(_ task: Task<Void, Never>) { tasks.withLock { $0.append(task) } }

  func cancelAll() {
    for task in tasks.withLock({ $0 }) { task.cancel() }
  }
}
