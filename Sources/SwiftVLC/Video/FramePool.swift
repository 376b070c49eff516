// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

/// Reusable pixel buffers for delivered frames.
///
/// A ``VideoFrame`` holds a ``FrameStorage``; when the last copy of the frame is dropped the
/// storage gives its buffer back here, and the next frame of the same size reuses it. At most
/// `limit` idle buffers are kept; buffers of an old capacity are freed.
final class FramePool: Sendable {
  private struct State: @unchecked Sendable {  // idle buffers, owned by the pool
    var capacity = 0
    var idle: [UnsafeMutableRawPointer] = []
  }

  private let state = Mutex(State())
  private let limit: Int

  init(limit: Int) { self.limit = limit }

  deinit {
    state.withLock { state in
      for buffer in state.idle { buffer.deallocate() }
    }
  }

  /// A storage whose first `byteCount` bytes are the frame, in a buffer of `capacity` bytes
  /// (more when libVLC decodes into it with padding), reused when an idle one of that capacity
  /// exists.
  func take(byteCount: Int, capacity: Int) -> FrameStorage {
    let reused: UnsafeMutableRawPointer? = state.withLock { state in
      if state.capacity != capacity {
        for buffer in state.idle { buffer.deallocate() }
        state.idle.removeAll()
        state.capacity = capacity
      }
      return state.idle.popLast()
    }
    let pointer = reused ?? .allocate(byteCount: capacity, alignment: 64)
    return FrameStorage(pointer: pointer, byteCount: byteCount, capacity: capacity, pool: self)
  }

  fileprivate func recycle(_ pointer: UnsafeMutableRawPointer, capacity: Int) {
    let kept = state.withLock { state in
      guard state.capacity == capacity, state.idle.count < limit else { return false }
      state.idle.append(pointer)
      return true
    }
    if !kept { pointer.deallocate() }
  }
}

/// The pixels of one delivered frame; returns its buffer to the pool when released.
final class FrameStorage: Sendable {
  nonisolated(unsafe) let pointer: UnsafeMutableRawPointer  // owned; written once before delivery
  /// The frame's bytes, at the start of the buffer.
  let byteCount: Int
  private let capacity: Int
  private let pool: FramePool

  fileprivate init(pointer: UnsafeMutableRawPointer, byteCount: Int, capacity: Int, pool: FramePool)
  {
    self.pointer = pointer
    self.byteCount = byteCount
    self.capacity = capacity
    self.pool = pool
  }

  deinit { pool.recycle(pointer, capacity: capacity) }
}
