// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials
import Glibc

extension Recording {
  /// Plays `copy` (the source with its `:sout` chain) through libVLC into the recording's
  /// file, then makes the final copy with libavformat (see
  /// ``finalCopy(_:seen:chapters:flags:options:live:repeats:clockSince:remuxer:)``).
  /// `headers`: the reading of the source's own headers (``readSourceHeaders(of:)``), which
  /// correct what libVLC saw of it; awaited once the recording ends. `muxed`: the container
  /// libVLC writes (``libVLCContainer(for:options:start:)``). `answersRanges`: whether
  /// a network source's server answered a range request (``SourceStart``). `container`: the
  /// container its first bytes name, once they came.
  static func recordThroughLibVLC(
    _ copy: Media, source media: Media, target: RecordingTarget, muxed: OutputContainer,
    options: RecordingOptions, control: RecordingControl,
    progress: Broadcaster<RecordingProgress>, witness: LogWitness,
    headers: Task<FileHeaders?, Never>? = nil, answersRanges: Bool? = nil,
    container: Completion<String?>? = nil
  ) async -> Result<RecordingResult, VLCError> {
    let isLocal = media.isLocalFile
    let selects = selectsEveryStream(
      media, options: options, answersRanges: isLocal ? true : answersRanges)
    let session = OutputSession(media: copy, selectsEveryStream: selects)
    control.attach(session)
    // A file is vetted before it plays; a network source once libVLC lists its streams.
    var watch = OutputSession.Watch(stallLimit: options.stallTimeout)
    var keyframes: KeyframeWatch?
    if !isLocal {
      watch.vet = { tracks in
        RecordingCheck.refusal(
          tracks: tracks, container: options.container, writtenFirstAs: muxed,
          transcode: options.transcode)
      }
      // A live source's video can start only at a keyframe: the duration counts from there.
      // One reader follows the file as libVLC writes it; the gate reads its flag.
      if isRegularFile(target.writing),
        let keyframe = FFmpegRemuxer().watchKeyframe(
          at: target.writing, container: muxed)
      {
        keyframes = keyframe
        // libVLC lists a source's streams a moment after they start: a source without video
        // is let through once it has played a while without listing one. A file the reader
        // cannot follow opens the gate: the finished file's check still names a lost video.
        watch.gate = { tracks, elapsed in
          if tracks.contains(where: { $0.kind == .video }) {
            return keyframe.found || keyframe.failed
          }
          return elapsed >= .milliseconds(1_500)
        }
      }
    }
    session.begin()
    let outcome = await session.run(limit: isLocal ? nil : options.duration, watch: watch) {
      snapshot in
      progress.broadcast(
        RecordingProgress(
          bytesWritten: fileSize(target.writing) ?? 0, elapsed: snapshot.elapsed,
          mediaTime: snapshot.mediaTime, waitingForKeyframe: snapshot.waiting))
    }
    keyframes?.stop()
    let read = await Self.headers(from: headers, after: outcome)
    // A Matroska source whose streams libVLC had not listed: its demuxer was still reading.
    let isMatroska = (try? container?.result?.get()) == "Matroska/WebM"
    return await result(
      of: outcome, target: target, media: media, session: session, muxed: muxed,
      options: options, diagnosis: witness.finish(), headers: read,
      unstartedMatroska: isMatroska && !outcome.hadStreams ? outcome.ran : nil)
  }

  /// Turns a session outcome into the recording's result: the partial file is moved onto the
  /// destination when it is good (or kept after a stall), removed otherwise.
  /// `unstartedMatroska`: how long libVLC had had a Matroska source without listing a
  /// stream, when it listed none.
  static func result(
    of outcome: OutputSession.Outcome, target: RecordingTarget, media: Media,
    session: OutputSession, muxed: OutputContainer, options: RecordingOptions,
    diagnosis: LogDiagnosis,
    headers: FileHeaders? = nil, unstartedMatroska: Duration? = nil
  ) async -> Result<RecordingResult, VLCError> {
    let source = media.mrl
    let path = target.destination
    // What libVLC learnt about the source while recording it (HLS tracks appear only then),
    // corrected as a parse corrects it where the source's own headers were read (a
    // Matroska file's artist, which libVLC reads as the album artist, its track names).
    var seen = session.media.readInfo()
    if let headers { correct(&seen, with: headers, depth: .container) }
    // The source's own tables (an MPEG-TS over HTTP, UDP or RTP): a stream two programs share
    // is one track, which libVLC lists, and its file holds, once per program.
    let programs = await sourcePrograms(
      of: media, stillSending: [.limitReached, .stopped].contains(outcome.ending))
    let repeats = TransportStreamListing.collapseShared(programs, in: &seen.tracks)
    // The file's own chapters where its headers hold some (libavformat's demuxer names each
    // after the file's title), else those the player saw.
    var chapters =
      headers?.chapters != nil || outcome.chapters.isEmpty ? seen.chapters : outcome.chapters
    chapters = headers?.chaptersForCopy(chapters) ?? chapters
    // An MP4 is recorded as Matroska or MPEG-TS first (see libVLCContainer): its muxer decides.
    let through =
      muxed == options.container
      ? "" : "recorded through libVLC 3's \(muxed.displayName) muxer, which "
    var dropped = RecordingCheck.dropped(tracks: seen.tracks, container: muxed).map {
      (
        track: $0,
        reason: through.isEmpty
          ? "libVLC 3's \(muxed.displayName) muxer cannot hold \($0.codec)"
          : "\(through)cannot hold \($0.codec)"
      )
    }
    let failure: VLCError?
    if let reason = diagnosis.destinationReason {
      // libVLC 3 writes a pipe without blocking and says "Resource temporarily unavailable"
      // when the program reading it has gone (`| head -c 100`): the pipe says so itself.
      failure = target.writeFailure(reason)
    } else {
      switch outcome.ending {
      case .cancelled:
        failure = .cancelled
      case .refused(let refusal):
        failure = refusal
      case .failed:
        failure = .sourceFailed(
          diagnosis.reason(orElse: "libVLC could not read it"), source: source)
      case .sourceEnded where !outcome.hadStreams:
        failure = .sourceFailed(diagnosis.source ?? .notMedia, source: source)
      case .sourceEnded, .limitReached, .stopped, .stalled:
        // A network source is vetted while it records; one that ended before the first look
        // is vetted now, by the same rule (its tracks are known by then).
        failure =
          media.isLocalFile
          ? nil
          : RecordingCheck.refusal(
            tracks: seen.tracks, container: options.container, writtenFirstAs: muxed,
            transcode: options.transcode)
      }
    }
    if let failure {
      target.discard()
      return .failure(failure)
    }
    guard isRegularFile(target.writing) else {
      // A device or a pipe: nothing to read back.
      if outcome.ending == .stalled {
        return .failure(stalled(source, options: options, kept: nil))
      }
      // A local file that ended gave all of it (or the duration asked): its length, where
      // libVLC's clock (polled four times a second, while a file is read faster than real
      // time) saw only a moment. Not from a start time on, nor a source that broke off.
      let whole =
        outcome.ending == .sourceEnded && media.isLocalFile
        && OutputSession.startTime(of: media) == 0
      let length = whole ? seen.duration.map { min($0, options.duration ?? $0) } : nil
      return .success(
        RecordingResult(
          path: path, bytes: 0, duration: length ?? outcome.mediaTime ?? outcome.elapsed,
          droppedTracks: dropped.map(\.track)))
    }
    var droppedChapters = 0
    var droppedFields: [DroppedField] = []
    // A Matroska source's own flags: libVLC's muxers set default on every track.
    let entries = headers?.matroskaTracks ?? []
    let flags =
      entries.map(\.kind) == seen.tracks.map(\.kind)
      ? entries.map { (isDefault: $0.isDefault, isForced: $0.isForced) } : []
    // libVLC's clock when the session began (a minute earlier, for its opening).
    let began = Duration.microseconds(libvlc_clock()) - outcome.elapsed - .seconds(60)
    let copied = await finalCopy(
      target.writing, seen: seen, chapters: chapters, flags: flags, options: options,
      live: !media.isLocalFile && (isLiveLocation(media) || seen.duration == nil),
      repeats: repeats, clockSince: began)
    let written = await readBack(target.writing, instance: media.instance)
    switch copied {
    case .failure(let error)
    where muxed != options.container
      && (written?.tracks.contains { $0.kind == .audio || $0.kind == .video } ?? false):
      // libVLC's file is not in the container asked for (MPEG-TS for an MP4): one with audio
      // or video is kept under its own extension, and the recording fails. An empty one is
      // judged below, as any.
      let kept = path + ".\(muxed.fileExtension)"
      guard rename(target.writing, kept) == 0 else {
        target.discard()
        return .failure(error)
      }
      return .failure(
        .operationFailed(
          "the copy into \(options.container.displayName) failed (\(error)); libVLC's "
            + "\(muxed.displayName) recording is kept in \(kept)"))
    case .failure:
      break  // libVLC's own file, in the container asked for, is kept as it is
    case .success(let report):
      // A stream libavformat has no codec for is one libVLC wrote unreadably (text
      // subtitles in MPEG-TS): the source track it stood for is named as lost below.
      dropped += report.dropped.filter { !$0.isUnnamed }.map {
        RecordingCheck.track(for: $0, among: seen.tracks)
      }
      droppedChapters = report.droppedChapters
      droppedFields = DroppedField.of(report, among: seen.tracks, container: options.container)
    }
    dropped += RecordingCheck.lost(
      .subtitle, source: seen.tracks, written: written, dropped: dropped.map(\.track)
    ).map {
      (
        track: $0,
        reason: through.isEmpty
          ? "libVLC 3's \(muxed.displayName) muxer wrote no readable \($0.codec)"
          : "\(through)wrote no readable \($0.codec)"
      )
    }
    let unlisted = lostThroughLibVLC(programs, listed: seen.tracks)
    dropped += unlisted.tracks
    if let cover = headers?.coverPicture {
      let next = ((seen.tracks + dropped.map(\.track)).map(\.id).max() ?? -1) + 1
      dropped.append(
        (
          track: Track(id: next, kind: .video, codec: cover),
          reason: "libVLC 3 reads no cover picture over the network"
        ))
    }
    droppedFields += unlisted.fields
    // An audio or video track of which nothing came (libVLC 3 does not play an MP4 track the
    // file marks disabled); one kind missing altogether is an error below.
    if let tracks = written?.tracks {
      for kind in [TrackKind.audio, .video] where tracks.contains(where: { $0.kind == kind }) {
        dropped += RecordingCheck.lost(
          kind, source: seen.tracks, written: written, dropped: dropped.map(\.track)
        ).map { (track: $0, reason: "libVLC 3 passed none of it to its muxer") }
      }
    }
    // In the source's order.
    let place = { (track: Track) in
      seen.tracks.firstIndex { $0.id == track.id && $0.kind == track.kind } ?? Int.max
    }
    dropped.sort { place($0.track) < place($1.track) }
    let bytes = fileSize(target.writing) ?? 0
    var expected: Duration?
    if outcome.ending == .sourceEnded, let known = seen.duration {
      expected = options.duration.map { min($0, known) } ?? known
    }
    let extent = media.localPath.map(ContainerExtent.read(path:)) ?? ContainerExtent()
    if outcome.ending == .sourceEnded, let reached = written?.duration,
      let early = RecordingCheck.undeclaredCut(
        extent, reached: reached, asked: options.duration, unwritten: path)
    {
      target.discard()
      return .failure(early)
    }
    if let verdict = RecordingCheck.verdict(
      path: path, written: written, bytes: bytes, expected: expected, source: seen.tracks,
      container: options.container, transcode: options.transcode,
      sourceReason: diagnosis.shortSourceReason,
      stopped: [.stopped, .cancelled].contains(outcome.ending),
      unstartedMatroska: unstartedMatroska, sourceIsCut: extent.isCut)
    {
      target.discard()
      if outcome.ending == .stalled {
        return .failure(stalled(source, options: options, kept: nil))
      }
      // A segment that answered 404: the reason, as playing the source reports it.
      if let reason = diagnosis.source, reason.isNetwork {
        return .failure(.sourceFailed(reason, source: source))
      }
      return .failure(verdict)
    }
    let duration = written?.duration ?? outcome.mediaTime ?? outcome.elapsed
    do throws(VLCError) {
      try target.keep()
    } catch {
      return .failure(error)
    }
    if outcome.ending == .stalled {
      return .failure(stalled(source, options: options, kept: (path, duration)))
    }
    if let missing = RecordingCheck.missing(
      written: written, source: seen.tracks, path: path, allowed: options.mayLack)
    {
      return .failure(missing)
    }
    var result = RecordingResult(
      path: path, bytes: bytes, duration: duration, droppedTracks: dropped.map(\.track))
    result.droppedReasons = dropped.map(\.reason)
    result.droppedChapters = droppedChapters
    result.droppedFields = droppedFields
    if let structure = headers?.chapterStructureDropped(into: options.container) {
      result.droppedFields.append(structure)
    }
    return .success(result)
  }

  /// The error for a source that stalled; `kept` is the file finished with what came before.
  static func stalled(
    _ source: String, options: RecordingOptions, kept: (path: String, duration: Duration)?
  ) -> VLCError {
    // Nothing kept: a stalled source, as play, probe and thumbnail name it.
    guard let kept else { return .sourceFailed(.timeout, source: source) }
    let limit = options.stallTimeout.map { formatSeconds($0) } ?? "? s"
    let what = "\(source) delivered nothing for \(limit)"
    return .timeout(
      "\(what); the \(formatSeconds(kept.duration)) recorded before are kept in \(kept.path)")
  }

  /// The final copy of libVLC's file with libavformat, in place: the tracks in the source's
  /// order with its languages and titles, every stream present from the start (libVLC's
  /// MPEG-TS muxer announces a live video only when its first keyframe comes), no longer than
  /// the duration asked, and for a live source (a live location, or one without a length; a
  /// file over HTTP starts at its start) everything before the video's first keyframe cut
  /// (nothing can be shown there). With `clockSince` (libVLC's clock when the recording
  /// began), a jump of a file's times onto libVLC's clock is joined.
  /// A failed copy leaves libVLC's file as it is.
  static func finalCopy(
    _ writing: String, seen: MediaInfo, chapters: [Chapter],
    flags: [(isDefault: Bool, isForced: Bool)] = [], options: RecordingOptions, live: Bool,
    repeats: Int = 0, clockSince: Duration? = nil,
    remuxer: some ContainerRemuxer = FFmpegRemuxer()
  ) async -> Result<RemuxReport, VLCError> {
    let copyPath = writing + ".copy"
    let hasVideo = seen.tracks.contains { $0.kind == .video }
    // The source's turn goes to its copied pictures, not to re-encoded ones (whether libVLC's
    // transcoder turns them is not known).
    let sources = seen.tracks.map { track in
      var track = track
      if options.transcode != nil { track.displayRotation = nil }
      return track
    }
    var job = RemuxJob(
      input: writing, output: copyPath, container: options.container,
      duration: options.duration, startAtKeyframe: live && hasVideo, sources: sources)
    // A track only libVLC's muxer writes readably fails the copy, which keeps libVLC's file
    // (the copy left out the DTS of a video with DTS audio in MPEG-TS).
    job.refusesUnheld = sources.contains(where: options.container.isWrittenOnlyByLibVLC)
    job.tags = seen.metadata.avformatTags
    job.chapters = chapters
    job.flags = flags
    job.repeats = repeats
    job.clockSince = clockSince
    let copy = remuxer.copy(job)
    let ran = await copy.run()
    guard case .success(let report) = ran, rename(copyPath, writing) == 0 else {
      try? FileManager.default.removeItem(atPath: copyPath)
      if case .failure(let error) = ran { return .failure(error) }
      return .failure(.operationFailed("cannot replace \(writing) with its copy"))
    }
    return .success(report)
  }
}
