// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
internal import CSwiftVLCShim
import FoundationEssentials
import Glibc
import Synchronization

/// A short, silent playback of a private copy of a media, on a private headless instance, to
/// learn what only the decoders know.
///
/// libVLC 3's preparse reports what the container declares: MP4 declares 2 channels for mono
/// AAC, MPEG-TS declares no picture size, frame rate or channel count, and a TS lists only
/// its first program. While a media plays, libVLC replaces each decoded stream's entry in the
/// media's track list with the decoder's output format (`EsOutUpdateInfo` in
/// `src/input/es_out.c`), and creates the streams of every PMT it reads. The decoders are
/// libavcodec's (`--codec=flac,dav1d,avcodec,any`): libVLC's own AAC decoder (faad) upmixes
/// mono to stereo. FLAC is the exception, decoded by libVLC's own decoder: libavcodec's
/// rejects the header libVLC's FLAC packetizer gives it for some FLAC in Ogg ("extradata
/// contains -55 bytes too many") and never outputs a sample. So is AV1, decoded by dav1d:
/// through libavcodec, no picture of AV1 in MP4 came, and the pass ran to its limit.
/// Subtitles are listed, not decoded (`--no-spu`): without a video output libVLC's subtitle
/// decoders wait for one (6 s for an ASS track). Pictures and samples go to memory outputs
/// that keep nothing: the `vdummy` output would open a window provider, and the Wayland one
/// prints to stderr. The memory audio output's format callback also tells the selected
/// track's decoded channel count.
struct DecodePass: Sendable {
  /// What the playback found.
  struct Result: Sendable {
    /// The track list after decoding, in libVLC's order.
    var tracks: [Track]
    /// The media's duration as the playing input knows it.
    var duration: Duration?
    /// The demuxer module libVLC chose ("mp4", "mkv", "ts", "es", …).
    var demuxer: String?
    /// The chapters of the first title.
    var chapters: [Chapter]
    /// The sample rate and channel count each decoded audio track decodes to, by the ES id
    /// the player selected it with (for MPEG-TS a PID, elsewhere the track's id).
    var audioFormats: [(id: Int, rate: Int, channels: Int)]
    /// Whether the decoders reported before the time limit and before the input ended.
    var isComplete: Bool
    /// Why libVLC could not decode a stream, as it logged it ("Codec `undf' … is not
    /// supported.", "could not identify codec").
    var failures: [String]
    /// Whether any audio was set up or any picture came.
    var decodedAnything: Bool
    /// Whether the pass gave up because the input was read through several times with
    /// nothing decoded (``exhaustedReads``): a local file with no decodable stream.
    var readThroughUndecoded = false
    /// Why the source could not be read, as the one log diagnosis names it (a server that
    /// cannot seek, an HTTP status, …), or `nil`.
    var sourceFailure: FailureReason?
    /// The ids of the streams the playing input has (its audio, video and subtitle track
    /// descriptions), as a player lists them.
    var liveTrackIDs: Set<Int> = []
    /// Whether libVLC ended the input (its end or an error) before the pass was done: a pass
    /// that only ran out of time says nothing about the source.
    var inputEnded = false
  }

  var mrl: String
  var options: [String]
  /// Whether the input starts again at its end (`:input-repeat`), as it can where libVLC can
  /// seek. Not over a server without ranges: there every repeat's seek to the start fails at
  /// once, and libVLC's input thread tries again (`MainLoopTryRepeat` in `src/input/input.c`),
  /// 65,535 times with four debug lines each, which held a busy machine's decoders back until
  /// the input ended with nothing decoded.
  var repeating = true

  /// Plays the media (the given `program` of a TS) until its decoders reported or `limit`
  /// passed; `nil` when libVLC cannot create the player.
  func run(program: Int?, limit: Duration) async -> Result? {
    // Each pass holds a decoder's pictures (tens of megabytes for 1080p): a process plays
    // at most two at once, however many parses ask.
    let start = ContinuousClock.now
    guard await DecodeSlots.shared.acquire(until: start + limit) else { return nil }
    defer { DecodeSlots.shared.release() }
    return await play(program: program, limit: limit - (ContinuousClock.now - start))
  }

  private func play(program: Int?, limit: Duration) async -> Result? {
    guard
      let instance = try? VLCInstance(
        arguments: VLCInstance.headlessArguments + [
          "--codec=flac,dav1d,avcodec,any", "--no-sub-autodetect-file", "--avcodec-threads=1",
          "--no-spu", "--dav1d-thread-frames=1",
        ])
    else { return nil }
    // Only the lines naming the demuxer and failed decoders are kept, so a flood of debug
    // lines cannot push them out.
    let logs = instance.logRouter.broadcaster.subscribe(bufferingPolicy: .bufferingNewest(16)) {
      PassLog.matters($0.message)
    }
    let log = PassLog()
    let reading = Task { for await entry in logs { log.take(entry.message) } }
    defer { reading.cancel() }
    // A decoder that fails says so once, when the media opens: the log must be on by then
    // (on a busy machine a MIDI file's failure was missed, and its pass waited 20 s).
    await instance.logRouter.settled()
    let witness = LogWitness(instance: instance)  // why a source could not be read
    guard let pointer = libvlc_media_new_location(instance.pointer, mrl) else { return nil }
    let media = Media(instance: instance, pointer: pointer)
    // Repeating keeps blocks flowing after the decoders' first output even for a tiny file
    // (which the demuxer reads whole at once): a picture size reaches the track list only
    // with the block after the first picture, and an ended input would put the container's
    // values back.
    for option in options + (repeating ? [":input-repeat=65535"] : []) {
      libvlc_media_add_option(pointer, option)
    }
    if let program { libvlc_media_add_option(pointer, ":program=\(program)") }

    let session = NativeSession(instance: instance)
    defer { session.end() }
    let native = session.native
    let outputs = DecoderOutputs()
    native.retainUntilRelease(outputs)
    native.async { outputs.install(on: $0) }
    let ended = session.first { $0 == .endReached || $0 == .error }
    session.open(media)
    let playing = ContinuousClock.now
    let (isComplete, audioFormats) = await waitForDecoders(
      program: program, native: native, media: media, outputs: outputs, log: log, witness: witness,
      ended: ended,
      limit: limit, since: playing)
    let readThrough = !decodedBlocks(media, outputs) && exhausted(media, since: playing)
    let (chapters, tracks, length, live) = await native.run { player in
      let read = (
        readNativeChapters(player), media.readTracks(), libvlc_media_get_duration(media.pointer),
        liveTrackIDs(player)
      )
      // Stopping joins the input thread and frees the decoders and their pictures now, not
      // when the player's release comes round: passes in a row do not pile up.
      libvlc_media_player_stop(player)
      return read
    }
    let readThroughEnd = (try? ended.result?.get()) == .endReached
    // A 1080p decoder's frames are malloc'd in blocks above glibc's moving mmap threshold;
    // freed, they stay in the heap as holes the next pass's different sizes do not fit
    // (200 video files grew a probe to 1 GB). Handing free pages back keeps it flat.
    swiftvlc_trim_heap()
    return Result(
      tracks: tracks, duration: length > 0 ? .milliseconds(length) : nil,
      demuxer: log.demuxer, chapters: chapters, audioFormats: audioFormats,
      isComplete: isComplete, failures: log.failures,
      decodedAnything: outputs.decodedAnything, readThroughUndecoded: readThrough,
      sourceFailure: witness.finish().source(readThrough: readThroughEnd),
      liveTrackIDs: live,
      inputEnded: ended.result != nil)
  }

  /// Waits until the selected audio track's output was set up and, when there is video, a
  /// picture came and the track list has a picture size, or libVLC logged that it has no
  /// decoder for what is still missing; then selects each further audio track in turn (only
  /// the selected one is decoded) until its output is set up. Returns whether all that
  /// happened within `limit`, and the audio format of each track decoded.
  private func waitForDecoders(
    program: Int?, native: NativePlayer, media: Media, outputs: DecoderOutputs, log: PassLog,
    witness: LogWitness, ended: Completion<NativeEvent>, limit: Duration,
    since start: ContinuousClock.Instant
  ) async -> (Bool, [(id: Int, rate: Int, channels: Int)]) {
    // Nothing decoded and nothing will be: the input was read through, or libVLC named why it
    // cannot read the source (its input repeats, so the pass would otherwise wait it out).
    let hopeless = { @Sendable in
      !outputs.decodedAnything
        && (exhausted(media, since: start) || unreadable(witness.current, since: start))
    }
    // What has not reported yet: the sound, the pictures; nil before the media lists a track.
    let missing = { @Sendable (player: OpaquePointer) -> (audio: Bool, video: Bool)? in
      let tracks = media.readTracks()
      guard !tracks.isEmpty else { return nil }
      // The media lists every program's streams; the player's list, the selected program's
      // (its count includes "Disable"). A program without sound waited for another's.
      let hasAudio =
        program == nil
        ? tracks.contains { $0.kind == .audio } : libvlc_audio_get_track_count(player) > 1
      let audioMissing = hasAudio && outputs.audioSetups == 0
      // MPEG-TS and HLS declare no size: it comes from the decoder, after its first picture.
      let videoMissing =
        tracks.contains { $0.kind == .video }
        && !(outputs.hasPicture && tracks.contains { $0.kind == .video && $0.width != nil })
      return (audioMissing, videoMissing)
    }
    let reported = { @Sendable (player: OpaquePointer) in
      guard let missing = missing(player) else { return false }
      return (missing.audio ? 1 : 0) + (missing.video ? 1 : 0) <= log.failures.count
    }
    let deadline = ContinuousClock.now + limit
    // A picture that did not come in three readings of the file will not in a fourth, though
    // its decoder decoded (a file of one picture, which a decoder holding pictures back for
    // reordering never hands out: the repeat flushes it; the pass spun for its whole limit).
    // Sound set up late on a busy machine is still waited for.
    let first = await poll(native, ended: ended, until: deadline) {
      reported($0) || hopeless()
        || (missing($0)?.audio == false && exhausted(media, since: start)
          && decodedBlocks(media, outputs))
    }
    guard first == .ready, !hopeless(), await native.run(reported) else {
      return (false, [])
    }
    var formats: [(id: Int, rate: Int, channels: Int)] = []
    let selected = await native.run { libvlc_audio_get_track($0) }
    if selected >= 0, let format = outputs.audioFormat {
      formats.append((Int(selected), format.rate, format.channels))
    }
    let others = await native.run(unselectedAudioTracks)
    for id in others {
      let (setups, failures) = (outputs.audioSetups, log.failures.count)
      native.async { libvlc_audio_set_track($0, id) }
      let switched = await poll(native, ended: ended, until: deadline) { _ in
        outputs.audioSetups > setups || log.failures.count > failures
      }
      guard switched == .ready else { return (false, formats) }
      if let format = outputs.audioFormat {
        formats.append((Int(id), format.rate, format.channels))
      }
    }
    return (true, formats)
  }

  /// Whether a picture or sound came out, or a decoder decoded a block: a file of one picture
  /// is decoded at each repeat, and none reaches the output (the repeat flushes it first), so
  /// a file read through is undecodable only when no decoder decoded anything. Not evidence
  /// that the source could be read: a server that cannot seek lets a few blocks through.
  private func decodedBlocks(_ media: Media, _ outputs: DecoderOutputs) -> Bool {
    if outputs.decodedAnything { return true }
    guard let statistics = media.statistics() else { return false }
    return statistics.decodedVideo > 0 || statistics.decodedAudio > 0
  }

  /// How many times a pass reads a local file through (it repeats) before it stops waiting
  /// for decoders that have not reported: no decoder reports a failure for a stream it
  /// takes but never decodes (a cut file's missing samples, a codec libavcodec rejects), and
  /// what they did not decode in three readings they will not decode in a fourth.
  static let exhaustedReads = 3

  /// Whether the pass's input read its local file through ``exhaustedReads`` times, and
  /// ``exhaustedWait`` passed since it started playing (a tiny file is read through many
  /// times before its decoders have even opened).
  private func exhausted(_ media: Media, since start: ContinuousClock.Instant) -> Bool {
    guard ContinuousClock.now - start >= Self.exhaustedWait, let url = URL(string: mrl),
      url.isFileURL, let size = fileSize(url.path), size > 0,
      let statistics = media.statistics()
    else { return false }
    // A small file is read once and kept: its repeats count in the demuxed bytes alone.
    return max(statistics.readBytes, statistics.demuxReadBytes) >= Int(size) * Self.exhaustedReads
  }

  /// Whether libVLC named a reason that ends reading the source for good
  /// (`FailureReason.endsReading`: not a timeout, nor one HLS segment's status) and
  /// ``exhaustedWait`` passed since the pass started playing (a fallback demuxer may still
  /// try meanwhile). Not a server that cannot seek: libVLC's read-ahead logs it for a seek it
  /// then does without, and a busy machine's pass had decoded nothing of such a Matroska
  /// file 2 s in; it ends the pass only when nothing was decoded by the pass's end.
  private func unreadable(_ diagnosis: LogDiagnosis, since start: ContinuousClock.Instant) -> Bool {
    guard let reason = diagnosis.source, reason.endsReading, reason != .serverCannotSeek else {
      return false
    }
    return ContinuousClock.now - start >= Self.exhaustedWait
  }

  /// How long a pass waits for decoders at least, however often its input was read through
  /// or whatever libVLC logged.
  static let exhaustedWait = Duration.seconds(2)

  private enum PollResult { case ready, ended, timedOut }

  /// Polls `condition` every 20 ms, on the player's queue (where every call on its media and
  /// player happens), until it holds, the input ends (`ended`), or `deadline`. Polled: the decoders'
  /// formats reach the media's track list with no event (`input_item_UpdateTracksInfo`).
  private func poll(
    _ native: NativePlayer, ended: Completion<NativeEvent>, until deadline: ContinuousClock.Instant,
    _ condition: @escaping @Sendable (_ player: OpaquePointer) -> Bool
  ) async -> PollResult {
    var result = PollResult.timedOut
    _ = await SwiftVLC.poll(every: .milliseconds(20), until: deadline) {
      if ended.result != nil {
        result = .ended
      } else if await native.run(condition) {
        result = .ready
      }
      return result != .timedOut
    }
    return result
  }
}

/// The ids of the audio, video and subtitle streams the player's input has.
private func liveTrackIDs(_ player: OpaquePointer) -> Set<Int> {
  let lists = [
    libvlc_audio_get_track_description(player), libvlc_video_get_track_description(player),
    libvlc_video_get_spu_description(player),
  ]
  return Set(lists.flatMap { trackDescriptions($0).map(\.id) })
}

/// The ES ids of the audio tracks the player offers but has not selected.
private func unselectedAudioTracks(_ player: OpaquePointer) -> [Int32] {
  let selected = Int(libvlc_audio_get_track(player))
  return trackDescriptions(libvlc_audio_get_track_description(player)).map(\.id)
    .filter { $0 != selected }.map { Int32($0) }
}

/// What a pass's instance logged that matters: the first demuxer it names (`using demux
/// module "mkv"`) and each decoder it could not find (`src/input/decoder.c`).
private final class PassLog: Sendable {
  private let state = Mutex<(demuxer: String?, failures: [String])>((nil, []))

  var demuxer: String? { state.withLock { $0.demuxer } }
  /// Each failure libVLC logged, repeats included.
  var failures: [String] { state.withLock { $0.failures } }

  static func matters(_ message: String) -> Bool {
    message.hasPrefix(demuxerPrefix) || isFailure(message)
  }

  private static func isFailure(_ message: String) -> Bool {
    message == "could not identify codec"
      || (message.hasPrefix("Codec `") && message.hasSuffix("is not supported."))
  }

  func take(_ message: String) {
    state.withLock { state in
      if message.hasPrefix(demuxerPrefix), state.demuxer == nil {
        state.demuxer = String(message.dropFirst(demuxerPrefix.count).dropLast())
      } else if Self.isFailure(message) {
        // Counted each time: a decoder that fails again (the input repeats) counts again.
        state.failures.append(message)
      }
    }
  }
}

/// How libVLC's debug log names the demuxer it opened.
private let demuxerPrefix = "using demux module \""
