// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The chapters and tags of a Matroska or WebM file served over HTTP, read as a local file's
/// are (``MatroskaChapters``, ``MatroskaTags``): from its first MiB, where muxers put chapters
/// before the first cluster (mkvmerge, FFmpeg), and from one suffix request from where its
/// seek head places what lies beyond (FFmpeg writes its tags at the end). From a server
/// without ranges, the first MiB of a file, and only the first bytes of a live stream (whose
/// segment has no size). Each request
/// takes at most ``Media/headTimeout``. libVLC 3's preparse reports no Matroska chapters, so
/// a container-depth probe of a download said "unknown".
enum RemoteMatroska {
  /// How much of the start is read.
  static let headLength = 1 << 20
  /// The most bytes fetched from the end.
  static let tailLimit = 8 << 20

  /// The chapters, tags and track entries of `url`, whose first bytes are `head` and whole length
  /// `total` (when the server said it): each empty when the file has none, `nil` when that
  /// cannot be told in time.
  static func read(
    _ url: URL, head: Data, total: Int?, until deadline: ContinuousClock.Instant
  ) async -> (
    chapters: MatroskaChapters.Reading?, tags: MatroskaTags.FileTags?,
    tracks: [MatroskaTracks.Entry]?
  ) {
    var start = head
    // A server that answers no range is read further only for a file (a sized segment): a
    // live stream's first MiB can take minutes to come.
    let more =
      total.map { $0 > head.count }
      ?? MatroskaElements.segmentIsSized(DownloadedBytes(parts: [(0, head)], total: nil))
    if more {
      let left = Media.fetchTime(until: deadline)
      guard left > .zero,
        let longer = try? await HTTPFetch.prefix(of: url, length: headLength, timeout: left)
      else { return (nil, nil, nil) }
      start = longer.bytes
    }
    let size = total.map { UInt64($0) }
    var file = DownloadedBytes(parts: [(0, start)], total: size)
    // Where what is not at hand lies: one request from the first of those places.
    let beyond = [MatroskaChapters.chaptersID, MatroskaTags.tagsID].compactMap { id in
      if case .found(let offset) = MatroskaElements.locate(id, in: file),
        MatroskaElements.body(of: id, in: file) == nil
      {
        return offset
      }
      return nil
    }
    // The first place within the tail limit (FFmpeg's tags at the very end, when chapters
    // lie further back).
    if let total,
      let offset = beyond.filter({ $0 < UInt64(total) && UInt64(total) - $0 <= UInt64(tailLimit) })
        .min()
    {
      let left = Media.fetchTime(until: deadline)
      if left > .zero,
        let tail = try? await HTTPFetch.suffix(of: url, length: total - Int(offset), timeout: left)
      {
        // The head ends where the tail starts: an element that began in the head is read
        // from the tail, whole.
        let head = start.prefix(Int(min(offset, UInt64(start.count))))
        file = DownloadedBytes(parts: [(0, head), (offset, tail.bytes)], total: size)
      }
    }
    return (MatroskaChapters.readWithEnd(file), MatroskaTags.read(file), MatroskaTracks.read(file))
  }
}
