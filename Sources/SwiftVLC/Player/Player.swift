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
  /// The media's length, when known.
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
  /// The requested volume, 0…2 (1 is 100 %). libVLC's null and memory outputs read back 0,
  /// so the player reports what was asked for.
  public internal(set) var volume: Float = 1
  /// The playback rate (1 is normal speed).
  public internal(set) var rate: Float = 1
  /// The chapters of the current title.
  public internal(set) var chapters: [Chapter] = []
  /// The index of the current chapter, when the media has chapters.
  public internal(set) var currentChapter: Int?
  /// The titles of the current media.
  public internal(set) var titles: [Title] = []
  /// The A-B loop, when one is set.
  public internal(set) var abLoop: ClosedRange<Duration>?
  /// How the last playback session ended; `nil` while one is open.
  public internal(set) var outcome: PlaybackOutcome?
  /// The file being recorded to, while ``startRecording(to:container:)`` is in effect.
  public internal(set) var recordingPath: String?
  /// Whether playback has made no progress for ``stallTimeout`` while playing; see
  /// ``PlayerEvent/stalled`` and ``PlayerEvent/recovered``.
  public internal(set) var isStalled = false

  @ObservationIgnored var audioSelection: Track?
  @ObservationIgnored var subtitleSelection: Track?
  @ObservationIgnored var muteRequested = false
  @ObservationIgnored var audioOutputSettings = AudioOutputSettings()
  @ObservationIgnored var recording: PlayerRecording?
  @ObservationIgnored var video = VideoState()

  @ObservationIgnored let native: NativePlayer
  @ObservationIgnored let bridge: EventBridge
  @ObservationIgnored let publicEvents = Broadcaster<PlayerEvent>()
  @ObservationIgnored let tasks = TaskBag()
  /// How long ``stop()`` waits for libVLC to close the input before returning anyway.
  @ObservationIgnored public var stopTimeout: Duration = .seconds(10)
  /// The playback session the main actor accepts events from; bumped by play and stop.
  @ObservationIgnored var generation: UInt64 = 0
  @ObservationIgnored var pendingPause = false
  @ObservationIgnored var pendingSeek: Duration?
  @ObservationIgnored var lastPublishedTime: Duration?
  @ObservationIgnored var trackRefresh = (running: false, requestedAgain: false)
  /// Finds the ``Media`` of a native media that someone else (a ``MediaListPlayer``) set;
  /// called on the main actor once per adopted session, before the player shows it.
  @ObservationIgnored var mediaResolver: ((MediaIdentity) -> Media?)?
  @ObservationIgnored var watch = SessionWatch()
  /// Whether a read of the time is queued on the native player (see the tick task).
  @ObservationIgnored var isReadingTime = false

  /// Creates a player. Cheap; nothing plays until ``play(_:)``.
  public init(instance: VLCInstance = .shared) {
    self.instance = instance
    native = NativePlayer(instance: instance)
    bridge = EventBridge(player: native)
    let stream = bridge.box.broadcaster.subscribe()
    tasks.add(
      Task { [weak self] in
        for await tagged in stream {
          guard let self else { return }
          self.apply(tagged)
        }
      })
    tasks.add(makeTickTask())
  }

  /// The one task that reads the time every 100 ms (40 ms while an A-B loop runs) and runs the
  /// session checks every ``watchInterval``. The time is read in a task of its own, so a slow
  /// call on the player's queue delays neither the checks nor the next tick (a read still in
  /// flight is not doubled). Like the event task, it holds the player weakly and only between
  /// awaits, so neither keeps it alive.
  private func makeTickTask() -> Task<Void, Never> {
    Task { [weak self, native] in
      var lastWatch = ContinuousClock.now
      while !Task.isCancelled {
        let interval: Duration = self?.abLoop == nil ? .milliseconds(100) : .milliseconds(40)
        try? await Task.sleep(for: interval)
        if let self, !self.isReadingTime, let session = self.sessionToPoll() {
          self.isReadingTime = true
          Task { [weak self] in
            let time = await native.run { player in
              (libvlc_media_player_get_time(player), libvlc_media_player_get_position(player))
            }
            self?.isReadingTime = false
            self?.applyPoll(time: time.0, position: time.1, session: session)
          }
        }
        // Half a tick early rather than a whole tick late.
        guard ContinuousClock.now - lastWatch >= Player.watchInterval - interval / 2 else {
          continue
        }
        lastWatch = .now
        if let (session, media) = self?.checkSession() {
          let statistics = await Player.readStatistics(of: media)
          self?.applyProgress(statistics, session: session)
        }
      }
    }
  }

  // Teardown order (DESIGN.md): consumers first, then listeners, then the native player.
  deinit {
    tasks.cancelAll()
    bridge.invalidate()
    publicEvents.terminate()
    native.shutDown()
  }

  /// A new, independent stream of this player's events.
  ///
  /// Every access subscribes anew; each consumer sees every event from then on, in order.
  /// Unbounded buffering (time events are throttled to about 10 per second); the stream
  /// finishes when the player is dropped.
  public var events: AsyncStream<PlayerEvent> {
    publicEvents.subscribe(bufferingPolicy: .unbounded)
  }

  // MARK: - Applying native events

  func apply(_ tagged: TaggedEvent) {
    guard tagged.generation == generation else { return }
    if watchEvent(tagged.event) { return }
    switch tagged.event {
    case .opening:
      transition(to: .opening)
    case .buffering(let percent):
      bufferFill = min(max(percent / 100, 0), 1)
      emit(.bufferingProgress(bufferFill))
      if state == .opening { transition(to: .buffering) }
    case .playing:
      transition(to: .playing)
      applyPendingRequests()
      refreshTracks()
    case .paused:
      transition(to: .paused)
    case .stopped:
      // A natural end or a failure already said how the session ended.
      if state.isActive { transition(to: .stopped) }
    case .endReached:
      // libVLC 3 reads a failing custom input as a plain end of stream.
      if let failure = currentMedia?.input?.failure {
        fail(failure)
        return
      }
      if let duration { updateTime(duration, position: 1) }
      outcome = .ended
      transition(to: .ended)
      emit(.endReached)
    case .error:
      fail(
        currentMedia?.input?.failure
          ?? .playbackFailed(reason: "libVLC could not play \(currentMedia?.mrl ?? "the media")"))
    case .time(let milliseconds):
      updateTime(.milliseconds(max(milliseconds, 0)), position: nil)
    case .position(let value):
      if value.isFinite { updateTime(nil, position: Double(min(max(value, 0), 1))) }
    case .length(let milliseconds):
      let length: Duration? = milliseconds > 0 ? .milliseconds(milliseconds) : nil
      if length != duration {
        duration = length
        if let length { emit(.lengthChanged(length)) }
      }
    case .seekable(let value):
      isSeekable = value
      emit(.seekableChanged(value))
      if value { applyPendingRequests() }
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
      adoptSession(of: mediaResolver?(identity))
    }
  }

  /// Starts observing a session that a list player opened on the native player.
  func adoptSession(of media: Media?) {
    currentMedia = media
    video.frameSink?.setSource(media)
    resetSessionState()
    emit(.mediaChanged)
  }

  func transition(to newState: PlayerState) {
    endRecordingIfSessionEnds(entering: newState)
    guard newState != state else { return }
    state = newState
    emit(.stateChanged(newState))
  }

  func fail(_ error: VLCError) {
    guard state != .error else { return }
    outcome = .failed(error)
    transition(to: .error)
    emit(.encounteredError)
  }

  func emit(_ event: PlayerEvent) {
    publicEvents.broadcast(event)
  }

  /// Records a new time and/or position, publishing time at most ~10 times a second.
  func updateTime(_ time: Duration?, position newPosition: Double?) {
    if let newPosition, newPosition != position {
      position = newPosition
      emit(.positionChanged(newPosition))
    }
    guard let time, time != currentTime else { return }
    currentTime = time
    let last = lastPublishedTime ?? .seconds(-1)
    if time < last || time - last >= .milliseconds(100) {
      lastPublishedTime = time
      emit(.timeChanged(time))
    }
    enforceABLoop()
  }

  /// The session whose time should be polled now, if any. libVLC sends too few time events
  /// for smooth progress (MP4 sends about two per second).
  func sessionToPoll() -> UInt64? {
    state == .playing || state == .buffering ? generation : nil
  }

  func applyPoll(time: Int64, position: Float, session: UInt64) {
    guard session == generation, state == .playing || state == .buffering, time >= 0 else {
      return
    }
    updateTime(.milliseconds(time), position: position >= 0 ? Double(position) : nil)
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
