// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

extension Recording {
  /// How long reading a source's tables back may take.
  static let tablesTimeout = Duration.seconds(3)

  /// What libVLC 3 loses of an MPEG-TS served over HTTP without listing it anywhere, read
  /// from the source's own tables (in its first MiB, as a probe reads them): its data
  /// streams (libVLC lists no stream of unknown kind and passes none to its muxers) and its
  /// programs (its muxers write one, the programs' tracks side by side). Empty for other
  /// sources, and when the tables do not come within ``tablesTimeout``.
  static func lostThroughLibVLC(_ media: Media, listed: [Track]) async
    -> (tracks: [(track: Track, reason: String)], fields: [DroppedField])
  {
    // The tables only: the first MiB (no length, no MP4 index, no tail, as a probe reads).
    let scheme = URL(string: media.mrl)?.scheme?.lowercased()
    guard !media.isLocalFile, scheme == "http" || scheme == "https",
      let url = URL(string: media.mrl),
      let head = try? await HTTPFetch.prefix(
        of: url, length: Media.remoteTransportStreamEnd, timeout: tablesTimeout),
      let scan = TransportStreamFile.read(head: head.bytes, tail: { Data() }),
      !scan.programs.isEmpty
    else { return ([], []) }
    // The PMTs' streams libVLC did not list (a stream of unknown kind it lists, as Opus, is
    // recorded), under ids after its own.
    let unlisted = TransportStreamListing.unlisted(in: scan.programs, tracks: listed) ?? []
    let first = (listed.map(\.id).max() ?? -1) + 1
    let tracks = unlisted.enumerated().filter { $0.element.kind == .unknown }.map { index, stream in
      (
        track: Track(id: first + index, kind: .unknown, codec: "undf", language: stream.language),
        reason: "libVLC 3 passes no data stream to its muxers"
      )
    }
    let programs = scan.programs.filter { !$0.streams.isEmpty }
    guard programs.count > 1 else { return (tracks, []) }
    let names = programs.map { $0.name ?? "\($0.number)" }.joined(separator: ", ")
    let field = DroppedField(
      track: nil, name: "programs", value: names,
      reason: "libVLC 3's muxers write one program: their tracks are side by side")
    return (tracks, [field])
  }

  /// A Matroska source over HTTP whose name says so (``ForwardReading/isWorthAsking(_:)``):
  /// its own headers (its tags, track names, flags and chapters, which libVLC 3 reads
  /// otherwise or, through libavformat's demuxer, not at all) and the option it must be read
  /// with (``ForwardReading/option(head:total:)``). `nil` for other sources, and when the
  /// first bytes do not come within ``ForwardReading/askTimeout``; all of it within
  /// ``tablesTimeout``.
  static func matroskaHeaders(of media: Media) async -> (headers: FileHeaders, option: String?)? {
    let deadline = ContinuousClock.now + tablesTimeout
    guard ForwardReading.isWorthAsking(media.mrl), let url = URL(string: media.mrl),
      let start = try? await HTTPFetch.prefix(
        of: url, length: FileHeaders.headLength, timeout: ForwardReading.askTimeout),
      !start.bytes.isEmpty
    else { return nil }
    var headers = FileHeaders.read(head: [UInt8](start.bytes))
    guard headers.container == "Matroska/WebM" else { return nil }
    await headers.noteMatroska(of: url, head: start.bytes, total: start.total, until: deadline)
    return (headers, ForwardReading.option(head: start.bytes, total: start.total))
  }
}
