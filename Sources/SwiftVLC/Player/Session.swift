// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The rules of a ``Player``'s playback sessions, as a value: the phase a session is in, and
/// one function, ``handle(_:at:)``, that turns an input (a native event, a tick, a request)
/// into the effects the player performs (native calls, observable changes, events).
///
/// No I/O happens here and no clock is read: the caller passes `now`. Every rule of a session
/// lives in this file and ``SessionPhase``: transitions, the outcome, a pause or seek asked for
/// while opening, the stall watch, the opening timeout, the early-end check, the reconnect
/// policy, the stop (its callers, its time limit and the replacement of a native player it
/// leaves stuck), the A-B loop and the end of a recording with its session. ``Player`` and
/// ``MediaListPlayer`` only feed it and perform every effect it returns.
///
/// Native events carry the generation of the session they belong to; the session moves to a
/// new generation whenever the native player must be told to forget the old one (play, stop,
/// reconnect, give up), and events of any other generation are ignored.
struct Session {
  /// The limits of the watch, settable while a session runs.
  var settings = SessionSettings()
  /// Where the current session is.
  private(set) var phase: SessionPhase = .idle
  /// The generation native events must carry to count.
  private(set) var generation: UInt64 = 0
  /// The A-B loop of the current session.
  private(set) var abLoop: ClosedRange<Duration>?
  /// The generation of the session a recording is in effect on.
  private(set) var recording: UInt64?

  /// The player state the phase shows.
  var state: PlayerState { phase.state }

  /// Whether the player must tick: a session is opening, playing, reconnecting or stopping.
  var needsTicks: Bool {
    switch phase {
    case .opening, .active, .reconnecting, .stopping: true
    case .idle, .stopped, .finished: false
    }
  }

  /// Handles one input and returns the effects, in the order they must be performed.
  mutating func handle(_ input: SessionInput, at now: ContinuousClock.Instant) -> [SessionEffect] {
    let before = phase
    var effects: [SessionEffect] = []
    switch input {
    case .play(let source):
      // A stop that libVLC has not finished holds the native player: play on a fresh one.
      if case .stopping(let stopping) = phase, !stopping.isHandedOver {
        effects.append(.replaceNative)
      }
      generation += 1
      abLoop = nil
      // A download that may be a Matroska file: its server is asked first, at most 5 s.
      var opening = Opening(since: now, chain: Chain(source: source))
      opening.isAsking = ForwardReading.isWorthAsking(source)
      phase = .opening(opening)
      effects += [.resetTimeline, .outcome(nil), .stalled(false)]
      effects.append(opening.isAsking ? .ask(generation) : .open(generation))
    case .asked(let option, let asked):
      // Stopped, replaced or reopened meanwhile: the answer is for nobody.
      guard asked == generation, case .opening(var opening) = phase, opening.isAsking else {
        return []
      }
      opening.isAsking = false
      phase = .opening(opening)
      effects.append(.open(generation, option: option))
    case .adopt(let source):
      // A list player moved to its next item on the native player, under this generation.
      abLoop = nil
      phase = .opening(Opening(since: now, chain: Chain(source: source)))
      effects += [.resetTimeline, .outcome(nil), .stalled(false)]
    case .handOver:
      // The events of the current session must not count while a list player changes items.
      generation += 1
      if case .stopping(let stopping) = phase, !stopping.isHandedOver {
        // The list player opens its next item on a fresh native player. Should nothing open
        // there (the item left the list meanwhile), the stop ends at the time limit.
        phase = .stopping(
          Stopping(
            outcome: stopping.outcome, due: now + settings.stopTimeout, requests: [],
            isHandedOver: true))
        effects += [.replaceNative, .finishStops(stopping.requests)]
      }
    case .handOverFailed(let generation):
      guard generation == self.generation else { return [] }
      switch phase {
      case .stopping(let stopping) where stopping.isHandedOver:
        phase = .stopped(stopping.outcome)
      case .opening, .active, .reconnecting:
        phase = .stopped(.stopped)
        effects += [.outcome(.stopped), .stalled(false)]
      default:
        break
      }
    case .stop(let request):
      effects += stop(request, at: now)
    case .stopFinished(let generation):
      if generation == self.generation, case .stopping(let stopping) = phase {
        phase = .stopped(stopping.outcome)
      }
    case .native(let event, let generation):
      guard generation == self.generation else { return [] }
      effects += apply(event, at: now)
    case .pause:
      effects += pause()
    case .resume:
      effects += resume()
    case .togglePause:
      switch phase {
      case .opening(let opening) where opening.pendingPause: effects += resume()
      case .active(let active) where active.isPaused: effects += resume()
      default: effects += pause()
      }
    case .seek(let target, let seekable):
      effects += seek(to: target, seekable: seekable)
    case .abLoop(let loop, let time):
      abLoop = loop
      effects += [.showABLoop(loop)] + loopBack(at: time)
    case .timeShown(let time):
      effects += loopBack(at: time)
    case .recordingStarted:
      recording = generation
    case .recordingStopped:
      recording = nil
    case .tick:
      effects += tick(at: now)
    case .progress(let reading, let generation):
      guard generation == self.generation else { return [] }
      effects += progress(reading, at: now)
    }
    return stateEffects(from: before) + effects + stopEffects(from: before)
      + recordingEffects()
  }

  // MARK: - Requests

  private mutating func stop(_ request: StopRequest, at now: ContinuousClock.Instant)
    -> [SessionEffect]
  {
    let outcome: PlaybackOutcome
    switch phase {
    case .idle, .stopped: return [.finishStops([request])]
    case .stopping(var stopping):
      // A second caller joins the stop running; nothing of a replaced one runs any more.
      guard !stopping.isHandedOver else { return [.finishStops([request])] }
      stopping.requests.append(request)
      phase = .stopping(stopping)
      return []
    case .finished(let finished): outcome = finished
    case .opening, .active, .reconnecting: outcome = .stopped
    }
    generation += 1
    phase = .stopping(
      Stopping(outcome: outcome, due: now + settings.stopTimeout, requests: [request]))
    return [.outcome(outcome), .stalled(false), .stopNative(generation, request)]
  }

  private mutating func pause() -> [SessionEffect] {
    switch phase {
    case .opening(var opening):
      opening.pendingPause = true
      phase = .opening(opening)
      return []
    case .active(let active) where !active.isPaused:
      return [.setPause(true)]
    default:
      return []
    }
  }

  private mutating func resume() -> [SessionEffect] {
    switch phase {
    case .opening(var opening):
      opening.pendingPause = false
      phase = .opening(opening)
      return []
    case .active(let active) where active.isPaused:
      return [.setPause(false)]
    default:
      return []
    }
  }

  private mutating func seek(to target: SeekTarget, seekable: Bool) -> [SessionEffect] {
    switch phase {
    case .opening(var opening):
      opening.pendingSeek = target
      phase = .opening(opening)
      return []
    case .active(var active) where !seekable:
      active.pendingSeek = target
      phase = .active(active)
      return []
    case .active:
      return [.seek(target)]
    default:
      return []
    }
  }

  /// Removes the A-B loop of a media that turned out not to seek (a live source): it could
  /// never jump back.
  private mutating func clearABLoop() -> [SessionEffect] {
    guard abLoop != nil else { return [] }
    abLoop = nil
    return [.showABLoop(nil)]
  }

  /// Jumps back to the loop's start when playback reached its end.
  private mutating func loopBack(at time: Duration) -> [SessionEffect] {
    guard let loop = abLoop, time >= loop.upperBound, case .active = phase else { return [] }
    return seek(to: .time(loop.lowerBound), seekable: true)
  }

  // MARK: - Native events

  private mutating func apply(_ event: SessionEvent, at now: ContinuousClock.Instant)
    -> [SessionEffect]
  {
    switch (event, phase) {
    case (.buffering, .opening(var opening)):
      opening.isBuffering = true
      phase = .opening(opening)
      return []
    case (.playing(let seekable), .opening(let opening)):
      var active = Active(since: now, chain: opening.chain)
      active.chain.isEstablished = true
      var effects: [SessionEffect] = []
      if let target = opening.pendingSeek {
        if seekable { effects.append(.seek(target)) } else { active.pendingSeek = target }
      }
      if opening.pendingPause { effects.append(.setPause(true)) }
      phase = .active(active)
      return effects + (seekable ? [] : clearABLoop()) + [.playbackStarted]
    case (.playing, .active(var active)):
      active.isPaused = false
      active.watch.restart(at: now)
      phase = .active(active)
      return []
    case (.paused, .active(var active)):
      active.isPaused = true
      phase = .active(active)
      return []
    case (.seekable(false), .active):
      return clearABLoop()
    case (.seekable(true), .active(var active)):
      guard let target = active.pendingSeek else { return [] }
      active.pendingSeek = nil
      phase = .active(active)
      return [.seek(target)]
    case (.stopped, .opening), (.stopped, .active):
      phase = .stopped(.stopped)
      return [.outcome(.stopped)]
    case (.ended(let evidence), .opening(let opening)):
      return ended(evidence, chain: opening.chain, at: now)
    case (.ended(let evidence), .active(let active)):
      return ended(evidence, chain: active.chain, at: now)
    case (.failed(let error), .opening(let opening)):
      return lost(chain: opening.chain, cause: "libVLC reported an error", at: now)
        ?? fail(error ?? .playbackFailed(reason: "libVLC could not play \(opening.chain.source)"))
    case (.failed(let error), .active(let active)):
      return lost(chain: active.chain, cause: "libVLC reported an error", at: now)
        ?? fail(error ?? .playbackFailed(reason: "libVLC could not play \(active.chain.source)"))
    default:
      return []
    }
  }

  private mutating func ended(
    _ evidence: EndEvidence, chain: Chain, at now: ContinuousClock.Instant
  )
    -> [SessionEffect]
  {
    if let failure = evidence.inputFailure { return fail(failure) }
    if let reconnect = lost(chain: chain, cause: "the stream ended", at: now) { return reconnect }
    if let early = evidence.earlyEndError(source: chain.source) {
      return fail(evidence.networkFailure ?? early)
    }
    phase = .finished(.ended)
    return [.outcome(.ended), .reachedEnd]
  }

  private mutating func fail(_ error: VLCError) -> [SessionEffect] {
    phase = .finished(.failed(error))
    return [.outcome(.failed(error)), .emit(.encounteredError)]
  }

  // MARK: - Time

  private mutating func tick(at now: ContinuousClock.Instant) -> [SessionEffect] {
    switch phase {
    case .stopping(let stopping) where now >= stopping.due:
      phase = .stopped(stopping.outcome)
      // A list player's item that never opened on the fresh native player: nothing to replace.
      guard !stopping.isHandedOver else { return [] }
      // libVLC is stuck in the input: move on without the native player. Its stop returns
      // whenever libVLC lets go, with a generation that no longer counts.
      return [.replaceNative]
    case .reconnecting(let reconnecting) where now >= reconnecting.due:
      generation += 1
      phase = .opening(Opening(since: now, chain: reconnecting.chain))
      return [.open(generation)]
    case .opening(let opening):
      guard let limit = settings.openingTimeout, now - opening.since >= limit else { return [] }
      let cause = "opening \(opening.chain.source) took longer than \(formatSeconds(limit))"
      if let retry = lost(chain: opening.chain, cause: cause, at: now) { return retry }
      // Nothing came in time: the reason a stalled server gets in every path.
      let effects = fail(.sourceFailed(.timeout, source: opening.chain.source))
      generation += 1
      return effects + [.releaseNative(generation)]
    case .active(var active) where active.isPaused:
      active.watch.hold(at: now)  // nothing is expected to move while paused
      phase = .active(active)
      return []
    case .active:
      return [.readProgress(generation)]
    default:
      return []
    }
  }

  private mutating func progress(_ reading: ProgressReading, at now: ContinuousClock.Instant)
    -> [SessionEffect]
  {
    guard case .active(var active) = phase, !active.isPaused else { return [] }
    let verdict = active.watch.observe(reading, at: now, limit: settings.stallTimeout)
    if case .progressed = verdict {
      let wasStalled = active.chain.isStalled
      active.chain.isStalled = false
      active.chain.attempts = 0
      phase = .active(active)
      return wasStalled ? [.stalled(false), .emit(.recovered)] : []
    }
    guard verdict == .stalled else {
      phase = .active(active)
      return []
    }
    let wasStalled = active.chain.isStalled
    active.chain.isStalled = true
    phase = .active(active)
    let cause = "no progress for \(formatSeconds(settings.stallTimeout))"
    let reconnect = lost(chain: active.chain, cause: cause, at: now) ?? []
    return (wasStalled ? [] : [.stalled(true), .emit(.stalled)]) + reconnect
  }

  // MARK: - Reconnecting

  /// Schedules a reopen of a lost live stream, or gives up; `nil` when no policy applies
  /// (no policy, or the source never played since the caller's `play`).
  private mutating func lost(chain: Chain, cause: String, at now: ContinuousClock.Instant)
    -> [SessionEffect]?
  {
    guard let policy = settings.reconnectPolicy, chain.isEstablished || chain.attempts > 0
    else { return nil }
    generation += 1
    guard chain.attempts < policy.maxAttempts else {
      let attempts = chain.attempts
      let error = VLCError.playbackFailed(
        reason:
          "lost the live stream \(chain.source) (\(cause)); gave up after \(attempts) reconnect attempt"
          + (attempts == 1 ? "" : "s"))
      return fail(error) + [.releaseNative(generation)]
    }
    var next = chain
    next.attempts += 1
    phase = .reconnecting(
      Reconnecting(due: now + policy.delay(beforeAttempt: next.attempts), chain: next))
    return [.emit(.reconnecting(attempt: next.attempts))]
  }

  /// Lets the callers of a stop go once the session left the stop, whichever way.
  private func stopEffects(from before: SessionPhase) -> [SessionEffect] {
    guard case .stopping(let stopping) = before, !stopping.requests.isEmpty else { return [] }
    if case .stopping = phase { return [] }
    return [.finishStops(stopping.requests)]
  }

  /// Ends a recording when its session ends: on a new session (play, stop, reopen) or when
  /// it ends or fails.
  private mutating func recordingEffects() -> [SessionEffect] {
    guard let recorded = recording else { return [] }
    let sameSession = recorded == generation
    guard !sameSession || phase.state == .ended || phase.state == .error else { return [] }
    recording = nil
    return [.endRecording(closeInput: sameSession)]
  }

  /// The observable state change, when the phase shows another state than before.
  private func stateEffects(from before: SessionPhase) -> [SessionEffect] {
    before.state == phase.state ? [] : [.state(phase.state)]
  }
}
