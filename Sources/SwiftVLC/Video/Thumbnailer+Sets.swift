// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Synchronization

extension Thumbnailer {
  /// The pictures at `times`, in the same order.
  ///
  /// A local file libavformat reads is decoded in forward passes (see the type's notes): the
  /// times are sorted, and each group of pictures is decoded once for all the times that fall
  /// in it, seeking only over groups no time needs. The sorted times are split into up to
  /// ``maximumConcurrentRequests`` consecutive parts, one pass each, which run at the same time
  /// as far as the thumbnailer's turns allow. Repeated times are decoded once. Other media are
  /// made one picture at a time, concurrently, as ``thumbnail(at:timeout:)`` makes them.
  ///
  /// - Parameters:
  ///   - times: where in the media, each from 0 to (excluding) its duration, in any order.
  ///   - timeout: the limit for each picture, counted from when its turn comes; in a pass,
  ///     from the picture before it (or from the pass's start for its first).
  ///   - progress: called after each picture with how many of `times` are made so far (a
  ///     repeated time counts each time), on a thread of the thumbnailer's, not the caller's;
  ///     calls never overlap and the count only grows. It must return quickly: the decoding
  ///     waits for it.
  /// - Returns: one picture per time, in the order of `times`; none for no times.
  /// - Throws: the first error of any picture, as ``thumbnail(at:timeout:)`` does (a negative
  ///   time, or one past the end, throws ``VLCError/invalidInput(_:)`` naming it); the other
  ///   pictures are then cancelled.
  public func thumbnails(
    at times: [Duration], timeout: Duration = .seconds(5),
    progress: (@Sendable (_ made: Int) -> Void)? = nil
  ) async throws(VLCError) -> [Thumbnail] {
    try checkRequest(times, timeout: timeout)
    guard !times.isEmpty else { return [] }
    let counter = MadeCounter(report: progress)
    var passedOver = exactFramesRefusal
    if passedOver == nil, let path = localPath {
      switch try await passPictures(path: path, at: times, timeout: timeout, counter) {
      case .success(let pictures): return pictures
      case .failure(let refusal): passedOver = refusal.reason
      }
    }
    return try await separatePictures(
      at: times, timeout: timeout, passedOver: passedOver ?? "not a local file", counter)
  }

  /// The pictures of a local file in passes, or why the exact-frame source cannot read it.
  private func passPictures(
    path: String, at times: [Duration], timeout: Duration, _ counter: MadeCounter
  ) async throws(VLCError) -> Result<[Thumbnail], Refusal> {
    let sorted = Array(Set(times)).sorted()
    var repeats: [Duration: Int] = [:]
    for time in times { repeats[time, default: 0] += 1 }
    let parts = Self.parts(of: sorted.count)
    let outcomes = await withTaskGroup(of: PassOutcome.self) { group in
      for part in parts {
        let slice = Array(sorted[part])
        let counts = slice.map { repeats[$0] ?? 1 }
        group.addTask {
          await self.pass(path: path, at: slice, timeout: timeout) { index in
            counter.add(counts[index])
          }
        }
      }
      var outcomes: [PassOutcome] = []
      for await outcome in group {
        outcomes.append(outcome)
        if case .failure = outcome { group.cancelAll() }
      }
      return outcomes
    }
    var made: [Duration: Thumbnail] = [:]
    var failure: VLCError?
    for outcome in outcomes {
      switch outcome {
      case .success(.pictures(let pictures, _), let slice):
        for (time, var picture) in zip(slice, pictures) {
          picture.origin = .exactFrame
          made[time] = picture
        }
      case .success(.unreadable(let reason), _):
        return .failure(Refusal(reason: reason))
      case .success(.pastTheEnd(let duration), _):
        let time = sorted.first { $0 >= duration } ?? sorted[sorted.count - 1]
        failure = pastTheEnd(time, duration)
      // The error that ended the set, not the cancellations it caused.
      case .failure(let error):
        if failure == nil || failure == .cancelled { failure = error }
      }
    }
    if let failure { throw failure }
    return .success(
      try times.map { time throws(VLCError) in
        guard let picture = made[time] else { throw .cancelled }
        return picture
      })
  }

  /// Why the exact-frame source cannot read a file.
  struct Refusal: Error {
    var reason: String
  }

  /// How the sorted times are split into passes: consecutive parts of nearly equal size, as
  /// many as requests may run at once (each part's first group of pictures may be decoded by
  /// the part before as well).
  static func parts(of count: Int) -> [Range<Int>] {
    let passes = min(count, maximumConcurrentRequests)
    return (0..<passes).map { part in count * part / passes..<count * (part + 1) / passes }
  }

  /// One pass, in its turn among the requests.
  private func pass(
    path: String, at times: [Duration], timeout: Duration,
    delivered: @escaping @Sendable (Int) -> Void
  ) async -> PassOutcome {
    await acquire()
    defer { release() }
    if Task.isCancelled { return .failure(.cancelled) }
    do throws(VLCError) {
      let outcome = try await exactFrames.pictures(
        path: path, at: times, keyframeOnly: mode == .fast, limit: timeout, size: sizer,
        delivered: delivered)
      return .success(outcome, times)
    } catch {
      return .failure(error)
    }
  }

  /// The pictures made one at a time, concurrently, without the file's pass.
  private func separatePictures(
    at times: [Duration], timeout: Duration, passedOver: String, _ counter: MadeCounter
  ) async throws(VLCError) -> [Thumbnail] {
    let outcomes = await withTaskGroup(of: (Int, Result<Thumbnail, VLCError>).self) { group in
      for (index, time) in times.enumerated() {
        group.addTask {
          do throws(VLCError) {
            let picture = try await self.make(at: time, timeout: timeout, passedOver: passedOver)
            counter.add(1)
            return (index, .success(picture))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var outcomes: [Int: Result<Thumbnail, VLCError>] = [:]
      for await (index, result) in group {
        outcomes[index] = result
        if case .failure = result { group.cancelAll() }
      }
      return outcomes
    }
    var thumbnails: [Thumbnail] = []
    var failure: VLCError?
    for index in times.indices {
      switch outcomes[index] {
      case .success(let thumbnail)?:
        thumbnails.append(thumbnail)
      case .failure(let error)?:
        // The error that ended the set, not the cancellations it caused.
        if failure == nil || failure == .cancelled { failure = error }
      case nil:
        failure = failure ?? .cancelled
      }
    }
    if let failure { throw failure }
    return thumbnails
  }
}

/// What one pass gave, with the times it was given.
private enum PassOutcome: Sendable {
  case success(ExactFrames, [Duration])
  case failure(VLCError)
}

/// Counts the pictures made for a progress handler, from the threads of several passes.
private final class MadeCounter: Sendable {
  private let made = Mutex(0)
  private let report: (@Sendable (Int) -> Void)?

  init(report: (@Sendable (Int) -> Void)?) { self.report = report }

  func add(_ count: Int) {
    guard let report else { return }
    // Reported under the lock, so that the counts arrive in order and never overlap; the
    // handler does not call back into the thumbnailer.
    made.withLock { made in
      made += count
      report(made)
    }
  }
}
