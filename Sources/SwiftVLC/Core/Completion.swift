// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

/// A value that one producer settles once and any number of tasks await: the one one-shot
/// waiter of the library (a stop's return, a recording's result, a frame, an event).
///
/// The first ``settle(_:)`` wins; later ones do nothing. Each waiter may bring its own deadline
/// (``value(within:timeout:)``) or be cancelled; that ends its own wait only, never the value.
/// Waiters are resumed outside the lock.
final class Completion<Value: Sendable>: Sendable {
  private enum Waiter {
    /// Numbered, not yet suspended.
    case arming
    case waiting(CheckedContinuation<Result<Value, VLCError>, Never>)
    /// Its deadline passed before it suspended.
    case expired(VLCError)
  }

  private struct State {
    var result: Result<Value, VLCError>?
    var waiters: [UInt64: Waiter] = [:]
    var nextID: UInt64 = 0
  }

  private let state = Mutex(State())

  init() {}

  /// The settled result, if any.
  var result: Result<Value, VLCError>? { state.withLock { $0.result } }

  /// Settles the value (the first call wins) and resumes every waiter. Thread-safe, never
  /// blocks: callable from libVLC's callbacks.
  func settle(_ result: Result<Value, VLCError>) {
    let waiting = state.withLock { state in
      guard state.result == nil else {
        return [CheckedContinuation<Result<Value, VLCError>, Never>]()
      }
      state.result = result
      var waiting: [CheckedContinuation<Result<Value, VLCError>, Never>] = []
      for (id, waiter) in state.waiters {
        guard case .waiting(let continuation) = waiter else { continue }
        waiting.append(continuation)
        state.waiters[id] = nil
      }
      return waiting
    }
    for continuation in waiting { continuation.resume(returning: result) }
  }

  /// Waits for the value. A cancelled waiter gets ``VLCError/cancelled``; the value is not
  /// affected.
  func value() async -> Result<Value, VLCError> {
    await wait(id: arm())
  }

  /// Waits for the value at most `limit`; past it this waiter gets `timeout` (by default
  /// ``VLCError/timeout(_:)``), and the value stays unsettled for others.
  func value(within limit: Duration, timeout: VLCError? = nil) async -> Result<Value, VLCError> {
    let id = arm()
    let expiry = timeout ?? .timeout("nothing came within \(formatSeconds(limit))")
    let timer = Task {
      try? await Task.sleep(for: limit)
      guard !Task.isCancelled else { return }
      self.end(id, with: expiry)
    }
    defer { timer.cancel() }
    return await wait(id: id)
  }

  private func arm() -> UInt64 {
    state.withLock { state in
      defer { state.nextID += 1 }
      state.waiters[state.nextID] = .arming
      return state.nextID
    }
  }

  /// Ends one waiter's wait with `error`, or makes its wait end so at once when it has not
  /// suspended yet.
  private func end(_ id: UInt64, with error: VLCError) {
    let continuation = state.withLock {
      state -> CheckedContinuation<Result<Value, VLCError>, Never>? in
      switch state.waiters[id] {
      case .waiting(let continuation):
        state.waiters[id] = nil
        return continuation
      case .arming:
        state.waiters[id] = .expired(error)
        return nil
      case .expired, nil:
        return nil
      }
    }
    continuation?.resume(returning: .failure(error))
  }

  private func wait(id: UInt64) async -> Result<Value, VLCError> {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready: Result<Value, VLCError>? = state.withLock { state in
          let waiter = state.waiters.removeValue(forKey: id)
          if let result = state.result { return result }
          if case .expired(let error) = waiter { return .failure(error) }
          if Task.isCancelled { return .failure(.cancelled) }
          state.waiters[id] = .waiting(continuation)
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      end(id, with: .cancelled)
    }
  }
}

/// The first value of `stream` that `matches`, or `nil` when it ends, the task is cancelled,
/// or `limit` passes.
func firstValue<T: Sendable>(
  of stream: AsyncStream<T>, within limit: Duration,
  where matches: @escaping @Sendable (T) -> Bool = { _ in true }
) async -> T? {
  let first = Completion<T>()
  let reader = Task {
    for await value in stream where matches(value) {
      first.settle(.success(value))
      return
    }
    first.settle(.failure(.cancelled))
  }
  defer { reader.cancel() }
  return try? await first.value(within: limit).get()
}
