// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import Synchronization

/// A live transport stream kept on disk as it arrives, in segment files of a
/// ``TimeshiftFolder``, the oldest deleted beyond the size limit; and its stream time
/// (``TimeshiftClock``), so that a byte offset converts to a time and back.
///
/// Bytes come from a pipe (libVLC's stream output writes the remuxed TS into it) and are read
/// by one thread, ``ingest(from:)``. Offsets are counted from the first byte ever written, so
/// they stay valid while old segments go. Readers (``TimeshiftCursor``) read with `pread` from
/// the segment files and wait at the end for more.
final class TimeshiftBuffer: Sendable {
  /// Why a buffer stopped taking bytes.
  enum Failure: Sendable, Equatable {
    /// The disk (or the quota) is full.
    case diskFull(path: String)
    /// A segment could not be created or written, with the system's reason.
    case writeFailed(path: String, reason: String)
  }

  struct Segment: Sendable {
    var number: Int
    var start: Int64
    var length: Int64
  }

  private struct State {
    var segments: [Segment] = []
    var writer: Int32 = -1
    var clock = TimeshiftClock()
    var end: Int64 = 0
    var failure: Failure?
    var isClosed = false
  }

  let folder: TimeshiftFolder
  /// The most bytes kept on disk (the newest segment can make it one segment more).
  let sizeLimit: Int64
  private let segmentSize: Int64
  private let state = Mutex(State())
  /// Settled once ``startLength`` bytes have arrived, or with an error when writing fails
  /// or the pipe ends before that: what a player waits for before it opens the buffer.
  let started = Completion<Void>()
  /// How much must arrive before the buffer counts as started: a few TS packets, which
  /// libVLC's demuxer probes before it waits for the rest.
  static let startLength: Int64 = 4_096
  /// What ``started`` fails with; ``TimeshiftFeed/failure`` says why.
  static let notStarted = VLCError.playbackFailed(reason: "the live source sent nothing")

  init(folder: TimeshiftFolder, sizeLimit: Int64) {
    self.folder = folder
    self.sizeLimit = sizeLimit
    segmentSize = max(1 << 20, sizeLimit / 8)
  }

  /// The first byte still on disk and the end of what was written.
  var range: Range<Int64> {
    state.withLock { ($0.segments.first?.start ?? $0.end)..<$0.end }
  }

  /// Why writing stopped, if it did.
  var failure: Failure? { state.withLock { $0.failure } }

  /// The stream time of the live edge (the newest clock reference), or `nil` before one.
  var edge: Duration? { state.withLock { $0.clock.edge } }

  /// The stream time a player that starts reading at `offset` counts from, or `nil` when no
  /// clock reference came after it yet.
  func time(from offset: Int64) -> Duration? {
    state.withLock { $0.clock.time(from: offset) }
  }

  /// Where to start reading to play from stream time `time`: the last start of the program
  /// tables at or before it, else the oldest kept (the first byte kept before any).
  func entry(before time: Duration) -> Int64 {
    state.withLock { state in
      state.clock.entry(before: time) ?? state.segments.first?.start ?? state.end
    }
  }

  /// The path of segment `number`.
  func path(of number: Int) -> String { folder.path + "/segment-\(number).ts" }

  /// The segment holding `offset`, or `nil` when it is gone or not written yet.
  func segment(holding offset: Int64) -> Segment? {
    state.withLock { state in
      state.segments.last { $0.start <= offset && offset < $0.start + $0.length }
    }
  }

  /// Reads the pipe until it reports its end (every writer closed it), appending to the
  /// segments; after a write failure or ``close()`` it keeps draining so that the writer
  /// never blocks or gets `SIGPIPE`. Blocks the calling thread; closes `descriptor`.
  func ingest(from descriptor: Int32) {
    defer { Glibc.close(descriptor) }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    defer { chunk.deallocate() }
    while true {
      let count = read(descriptor, chunk.baseAddress, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
    }
    state.withLock { state in
      if state.writer >= 0 { Glibc.close(state.writer) }
      state.writer = -1
    }
    started.settle(.failure(Self.notStarted))
  }

  /// Stops keeping bytes: later arrivals are dropped. The files stay until the folder goes.
  func close() {
    state.withLock { state in
      state.isClosed = true
      if state.writer >= 0 { Glibc.close(state.writer) }
      state.writer = -1
    }
  }

  private func append(_ bytes: UnsafeRawBufferPointer) {
    let (before, after, failed) = state.withLock { state in
      let before = state.end
      append(bytes, to: &state)
      return (before, state.end, state.failure != nil)
    }
    // Settled once, by the chunk that fails or crosses the start; the feed names a failure.
    if failed {
      started.settle(.failure(Self.notStarted))
    } else if before < Self.startLength, after >= Self.startLength {
      started.settle(.success(()))
    }
  }

  private func append(_ bytes: UnsafeRawBufferPointer, to state: inout State) {
    guard !state.isClosed, state.failure == nil else { return }
    if state.writer < 0 || (state.segments.last?.length ?? 0) >= segmentSize {
      guard openSegment(&state) else { return }
    }
    var written = 0
    while written < bytes.count {
      let count = write(state.writer, bytes.baseAddress! + written, bytes.count - written)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        fail(&state, code: count == 0 ? ENOSPC : errno)
        return
      }
      written += count
    }
    state.segments[state.segments.count - 1].length += Int64(written)
    state.clock.add(bytes, at: state.end, arrived: .now)
    state.end += Int64(written)
    dropOldSegments(&state)
  }

  private func openSegment(_ state: inout State) -> Bool {
    if state.writer >= 0 { Glibc.close(state.writer) }
    let number = (state.segments.last?.number ?? 0) + 1
    state.writer = open(path(of: number), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0o600)
    guard state.writer >= 0 else {
      fail(&state, code: errno)
      return false
    }
    state.segments.append(Segment(number: number, start: state.end, length: 0))
    return true
  }

  private func fail(_ state: inout State, code: Int32) {
    let path = folder.path
    state.failure =
      code == ENOSPC || code == EDQUOT
      ? .diskFull(path: path)
      : .writeFailed(path: path, reason: String(cString: strerror(code)))
    if state.writer >= 0 { Glibc.close(state.writer) }
    state.writer = -1
  }

  /// Deletes the oldest segments while more than ``sizeLimit`` is kept (never the newest),
  /// and the clock references before what is kept.
  private func dropOldSegments(_ state: inout State) {
    while state.segments.count > 1, state.end - state.segments[0].start > sizeLimit {
      unlink(path(of: state.segments.removeFirst().number))
    }
    state.clock.drop(before: state.segments.first?.start ?? state.end)
  }
}
