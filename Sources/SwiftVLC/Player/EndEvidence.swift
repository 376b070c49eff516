// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// What the player knew when libVLC reported the end of the input.
///
/// libVLC 3 reports a plain end whenever its demuxer stops: after the last byte, after the
/// last byte of a cut file, after an HLS segment that answered 404, and after a file none of
/// whose streams it could decode. Its clock is no witness on its own: it stays at 0 for some
/// files it decodes whole (Monkey's Audio 3.96) and on an instance without outputs, which
/// reads a file unpaced in milliseconds. What the input read and decoded decides.
struct EndEvidence: Equatable {
  /// Why a custom input stopped, when it failed (libVLC 3 reads that as a plain end).
  var inputFailure: VLCError?
  /// A network failure libVLC logged (a segment that answered 404), reported instead of an
  /// early end's bare figures.
  var networkFailure: VLCError?
  /// Whether the HTTP server of the source answered without byte ranges
  /// (``LogDiagnosis/serverIgnoresRanges``): named as the likely cause of an early end.
  var serverIgnoresRanges = false
  /// The size of the whole file such a server announced, in bytes
  /// (``LogDiagnosis/unrangedSize``).
  var unrangedSize: Int?
  /// The media's length, when known.
  var duration: Duration?
  /// The last playback time seen.
  var time: Duration = .zero
  /// The native position read when the end was reported (0…1), or the last one seen.
  var position: Double = 0
  /// libVLC's input counters once the input closed, when they could be read.
  var statistics: MediaStatistics?
  /// The size of the local file played, in bytes; `nil` for other sources.
  var fileSize: Int?
  /// What the local file's container declares of its extent (``ContainerExtent``): cut
  /// short, its declared length, an MP4 without its index; nothing known for other sources.
  var extent = ContainerExtent()
  /// The common names of the streams this session was to decode (audio and video, less what
  /// the instance or media turned off), in the media's order.
  var decodableStreams: [String] = []
  /// Whether the media has audio or video and the instance or media turned all of it off
  /// (`--no-audio --no-video`, `:no-audio` on an audio file): nothing was to be decoded or
  /// paced, so libVLC's demuxer may stop at once, and that is the end asked for.
  var everyStreamTurnedOff = false
  /// Whether the source is a local file whose first bytes name no container (read only for
  /// an end).
  var namesNoContainer = false
  /// Whether libVLC listed no stream of the media.
  var listedNoStream = false
  /// Whether the source is no media: a local file whose first bytes name no container, in
  /// which libVLC found no stream or decoded nothing: text, random bytes. libVLC 3 hands such
  /// a file to its MPEG-PS demuxer as a last resort, which ends it at once, as a plain end.
  var isNotMedia: Bool { namesNoContainer && (listedNoStream || decodedNothing) }
  /// Whether libVLC's decoded counters count this session's decoding: not when it plays
  /// through a stream output (a recording), whose display decodes uncounted (0 decoded for
  /// a clip shown whole).
  var countsDecoding = true

  /// The position below which an end that came too early counts as a failure.
  static let earlyEndPosition = 0.9
  /// An end counts as early only when it is more than this much before the length (and more
  /// than a tenth of it).
  static let earlyEndMinimumGap: Duration = .seconds(2)
  /// The share of a local file the input must have read for an end without a clock to count
  /// as the file's end.
  static let readShare = 0.9

  /// Whether a stream that stopped at `reached` of `length` stopped early: short by more
  /// than a tenth of the length and by more than 2 s, or, when its file is known cut (its
  /// container declares bytes past the file's end), by more than a tenth alone. Players and
  /// recordings judge their ends by this one rule.
  static func isEarly(reached: Duration, length: Duration, knownCut: Bool) -> Bool {
    let gap = length - reached
    return gap * 10 > length && (gap > earlyEndMinimumGap || knownCut)
  }

  /// Whether libVLC's clock moved during the session: when it did, where it stopped is
  /// where the stream stopped.
  var clockMoved: Bool { time > .zero || position > 0 }

  /// Whether the counters are those of a session that read its input but decoded nothing.
  var decodedNothing: Bool {
    guard countsDecoding, let statistics else { return false }
    return statistics.decodedAudio + statistics.decodedVideo == 0
      && statistics.readBytes + statistics.demuxReadBytes > 0
  }

  /// Whether what the input read covers the local file (`false` for other sources, and when
  /// the counters are unknown).
  var readWholeFile: Bool {
    guard let fileSize, fileSize > 0, let statistics else { return false }
    return Double(max(statistics.readBytes, statistics.demuxReadBytes))
      >= Double(fileSize) * Self.readShare
  }

  /// Why the end is not the media's natural end, or `nil` when it is.
  ///
  /// - A local file whose first bytes name no container, in which nothing was listed or
  ///   decoded, is no media (``isNotMedia``); a local MP4 without its index is cut
  ///   (``ContainerExtent/lacksIndex``), whatever libVLC's fallback demuxer played of it.
  /// - Every stream was turned off: the end is natural (nothing was asked to play).
  /// - A stream to decode was present and nothing at all was decoded: no decoder.
  /// - A file cut short whose container declares no length (an Ogg file, a fragmented MP4
  ///   without `mehd`) ended where its data end, which is no natural end, wherever that is.
  /// - The clock moved and stopped far before the length: the stream ended early (a cut file,
  ///   a failed segment), at the larger of the time and the position times the length.
  /// - The clock never moved: a local file the input read to its end ended, unless its
  ///   container is known cut (libVLC 3's MP4 demuxer ends one, index first and cut at half,
  ///   within 0.1 s); anything else (an HLS stream whose key or first segment failed) ended
  ///   early at 0.
  /// - From a server without byte ranges, a demuxer that handed on under a third of the file
  ///   while a video played jumped over the rest, whatever the clock says
  ///   (``skippedUnranged``); one that handed on nine tenths of it or more played it to its
  ///   end, whatever the clock says (``passedOnWholeUnranged``).
  /// - A local file the input read to its end, and whose container declares no byte past
  ///   its end, ended wherever the clock stopped: libVLC 3 stops it about 2 s short on a
  ///   whole Matroska file without the video's DefaultDuration. A file cut short keeps its
  ///   header's sizes, so it still ends early, and as it is known to be cut, an end before
  ///   nine tenths fails however short the file (a 3 s clip cut at 2.3 s).
  var failure: FailureReason? {
    if isNotMedia { return .notMedia }
    if extent.lacksIndex { return .other(ContainerExtent.missingIndex) }
    if everyStreamTurnedOff { return nil }
    // A file known cut that decoded nothing before nine tenths ended before its data could
    // be (a loaded machine decoded none of the 0.1 s a cut MP4 played): its cut is the
    // reason, not a decoder.
    if decodedNothing, !extent.isCut || position >= Self.earlyEndPosition,
      let stream = decodableStreams.first
    {
      return .noDecoder(codec: "\(stream) in this libVLC")
    }
    if extent.isCut, extent.declaresNoLength {
      return .other(ContainerExtent.undeclaredCutEnd(at: max(time, (duration ?? .zero) * position)))
    }
    if let skipped = skippedUnranged { return skipped }
    if passedOnWholeUnranged { return nil }
    guard let duration, duration > .zero, position < Self.earlyEndPosition else { return nil }
    // A file known cut did not play whole, wherever (or whether) the clock moved.
    if readWholeFile && !extent.isCut && (!clockMoved || extent.isComplete == true) {
      return nil
    }
    let reached = max(time, duration * position)
    guard Self.isEarly(reached: reached, length: duration, knownCut: extent.isCut)
    else { return nil }
    return .truncated(reached: reached, length: duration)
  }

  /// The share of a file from a server without byte ranges that libVLC's demuxer handed on
  /// (`nil` for a local file, a server with ranges or without a size, or a size past 2 GiB).
  ///
  /// The counter holds what the demuxer handed to the decoders (libVLC 3's `EsOutSend`), not
  /// what it read: none of a track not played, nor container overhead or attachments; and
  /// it is a C `int`, which wraps past 2 GiB. The size is the source's own answer's: for an
  /// HLS stream, its playlist's, which its segments pass many times over.
  private var unrangedShare: Double? {
    guard serverIgnoresRanges, fileSize == nil, let size = unrangedSize, size > 0,
      size <= Int(Int32.max), let statistics
    else { return nil }
    return Double(statistics.demuxReadBytes) / Double(size)
  }

  /// An end whose clock is no witness: from a server that cannot seek, libVLC's demuxer read
  /// less than ``unrangedReadShare`` of the file, so it jumped over the rest (libVLC 3's
  /// Matroska demuxer, asked for a chapter of a file its read-ahead holds, ended a 6 s file
  /// after 1 s with its clock at 5.9 s, having read 16 % of it). A witness only where a video
  /// was played (most of a file's bytes; see ``unrangedShare``).
  private var skippedUnranged: FailureReason? {
    guard let share = unrangedShare, share < Self.unrangedReadShare, let statistics,
      statistics.decodedVideo > 0, let size = unrangedSize
    else { return nil }
    return .other(
      "libVLC's demuxer passed on \(Int((share * 100).rounded())) % of the file "
        + "(\(statistics.demuxReadBytes) of \(size) bytes) before it ended")
  }

  /// The share of a file from a server without byte ranges that the demuxer must have handed
  /// on for its end to be the file's end (whole Matroska files: 94-99 %; the jump: 16 %).
  static let unrangedReadShare = 1.0 / 3

  /// Whether, from a server without byte ranges, the demuxer handed on at least
  /// ``readShare`` of the file and not more than it (``unrangedShare``): the file went
  /// through, and its end is the file's end wherever libVLC's clock stopped. A Matroska file
  /// with a subtitle track from such a server is read by libavformat's demuxer, whose clock
  /// stopped at 4.0 s of a 6 s file it played whole (94 % handed on, every picture decoded).
  /// (A file cut by the network after nine tenths of its bytes, its tail still to show, would
  /// pass too: the bytes stand for the time.)
  private var passedOnWholeUnranged: Bool {
    guard let share = unrangedShare else { return false }
    return share >= Self.readShare && share <= 1.05
  }

  /// The failure to report instead of a natural end, naming `source` (and a server without
  /// byte ranges, for an early end: libVLC 3's demuxers then lose their place at a seek); see
  /// ``failure``.
  func earlyEndError(source: String) -> VLCError? {
    if isNotMedia { return .sourceFailed(.notMedia, source: source) }
    if extent.lacksIndex {
      return .sourceFailed(.other(ContainerExtent.missingIndex), source: source)
    }
    return failure.map { failure in
      var reason = "\(failure) (\(source))"
      // A file's server (one that gave a size: a live stream's gives none, and seeks nothing).
      let short = if case .truncated = failure { true } else { skippedUnranged != nil }
      if short, serverIgnoresRanges, unrangedSize != nil {
        reason += ": \(FailureReason.serverCannotSeek)"
      }
      return .playbackFailed(reason: reason)
    }
  }
}
