// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// What the ends of a download say, for ``Media/refined(_:depth:until:)``.
extension Media {
  /// How long each end of a download may take to arrive.
  static let headTimeout = Duration.seconds(2)

  /// How long the next request for part of a download may take: ``headTimeout``, or what is
  /// left before `deadline` when that is less.
  static func fetchTime(until deadline: ContinuousClock.Instant) -> Duration {
    min(deadline - .now, headTimeout)
  }
  /// How much of each end of an `http(s)` MPEG-TS is read for its tables and length.
  static let remoteTransportStreamEnd = 1 << 20
  /// How much of an ADTS download is read to estimate its length: 256 KiB, 20 s at 96 kb/s.
  static let adtsHead = 256 << 10

  /// What the ends of an `http(s)` source say, as a file's headers and TS tables do: libVLC
  /// names only the demuxer it chose (over a server that cannot seek, libavformat, not
  /// Matroska), reports FLAC as 3 channels, measures a TS from its first clock reference and
  /// a VBRI MP3 from its first frame (an MP3's Xing or VBRI frame count is read here, not for
  /// a file, whose frames are counted). The first 4 KiB (a live radio stream sends them in a
  /// quarter of a second); from a server that answers range requests (a file, not a live
  /// stream) also the first and last MiB of a TS and the last page of an Ogg stream; `size`:
  /// the body's length, when the server answered the first request with a range (libVLC can
  /// seek in it). `nil` for other schemes or when nothing comes within ``headTimeout``.
  static func remoteEnds(of url: URL, until deadline: ContinuousClock.Instant) async
    -> (headers: FileHeaders, scan: TransportStreamFile?, size: Int?)?
  {
    let scheme = url.scheme?.lowercased()
    guard scheme == "http" || scheme == "https",
      let start = await FileHeaders.fetchHead(of: url, timeout: { fetchTime(until: deadline) })
    else { return nil }
    let opening = start.bytes
    let first = [UInt8](opening)
    var headers = start.headers
    await headers.noteRest(of: url, head: opening, total: start.total, until: deadline)
    if ["MP3", "MPEG audio"].contains(headers.container),
      let declared = MPEGAudioScan.declaredDuration(head: first)
    {
      headers.duration = declared
      headers.lengthIsEstimate = declared == nil
    }
    if headers.container == "ADTS AAC", let total = start.total {
      // Its length is its frames': counted in a head that holds the whole body, else
      // estimated from a longer head.
      let longer =
        total > start.bytes.count
        ? try? await HTTPFetch.prefix(
          of: url, length: adtsHead, timeout: fetchTime(until: deadline)) : nil
      if let length = FileHeaders.adtsLength(
        head: longer.map { [UInt8]($0.bytes) } ?? first, total: total)
      {
        headers.duration = length.duration
        headers.lengthIsEstimate = length.isEstimate
      }
    }
    let isStream = headers.container == "MPEG-TS"
    let size = start.total
    guard isStream || headers.container == "Ogg" else { return (headers, nil, size) }
    var head = start.bytes
    var tail: Data?  // nil: the head is the whole body
    if let total = start.total, total > head.count {
      // A TS's length is estimated from its audio's byte rate at each end: 1 MiB of each (a
      // file's 4 MiB would be slow to download; 64 KiB gave 2.23 s for 2.05 s). An Ogg
      // stream's length is on its last page.
      let window = isStream ? remoteTransportStreamEnd : OggLength.tailLength
      if isStream,
        let longer = try? await HTTPFetch.prefix(
          of: url, length: window, timeout: fetchTime(until: deadline))
      {
        head = longer.bytes
      }
      let left = fetchTime(until: deadline)
      if total > head.count {
        let suffix =
          left > .milliseconds(50)
          ? try? await HTTPFetch.suffix(of: url, length: window, timeout: left) : nil
        tail = suffix?.bytes ?? Data()
      }
    } else if start.total == nil, head.count >= FileHeaders.headLength {
      // No ranges and more to come (a live stream, or a server that cannot seek): its end is
      // not read, so as not to stream it for seconds.
      tail = Data()
    }
    if !isStream {
      headers.duration = OggLength.read(head: first) { [UInt8](tail ?? head) }
      return (headers, nil, size)
    }
    // A live stream's first 4 KiB may hold no table yet: then no programs rather than none.
    let scan = TransportStreamFile.read(head: head) { tail }
    return (headers, scan?.programs.isEmpty == false ? scan : nil, size)
  }
}

extension FileHeaders {
  /// For an MP4 or Matroska download whose first bytes are `head`, keeps what the rest of the
  /// file declares, fetched as a local file's is read: an MP4's `moov` (``RemoteMovie``), a
  /// Matroska file's chapters and tags (``RemoteMatroska``).
  fileprivate mutating func noteRest(
    of url: URL, head: Data, total: Int?, until deadline: ContinuousClock.Instant
  ) async {
    switch container {
    case "MP4/QuickTime":
      if let movie = await RemoteMovie.read(url, head: head, total: total, until: deadline) {
        note(movie)
      }
    case "Matroska/WebM":
      await noteMatroska(of: url, head: head, total: total, until: deadline)
    default:
      break
    }
  }
}

extension FileHeaders {
  /// For a Matroska download whose first bytes are `head`, keeps its chapters, tags and track
  /// entries (``RemoteMatroska``).
  mutating func noteMatroska(
    of url: URL, head: Data, total: Int?, until deadline: ContinuousClock.Instant
  ) async {
    let found = await RemoteMatroska.read(url, head: head, total: total, until: deadline)
    matroskaChapters = found.chapters
    noteChapters(found.chapters?.chapters)
    tags = found.tags
    matroskaTracks = found.tracks
  }
}

extension FileHeaders {
  /// The first bytes of the download at `url` and what they say (``read(head:)``): its first
  /// ``headLength`` bytes, or more when an ID3 tag runs past them (a cover picture: its text
  /// frames, and what follows); `total`: the body's length when the server answered with a
  /// range. `nil` when nothing came; each request within `timeout()`. The one way a probe, a
  /// recording and a player's question before opening (``ForwardReading``) read a
  /// download's head.
  static func fetchHead(of url: URL, timeout: () -> Duration) async
    -> (bytes: Data, total: Int?, headers: FileHeaders)?
  {
    guard let start = try? await HTTPFetch.prefix(of: url, length: headLength, timeout: timeout()),
      !start.bytes.isEmpty
    else { return nil }
    var bytes = start.bytes
    if let longer = headNeeded(for: [UInt8](bytes)),
      let more = try? await HTTPFetch.prefix(of: url, length: longer, timeout: timeout())
    {
      bytes = more.bytes
    }
    return (bytes, start.total, read(head: [UInt8](bytes)))
  }
}
