// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Transport stream packets made by hand: a table start on PID 0 and clock references.
private enum Packets {
  /// A packet starting a PAT section (its contents do not matter to the clock).
  static func table() -> [UInt8] {
    var packet = [UInt8](repeating: 0xFF, count: 188)
    packet[0...4] = [0x47, 0x40, 0x00, 0x10, 0x00]
    return packet
  }

  /// A packet of PID 0x100 with only an adaptation field carrying `clock` (90 kHz base).
  static func clock(_ clock: Int64) -> [UInt8] {
    var packet = [UInt8](repeating: 0xFF, count: 188)
    packet[0...3] = [0x47, 0x01, 0x00, 0x20]
    packet[4] = 183
    packet[5] = 0x10
    let base = clock & (1 << 33 - 1)
    packet[6] = UInt8(base >> 25 & 0xFF)
    packet[7] = UInt8(base >> 17 & 0xFF)
    packet[8] = UInt8(base >> 9 & 0xFF)
    packet[9] = UInt8(base >> 1 & 0xFF)
    packet[10] = UInt8(base & 1) << 7 | 0x7E
    packet[11] = 0
    return packet
  }

  /// `seconds` of stream from clock `first`: a table and a clock reference every 100 ms.
  static func stream(from first: Int64, seconds: Int, step: Int64 = 9_000) -> [UInt8] {
    (0..<seconds * 10).flatMap { table() + clock(first + Int64($0) * step) }
  }
}

@Suite("Timeshift clock")
struct TimeshiftClockTests {
  /// Feeds `bytes` in chunks of `size` (cutting packets), from offset 0, all arriving at once
  /// (or, with `pace`, each chunk `pace` after the one before).
  func clock(of bytes: [UInt8], chunk size: Int, pace: Duration = .zero) -> TimeshiftClock {
    var clock = TimeshiftClock()
    var arrived = ContinuousClock.now
    for start in stride(from: 0, to: bytes.count, by: size) {
      bytes[start..<min(start + size, bytes.count)].withUnsafeBytes {
        clock.add($0, at: Int64(start), arrived: arrived)
      }
      arrived += pace
    }
    return clock
  }

  @Test("clock references in chunks that cut packets give the stream's time at each offset")
  func chunks() throws {
    let bytes = Packets.stream(from: 1_000_000, seconds: 10)
    for size in [100, 188, 1_000, 65_536] {
      let clock = clock(of: bytes, chunk: size)
      #expect(clock.edge == .milliseconds(9_900), "chunks of \(size)")
      // The second pair of packets: its table at 376, its clock (100 ms) at 564.
      #expect(clock.time(from: 376) == .milliseconds(100))
      #expect(clock.time(from: 565) == .milliseconds(200))
      #expect(clock.entry(before: .milliseconds(250)) == Int64(376 * 2))
      #expect(clock.entry(before: .seconds(100)) == Int64(bytes.count - 376))
      #expect(clock.entry(before: .milliseconds(-1)) == 0, "before everything: the first")
      #expect(clock.time(from: Int64(bytes.count)) == nil)
    }
  }

  @Test("a wrap of the 33-bit clock goes on; a jump counts as the time between arrivals")
  func wrapAndJump() {
    let wrap = Int64(1) << 33
    let bytes =
      Packets.stream(from: wrap - 90_000, seconds: 2)  // wraps after 1 s
      + Packets.stream(from: 5_000, seconds: 1)  // a source that restarted its clock
    let clock = clock(of: bytes, chunk: 4_096)
    // 1.9 s up to the jump, which adds nothing (all arrived at once), then 0.9 s more.
    #expect(clock.edge == .milliseconds(2_800))
    #expect(clock.time(from: 376 * 15) == .milliseconds(1_500))
    // A jump forward of 4.1 s (a looping source) between references whose arrivals are
    // 100 ms apart counts as those 100 ms: 0.9 s, 1.0 s at the jump, then 0.9 s more.
    let looped = Packets.stream(from: 0, seconds: 1) + Packets.stream(from: 450_000, seconds: 1)
    let paced = self.clock(of: looped, chunk: 376, pace: .milliseconds(100))
    #expect(paced.edge == .milliseconds(1_900))
  }

  @Test("forgotten offsets are gone; an odd byte puts the reader out of step only once")
  func dropAndResync() {
    var bytes = Packets.stream(from: 0, seconds: 2)
    bytes.insert(0x00, at: 376 * 5)  // a stray byte between two pairs
    let clock = {
      var clock = self.clock(of: bytes, chunk: 1_000)
      clock.drop(before: 376 * 10)
      return clock
    }()
    #expect(clock.marks.first?.time == .milliseconds(1_000))
    #expect(clock.entries.first == Int64(376 * 10 + 1))
    #expect(clock.edge == .milliseconds(1_900))
  }

  @Test("the clock of an ffmpeg stream spans its duration as ffprobe reads it")
  func ffmpegStream() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await media.make(
      "clock.ts",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=25:d=7", "-f", "lavfi", "-i",
        "sine=d=7", "-c:v", "libx264", "-g", "50", "-c:a", "aac", "-f", "mpegts",
      ])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let clock = clock(of: bytes, chunk: 65_536)
    let edge = try #require(clock.edge)
    // ffmpeg writes a clock reference with the video's packets: the span ends a frame or
    // two before the stream does.
    #expect(edge > .milliseconds(6_700) && edge <= .seconds(7), "\(edge)")
    #expect(!clock.entries.isEmpty)
  }
}
