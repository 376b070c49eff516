// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import Synchronization

/// One playback's reader of a ``TimeshiftBuffer``, from a start offset on: libVLC reads it
/// like a file it can pace (it stops reading while paused, which is what makes a pause resume
/// where it paused), and at the end it waits for the live stream's next bytes.
///
/// A read waits at most ``stallLimit`` for bytes; then, or once the buffer stopped taking
/// bytes and everything was read, it reports the end, so a dead source ends the playback
/// instead of hanging it. A stop interrupts a waiting read at once. When the segment to read
/// next was deleted (the playback fell out of the size limit), reading continues at the
/// oldest byte kept.
final class TimeshiftCursor: PacedReader {
  /// How long a read waits at the end for new bytes before it reports the end.
  static let stallLimit: Duration = .seconds(10)

  private struct State {
    var position: Int64
    var descriptor: Int32 = -1
    var segment: TimeshiftBuffer.Segment?
    var isInterrupted = false
  }

  private let buffer: TimeshiftBuffer
  private let start: Int64
  private let isIngesting: @Sendable () -> Bool
  private let state: Mutex<State>

  /// A reader of `buffer` from `start`; `isIngesting` tells whether more bytes may come.
  init(buffer: TimeshiftBuffer, start: Int64, isIngesting: @escaping @Sendable () -> Bool) {
    self.buffer = buffer
    self.start = start
    self.isIngesting = isIngesting
    state = Mutex(State(position: start))
  }

  func read(into destination: UnsafeMutableRawBufferPointer) -> Int {
    guard let base = destination.baseAddress, destination.count > 0 else { return 0 }
    let clock = ContinuousClock()
    var waitingSince: ContinuousClock.Instant?
    while true {
      let result: Int? = state.withLock { state in
        if state.isInterrupted { return -1 }
        let range = buffer.range
        if state.position < range.lowerBound { state.position = range.lowerBound }
        guard state.position < range.upperBound else { return nil }
        guard openSegment(&state) else { return nil }
        guard let segment = state.segment else { return nil }
        let within = state.position - segment.start
        let count = min(Int64(destination.count), segment.start + segment.length - state.position)
        let got = pread(state.descriptor, base, Int(count), off_t(within))
        guard got > 0 else { return nil }
        state.position += Int64(got)
        return got
      }
      if let result { return result }
      let now = clock.now
      if waitingSince == nil { waitingSince = now }
      if !isIngesting() || now - (waitingSince ?? now) >= Self.stallLimit { return 0 }
      usleep(20_000)
    }
  }

  func seek(to offset: UInt64) -> Bool {
    guard offset < UInt64(Int64.max) else { return false }
    let target = start + Int64(offset)
    guard buffer.range.lowerBound <= target, target <= buffer.range.upperBound else {
      return false
    }
    state.withLock { $0.position = target }
    return true
  }

  func interrupt() {
    state.withLock { $0.isInterrupted = true }
  }

  func close() {
    state.withLock { state in
      state.isInterrupted = true
      if state.descriptor >= 0 { Glibc.close(state.descriptor) }
      state.descriptor = -1
    }
  }

  /// Makes `state.segment` the segment holding `state.position` (with its current length),
  /// opening its file when it changed. `false` when it cannot be read.
  private func openSegment(_ state: inout State) -> Bool {
    guard let holding = buffer.segment(holding: state.position) else { return false }
    if holding.number != state.segment?.number {
      if state.descriptor >= 0 { Glibc.close(state.descriptor) }
      state.descriptor = open(buffer.path(of: holding.number), O_RDONLY | O_CLOEXEC)
      guard state.descriptor >= 0 else {
        state.segment = nil
        return false
      }
    }
    state.segment = holding
    return true
  }
}
