// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

extension Recording {
  /// How long reading a source's tables back may take.
  static let tablesTimeout = Duration.seconds(3)

  /// How many first bytes of an MPEG-TS over HTTP are read for its tables before its first
  /// MiB (``Media/remoteTransportStreamEnd``) is.
  static let quickTablesLength = 256 << 10

  /// What libVLC 3 loses of an MPEG-TS over HTTP, UDP or RTP without listing it anywhere,
  /// by the source's own tables (``sourcePrograms(of:stillSending:)``; empty for other
  /// sources): its data streams (libVLC lists no stream of unknown kind and passes none to
  /// its muxers) and its programs (its muxers write one, the programs' tracks side by side).
  static func lostThroughLibVLC(_ programs: [TransportStreamProgram], listed: [Track])
    -> (tracks: [(track: Track, reason: String)], fields: [DroppedField])
  {
    guard !programs.isEmpty else { return ([], []) }
    // The PMTs' streams libVLC did not list (a stream of unknown kind it lists, as Opus, is
    // recorded), under ids after its own.
    let unlisted = TransportStreamListing.unlisted(in: programs, tracks: listed) ?? []
    let first = (listed.map(\.id).max() ?? -1) + 1
    let tracks = unlisted.enumerated().filter { $0.element.kind == .unknown }.map { index, stream in
      (
        track: Track(id: first + index, kind: .unknown, codec: "undf", language: stream.language),
        reason: "libVLC 3 passes no data stream to its muxers"
      )
    }
    let mapped = programs.filter { !$0.streams.isEmpty }
    guard mapped.count > 1 else { return (tracks, []) }
    let names = mapped.map { $0.name ?? "\($0.number)" }.joined(separator: ", ")
    let field = DroppedField(
      track: nil, name: "programs", value: names,
      reason: "libVLC 3's muxers write one program: their tracks are side by side, and "
        + "libVLC starts each program after a buffer of its own, so the later ones' first "
        + "second or so is missing")
    return (tracks, [field])
  }

  /// A network MPEG-TS source's programs from its own tables: over HTTP from its first
  /// quarter MiB, else its first MiB (no length, no MP4 index, no tail, as a probe reads),
  /// in the order their maps come;
  /// over UDP or RTP from the stream itself once libVLC has let go of the port, in the PAT's
  /// order, when the source is `stillSending` (a recording stopped by its duration or its
  /// caller; one that ended or stalled has nothing more to read). Empty for other sources and
  /// when no tables come within ``tablesTimeout``.
  static func sourcePrograms(of media: Media, stillSending: Bool) async
    -> [TransportStreamProgram]
  {
    guard !media.isLocalFile, let url = URL(string: media.mrl) else { return [] }
    switch url.scheme?.lowercased() {
    case "http", "https":
      // A live stream repeats its tables every half second or so: its first quarter MiB
      // (under a second at 2.7 Mbit/s) holds them, where its first MiB came too late at a
      // live rate (4 s at 2 Mbit/s) and the recording named no merged program. The first MiB
      // still when the quarter lacks a map or the service names (sent every 2 s in DVB).
      let deadline = ContinuousClock.now + tablesTimeout
      var programs: [TransportStreamProgram] = []
      for length in [quickTablesLength, Media.remoteTransportStreamEnd] {
        let left = deadline - .now
        guard left > .zero,
          let head = try? await HTTPFetch.prefix(of: url, length: length, timeout: left),
          let file = TransportStreamFile.read(head: head.bytes, tail: { Data() })
        else { break }
        programs = file.programs
        if file.hasEveryTable || head.bytes.count < length { break }
      }
      return programs
    case "udp", "rtp":
      guard stillSending else { return [] }
      return (try? await TransportStreamProgram.programs(at: url, within: tablesTimeout)) ?? []
    default:
      return []
    }
  }

  /// How long reading a file's own headers over HTTP may take, from the recording's start:
  /// they are read while it records, and waited for when it ends.
  static let headersTimeout = Duration.seconds(10)

  /// How many first bytes of a Matroska file are read for its `Tracks` when the first
  /// ``FileHeaders/headLength`` do not hold them.
  static let tracksLength = 64 << 10

  /// How long a recording stopped by its caller waits for the source's headers still coming.
  static let headersAfterStop = Duration.seconds(2)

  /// A file over HTTP (not a playlist), read from its server while libVLC records it: what
  /// its first bytes say (a cover picture, which libVLC 3 does not read over the network;
  /// tags and formats its demuxers leave out), an MP4's `moov` (``RemoteMovie``), and, for a
  /// Matroska file at a location ``ForwardReading/isWorthAsking(_:)`` takes (named as
  /// Matroska, or with an extension of no other container), its tags, track names, flags and
  /// chapters (which libVLC 3 reads otherwise or, through libavformat's demuxer, not at all)
  /// and the option it must be read with (``ForwardReading/option(head:total:)``). `nil` for
  /// other sources.
  ///
  /// Returns once the ``SourceStart`` is known: for such a location, or an MP4 whose streams
  /// the recording selects itself (`selectsStreams`), when its first bytes come (a recording
  /// is not the player's opening, limited to ``ForwardReading/askTimeout``: without the
  /// option, a busy server without ranges was recorded up to its first chapter), at most
  /// ``headersTimeout`` and the recording's `stallLimit`, or until a stop is asked for through
  /// `control`; at once for others.
  /// The headers come within ``headersTimeout`` (`nil` when the first bytes do not come by
  /// then); `container` is settled with the container the first bytes name as they come.
  static func readSourceHeaders(
    of media: Media, control: RecordingControl, stallLimit: Duration?, selectsStreams: Bool
  ) async -> (
    start: SourceStart, headers: Task<FileHeaders?, Never>, container: Completion<String?>
  )? {
    let scheme = URL(string: media.mrl)?.scheme?.lowercased()
    guard scheme == "http" || scheme == "https", !media.isPlaylistLocation,
      let url = URL(string: media.mrl)
    else { return nil }
    let mayBeMatroska = ForwardReading.isWorthAsking(media.mrl)
    let start = Completion<SourceStart>()
    let container = Completion<String?>()
    let headers = Task { () -> FileHeaders? in
      let deadline = ContinuousClock.now + headersTimeout
      defer {
        start.settle(.success(SourceStart()))
        container.settle(.success(nil))
      }
      guard
        let head = await FileHeaders.fetchHead(
          of: url, timeout: { min(deadline - .now, headersTimeout) })
      else { return nil }
      var headers = head.headers
      container.settle(.success(headers.container))
      let ranged = head.total != nil
      if !mayBeMatroska { start.settle(.success(SourceStart(answersRanges: ranged))) }
      // An MP4's tracks (over a server without ranges libVLC lists a stale set first, which
      // a recording named as lost), its audio formats and chapters, as a probe reads them.
      if headers.container == "MP4/QuickTime",
        let movie = await RemoteMovie.read(
          url, head: head.bytes, total: head.total, until: deadline)
      {
        headers.note(movie)
      }
      guard headers.container == "Matroska/WebM", mayBeMatroska else {
        start.settle(.success(SourceStart(answersRanges: ranged)))
        return headers
      }
      // Tracks past the first bytes (a Vorbis track's 4 KiB of setup headers): one longer read.
      var entries = MatroskaTracks.read(DownloadedBytes(parts: [(0, head.bytes)], total: nil))
      if entries == nil,
        let longer = try? await HTTPFetch.prefix(
          of: url, length: Self.tracksLength, timeout: deadline - .now)
      {
        entries = MatroskaTracks.read(DownloadedBytes(parts: [(0, longer.bytes)], total: nil))
      }
      start.settle(
        .success(
          SourceStart(
            option: ForwardReading.option(head: head.bytes, total: head.total),
            answersRanges: ranged,
            matroskaCodecs: entries?.filter { [.audio, .video].contains($0.kind) }.map(\.codecID))))
      await headers.noteMatroska(of: url, head: head.bytes, total: head.total, until: deadline)
      return headers
    }
    // Settled by the reading's end at the latest, within headersTimeout, or by a stop; a
    // server that sends nothing for the recording's stall limit is not waited for longer.
    guard mayBeMatroska || selectsStreams else { return (SourceStart(), headers, container) }
    control.attach(HeadWait(start: start))
    let wait = min(stallLimit ?? headersTimeout, headersTimeout)
    return ((try? await start.value(within: wait).get()) ?? SourceStart(), headers, container)
  }

  /// The headers `reading` brings, for a recording that ended so: awaited (within
  /// ``headersTimeout`` of its start) for a file that is kept; for one its caller stopped,
  /// at most ``headersAfterStop`` more; for a stalled one, those already read; none for a
  /// failed one or one stopped before any stream came (the reading is cancelled).
  static func headers(
    from reading: Task<FileHeaders?, Never>?, after ending: OutputSession.Outcome
  ) async -> FileHeaders? {
    guard let reading else { return nil }
    switch ending.ending {
    case .sourceEnded where ending.hadStreams, .limitReached:
      return await reading.value
    case .stopped where ending.hadStreams, .stalled:
      // A stall's limit is documented (about 5 s past it): only what has already come.
      let limit = ending.ending == .stalled ? Duration.zero : headersAfterStop
      let read = Completion<FileHeaders?>()
      let waiter = Task { read.settle(.success(await reading.value)) }
      defer { waiter.cancel() }
      if case .success(let headers) = await read.value(within: limit) {
        return headers
      }
      reading.cancel()
      return nil
    default:
      reading.cancel()
      return nil
    }
  }
}

extension Recording {
  /// The failure of a recording stopped before libVLC started (while its source's first
  /// bytes were awaited), its partial file removed: ``VLCError/cancelled`` for a cancelled
  /// task, else what a recording stopped before any stream came says.
  static func stoppedBeforeStart(
    _ target: RecordingTarget, options: RecordingOptions, cancelled: Bool
  ) -> VLCError {
    target.discard()
    if cancelled { return .cancelled }
    return RecordingCheck.verdict(
      path: target.destination, written: nil, bytes: 0, expected: nil, source: [],
      container: options.container, transcode: options.transcode, sourceReason: nil,
      stopped: true) ?? .cancelled
  }
}

/// The wait for a source's first bytes as a recording's engine, until its session is
/// attached: a stop ends the wait, and the session is stopped as soon as it is attached.
private struct HeadWait: RecordingEngine {
  let start: Completion<SourceStart>

  func requestStop(cancelled: Bool) { start.settle(.success(SourceStart())) }
}

/// What a recording over HTTP learns from its server's first answer, before libVLC opens the
/// source.
struct SourceStart: Sendable {
  /// The media option the source must be read with (``ForwardReading/option(head:total:)``).
  var option: String?
  /// Whether the server answered a range request; `nil` when it did not answer in time.
  var answersRanges: Bool?
  /// A Matroska file's audio and video codec ids (`V_VP9`), where its first bytes list them.
  var matroskaCodecs: [String]?
}
