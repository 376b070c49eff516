// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Gathering the evidence an end is decided on (``EndEvidence``).
extension Player {
  /// Hands the session the end libVLC reported, with what the input read and decoded by
  /// then (libVLC counts every 250 ms while its input runs).
  func concludeEnd(generation: UInt64) {
    let media = currentMedia
    var evidence = EndEvidence(
      inputFailure: media?.input?.failure, duration: duration, time: currentTime,
      position: core.positionsAreBytes ? 0 : position)
    evidence.statistics = countedMedia?.statistics()
    evidence.countsDecoding = !(countedMedia?.options.contains { $0.hasPrefix(":sout=") } ?? false)
    evidence.fileSize = media.flatMap(localFileSize)
    evidence.decodableStreams = media.map { decodableStreams(of: $0) } ?? []
    let listed = media?.readTracks()
    evidence.everyStreamTurnedOff =
      evidence.decodableStreams.isEmpty
      && (listed?.contains { $0.kind == .audio || $0.kind == .video } ?? false)
    evidence.listedNoStream = listed?.isEmpty ?? false
    // A local file, opened once: its first bytes (past an ID3 tag's cover picture, which
    // named no container in 4 KiB), its container's extent (a few box or element headers,
    // or its last pages), and its headers for an end without a length (an AVI cut before its
    // index has none from libVLC but its headers': then libVLC's positions were shares of
    // bytes).
    if let path = media?.localPath, let file = ReadOnlyFile(path: path),
      let head = FileHeaders.head(of: file)
    {
      // A picture is media, though no container: one libVLC cannot decode has no decoder.
      evidence.namesNoContainer =
        FileHeaders.containerName(head) == nil && PictureSignature.codec(of: head) == nil
      // A file that ends within 0.1 s can end before the player's length event came: the
      // media keeps the length its input measured.
      let measured = evidence.duration == nil ? media?.inputLength : nil
      let headers =
        evidence.duration == nil && measured == nil
        ? FileHeaders.read(file, head: head, path: path) : nil
      evidence.extent = headers?.extent ?? ContainerExtent.read(file, head: head)
      if evidence.duration == nil, let declared = measured ?? headers?.duration {
        evidence.duration = declared
        evidence.position = 0
      }
    }
    evidence.networkFailure = diagnosedFailure(networkOnly: true)
    let logged = core.diagnosis?.current
    evidence.serverIgnoresRanges = logged?.serverIgnoresRanges ?? false
    evidence.unrangedSize = logged?.unrangedSize
    // libVLC's length of a cut MP3 or WAV is what it holds (an end there is at its nine
    // tenths); its headers declare the one a parse gives, which such an end falls short of.
    if let length = evidence.duration, let declared = evidence.extent.declaredLength,
      declared > length
    {
      evidence.position *= length / declared
      evidence.duration = declared
    }
    keepChapters(of: media, generation, inputRanUnpaced: evidence.everyStreamTurnedOff)
    guard evidence.failure != nil else { return feed(.native(.ended(evidence), generation)) }
    // libVLC counts every 250 ms and once more as the input closes, after the end event:
    // what a short file decoded and read can be missing from the counters read at the end
    // (a 3 s Ogg FLAC file read 0 decoded; a file whose clock had not moved yet read less
    // than its size). A failure is decided on the last count, at the input's close: the
    // `stopped` event that follows the end.
    core.pendingEnd = (evidence, generation)
    Task { [weak self] in
      try? await Task.sleep(for: Self.inputCloseWait)
      // "No decoder" without libVLC's word for it rests on the count alone, which a loaded
      // machine makes late (a 1 s clip of a list read 0 decoded at 1 s and failed as "no
      // decoder for H.264"): it is read again later.
      if self?.restsOnCountsAlone(generation) == true {
        try? await Task.sleep(for: Self.decoderVerdictWait)
      }
      self?.concludePendingEnd(generation: generation)
    }
  }

  /// Decides a held end with the input's last counters: at the `stopped` event that says
  /// the input closed, or after ``inputCloseWait`` when none came (and
  /// ``decoderVerdictWait`` more when the counters say nothing was decoded and libVLC's log
  /// named no missing decoder).
  func concludePendingEnd(generation: UInt64) {
    guard let (held, heldGeneration) = core.pendingEnd, heldGeneration == generation
    else { return }
    core.pendingEnd = nil
    var evidence = held
    evidence.statistics = countedMedia?.statistics() ?? evidence.statistics
    feed(.native(.ended(evidence), generation))
  }

  /// The media whose input libVLC counts: the one set on the native player, which while
  /// recording is a copy of ``currentMedia`` with the output options (the original's
  /// counters are those of the session before the recording: under load, a session paused
  /// before its first picture read "decoded nothing" and the recording's end failed as
  /// "no decoder").
  var countedMedia: Media? { native.media ?? currentMedia }

  /// Keeps the session's chapters past the input's close, when libVLC's list can no longer
  /// be read: those libVLC listed. An input with every stream turned off runs unpaced, for
  /// milliseconds, and can end before the player read the list: then a local file's own
  /// chapter table stands for it (read from its headers off the main actor, unless another
  /// session began meanwhile).
  private func keepChapters(of media: Media?, _ generation: UInt64, inputRanUnpaced: Bool) {
    guard chapters.isEmpty else {
      core.trackReading.chaptersAtEnd = (generation, chapters)
      return
    }
    guard inputRanUnpaced, let path = media?.localPath else { return }
    let length = duration
    Task { [weak self] in
      let read = await OwnThread.run { FileHeaders.read(path: path)?.chapters(lasting: length) }
      guard let self, generation == self.generation, self.chapters.isEmpty, let read else {
        return
      }
      self.core.trackReading.chaptersAtEnd = (generation, read)
      self.chapters = read
    }
  }

  /// How long an end that reads as a failure waits for its input to close.
  static let inputCloseWait = Duration.seconds(1)
  /// How much longer it waits when the counters say nothing was decoded but libVLC did not
  /// log a missing decoder.
  static let decoderVerdictWait = Duration.seconds(4)

  /// Whether the held end of `generation`, with the counters as they are now, fails as "no
  /// decoder" while libVLC's log named no stream it has no decoder for.
  private func restsOnCountsAlone(_ generation: UInt64) -> Bool {
    guard var evidence = core.pendingEnd?.evidence, core.pendingEnd?.generation == generation
    else { return false }
    evidence.statistics = countedMedia?.statistics() ?? evidence.statistics
    // "Not media" for a stream libVLC listed rests on the counts too.
    if evidence.isNotMedia { return !evidence.listedNoStream }
    guard case .noDecoder = evidence.failure else { return false }
    if case .noDecoder = core.diagnosis?.current.source { return false }
    return true
  }

  /// The common names of `media`'s audio and video streams, less the kinds this player's
  /// instance or the media's options turn off (`--no-audio`, `:no-video`): what the session
  /// was to decode.
  func decodableStreams(of media: Media) -> [String] {
    let options = instance.arguments + media.options
    func disabled(_ kind: String) -> Bool {
      options.contains { option in
        let bare = option.drop { $0 == "-" || $0 == ":" }
        return bare == "no-\(kind)" || bare == "no\(kind)" || bare == "\(kind)=0"
      }
    }
    let path = media.localPath
    return media.readTracks().compactMap { track in
      switch track.kind {
      case .audio where !disabled("audio"): streamName(track, path: path)
      case .video where !disabled("video"): streamName(track, path: path)
      default: nil
      }
    }
  }
}

/// The path of `media` when it is a local file.
/// The size of `media`'s local file.
private func localFileSize(_ media: Media) -> Int? {
  media.localPath.flatMap(fileSize).map(Int.init)
}

/// A stream's common name ("AAC audio", "MIDI audio"); for a stream libVLC could not even
/// name (`undf`), the format its file's first bytes show (DSD), else its codec code.
private func streamName(_ track: Track, path: String?) -> String {
  let kind = track.kind == .video ? "video" : "audio"
  if let common = track.commonCodecName { return "\(common) \(kind)" }
  if track.codec != "undf", let described = track.codecName { return described }
  if let path, let format = formatName(path: path) { return "\(format) \(kind)" }
  return track.codec == "undf" ? "an unidentified \(kind) codec" : "\(track.codec) \(kind)"
}

/// The audio format a file's magic number names, for formats libVLC 3 demuxes (through
/// libavformat) but gives no codec code: DSD in DSF (`DSD `) and DSDIFF (`FRM8`).
private func formatName(path: String) -> String? {
  guard let file = ReadOnlyFile(path: path), let head = file.read(at: 0, upTo: 4) else {
    return nil
  }
  switch String(decoding: head, as: UTF8.self) {
  case "DSD ", "FRM8": return "DSD"
  default: return nil
  }
}
