import Synchronization

/// The outcome of waiting for one frame.
enum CaptureResult: Sendable {
  case frame(VideoFrame)
  case failed(VLCError)
}

/// Hands exactly one frame to one waiter: frames arriving while nobody waits are not copied.
///
/// Each wait gets a ticket, so a timeout or cancellation meant for an earlier wait cannot end
/// a later one. Results are handed over outside the lock.
final class FrameCapture: FrameReceiver {
  private struct State {
    var waiter: CheckedContinuation<CaptureResult, Never>?
    var ticket: UInt64 = 0
    /// A timeout or cancellation that came before the waiter was armed.
    var early: CaptureResult?
  }

  private let state = Mutex(State())

  var isReceiving: Bool { state.withLock { $0.waiter != nil } }

  func receive(_ frame: VideoFrame) { resolve(.frame(frame), ticket: nil) }

  func finish() {
    resolve(.failed(.playbackFailed(reason: "the thumbnail player went away")), ticket: nil)
  }

  /// Ends the current wait, if any, with `error`.
  func fail(_ error: VLCError) { resolve(.failed(error), ticket: nil) }

  /// Arms the capture, calls `start`, and waits for the first of: a frame, a failure, `limit`,
  /// or cancellation of the calling task.
  func next(within limit: Duration, start: @Sendable () -> Void) async -> CaptureResult {
    let ticket = state.withLock { state in
      state.ticket += 1
      state.early = nil
      return state.ticket
    }
    let timer = Task {
      try? await Task.sleep(for: limit)
      if !Task.isCancelled {
        self.resolve(.failed(.timeout("no frame within \(limit)")), ticket: ticket)
      }
    }
    defer { timer.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let early: CaptureResult? = state.withLock { state in
          if let early = state.early {
            state.early = nil
            return early
          }
          state.waiter = continuation
          return nil
        }
        if let early {
          continuation.resume(returning: early)
        } else {
          start()
        }
      }
    } onCancel: {
      resolve(.failed(.cancelled), ticket: ticket)
    }
  }

  /// Resumes the waiter with `result`. With a ticket, only the wait it belongs to; a ticketed
  /// result that comes before the waiter is kept for it.
  private func resolve(_ result: CaptureResult, ticket: UInt64?) {
    let waiter: CheckedContinuation<CaptureResult, Never>? = state.withLock { state in
      if let ticket, ticket != state.ticket { return nil }
      guard let waiter = state.waiter else {
        if ticket != nil { state.early = result }
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume(returning: result)
  }
}
