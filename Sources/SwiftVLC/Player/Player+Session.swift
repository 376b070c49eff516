// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

extension Player {
  /// How often the session's checks run while a session is open.
  static let watchInterval: Duration = .milliseconds(250)

  /// How long a session may stay opening or buffering before its first picture or sound.
  ///
  /// When it runs out, the session fails with ``VLCError/sourceFailed(_:source:)`` and
  /// ``FailureReason/timeout`` (the reason a stalled server gets from every path), and the
  /// native player is stopped, which closes its connections. libVLC 3 itself never gives up on some sources:
  /// a server that asks for a password with no dialog handler installed leaves it opening
  /// forever. `nil` waits forever. Default: 30 s; values below 0.1 s count as 0.1 s. Read when
  /// checked (four times a second), so a change applies to the current session too.
  public var openingTimeout: Duration? {
    get { core.session.settings.openingTimeout }
    set { core.session.settings.openingTimeout = newValue.map { max($0, .milliseconds(100)) } }
  }

  /// How long playback may make no progress while ``PlayerState/playing`` before it counts as
  /// stalled.
  ///
  /// Progress is the time advancing, or libVLC's input counters (bytes demuxed, blocks
  /// decoded) growing: a live stream's time stays 0 in libVLC 3. A stall sets ``isStalled`` and
  /// emits ``PlayerEvent/stalled``; libVLC 3 itself keeps reporting Playing, with the time
  /// frozen, when a source stops sending. Default: 5 s; values below 0.5 s count as 0.5 s.
  public var stallTimeout: Duration {
    get { core.session.settings.stallTimeout }
    set { core.session.settings.stallTimeout = max(newValue, .shortestStallLimit) }
  }

  /// Reopens a live source that stalls, fails or ends; `nil` (the default) never reopens.
  ///
  /// Set it only for live sources (IPTV over HLS, UDP, RTSP, …), which never end by
  /// themselves: libVLC 3 cannot tell them apart from files (it even reports a live HLS window
  /// as a duration), so with a policy every end counts as a lost stream. Once the source
  /// played since ``play(_:)``, a stall (see ``stallTimeout``), an error or an end makes the
  /// player emit ``PlayerEvent/reconnecting(attempt:)``, wait the policy's delay with
  /// ``state`` at ``PlayerState/opening``, and open the media again (at the live edge). Once
  /// the stream progresses the attempt count starts again. When the attempts run out, the
  /// session fails with ``VLCError/playbackFailed(reason:)``. A reopen that stays opening past
  /// ``openingTimeout`` counts as a failed attempt.
  public var reconnectPolicy: ReconnectPolicy? {
    get { core.session.settings.reconnectPolicy }
    set { core.session.settings.reconnectPolicy = newValue }
  }

  // MARK: - Performing the session's effects

  /// How long ``stop()`` waits for libVLC to close the input before it gives the native player
  /// up (see ``stop()``). Default: 10 s. Read when a stop starts; checked four times a second.
  public var stopTimeout: Duration {
    get { core.session.settings.stopTimeout }
    set { core.session.settings.stopTimeout = max(newValue, .zero) }
  }

  /// Performs what the session decided, in order, every effect.
  func perform(_ effects: [SessionEffect]) {
    for effect in effects {
      switch effect {
      case .state(let newState):
        state = newState
        emit(.stateChanged(newState))
      case .outcome(let newOutcome):
        if outcome != newOutcome { outcome = newOutcome }
        if newOutcome != nil { core.diagnosis = nil }
      case .stalled(let stalled):
        if isStalled != stalled { isStalled = stalled }
      case .emit(let event):
        emit(event)
      case .resetTimeline:
        resetTimeline()
      case .ask(let generation):
        guard let media = currentMedia else { break }
        core.asking = (generation, media)
        // At most half the opening limit: libVLC's own opening gets the rest.
        let limit = openingTimeout.map { $0 / 2 } ?? ForwardReading.askTimeout
        Task { [weak self] in
          let option = await ForwardReading.option(for: media.mrl, within: limit)
          self?.feed(.asked(option: option, generation))
        }
      case .open(let generation, let option):
        let asked = core.asking.flatMap { $0.generation == generation ? $0.media : nil }
        core.asking = nil
        guard let media = asked ?? currentMedia else { break }
        if let option { media.addOption(option) }
        core.diagnosis = LogWitness(instance: instance, source: media.mrl)
        engine.open(media, generation: generation)
      case .stopNative(let generation, let request):
        stopNative(generation, request)
      case .finishStops(let requests):
        for request in requests { request.waiter.finish() }
      case .replaceNative:
        replaceNativePlayer()
      case .releaseNative(let generation):
        // Its later events belong to no session and are ignored.
        engine.close(generation: generation)
      case .setPause(let paused):
        if paused { native.interruptAudioWait() }
        native.async { libvlc_media_player_set_pause($0, paused ? 1 : 0) }
      case .seek(let target):
        seekNative(to: target)
      case .showABLoop:
        // The session holds the loop; observers learn it changed.
        withMutation(keyPath: \.abLoop) {}
      case .endRecording(let closeInput):
        endRecording(closingInput: closeInput)
      case .readProgress(let generation):
        readProgress(generation)
      case .playbackStarted:
        refreshTracks()
      case .reachedEnd:
        if let duration { updateTime(duration, position: 1) }
        emit(.endReached)
      }
    }
    updateTicking()
  }

  /// Runs a caller's native stop on the player's queue; the events after it carry
  /// `generation`. The session learns when it returned, however late.
  private func stopNative(_ generation: UInt64, _ request: StopRequest) {
    let box = bridge.box
    let native = self.native
    native.interruptAudioWait()
    Task { [weak self] in
      await native.run { player in
        native.withCustomInputInterrupted { request.stopNative(player) }
        box.generation.store(generation, ordering: .releasing)
      }
      self?.feed(.stopFinished(generation))
    }
  }

  /// Sends a seek to libVLC. A time seek shows its target at once (libVLC reads it back at
  /// once too); a position seek shows nothing until playback reports where it got.
  private func seekNative(to target: SeekTarget) {
    native.interruptAudioWait()
    switch target {
    case .time(let time):
      let milliseconds = time.milliseconds
      native.async { libvlc_media_player_set_time($0, milliseconds) }
      updateTime(time, position: duration.map { $0 > .zero ? time / $0 : 0 }, isJump: true)
    case .position(let position):
      // libVLC's position, of its own length (``PlayerCore/positionScale``).
      let fraction = Float(min(position / core.positionScale, 1))
      native.async { libvlc_media_player_set_position($0, fraction) }
    }
  }

  /// Clears what belongs to one session.
  private func resetTimeline() {
    currentTime = .zero
    core.positionScale = 1
    core.positionsAreBytes = false
    core.publication.startSession()
    core.timeReading.readAt = nil
    core.timeReading.isHoldingStart = false
    position = 0
    duration = nil
    isSeekable = false
    isPausable = false
    bufferFill = 0
    audioTracks = []
    videoTracks = []
    subtitleTracks = []
    chapters = []
    titles = []
    core.trackReading.detailRereads = 0
    core.trackReading.undescribedSince = nil
    currentTitle = nil
    currentChapter = nil
    withMutation(keyPath: \.abLoop) {}  // the session cleared it
    setAudioSelection(nil)
    setSubtitleSelection(nil)
    setVideoSelection(nil)
  }

  // MARK: - Ticking

  /// Runs the tick task while the session needs it, and no task at all otherwise: an idle
  /// player costs no wake-ups.
  private func updateTicking() {
    if core.session.needsTicks {
      if core.tickTask == nil { core.tickTask = makeTickTask() }
    } else if let task = core.tickTask {
      task.cancel()
      core.tickTask = nil
    }
  }

  /// Reads the time every 100 ms (40 ms while an A-B loop runs) and feeds the session a tick
  /// every ``watchInterval``. The time is read in a task of its own, so a slow call on the
  /// player's queue delays neither the checks nor the next tick. Holds the player weakly and
  /// only between sleeps.
  private func makeTickTask() -> Task<Void, Never> {
    Task { [weak self] in
      var lastWatch = ContinuousClock.now
      while !Task.isCancelled {
        let interval: Duration = self?.abLoop == nil ? .milliseconds(100) : .milliseconds(40)
        // Polled: libVLC 3 sends about two time events a second (MP4), and none for a stall
        // or a time limit running out.
        try? await Task.sleep(for: interval)
        guard let self, !Task.isCancelled else { return }
        self.pollTime()
        // Half a tick early rather than a whole tick late.
        guard ContinuousClock.now - lastWatch >= Player.watchInterval - interval / 2 else {
          continue
        }
        lastWatch = .now
        self.feed(.tick)
      }
    }
  }

  /// Reads the time while playing: libVLC sends too few time events for smooth progress (MP4
  /// sends about two per second).
  private func pollTime() {
    // Not while opening (buffering included): libVLC can be playing before the main actor
    // has handled its Playing event, and a seek asked for while opening is not applied yet,
    // so a time read then is not yet the session's.
    guard state == .playing, !core.timeReading.isReading else { return }
    core.timeReading.isReading = true
    let session = generation
    let native = self.native
    Task { [weak self] in
      let reading = await native.run { player in
        (
          libvlc_media_player_get_time(player), libvlc_media_player_get_position(player),
          ContinuousClock.now
        )
      }
      guard let self else { return }
      self.core.timeReading.isReading = false
      guard session == self.generation, self.state == .playing, reading.0 >= 0
      else { return }
      self.updateTime(
        .milliseconds(reading.0),
        position: reading.1 >= 0 ? self.position(native: Double(reading.1)) : nil,
        readAt: reading.2)
    }
  }

  /// Reads libVLC's input counters off the main actor and feeds them to the session. Not
  /// while a disc menu shows: a DVD menu is often a still picture that waits for a key, no
  /// stall (the next title's readings then count as progress).
  private func readProgress(_ generation: UInt64) {
    guard let media = countedMedia else { return }
    if let title = currentTitle, titles.indices.contains(title), titles[title].isMenu { return }
    Task { [weak self] in
      let statistics = await Player.readStatistics(of: media)
      guard let self else { return }
      let reading = ProgressReading(
        time: self.currentTime, demuxBytes: statistics?.demuxReadBytes ?? 0,
        decodedBlocks: (statistics?.decodedVideo ?? 0) + (statistics?.decodedAudio ?? 0))
      self.feed(.progress(reading, generation))
    }
  }

  /// libVLC's input counters for `media`, read off the main actor.
  nonisolated static func readStatistics(of media: Media) async -> MediaStatistics? {
    media.statistics()
  }
}
