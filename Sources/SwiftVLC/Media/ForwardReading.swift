// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Which demuxer libVLC 3 must read a download with when its server cannot seek.
///
/// libVLC's Matroska demuxer, over a server that answers no range request, loses its place at
/// the first seek it tries (a chapter's start, an element its seek head points to): its clock
/// jumps to the last cluster and the input ends as if the file had (a 6 s file ended after 1 s,
/// at 5.9 s by its clock). libavformat's demuxer reads such a file from its start to its end,
/// but not one with a subtitle track: libVLC's clock follows the track it last had a packet
/// for, a sparse subtitle held it at 0.5 s of a 4 s file, and a recording's times ran to
/// 4,855 s. See docs/libvlc3-findings.md.
enum ForwardReading {
  /// The media option a download whose first bytes are `head` needs from a server that gave
  /// its whole length `total` with a range, or answered none (`nil`): `:demux=avformat` for a
  /// Matroska file (its segment sized: not a live stream) without ranges whose tracks are
  /// known and none a subtitle, else `nil`.
  static func option(head: Data, total: Int?) -> String? {
    let bytes = DownloadedBytes(parts: [(0, head)], total: nil)
    guard total == nil, FileHeaders.containerName([UInt8](head)) == "Matroska/WebM",
      MatroskaElements.segmentIsSized(bytes), let tracks = MatroskaTracks.read(bytes),
      !tracks.isEmpty, !tracks.contains(where: { $0.kind == .subtitle })
    else { return nil }
    return ":demux=avformat"
  }

  /// How long the question to the server may take before the media opens anyway: 5 s. A
  /// server that answers it later is a server that answers libVLC's own request as late, and
  /// without the answer its Matroska file plays cut (a server answering each request 2 s late
  /// had a 4 s file end after 2 s with a 1.5 s limit); one that does not answer at all delays
  /// the opening by this much, within the player's opening limit.
  static let askTimeout = Duration.seconds(5)

  /// Whether a player or a recording asks the server before opening `mrl`: an `http(s)`
  /// location that may be a Matroska file, whose name ends as one's does or with an extension
  /// of no other container (`clip.video`: libVLC picks its demuxer by the bytes, and a 6 s
  /// Matroska file so named ended after 1.2 s). Not a name without an extension (a live
  /// stream's, an IPTV channel's: `/live/123`, whose opening or zapping must not wait, and
  /// whose server may take one connection only), nor one of another container
  /// (``otherContainers``).
  static func isWorthAsking(_ mrl: String) -> Bool {
    guard let url = URL(string: mrl), ["http", "https"].contains(url.scheme?.lowercased())
    else { return false }
    let fileExtension = url.pathExtension.lowercased()
    return !fileExtension.isEmpty && !otherContainers.contains(fileExtension)
  }

  /// The extensions of containers other than Matroska, and of playlists, libVLC 3 reads.
  static let otherContainers: Set<String> = [
    "mp4", "m4a", "m4v", "m4b", "mov", "3gp", "3g2", "ts", "m2ts", "mts", "mp3", "mp2", "aac",
    "ac3", "flac", "ogg", "oga", "ogv", "opus", "spx", "wav", "avi", "flv", "asf", "wmv", "wma",
    "mpg", "mpeg", "vob", "m3u8", "m3u", "mpd", "pls", "xspf",
  ]

  /// Asks the servers of `media`, ``askLimit`` at a time, all within one ``askTimeout``
  /// (a list of servers that do not answer waited that long for every four), and adds to
  /// each the option it needs. An item not asked by then is opened as it is.
  static func prepare(_ media: [Media]) async {
    let deadline = ContinuousClock.now + askTimeout
    await withTaskGroup(of: Void.self) { group in
      for (index, item) in media.enumerated() {
        if index >= askLimit { await group.next() }
        guard deadline > .now else { break }
        group.addTask {
          let left = deadline - .now
          if let option = await option(for: item.mrl, within: left) { item.addOption(option) }
        }
      }
    }
  }

  /// How many servers ``prepare(_:)`` asks at once.
  static let askLimit = 4

  /// The option for `mrl`, from its server's answer to one range request for its first bytes
  /// (within `limit`, at most ``askTimeout``); `nil` when it needs none or the server does not
  /// answer in time.
  static func option(for mrl: String, within limit: Duration = askTimeout) async -> String? {
    let deadline = ContinuousClock.now + min(limit, askTimeout)
    guard let url = URL(string: mrl), deadline > .now,
      // Never 0 or less: libcurl takes 0 as no limit.
      let start = await FileHeaders.fetchHead(
        of: url, timeout: { max(deadline - .now, .milliseconds(1)) })
    else { return nil }
    return option(head: start.bytes, total: start.total)
  }
}
