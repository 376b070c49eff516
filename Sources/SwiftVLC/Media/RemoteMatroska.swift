// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The chapters of a Matroska or WebM file served over HTTP, read as a local file's are
/// (``MatroskaChapters``): from its first MiB, where muxers put them before the first cluster
/// (mkvmerge, FFmpeg), else from a suffix request from where its seek head places them (a
/// file finished with its chapters at the end). From a server without ranges (a live stream
/// among them) only the first bytes are read. Each request takes at most
/// ``Media/headTimeout``. libVLC 3's preparse reports no Matroska
/// chapters, so a container-depth probe of a download said "unknown".
enum RemoteMatroska {
  /// How much of the start is read.
  static let headLength = 1 << 20
  /// The most bytes fetched from the end.
  static let tailLimit = 8 << 20

  /// The chapters of `url`, whose first bytes are `head` and whole length `total` (when the
  /// server said it): none when it has none, `nil` when that cannot be told in time.
  static func chapters(
    _ url: URL, head: Data, total: Int?, until deadline: ContinuousClock.Instant
  ) async -> [Chapter]? {
    var start = head
    // A server that answers no range (a live stream among them) is not read further.
    if let total, total > head.count {
      let left = Media.fetchTime(until: deadline)
      guard left > .zero,
        let longer = try? await HTTPFetch.prefix(of: url, length: headLength, timeout: left)
      else { return nil }
      start = longer.bytes
    }
    let size = total.map { UInt64($0) }
    let first = DownloadedBytes(parts: [(0, start)], total: size)
    if let chapters = MatroskaChapters.read(first) { return chapters }
    guard case .found(let offset) = MatroskaChapters.locate(first), let total,
      offset < UInt64(total), UInt64(total) - offset <= UInt64(tailLimit)
    else { return nil }
    let left = Media.fetchTime(until: deadline)
    guard left > .zero,
      let tail = try? await HTTPFetch.suffix(
        of: url, length: total - Int(offset), timeout: left)
    else { return nil }
    return MatroskaChapters.read(
      DownloadedBytes(parts: [(0, start), (offset, tail.bytes)], total: size))
  }
}
