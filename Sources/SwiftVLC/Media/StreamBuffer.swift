// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// One playback's bounded buffer between a producing task (iterating an async sequence) and
/// libVLC's input thread (reading, and allowed to block until bytes arrive).
///
/// The producer waits (suspending, never blocking a thread) while ``capacity`` bytes are
/// unread; the reader waits on a semaphore while the buffer is empty. Closing, or interrupting
/// for a stop, wakes both and ends the producing task.
final class StreamBuffer: InterruptibleRead {
  /// At most this many unread bytes are buffered (one chunk may exceed it).
  static let capacity = 1 << 20

  private enum End { case finished, failed }

  private struct State {
    var chunks: [[UInt8]] = []
    var readOffset = 0  // bytes of chunks[0] already read
    var buffered = 0
    var end: End?
    var isInterrupted = false
    var isClosed = false
    var readerIsWaiting = false
    var producerWaiting: CheckedContinuation<Void, Never>?
    var producer: Task<Void, Never>?
  }

  private enum ReadStep {
    case data(Int, resumeProducer: CheckedContinuation<Void, Never>?)
    case end, failed, wait
  }

  private enum PushStep {
    case pushed(wakeReader: Bool)
    case full, stop
  }

  private let source: CustomInput
  private let state = Mutex(State())
  private let dataAvailable = DispatchSemaphore(value: 0)

  init(source: CustomInput) {
    self.source = source
  }

  func start(_ producer: Task<Void, Never>) {
    state.withLock { $0.producer = producer }
  }

  /// Copies the next bytes into `buffer`, waiting for the producer when none are buffered.
  /// Returns the byte count, 0 at the end of the sequence, -1 when it failed or was
  /// interrupted.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard let destination = buffer.baseAddress, buffer.count > 0 else { return 0 }
    while true {
      let step: ReadStep = state.withLock { state in
        if state.isInterrupted || state.isClosed { return .failed }
        if state.buffered > 0 {
          var copied = 0
          while copied < buffer.count, let chunk = state.chunks.first {
            let count = min(buffer.count - copied, chunk.count - state.readOffset)
            chunk.withUnsafeBytes { bytes in
              (destination + copied).copyMemory(
                from: bytes.baseAddress! + state.readOffset, byteCount: count)
            }
            copied += count
            state.readOffset += count
            if state.readOffset == chunk.count {
              state.chunks.removeFirst()
              state.readOffset = 0
            }
          }
          state.buffered -= copied
          let resume = state.buffered < Self.capacity ? state.producerWaiting.take() : nil
          return .data(copied, resumeProducer: resume)
        }
        switch state.end {
        case .finished: return .end
        case .failed: return .failed
        case nil:
          state.readerIsWaiting = true
          return .wait
        }
      }
      switch step {
      case .data(let count, let producer):
        producer?.resume()
        return count
      case .end: return 0
      case .failed: return -1
      case .wait: dataAvailable.wait()
      }
    }
  }

  /// Iterates `stream` into the buffer until it ends, fails, or the buffer is closed.
  func fill<S: AsyncSequence & Sendable>(from stream: S) async where S.Element == [UInt8] {
    do {
      for try await chunk in stream {
        guard await push(chunk) else { return }
      }
      finish(failure: nil)
    } catch {
      finish(failure: error)
    }
  }

  /// Makes reads fail from now on (a stop is waiting for the input thread).
  func interrupt() {
    let (wakeReader, producer, task):
      (Bool, CheckedContinuation<Void, Never>?, Task<Void, Never>?) =
        state.withLock { state in
          state.isInterrupted = true
          let wake = state.readerIsWaiting
          state.readerIsWaiting = false
          return (wake, state.producerWaiting.take(), state.producer.take())
        }
    task?.cancel()
    producer?.resume()
    if wakeReader { dataAvailable.signal() }
  }

  /// Ends the playback: drops buffered bytes and cancels the producing task.
  func close() {
    let (producer, task) = state.withLock { state in
      state.isClosed = true
      state.chunks = []
      state.buffered = 0
      return (state.producerWaiting.take(), state.producer.take())
    }
    task?.cancel()
    producer?.resume()
    source.endPlayback(self)
  }

  private func push(_ chunk: [UInt8]) async -> Bool {
    if chunk.isEmpty { return true }
    while true {
      let step: PushStep = state.withLock { state in
        if state.isClosed || state.isInterrupted { return .stop }
        guard state.buffered < Self.capacity else { return .full }
        state.chunks.append(chunk)
        state.buffered += chunk.count
        let wake = state.readerIsWaiting
        state.readerIsWaiting = false
        return .pushed(wakeReader: wake)
      }
      switch step {
      case .stop:
        return false
      case .pushed(let wakeReader):
        if wakeReader { dataAvailable.signal() }
        return true
      case .full:
        await withCheckedContinuation { continuation in
          let resumeNow = state.withLock { state in
            if state.isClosed || state.isInterrupted || state.buffered < Self.capacity {
              return true
            }
            state.producerWaiting = continuation
            return false
          }
          if resumeNow { continuation.resume() }
        }
      }
    }
  }

  private func finish(failure: (any Error)?) {
    let wakeReader = state.withLock { state in
      guard state.end == nil, !state.isClosed, !state.isInterrupted else { return false }
      if let failure {
        // Recorded before the reader can see the failure, so the player finds it when libVLC
        // reports the end.
        source.recordFailure(.playbackFailed(reason: "the input stream failed: \(failure)"))
      }
      state.end = failure == nil ? .finished : .failed
      let wake = state.readerIsWaiting
      state.readerIsWaiting = false
      return wake
    }
    if wakeReader { dataAvailable.signal() }
  }
}
