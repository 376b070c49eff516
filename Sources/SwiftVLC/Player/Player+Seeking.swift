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
    let deadline = ContinuousClock.now + timeout
    // A seek asked for while opening: wait for playback to start, then seek.
    try await waitForActivePlayback(until: deadline)
    let generation = self.generation
    let events = bridge.box.broadcaster.subscribe()
    let landing = Task { () -> SeekLanding in
      // 1. The input took the seek: its buffering restarts at 0 %.
      waiting: for await tagged in events where tagged.generation == generation {
        switch tagged.event {
        case .buffering(let percent) where percent < 100: break waiting
        case .stopped, .endReached, .error: return .ended
        default: continue
        }
      }
      guard !Task.isCancelled else { return .cancelled }
      // 2. While playing, the clock restarts at the landing point: libVLC reads back the
      // requested time until then. The first time event that differs carries where playback
      // resumed, however late this task sees it. A paused player stays at the requested
      // time (with the new picture).
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
    }
    defer { landing.cancel() }
    try seek(to: time)
    switch await firstOf(landing, until: deadline) {
    case .landed(let landed):
      guard generation == self.generation else {
        throw .invalidState("the session ended before the seek to \(time) landed")
      }
      updateTime(landed, position: duration.map { $0 > .zero ? landed / $0 : 0 }, isJump: true)
      if mode == .precise, landed < time - .milliseconds(50) {
        throw .operationFailed(
          "the seek to \(formatSeconds(time)) landed at \(formatSeconds(landed)) (was the media opened with fast seeking?)"
        )
      }
      return landed
    case .ended: throw .invalidState("the session ended before the seek to \(time) landed")
    case .cancelled: throw .cancelled
    case .timedOut:
      throw .timeout("the seek to \(formatSeconds(time)) did not land within \(timeout)")
    }
  }

  /// Waits until the session is playing or paused; fails at `deadline`, when it ends, or on
  /// cancellation.
  private func waitForActivePlayback(until deadline: ContinuousClock.Instant)
    async throws(VLCError)
  {
    while state == .opening || state == .buffering {
      guard !Task.isCancelled else { throw .cancelled }
      guard ContinuousClock.now < deadline else {
        throw .timeout("the media was still opening at the seek's time limit")
      }
      try? await Task.sleep(for: .milliseconds(20))
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
