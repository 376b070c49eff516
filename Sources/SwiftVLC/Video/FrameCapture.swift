// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

/// Hands exactly one frame to one waiter: frames arriving while nobody waits are not copied.
///
/// Each wait is a ``Completion`` of its own, so a timeout or cancellation meant for an earlier
/// wait cannot end a later one.
final class FrameCapture: FrameReceiver {
  /// The wait in progress, if any.
  private let current = Mutex<Completion<VideoFrame>?>(nil)

  var isReceiving: Bool { current.withLock { $0 != nil } }

  func receive(_ frame: VideoFrame) { take()?.settle(.success(frame)) }

  func finish() { fail(.playbackFailed(reason: "the thumbnail player went away")) }

  /// Ends the current wait, if any, with `error`.
  func fail(_ error: VLCError) { take()?.settle(.failure(error)) }

  /// Arms the capture, calls `start`, and waits for the first of: a frame, a failure, `limit`,
  /// or cancellation of the calling task.
  func next(within limit: Duration, start: @Sendable () -> Void) async -> Result<
    VideoFrame, VLCError
  > {
    let wait = Completion<VideoFrame>()
    current.withLock { $0 = wait }
    defer { current.withLock { if $0 === wait { $0 = nil } } }
    start()
    return await wait.value(
      within: limit, timeout: .timeout("no frame within \(formatSeconds(limit))"))
  }

  private func take() -> Completion<VideoFrame>? {
    current.withLock { current in
      defer { current = nil }
      return current
    }
  }
}
