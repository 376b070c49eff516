// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The stream time of a live transport stream kept in a ``TimeshiftBuffer``: where its clock
/// references (PCR) lie and where its program tables start, so that "5 s before this picture"
/// and "the live edge" are read from the stream itself, not from when its bytes arrived
/// (libVLC's remuxer and a busy machine deliver them in bursts).
///
/// Fed in arrival order by the buffer's one writing thread, in chunks that may cut packets.
/// Times count from the first clock reference: a wrap of the 33-bit clock is carried over,
/// and a jump (a looping or spliced source: libVLC's remuxer passes its jumps on) counts as
/// the time between the two references' arrivals.
struct TimeshiftClock {
  /// A clock reference: the offset of its packet and its time on the timeline.
  struct Mark {
    var offset: Int64
    var time: Duration
  }

  /// A clock reference kept every this much (the stream carries one every 40–100 ms).
  static let spacing: Duration = .milliseconds(50)
  /// A step between two references longer than the time between their arrivals by more than
  /// this is a jump, not time passing (arrivals come in bursts, never a second ahead).
  static let jumpMargin: Duration = .seconds(1)

  private(set) var marks: [Mark] = []
  /// Offsets of the packets that start a program association table: where a player can
  /// start reading (the program map follows it).
  private(set) var entries: [Int64] = []
  /// A packet cut by the end of the last chunk.
  private var pending: [UInt8] = []
  /// The offset of `pending`'s first byte.
  private var pendingOffset: Int64 = 0
  private var lastClock: (value: Int64, arrived: ContinuousClock.Instant)?
  private var now: Duration = .zero

  /// The time of the newest clock reference: the live edge.
  var edge: Duration? { marks.last?.time }

  /// Takes the bytes written at `offset` (right after the previous chunk), which arrived at
  /// `arrived`.
  mutating func add(
    _ bytes: UnsafeRawBufferPointer, at offset: Int64, arrived: ContinuousClock.Instant
  ) {
    if pending.isEmpty { pendingOffset = offset }
    pending.append(contentsOf: bytes)
    let read = pending.withUnsafeBytes { all in
      var position = 0
      let size = TransportStreamPackets.size
      while position + size <= all.count {
        guard let header = TransportStreamPackets.header(at: position, in: all) else {
          position += 1  // out of step: find the next sync byte
          continue
        }
        let at = pendingOffset + Int64(position)
        // One entry per clock mark is enough to start within a mark's spacing.
        if header.pid == 0, header.unitStart, (entries.last ?? -1) < (marks.last?.offset ?? 0) {
          entries.append(at)
        }
        if let clock = header.clock { take(clock, at: at, arrived: arrived) }
        position += size
      }
      return position
    }
    pendingOffset += Int64(read)
    pending.removeFirst(read)
  }

  /// Forgets what lies before `offset` (deleted from disk).
  mutating func drop(before offset: Int64) {
    marks.removeFirst(marks.firstIndex { $0.offset >= offset } ?? marks.count)
    entries.removeFirst(entries.firstIndex { $0 >= offset } ?? entries.count)
  }

  /// The time of the first clock reference at or after `offset`: what a player that starts
  /// reading there counts its time from. `nil` when none arrived yet.
  func time(from offset: Int64) -> Duration? {
    marks[firstMark(from: offset)...].first?.time
  }

  /// The last table start whose time is at or before `time`, else the first one kept; `nil`
  /// before any.
  func entry(before time: Duration) -> Int64? {
    // Times grow with offsets: the first entry later than `time`, less one.
    let later = search(entries.count) { self.time(from: entries[$0]).map { $0 > time } ?? true }
    return later > 0 ? entries[later - 1] : entries.first
  }

  /// The index of the first mark at or after `offset`.
  private func firstMark(from offset: Int64) -> Int {
    search(marks.count) { marks[$0].offset >= offset }
  }

  /// The first index below `count` where `isPast` holds (it holds from there on), or `count`.
  private func search(_ count: Int, _ isPast: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  private mutating func take(_ clock: Int64, at offset: Int64, arrived: ContinuousClock.Instant) {
    defer { lastClock = (clock, arrived) }
    guard let lastClock else {
      marks.append(Mark(offset: offset, time: .zero))
      return
    }
    // 90 kHz ticks, modulo the 33-bit wrap.
    let ticks = (clock - lastClock.value) & (1 << 33 - 1)
    let step = Duration.microseconds(ticks * 100 / 9)
    let waited = arrived - lastClock.arrived
    now += step <= waited + Self.jumpMargin ? step : waited
    guard let last = marks.last, now - last.time >= Self.spacing else { return }
    marks.append(Mark(offset: offset, time: now))
  }
}
