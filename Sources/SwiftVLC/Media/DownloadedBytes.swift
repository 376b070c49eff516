// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Bytes of a media read by offset: a local file (``ReadOnlyFile``) or the parts of a
/// download that were fetched (``DownloadedBytes``), for the header readers that work on
/// either (``MP4Movie``, ``MatroskaChapters``).
protocol RandomAccessBytes: ~Copyable {
  /// Up to `count` bytes from `offset`, fewer only at the end of the media; `nil` when they
  /// cannot be read.
  func read(at offset: UInt64, upTo count: Int) -> Data?
  /// The media's whole length in bytes, when known.
  var size: UInt64? { get }
}

extension ReadOnlyFile: RandomAccessBytes {}

/// The parts of a download that were fetched (its first bytes, its last ones), read as the
/// whole: a read outside them, or running past one of them before the end of the media,
/// fails.
struct DownloadedBytes: RandomAccessBytes {
  /// Each part's offset in the media and its bytes.
  var parts: [(start: UInt64, bytes: Data)]
  /// The media's whole length, when the server said it.
  var total: UInt64?

  var size: UInt64? { total }

  func read(at offset: UInt64, upTo count: Int) -> Data? {
    guard count > 0 else { return Data() }
    for part in parts where part.start <= offset {
      let end = part.start + UInt64(part.bytes.count)
      guard offset < end || offset == total else { continue }
      let from = Int(offset - part.start)
      let available = part.bytes.count - from
      // Cut short by the part, not by the media's end: what follows was not fetched.
      guard available >= count || end == total else { return nil }
      let start = part.bytes.startIndex + from
      return Data(part.bytes[start..<start + max(0, min(count, available))])
    }
    return nil
  }
}
