// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The `moov` box of an MP4 served over HTTP, read as a local file's is (``MP4Movie``): from
/// the first bytes when it comes first (a "fast start" file), else from a suffix request when
/// it follows the media data and the server answers ranges. libVLC 3's preparse reports the
/// sample entry's channel count (2 for mono AAC) and no chapters; over a server that cannot
/// seek it lists the tracks twice (its MP4 demuxer's, then libavformat's).
enum RemoteMovie {
  /// The most bytes fetched for it.
  static let limit = 8 << 20

  /// The movie of `url`, whose first bytes are `head` and whole length `total` (when the
  /// server said it); `nil` when its `moov` is out of reach or nothing came in time.
  static func read(
    _ url: URL, head: Data, total: Int?, until deadline: ContinuousClock.Instant
  ) async -> MP4Movie? {
    // The top-level boxes in the first bytes, walked as MP4Movie walks a file's.
    let first = DownloadedBytes(parts: [(0, head)], total: total.map { UInt64($0) })
    var offset = 0
    while let (type, size, _) = MP4Boxes.header(first, at: UInt64(offset)) {
      guard size >= 8 else { return nil }  // to the end of the file, or damage
      let end = offset + size
      if type == "moov" {
        guard end <= limit else { return nil }
        if end <= head.count {
          return await frames(of: movie([(0, head)], total: total), url, until: deadline)
        }
        let left = Media.fetchTime(until: deadline)
        guard left > .zero,
          let prefix = try? await HTTPFetch.prefix(of: url, length: end, timeout: left)
        else { return nil }
        return await frames(of: movie([(0, prefix.bytes)], total: total), url, until: deadline)
      }
      guard end > head.count else {
        offset = end
        continue
      }
      // The media data runs past the head: the `moov` follows it, at the end.
      guard let total, total > end, total - end <= limit else { return nil }
      let left = Media.fetchTime(until: deadline)
      guard left > .zero,
        let suffix = try? await HTTPFetch.suffix(of: url, length: total - end, timeout: left)
      else { return nil }
      return await frames(
        of: movie([(0, head), (UInt64(end), suffix.bytes)], total: total), url, until: deadline)
    }
    return nil
  }

  /// `movie` with the first frame of each MPEG audio track it could not reach (after a
  /// fast-start `moov`, past the first bytes), fetched 4 bytes each by a range request:
  /// their format is the frame's, as a local file's.
  private static func frames(
    of movie: MP4Movie?, _ url: URL, until deadline: ContinuousClock.Instant
  ) async -> MP4Movie? {
    guard var movie else { return nil }
    for (index, offset) in movie.unreadFrames {
      let left = Media.fetchTime(until: deadline)
      guard left > .zero,
        let frame = try? await HTTPFetch.part(of: url, at: offset, length: 4, timeout: left)
      else { break }
      movie.noteFrame([UInt8](frame), ofAudio: index)
    }
    return movie
  }

  private static func movie(_ parts: [(start: UInt64, bytes: Data)], total: Int?) -> MP4Movie? {
    MP4Movie.read(DownloadedBytes(parts: parts, total: total.map { UInt64($0) }))
  }
}
