// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// The checks a ``Recording`` makes before it starts (can the container hold the source's
/// codecs?) and once its file is finished (does the file hold what was read?).
///
/// libVLC 3's muxers refuse a stream they cannot hold without a word: VP9 and Opus into its MP4
/// make a file with an empty index, and the recording reports nothing wrong. A source that
/// fails half-way (an HLS segment answering 404) ends like a natural end. So a recording is
/// judged by the file it wrote, read back with libVLC.
enum RecordingCheck {
  /// The error for audio and video tracks that a recording into `container`, written by
  /// libVLC 3 first as `intermediate` (`container` itself when `nil`), cannot hold as they
  /// will be written (copied, unless `transcode` re-encodes that kind), or `nil` when it can
  /// (``OutputContainer/holds(_:writtenFirstAs:)``). A local file copied by libavformat is
  /// checked by the copy instead.
  static func refusal(
    tracks: [Track], container: OutputContainer,
    writtenFirstAs intermediate: OutputContainer? = nil,
    transcode: Transcode?
  ) -> VLCError? {
    let first = intermediate ?? container
    let refused = tracks.filter { track in
      switch track.kind {
      case .video: transcode?.videoCodec == nil && !container.holds(track, writtenFirstAs: first)
      case .audio: transcode?.audioCodec == nil && !container.holds(track, writtenFirstAs: first)
      case .subtitle, .unknown: false
      }
    }
    guard !refused.isEmpty else { return nil }
    // Refused by libVLC's muxer of the file it writes first, not by the container: said so.
    let through = refused.contains { !first.copies($0) } && first != container ? first : nil
    return refusal(of: refused, container: container, through: through)
  }

  /// The error for audio and video tracks (`refused`) that `container` cannot hold (written
  /// `through` libVLC's muxer of another container first, when given): names each, and says
  /// what to do instead (re-encoding is ``RecordingOptions/transcode``).
  static func refusal(
    of refused: [Track], container: OutputContainer, through: OutputContainer? = nil
  ) -> VLCError {
    let names = refused.map { track in
      let kind = track.kind == .video ? "video" : "audio"
      let name = track.codecName.map { "\($0), " } ?? ""
      return "\(track.codec) \(kind) (\(name)track \(track.id))"
    }
    // The same words in the tool, which has no re-encoding: no API name in them.
    let matroskaHolds = refused.allSatisfy { OutputContainer.mkv.holds($0, writtenFirstAs: .mkv) }
    let advice =
      container == .mkv || !matroskaHolds
      ? "re-encode it" : "record to Matroska (.mkv), or re-encode it"
    let way = through.map { " recorded through libVLC 3's \($0.displayName) muxer" } ?? ""
    return .invalidInput(
      "\(container.displayName) cannot hold \(names.joined(separator: " or "))\(way): \(advice)")
  }

  /// The subtitle tracks of `tracks` that `container` drops (libVLC's muxers skip them). A
  /// stream libVLC could not identify ("undf": the text tracks that hold an MP4's chapters,
  /// listed while playing) is no subtitle to keep.
  static func dropped(tracks: [Track], container: OutputContainer) -> [Track] {
    tracks.filter { $0.kind == .subtitle && $0.codec != "undf" && !container.copies($0) }
  }

  /// The error for a finished file that lacks a kind of track (audio or video) the source
  /// had: a live video that never reached a keyframe, say. The file is kept; the message
  /// names the track.
  static func missing(
    written: MediaInfo?, source: [Track], path: String, allowed: Set<TrackKind> = []
  ) -> VLCError? {
    let kinds = Set((written?.tracks ?? []).map(\.kind))
    for kind in [TrackKind.video, .audio] where !kinds.contains(kind) && !allowed.contains(kind) {
      guard let track = source.first(where: { $0.kind == kind }) else { continue }
      let what = kind == .video ? "video" : "audio"
      let why =
        kind == .video
        ? "no keyframe of it came before the recording ended" : "nothing of it was recorded"
      return .operationFailed(
        "\(path) holds no \(what): the source's \(what) track \(track.id) (\(track.codec)) is "
          + "missing, \(why); the file is kept")
    }
    return nil
  }

  /// The source's tracks of `kind` that are neither in the finished file (`written`) nor
  /// among `dropped`: lost on the way without a word (libVLC 3's MPEG-TS muxer writes text
  /// subtitles as MPEG-4 timed text, which no demuxer reads back; libVLC passes nothing of an
  /// MP4 track the file marks disabled). Each written or dropped track of the kind accounts
  /// for one source track, of its language first, then any.
  static func lost(
    _ kind: TrackKind, source: [Track], written: MediaInfo?, dropped: [Track]
  ) -> [Track] {
    var accounted = ((written?.tracks ?? []) + dropped).filter { $0.kind == kind }
    var lost: [Track] = []
    let tracks = source.filter { $0.kind == kind && $0.codec != "undf" }
    for track in tracks {
      let language = track.language.map(FFmpegRemuxer.threeLetter)
      if let match = accounted.firstIndex(where: {
        $0.language.map(FFmpegRemuxer.threeLetter) == language
      }) {
        accounted.remove(at: match)
      } else {
        lost.append(track)
      }
    }
    // Languages a muxer rewrote: what is left accounts for the rest, in order.
    return Array(lost.dropFirst(min(accounted.count, lost.count)))
  }

  /// The source's track a stream left out by the final copy stands for, with the reason.
  static func track(for dropped: RemuxReport.Dropped, among tracks: [Track]) -> (
    track: Track, reason: String
  ) {
    // A cover is none of libVLC's tracks (it was named as the only video).
    let listed =
      dropped.isCover
      ? nil
      : track(at: dropped.index, kind: dropped.kind, language: dropped.language, among: tracks)
    let track =
      listed
      ?? Track(
        id: dropped.index, kind: dropped.kind, codec: dropped.codec, language: dropped.language)
    return (track, dropped.reason)
  }

  /// The source's track that the final copy's input stream at `index` stands for: the first
  /// at its place if kind and language agree, else the first of its kind and language, else
  /// the one at its place if the kind agrees, else the only one of its kind (libVLC's file
  /// puts a live source's audio before its video).
  static func track(at index: Int, kind: TrackKind, language: String?, among tracks: [Track])
    -> Track?
  {
    let same = { (track: Track) in
      language != nil && track.language.map(FFmpegRemuxer.threeLetter) == language
    }
    let atPlace = index < tracks.count && tracks[index].kind == kind ? tracks[index] : nil
    if let atPlace, language == nil || same(atPlace) { return atPlace }
    let ofKind = tracks.filter { $0.kind == kind }
    return tracks.first { $0.kind == kind && same($0) } ?? atPlace
      ?? (ofKind.count == 1 ? ofKind.first : nil)
  }

  /// What the finished file says, or why it is not a recording.
  ///
  /// - Parameters:
  ///   - written: the file read back by libVLC (`nil` when it could not be read at all).
  ///   - bytes: the file's size.
  ///   - expected: how much the recording should hold, when known (the source ended by
  ///     itself, at a known duration or at the requested one).
  ///   - source: the source's tracks, as libVLC saw them while recording.
  ///   - sourceReason: why the source failed, from libVLC's log, if it said.
  ///   - stopped: whether the recording was stopped by its caller (Ctrl-C, ``Recording/stop()``).
  ///   - unstartedMatroska: how long libVLC had had a Matroska source without listing a
  ///     stream, when it listed none.
  ///   - sourceIsCut: whether the source is a local file known cut short (its container
  ///     declares bytes past its end): a copy short by a tenth then ended early, even by 2 s
  ///     or less.
  static func verdict(
    path: String, written: MediaInfo?, bytes: Int64, expected: Duration?, source: [Track],
    container: OutputContainer, transcode: Transcode?, sourceReason: String?,
    stopped: Bool = false, unstartedMatroska: Duration? = nil, sourceIsCut: Bool = false
  ) -> VLCError? {
    let streams = written?.tracks.filter { $0.kind == .audio || $0.kind == .video } ?? []
    if streams.isEmpty {
      if let refusal = refusal(tracks: source, container: container, transcode: transcode) {
        return refusal
      }
      // Stopped before anything came: what libVLC logs while it closes is no reason.
      if stopped {
        // libVLC 3's Matroska demuxer reads a file's first cluster whole before it lists a
        // stream: a download slower than its bitrate gives it nothing for seconds.
        let unstarted = unstartedMatroska.map {
          "; libVLC 3's Matroska demuxer lists a file's streams once it has read the first "
            + "cluster whole, and had not \(formatSeconds($0)) after opening it"
        }
        return .operationFailed(
          "\(path) holds no audio or video: the recording was stopped before any came "
            + "(\(bytes) bytes written)\(unstarted ?? "")")
      }
      let why = sourceReason.map { ": \($0)" } ?? ""
      return .operationFailed(
        "\(path) holds no audio or video after recording (\(bytes) bytes written)\(why)")
    }
    if let expected, let duration = written?.duration {
      return earlyEnd(
        reached: duration, expected: expected, sourceIsCut: sourceIsCut,
        sourceReason: sourceReason, unwritten: path)
    }
    return nil
  }

  /// The error for a recording that reached `reached` of the `expected` length, when that is
  /// an early end by the player's rule (``EndEvidence/isEarly(reached:length:knownCut:)``),
  /// in the player's words ("ended early at 4.6 s of 10.0 s"); `nil` otherwise. `unwritten`
  /// names the file not kept for it (it read "holds 5.0 s of 10.0 s" of a file removed); a
  /// pipe, whose reader got the part, names none.
  static func earlyEnd(
    reached: Duration, expected: Duration, sourceIsCut: Bool, sourceReason: String?,
    unwritten path: String?
  ) -> VLCError? {
    guard EndEvidence.isEarly(reached: reached, length: expected, knownCut: sourceIsCut) else {
      return nil
    }
    let why = sourceReason.map { ": \($0)" } ?? ""
    return .playbackFailed(
      reason: "the source ended early at \(formatSeconds(reached)) of "
        + "\(formatSeconds(expected))\(why)" + (path.map { "; \($0) was not written" } ?? ""))
  }

  /// The error for a recording that reached `reached` of a source ``ContainerExtent/isCut``
  /// whose container ``ContainerExtent/declaresNoLength``, when it ended with its source's
  /// data (`asked`, the duration asked for, lies past them or was not given): what it holds
  /// is all the file holds, and not the whole, as a player of it reports; `nil` otherwise.
  static func undeclaredCut(
    _ extent: ContainerExtent, reached: Duration, asked: Duration?, unwritten path: String?
  ) -> VLCError? {
    guard extent.isCut, extent.declaresNoLength,
      asked.map({ $0 - reached > earlyEndSlack }) ?? true
    else { return nil }
    return .playbackFailed(
      reason: "the source ended early: \(ContainerExtent.undeclaredCutEnd(at: reached))"
        + (path.map { "; \($0) was not written" } ?? ""))
  }

  /// How much shorter than asked a recording of a cut source may be and still have ended at
  /// the duration asked, not at the cut (a copy ends at a picture's time, 20-40 ms apart).
  static let earlyEndSlack = Duration.milliseconds(100)

  /// How long the source's content lasts, from libVLC's `length` of it and `shift`, its first
  /// time (where the copy, which starts at 0, moved its times back from). libVLC's Matroska
  /// demuxer gives the last time as the length, not the span: the segment's duration counts
  /// from 0 and its clock from the first cluster's time, so a file whose times run from 10 s
  /// to 15 s "lasts" 15 s, and its whole copy was refused as ended early.
  static func span(of length: Duration, info: MediaInfo, shift: Duration) -> Duration {
    info.container == "Matroska/WebM" && shift < length ? length - shift : length
  }
}

/// Whether `path` is a regular file (not a device, a FIFO or a directory).
func isRegularFile(_ path: String) -> Bool { FileKind(path: path) == .regular }
