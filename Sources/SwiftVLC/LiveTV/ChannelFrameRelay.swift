// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

/// Carries the frames of whichever channel is current into one stream, and times each switch
/// from the call to the first picture of the new channel.
///
/// Each player of a ``ChannelPlayer`` has its own frame stream, forwarded here by a task of its
/// own; only the current slot's frames are passed on, the others are dropped. Never calls
/// libVLC.
final class ChannelFrameRelay: Sendable {
  struct Switch: Sendable {
    var slot: Int
    var latency: Duration
  }

  private struct State {
    var current: Int?
    var switchedAt: ContinuousClock.Instant?
    /// The slots that have delivered a picture since they were opened.
    var pictured: Set<Int> = []
  }

  let frames: AsyncStream<VideoFrame>
  /// One element per switch, when the new channel's first picture arrives.
  let switches: AsyncStream<Switch>
  private let frameContinuation: AsyncStream<VideoFrame>.Continuation
  private let switchContinuation: AsyncStream<Switch>.Continuation
  private let state = Mutex(State())

  init() {
    (frames, frameContinuation) = AsyncStream.makeStream(
      of: VideoFrame.self, bufferingPolicy: .bufferingNewest(VideoFrameStream.bufferLimit))
    (switches, switchContinuation) = AsyncStream.makeStream(
      of: Switch.self, bufferingPolicy: .bufferingNewest(8))
  }

  /// Makes `slot` current from now on; its next frame ends the switch's timing.
  func makeCurrent(_ slot: Int?, at instant: ContinuousClock.Instant) {
    state.withLock {
      $0.current = slot
      $0.switchedAt = slot == nil ? nil : instant
    }
  }

  func isCurrent(_ slot: Int) -> Bool {
    state.withLock { $0.current == slot }
  }

  /// Whether `slot` has delivered a picture since ``forget(_:)``.
  func hasPictures(_ slot: Int) -> Bool {
    state.withLock { $0.pictured.contains(slot) }
  }

  /// Forgets `slot`'s pictures: its player is being replaced.
  func forget(_ slot: Int) {
    state.withLock { _ = $0.pictured.remove(slot) }
  }

  /// A frame from `slot`: passed on when the slot is current.
  func deliver(_ frame: VideoFrame, from slot: Int) {
    let (isCurrent, switched): (Bool, Switch?) = state.withLock { state in
      state.pictured.insert(slot)
      guard state.current == slot else { return (false, nil) }
      defer { state.switchedAt = nil }
      return (true, state.switchedAt.map { Switch(slot: slot, latency: .now - $0) })
    }
    guard isCurrent else { return }
    // Yield outside the lock (see Broadcaster): a consumer's cancellation takes its own lock.
    frameContinuation.yield(frame)
    if let switched { switchContinuation.yield(switched) }
  }

  /// Ends both streams; called when the channel player goes away.
  func finish() {
    frameContinuation.finish()
    switchContinuation.finish()
  }

  /// Forwards `stream` (one player's frames) as `slot`'s until it finishes or the returned
  /// task is cancelled. Runs off the main actor.
  func forward(_ stream: VideoFrameStream, as slot: Int) -> Task<Void, Never> {
    Task.detached { [weak self] in
      for await frame in stream {
        guard let self else { return }
        self.deliver(frame, from: slot)
      }
    }
  }
}
