// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

/// What this process holds, for the tests that check that repeated work leaks nothing; each
/// runs in a process of its own (``inOwnProcess(_:)``), where nothing else allocates.
///
/// The heap figure is the allocator's own count of bytes in use (glibc's `malloc_info`: every
/// arena's memory less its free chunks, plus the blocks mapped on their own). Unlike resident
/// memory it does not move with fragmentation, with freed pages kept for reuse or with
/// libraries paged in, so a leak of a few kilobytes per cycle shows over a few hundred cycles.
/// What it still counts that is not in use: each live thread's cache of freed blocks (glibc's
/// tcache, up to about 200 KB a thread), which fills over the first few hundred cycles and goes
/// with its thread; and blocks that players being released still hold.
struct ProcessFootprint: Sendable, CustomStringConvertible {
  /// Heap bytes in use, in megabytes.
  var heapMegabytes: Double
  var threads: Int

  var description: String {
    "heap \((heapMegabytes * 1_000).rounded() / 1_000) MB, \(threads) threads"
  }

  /// The footprint now.
  static func now() throws -> ProcessFootprint {
    ProcessFootprint(heapMegabytes: try heapInUse() / 1_048_576, threads: try threadCount())
  }

  /// The footprint once `condition` holds (dropped players release on their own queues and
  /// their threads leave), polled every 50 ms; the last one after `limit` otherwise, for the
  /// caller's expectations to report.
  static func settled(
    within limit: Duration = .seconds(10), until condition: @Sendable (ProcessFootprint) -> Bool
  ) async throws -> ProcessFootprint {
    let deadline = ContinuousClock.now + limit
    var footprint = try now()
    while !condition(footprint) && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
      footprint = try now()
    }
    return footprint
  }
}

/// The thread count, from /proc/self/status.
private func threadCount() throws -> Int {
  let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/status"))
  let status = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
  let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Threads:") })
  return try #require(Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)))
}

/// glibc's count of heap bytes in use, from the totals `malloc_info` writes after its arenas:
/// the memory its arenas hold (`system current`) less their free chunks (`fast`, `rest`, the
/// top chunk included), plus the blocks mapped on their own (`mmap`). (`mallinfo2` counts the
/// same, but Swift's Glibc module does not declare it.)
private func heapInUse() throws -> Double {
  typealias Info = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
  let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info"))
  var buffer: UnsafeMutablePointer<CChar>?
  var length = 0
  let file = try #require(open_memstream(&buffer, &length))
  let status = unsafeBitCast(symbol, to: Info.self)(0, file)
  fclose(file)
  defer { free(buffer) }
  try #require(status == 0 && buffer != nil, "malloc_info failed")
  let report = String(cString: try #require(buffer))
  let end = try #require(report.range(of: "</heap>", options: .backwards), "\(report)")
  let totals = report[end.upperBound...]
  let sizes = [
    "<system type=\"current\"", "<total type=\"fast\"", "<total type=\"rest\"",
    "<total type=\"mmap\"",
  ].compactMap { element -> Double? in
    guard let start = totals.range(of: element),
      let field = totals[start.upperBound...].range(of: "size=\"")
    else { return nil }
    return Double(totals[field.upperBound...].prefix { $0.isNumber })
  }
  try #require(sizes.count == 4, "malloc_info's totals: \(totals)")
  return sizes[0] - sizes[1] - sizes[2] + sizes[3]
}
