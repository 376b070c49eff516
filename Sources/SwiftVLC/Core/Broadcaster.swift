// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

/// Fans one producer's values out to any number of independent `AsyncStream` consumers.
///
/// Each ``subscribe(bufferingPolicy:filter:)`` call returns a new stream that receives every value
/// broadcast after it subscribed, in order. Cancelling a consumer's task (or dropping its
/// stream) unsubscribes it. All methods are thread-safe and never block on a consumer:
/// ``broadcast(_:)`` may be called from libVLC's callback threads.
public final class Broadcaster<Element: Sendable>: Sendable {
  private struct Subscriber {
    var continuation: AsyncStream<Element>.Continuation
    var filter: (@Sendable (Element) -> Bool)?
  }

  private struct State {
    var subscribers: [UInt64: Subscriber] = [:] {
      didSet { snapshot = Array(subscribers.values) }
    }
    /// The subscribers as an array, rebuilt on every change, so that ``broadcast(_:)`` takes
    /// only a reference to it under the lock instead of copying them.
    var snapshot: [Subscriber] = []
    var nextID: UInt64 = 0
    var isTerminated = false
  }

  private let state = Mutex(State())
  private let onSubscriberCountChange: (@Sendable (Int) -> Void)?

  /// Creates a broadcaster.
  ///
  /// - Parameter onSubscriberCountChange: called, outside the broadcaster's lock, with the new
  ///   number of subscribers after each subscribe or unsubscribe. It may run on any thread,
  ///   including the thread that cancels a consumer; it must not block.
  public init(onSubscriberCountChange: (@Sendable (Int) -> Void)? = nil) {
    self.onSubscriberCountChange = onSubscriberCountChange
  }

  /// The number of live subscribers.
  public var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  /// Returns a new stream of every value broadcast from now on.
  ///
  /// After ``terminate()`` the stream is already finished, so a `for await` over it ends at
  /// once instead of waiting forever.
  ///
  /// - Parameters:
  ///   - bufferingPolicy: what happens when this consumer falls behind. Use `.unbounded` for
  ///     values a consumer must not miss, `.bufferingNewest(n)` for ticks.
  ///   - filter: when given, only values for which it returns `true` reach this stream. It runs
  ///     on the broadcasting thread and must be fast and non-blocking.
  public func subscribe(
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded,
    filter: (@Sendable (Element) -> Bool)? = nil
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Element.self, bufferingPolicy: bufferingPolicy)
    add(continuation, filter: filter)
    return stream
  }

  /// Makes `continuation` a subscriber, as ``subscribe(bufferingPolicy:filter:)`` does with
  /// its stream's; finishes it at once after ``terminate()``.
  func add(
    _ continuation: AsyncStream<Element>.Continuation,
    filter: (@Sendable (Element) -> Bool)? = nil
  ) {
    let added: (id: UInt64, count: Int)? = state.withLock { state in
      guard !state.isTerminated else { return nil }
      let id = state.nextID
      state.nextID += 1
      state.subscribers[id] = Subscriber(continuation: continuation, filter: filter)
      return (id, state.subscribers.count)
    }
    guard let added else {
      continuation.finish()
      return
    }
    continuation.onTermination = { [weak self] _ in
      self?.unsubscribe(added.id)
    }
    onSubscriberCountChange?(added.count)
  }

  /// Delivers `element` to every current subscriber. Never blocks on a consumer.
  public func broadcast(_ element: Element) {
    // Snapshot under the lock, yield outside it. Yielding resumes the consumer's task and
    // takes that task's status lock; a concurrent cancellation holds the same status lock
    // while its onTermination handler calls `unsubscribe`, which needs our mutex. Yielding
    // under the mutex would make those two threads wait on each other forever (AB-BA).
    let targets = state.withLock { $0.snapshot }
    for target in targets {
      if let filter = target.filter, !filter(element) { continue }
      target.continuation.yield(element)
    }
  }

  /// Ends every current stream; later ``subscribe(bufferingPolicy:filter:)`` calls work as usual.
  public func finishAll() {
    let ended = state.withLock { state in
      defer { state.subscribers.removeAll() }
      return Array(state.subscribers.values)
    }
    for subscriber in ended {
      subscriber.continuation.finish()
    }
    if !ended.isEmpty { onSubscriberCountChange?(0) }
  }

  /// Ends every current stream and makes every later subscription an already-finished stream.
  /// Use it when the producer is gone for good.
  public func terminate() {
    state.withLock { $0.isTerminated = true }
    finishAll()
  }

  private func unsubscribe(_ id: UInt64) {
    let remaining: Int? = state.withLock { state in
      state.subscribers.removeValue(forKey: id) == nil ? nil : state.subscribers.count
    }
    if let remaining { onSubscriberCountChange?(remaining) }
  }
}
