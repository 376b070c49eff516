// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

/// Decoded frames of a ``Player``, as an `AsyncSequence` of ``VideoFrame``.
///
/// Created by ``Player/videoFrames(format:width:height:buffering:)``. Frames are buffered up to
/// ``capacity``; when the consumer falls behind, the oldest buffered frame is dropped to make
/// room for the newest (memory stays bounded) and ``droppedFrameCount`` counts it. The sequence
/// finishes when the player is dropped, when another video output replaces this one, or when
/// the consumer stops iterating (cancelling the consuming task ends delivery: libVLC keeps
/// decoding, but no frame is copied any more). One consumer at a time.
public struct VideoFrameStream: AsyncSequence, Sendable {
  /// The element type: one decoded picture.
  public typealias Element = VideoFrame

  /// How many frames wait for a slow consumer before the oldest is dropped, unless
  /// ``Player/videoFrames(format:width:height:buffering:)`` asks for another number.
  public static let bufferLimit = 4

  /// How many frames this stream holds for a slow consumer before the oldest is dropped.
  public let capacity: Int

  private let frames: AsyncStream<VideoFrame>
  private let receiver: FrameStreamReceiver

  init(capacity: Int) {
    let (frames, continuation) = AsyncStream.makeStream(
      of: VideoFrame.self, bufferingPolicy: .bufferingNewest(capacity))
    let receiver = FrameStreamReceiver(continuation: continuation)
    continuation.onTermination = { [weak receiver] _ in receiver?.stop() }
    self.capacity = capacity
    self.frames = frames
    self.receiver = receiver
  }

  /// What the frame sink delivers into.
  var frameReceiver: any FrameReceiver { receiver }

  /// Frames handed to this stream so far, including those later dropped.
  public var deliveredFrameCount: Int { receiver.delivered.load(ordering: .relaxed) }

  /// Frames dropped because the consumer was too slow to take them.
  public var droppedFrameCount: Int { receiver.dropped.load(ordering: .relaxed) }

  /// Creates the iterator; iterate from one task only.
  public func makeAsyncIterator() -> AsyncStream<VideoFrame>.Iterator {
    frames.makeAsyncIterator()
  }
}

/// Feeds a ``VideoFrameStream`` from libVLC's video output thread.
final class FrameStreamReceiver: FrameReceiver {
  let delivered = Atomic(0)
  let dropped = Atomic(0)
  private let active = Atomic(true)
  private let continuation: AsyncStream<VideoFrame>.Continuation

  init(continuation: AsyncStream<VideoFrame>.Continuation) {
    self.continuation = continuation
  }

  var isReceiving: Bool { active.load(ordering: .relaxed) }

  func receive(_ frame: VideoFrame) {
    switch continuation.yield(frame) {
    case .enqueued:
      delivered.add(1, ordering: .relaxed)
    case .dropped:
      delivered.add(1, ordering: .relaxed)
      dropped.add(1, ordering: .relaxed)
    case .terminated:
      stop()
    @unknown default:
      break
    }
  }

  func finish() {
    stop()
    continuation.finish()
  }

  /// The consumer is gone: later frames are not copied.
  func stop() {
    active.store(false, ordering: .relaxed)
  }
}
