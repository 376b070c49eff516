// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// How a seek lands.
public enum SeekMode: Sendable, Equatable {
  /// Playback resumes at the requested time: libVLC decodes from the keyframe before it and
  /// shows nothing earlier. libVLC 3's default.
  case precise
  /// Playback resumes at the keyframe at or before the requested time, which can be seconds
  /// earlier; cheaper on long keyframe intervals. libVLC 3 decides this when an input opens
  /// (the `input-fast-seek` option), not per seek: a fast seek needs the media opened with
  /// ``Media/preferFastSeeking()`` (or an instance made with `--input-fast-seek`).
  case fast
}

extension Player {
  /// Jumps to `time` and returns once playback runs from there.
  ///
  /// libVLC 3 has no seek-completion event, and reads back the requested time as soon as it
  /// is asked. The player waits for the input to take the seek (its buffering restarts),
  /// then, while playing, for libVLC's clock to move on from the landing point: the first
  /// time libVLC reports after the seek. libVLC reports its time about four times a second,
  /// so that reading is up to about 300 ms past where playback resumed; it is what libVLC
  /// reported, however late a busy caller sees it. A paused player has landed once the input
  /// has taken the seek; it stays paused, on the new picture. On local files a playing seek
  /// takes 0.3–0.5 s. A seek asked for while opening waits for playback to start.
  ///
  /// - Parameters:
  ///   - time: where to go, within the media.
  ///   - mode: ``SeekMode/precise`` checks the landing time is at `time` (within 50 ms);
  ///     ``SeekMode/fast`` accepts a landing time before `time` (the keyframe a media opened
  ///     with ``Media/preferFastSeeking()`` lands on).
  ///   - timeout: how long to wait for libVLC in all.
  /// - Throws: what ``seek(to:)`` throws; ``VLCError/invalidState(_:)`` when the session
  ///   ends or another one starts while waiting; ``VLCError/operationFailed(_:)`` when a
  ///   precise seek landed early (the media was opened for fast seeking); ``VLCError/timeout(_:)`` when libVLC has not landed within `timeout`;
  ///   ``VLCError/cancelled`` when the calling task is cancelled.
  /// - Returns: where playback landed: libVLC's first time after the seek (the requested time
  ///   for a paused player), which ``currentTime`` shows on return.
  @discardableResult
  public func seek(
    to time: Duration, mode: SeekMode, timeout: Duration = .seconds(10)
  ) async throws(VLCError) -> Duration {
    let landed = try await seekAndLand(
      .time(time), until: .now + timeout, seek: { () throws(VLCError) in try seek(to: time) })
    if mode == .precise, landed < time - .milliseconds(50) {
      throw .operationFailed(
        "the seek to \(formatSeconds(time)) landed at \(formatSeconds(landed)) (was the media opened with fast seeking?)"
      )
    }
    return landed
  }

  /// Jumps to a fraction of the media, 0…1, and returns once playback runs from there.
  ///
  /// Like ``seek(to:mode:timeout:)``: the player waits for the input to take the seek (its
  /// buffering restarts), for the buffering to finish, then, while playing, for the first
  /// time libVLC reports, which is where playback resumed (a paused player reads libVLC's time
  /// then). ``currentTime`` and ``position`` show the landing point on return. A seek asked
  /// for while opening waits for playback to start. `timeout` has no default, so that a
  /// caller in an async context still gets ``seek(toPosition:)`` without one.
  ///
  /// - Throws: what ``seek(toPosition:)`` throws; ``VLCError/invalidState(_:)`` when the
  ///   session ends or another one starts while waiting; ``VLCError/timeout(_:)`` when libVLC
  ///   has not landed within `timeout`; ``VLCError/cancelled`` when the calling task is
  ///   cancelled.
  /// - Returns: where playback landed.
  @discardableResult
  public func seek(toPosition position: Double, timeout: Duration)
    async throws(VLCError) -> Duration
  {
    try await seekAndLand(
      .position(position), until: .now + timeout,
      seek: { () throws(VLCError) in try seek(toPosition: position) })
  }

  /// Runs `seek` and waits until playback landed on `target`, then shows the landing point.
  private func seekAndLand(
    _ target: SeekTarget, until deadline: ContinuousClock.Instant,
    seek: () throws(VLCError) -> Void
  ) async throws(VLCError) -> Duration {
    // A seek asked for while opening: wait for playback to start, then seek.
    try await waitForActivePlayback(until: deadline)
    let generation = self.generation
    let landing = landingTask(of: target, generation: generation)
    defer { landing.cancel() }
    try seek()
    switch await firstOf(landing, until: deadline) {
    case .landed(let landed):
      guard generation == self.generation else {
        throw .invalidState("the session ended before the seek to \(target) landed")
      }
      updateTime(landed, position: duration.map { $0 > .zero ? landed / $0 : 0 }, isJump: true)
      return landed
    case .ended: throw .invalidState("the session ended before the seek to \(target) landed")
    case .cancelled: throw .cancelled
    case .timedOut:
      throw .timeout("the seek to \(target) did not land within its time limit")
    }
  }

  /// Follows the native events of `generation` until a seek to `target` (sent after this
  /// call) landed.
  private func landingTask(of target: SeekTarget, generation: UInt64) -> Task<SeekLanding, Never> {
    let events = bridge.box.broadcaster.subscribe()
    let native = self.native
    return Task { () -> SeekLanding in
      // 1. The input took the seek: its buffering restarts at 0 %.
      guard
        await Self.next(
          in: events, generation,
          { if case .buffering(let percent) = $0, percent < 100 { true } else { false } })
      else { return .ended }
      guard !Task.isCancelled else { return .cancelled }
      switch target {
      case .time(let time):
        // 2. While playing, the clock restarts at the landing point: libVLC reads back the
        // requested time until then. The first time event that differs carries where
        // playback resumed, however late this task sees it. A paused player stays at the
        // requested time (with the new picture).
        let requested = time.milliseconds  // what libVLC reads back until then
        if self.state == .paused { return .landed(.milliseconds(requested)) }
        for await tagged in events where tagged.generation == generation {
          switch tagged.event {
          case .time(let reading, _) where reading != requested && reading >= 0:
            return .landed(.milliseconds(reading))
          case .paused: return .landed(.milliseconds(requested))
          case .stopped, .endReached, .error: return .ended
          default: continue
          }
        }
        return .cancelled
      case .position:
        // 2. A position seek reads back no requested time: playback is there once the
        // buffering is done and libVLC reports a time (or, paused, once the buffering is done).
        guard
          await Self.next(
            in: events, generation,
            { if case .buffering(let percent) = $0, percent >= 100 { true } else { false } })
        else { return .ended }
        if self.state == .paused {
          let reading = await native.run { libvlc_media_player_get_time($0) }
          return .landed(.milliseconds(max(reading, 0)))
        }
        for await tagged in events where tagged.generation == generation {
          switch tagged.event {
          case .time(let reading, _) where reading >= 0: return .landed(.milliseconds(reading))
          case .paused:
            // Paused after the buffering: no time event comes; libVLC's clock is there.
            let reading = await native.run { libvlc_media_player_get_time($0) }
            return .landed(.milliseconds(max(reading, 0)))
          case .stopped, .endReached, .error: return .ended
          default: continue
          }
        }
        return .cancelled
      }
    }
  }

  /// Reads `events` of `generation` until one matches; `false` when the session ends (or
  /// the stream does) first.
  private nonisolated static func next(
    in events: AsyncStream<TaggedEvent>, _ generation: UInt64,
    _ matches: @Sendable (NativeEvent) -> Bool
  ) async -> Bool {
    for await tagged in events where tagged.generation == generation {
      if matches(tagged.event) { return true }
      switch tagged.event {
      case .stopped, .endReached, .error: return false
      default: continue
      }
    }
    return false
  }

  /// Waits until the session is playing or paused; fails at `deadline`, when it ends, or on
  /// cancellation. Follows the player's state events (no polling).
  private func waitForActivePlayback(until deadline: ContinuousClock.Instant)
    async throws(VLCError)
  {
    if state == .opening || state == .buffering {
      let states = publicEvents.subscribe()
      let started = Task { () -> SeekLanding in
        for await event in states {
          guard case .stateChanged(let state) = event else { continue }
          if state == .playing || state == .paused { return .landed(.zero) }
          if state != .opening && state != .buffering { return .ended }
        }
        return .cancelled
      }
      defer { started.cancel() }
      // Subscribed first, then checked again: a change in between is not missed.
      if state == .opening || state == .buffering {
        switch await firstOf(started, until: deadline) {
        case .landed, .ended: break
        case .cancelled: throw .cancelled
        case .timedOut: throw .timeout("the media was still opening at the seek's time limit")
        }
      }
    }
    guard state == .playing || state == .paused else {
      throw .invalidState("no media is playing")
    }
  }

  /// What `landing` returns, or `.timedOut` at `deadline`, or `.cancelled` when the calling
  /// task is cancelled.
  private func firstOf(_ landing: Task<SeekLanding, Never>, until deadline: ContinuousClock.Instant)
    async -> SeekLanding
  {
    let result = Mutex<SeekLanding?>(nil)
    let waiter = StopWaiter()
    let settle: @Sendable (SeekLanding) -> Void = { value in
      let first = result.withLock { current -> Bool in
        guard current == nil else { return false }
        current = value
        return true
      }
      if first { waiter.finish() }
    }
    let watcher = Task { settle(await landing.value) }
    let timer = Task {
      try? await Task.sleep(until: deadline)
      settle(.timedOut)
    }
    await withTaskCancellationHandler {
      await waiter.wait()
    } onCancel: {
      settle(.cancelled)
    }
    watcher.cancel()
    timer.cancel()
    return result.withLock { $0 } ?? .cancelled
  }
}

/// How a waited-for seek ended.
enum SeekLanding: Sendable, Equatable {
  case landed(Duration)
  case ended, timedOut, cancelled
}
