// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

extension Recording {
  /// Whether a local file is copied by libavformat rather than played through libVLC: no
  /// re-encoding, no display, no media options (libVLC would apply them), a regular file or a
  /// pipe to write (libVLC's pipe got the tracks in the order its threads made them, without
  /// languages, titles or chapters), audio or video libVLC could read, and none that libVLC's muxer of the container
  /// takes and CRemux's does not (CRemux leaves out DTS in MPEG-TS, which libavformat writes
  /// in a way libVLC 3 reads as subtitles; libVLC's muxer writes it so it reads it back). The
  /// copy keeps every stream the container holds, in order, with its tags and flags, the
  /// chapters and the global tags.
  static func canCopyDirectly(
    _ info: MediaInfo, media: Media, target: RecordingTarget,
    options: RecordingOptions
  ) -> Bool {
    let streams = info.tracks.filter { $0.kind == .audio || $0.kind == .video }
    let libVLCOnly = streams.contains(where: options.container.isWrittenOnlyByLibVLC)
    // An MPEG program stream's streams libVLC 3 finds only while playing (and its demuxer
    // reads some, made with `ffmpeg -f mpeg`, as twenty phantom ones): libavformat's copy
    // reads them itself, and refuses what the container cannot hold. Through libVLC the file
    // lost its last frames and a duration counted from the stream's time 0.
    let programStream = info.tracks.isEmpty && info.container == "MPEG-PS"
    return options.transcode == nil && !options.display && media.options.isEmpty
      && (target.isPartial || target.pipe != nil) && (!streams.isEmpty || programStream)
      && !libVLCOnly
      && media.localPath != nil
  }

  /// Copies the local file `media` into the recording's file with libavformat.
  static func copyDirectly(
    _ media: Media, info: MediaInfo, target: RecordingTarget, options: RecordingOptions,
    control: RecordingControl, progress: Broadcaster<RecordingProgress>,
    remuxer: some ContainerRemuxer = FFmpegRemuxer()
  ) async -> Result<RecordingResult, VLCError> {
    // A pipe is written through its open descriptor, once: nothing is read back from it.
    let output = target.pipe.map { "pipe:\($0.descriptor)" } ?? target.writing
    var job = RemuxJob(
      input: media.localPath ?? "", output: output, container: options.container,
      duration: options.duration, refusesUnheld: true)
    job.outputName = target.destination
    job.titled = info.tracks
    // Tracks a Matroska file marks unusable: libavformat's demuxer does not read the mark.
    let headers = media.localPath.flatMap { FileHeaders.read(path: $0) }
    job.matroskaTracks = headers?.matroskaTracks ?? []
    // The chapters libVLC plays (a Matroska file's default edition, nested ones in tree
    // order, hidden ones out), not libavformat's reading of every edition, named as the file
    // names them; the last one ends where the file says (libVLC's lasts to the media's end:
    // 6.021 s for 6.000). What a flat list cannot hold is reported (chapterStructureDropped).
    job.chapters = headers?.chaptersForCopy(info.chapters) ?? info.chapters
    let copy = remuxer.copy(job)
    let engine = CopyEngine(copy: copy)
    control.attach(engine)
    let clock = ContinuousClock()
    let began = clock.now
    let ticker = Task {
      // Ticked: progress is a reading of the copy's clock and file size, which nothing signals.
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(250))
        progress.broadcast(
          RecordingProgress(
            bytesWritten: fileSize(target.writing) ?? 0, elapsed: clock.now - began,
            mediaTime: copy.position))
      }
    }
    let outcome = await copy.run()
    ticker.cancel()
    if engine.isCancelled {
      target.discard()
      return .failure(.cancelled)
    }
    let report: RemuxReport
    switch outcome {
    case .failure(let error):
      target.discard()
      return .failure(error)
    case .success(let value):
      report = value
    }
    if report.refused {
      // libavformat's muxer, not libVLC's, decides here (Opus and VP9 go into its MP4).
      target.discard()
      let refused = report.dropped.filter { $0.kind == .audio || $0.kind == .video }
      return .failure(
        RecordingCheck.refusal(
          of: refused.map { RecordingCheck.track(for: $0, among: info.tracks).track },
          container: options.container))
    }
    // A pipe's bytes have gone to its reader: there is no file to judge.
    let isFile = target.pipe == nil
    let written = isFile ? await readBack(target.writing, instance: media.instance) : nil
    let bytes = isFile ? fileSize(target.writing) ?? 0 : 0
    // A copy that left packets out for their configuration (named) is shorter by its own
    // choice, not because the source ended early.
    let cut = report.stopped || report.lost.contains { $0.field == "configuration" }
    let length = info.duration.map { RecordingCheck.span(of: $0, info: info, shift: report.shift) }
    let expected = cut ? nil : options.duration.map { min($0, length ?? $0) }
    let extent = media.localPath.map(ContainerExtent.read(path:)) ?? ContainerExtent()
    let sourceIsCut = extent.isCut
    if !cut,
      let early = RecordingCheck.undeclaredCut(
        extent, reached: written?.duration ?? copy.position, asked: options.duration,
        unwritten: isFile ? target.destination : nil)
    {
      target.discard()
      return .failure(early)
    }
    // Into a pipe, the copy's own clock tells how far it got (the length it was to reach
    // said 60 s of a copy cut at 5 s), by the rule a file is judged by.
    if !isFile, let whole = expected ?? (cut ? nil : length),
      let early = RecordingCheck.earlyEnd(
        reached: copy.position, expected: whole, sourceIsCut: sourceIsCut, sourceReason: nil,
        unwritten: nil)
    {
      return .failure(early)
    }
    if isFile,
      let verdict = RecordingCheck.verdict(
        path: target.destination, written: written, bytes: bytes,
        expected: expected ?? (cut ? nil : length), source: info.tracks,
        container: options.container, transcode: nil, sourceReason: nil,
        stopped: report.stopped, sourceIsCut: sourceIsCut)
    {
      target.discard()
      return .failure(verdict)
    }
    do throws(VLCError) {
      try target.keep()
    } catch {
      return .failure(error)
    }
    let dropped = report.dropped.map { RecordingCheck.track(for: $0, among: info.tracks) }
    var result = RecordingResult(
      path: target.destination, bytes: bytes, duration: written?.duration ?? copy.position,
      droppedTracks: dropped.map(\.track))
    result.droppedReasons = dropped.map(\.reason)
    result.droppedChapters = report.droppedChapters
    result.droppedFields = DroppedField.of(report, among: info.tracks, container: options.container)
    if let structure = headers?.chapterStructureDropped(into: options.container) {
      result.droppedFields.append(structure)
    }
    if isFile,
      let missing = RecordingCheck.missing(
        written: written, source: info.tracks, path: target.destination, allowed: options.mayLack)
    {
      return .failure(missing)
    }
    return .success(result)
  }
}
