// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import Synchronization

/// How a ``Recording`` is made.
public struct RecordingOptions: Sendable, Hashable {
  /// The file format. Default: MPEG-TS.
  public var container: OutputContainer
  /// Re-encoding settings; `nil` (the default) copies the source's streams unchanged.
  public var transcode: Transcode?
  /// Whether the source is also shown and heard through the instance's outputs while it is
  /// recorded. Without display, a file is read as fast as libVLC can (faster than real time).
  public var display: Bool
  /// How much to record, measured in the source's playback time; `nil` records until the
  /// source ends or the recording is stopped. Precise to about a second (libVLC stops at the
  /// next packet it reads past the limit, and HLS in whole segments).
  public var duration: Duration?
  /// How long the source may deliver nothing (no byte read, no playback time) before the
  /// recording ends: with ``VLCError/sourceFailed(_:source:)`` and ``FailureReason/timeout``
  /// when nothing was recorded, else ``VLCError/timeout(_:)``; `nil` waits for ever. Default: 15 s, longer
  /// than the segments of most HLS streams (a live HLS source recorded without display is
  /// read one segment at a time, and nothing moves in between). Counted from the start, so
  /// a source that never answers is caught too: libVLC 3's Matroska demuxer reads a file's
  /// first cluster whole (often 5 s of it) before libVLC counts a byte, so a download slower
  /// than a third of its bitrate needs a longer limit. At least 0.5 s.
  public var stallTimeout: Duration?
  /// Kinds of track (``TrackKind/audio``, ``TrackKind/video``) the finished file may lack
  /// although the source has them, without the recording failing: a live video that shows
  /// no keyframe within a short recording, say. Default: none.
  public var mayLack: Set<TrackKind> = []

  /// Creates recording options.
  public init(
    container: OutputContainer = .ts, transcode: Transcode? = nil, display: Bool = false,
    duration: Duration? = nil, stallTimeout: Duration? = .seconds(15)
  ) {
    self.container = container
    self.transcode = transcode
    self.display = display
    self.duration = duration
    self.stallTimeout = stallTimeout
  }
}

/// A finished recording.
public struct RecordingResult: Sendable, Hashable {
  /// The absolute path of the file written.
  public var path: String
  /// The file's size in bytes; 0 for a device or a FIFO, whose bytes are not kept.
  public var bytes: Int64
  /// How much was recorded: the duration libVLC reads from the finished file, or, when it
  /// cannot tell, the playback time reached (the wall-clock recording time for live sources).
  public var duration: Duration
  /// The source's tracks the container cannot hold, left out: text subtitles in MPEG-TS,
  /// bitmap subtitles other than VobSub in MP4, teletext outside MPEG-TS (see the README's
  /// record section). Audio and video the container cannot hold are refused instead.
  public var droppedTracks: [Track]
  /// Why each of ``droppedTracks`` was left out ("MPEG-TS cannot hold SubRip subtitle"), in the same
  /// order.
  public var droppedReasons: [String] = []
  /// How many of the source's chapters were left out (MPEG-TS holds none).
  public var droppedChapters = 0
  /// Fields of the tracks kept, and of the file, that the container did not keep (a track's
  /// title in MPEG-TS, the file's artist), found by reading the finished file back.
  public var droppedFields: [DroppedField] = []

  /// Creates a result.
  public init(path: String, bytes: Int64, duration: Duration, droppedTracks: [Track] = []) {
    self.path = path
    self.bytes = bytes
    self.duration = duration
    self.droppedTracks = droppedTracks
  }
}

/// How far a running recording has got.
public struct RecordingProgress: Sendable, Hashable {
  /// The size of the file so far, in bytes. MP4 and Matroska grow by their index at the end.
  public var bytesWritten: Int64
  /// Wall-clock time since the source started playing.
  public var elapsed: Duration
  /// The source's playback time reached, when libVLC reports one.
  public var mediaTime: Duration?
  /// Whether a live source's video has not shown a keyframe yet: nothing before it can be
  /// shown, so the recording (and its ``RecordingOptions/duration``) starts there.
  public var waitingForKeyframe: Bool

  /// Creates a progress report.
  public init(
    bytesWritten: Int64, elapsed: Duration, mediaTime: Duration?, waitingForKeyframe: Bool = false
  ) {
    self.bytesWritten = bytesWritten
    self.elapsed = elapsed
    self.mediaTime = mediaTime
    self.waitingForKeyframe = waitingForKeyframe
  }
}

/// Records a media (a file or a live URL) to a file, through libVLC's stream output.
///
/// libVLC 3 has no recording API; a recording plays the source on a private player whose
/// output is a muxer writing the file (`#std{access=file,…}`), optionally re-encoding it
/// (``Transcode``) and also displaying it. Either await ``record(_:to:options:)``, or
/// ``start(_:to:options:)`` a recording, watch its ``progress`` and ``stop()`` it.
///
/// A recording is judged by the file it wrote, read back with libVLC once it is finished: it
/// fails when the file holds no audio or video, or when the source ended early (more than
/// 2 s and 10 % short of its known duration: an HLS segment that answered 404, say). A source
/// whose audio or video the container cannot hold (VP8 into MP4; from a network location
/// not named as Matroska, also VP9, AV1 or Vorbis, which libVLC writes as MPEG-TS first, see
/// README) is refused: a local
/// file before it is played, a network source (HTTP, HLS, UDP) as soon as libVLC lists its
/// streams, within a quarter of a second. Failures say what libVLC's log told: the HTTP
/// status, a login the server wants, an encryption key that could not be fetched, or why the
/// file could not be written.
///
/// The file is written under a hidden name beside the destination (``writingPath``) and moved
/// onto the destination only once it is judged good, so a recording that fails, is refused or
/// is cancelled leaves the destination as it was. A destination that is a device or a pipe is
/// written directly.
///
/// A source that delivers nothing for ``RecordingOptions/stallTimeout`` ends the recording
/// with an error about 5 s after the limit at most: the stall is noticed
/// within a quarter of a second, libVLC is given 3 s to close the stalled input, and the file
/// is read back. What was recorded until then is kept at the destination when it holds audio
/// or video (an MP4 only when libVLC could finish it), and the error is
/// ``VLCError/timeout(_:)`` saying so; with nothing kept, it is
/// ``VLCError/sourceFailed(_:source:)`` with ``FailureReason/timeout``, as play names a
/// stalled source.
///
/// What a recording keeps: every stream the container can hold, in the source's order, with
/// its language. A local file recorded without ``Transcode`` or display is copied by
/// libavformat, not played: titles, default and forced flags, subtitles (text ones converted
/// to the container's text format), chapters and global tags are kept too. Anything else is
/// recorded by libVLC, whose muxers lose those, then copied in place by libavformat to put the
/// streams back in the source's order with libVLC's languages and titles. A live source's
/// recording starts at the video's first keyframe (``RecordingProgress/waitingForKeyframe``
/// until then), and ``RecordingOptions/duration`` counts from there. A finished file that
/// lacks the source's audio or video fails the recording (the file is kept) unless
/// ``RecordingOptions/mayLack`` allows it. ``RecordingResult/droppedTracks`` lists the tracks
/// left out, with ``RecordingResult/droppedReasons``.
///
/// A file already at the destination is replaced when the recording succeeds. Dropping a
/// running `Recording` stops it and keeps the file. Thread-safe.
///
/// ```swift
/// let media = try Media(url: URL(string: "https://example.com/live.m3u8")!)
/// let result = try await Recording.record(
///   media, to: "/tmp/clip.mp4", options: RecordingOptions(container: .mp4, duration: .seconds(30)))
/// print(result.bytes, result.duration)
/// ```
public final class Recording: Sendable {
  /// The absolute path of the finished file: the destination asked for, or the file a
  /// symbolic link there names (the link stays).
  public let path: String
  /// The file libVLC writes while the recording runs: a hidden name beside ``path``
  /// (`.NAME.1a2b3c4d.part`), moved to ``path`` once the recording is judged good, or
  /// ``path`` itself for a device or a pipe. A program that must leave while libVLC is stuck
  /// finds the unfinished file here.
  public let writingPath: String
  /// The options the recording was started with.
  public let options: RecordingOptions

  private let control = RecordingControl()
  private let completion = Completion<RecordingResult>()
  private let progressBroadcaster = Broadcaster<RecordingProgress>()

  private init(target: RecordingTarget, options: RecordingOptions) {
    path = target.destination
    writingPath = target.writing
    self.options = options
  }

  deinit { control.requestStop(cancelled: false) }

  /// Starts recording `media` to the file at `path` and returns at once.
  ///
  /// The recording runs until the source ends, ``RecordingOptions/duration`` is reached, or
  /// ``stop()`` is called.
  ///
  /// - Parameters:
  ///   - media: the source; it is not modified. The recording plays a new media for the same
  ///     location with the same options; slaves are not carried over.
  ///   - path: the file to write; relative paths are resolved against the current directory.
  ///     Its directory must exist.
  ///   - options: container, transcoding, display, duration and stall limit.
  /// - Throws: ``VLCError/invalidInput(_:)`` for a bad path (``OutputPath/checked(_:allowsDirectory:)``),
  ///   the source's own file, one that cannot be opened for writing (the message names it
  ///   and says why), a FIFO no program reads or asked for MP4, a duration that is not
  ///   positive, a stall limit under 0.5 s, invalid ``Transcode`` settings, or a media made
  ///   from an `AsyncSequence` (it cannot be read a second time).
  public static func start(
    _ media: Media, to path: String, options: RecordingOptions = RecordingOptions()
  ) throws(VLCError) -> Recording {
    let destination = try OutputPath.checked(path)
    if let source = media.localPath, isSameFile(source, destination) {
      throw .invalidInput("\(destination) is the source itself: record it into another file")
    }
    if let duration = options.duration, duration <= .zero {
      throw .invalidInput(
        "recording duration \(formatSeconds(duration, decimals: 3)) is not positive")
    }
    if let stall = options.stallTimeout, stall < .shortestStallLimit {
      throw .invalidInput(
        "stall timeout \(formatSeconds(stall, decimals: 3)) is under "
          + formatSeconds(.shortestStallLimit))
    }
    try options.transcode?.validate(for: options.container)

    // Without display, libVLC reads a file faster than real time, and `:stop-time` then stops
    // it precisely. A network source read that fast (HLS) overshoots `:stop-time`, and a live
    // one may report no time at all, so those are read at real-time pace and also limited by
    // the wall clock.
    let monitor: SoutChain.Monitor =
      options.display ? .display : (options.duration != nil && !media.isLocalFile ? .pace : .none)
    let isLocal = media.isLocalFile
    var mediaOptions: [String] = []
    // A live source's times need not start at zero (a UDP stream joined half-way): libVLC's
    // `:stop-time` could end it at once. The wall clock limits those, from the first keyframe.
    if let duration = options.duration, isLocal {
      mediaOptions.append(":stop-time=\(optionSeconds(duration))")
    }
    let target = try RecordingTarget.prepare(path)
    // A FIFO is written once, in order: MP4's index, written at the end, goes to the front.
    if target.pipe != nil && options.container == .mp4 {
      throw .invalidInput(
        "cannot write \(path): MP4 cannot be written into a FIFO (its index is written last, "
          + "at the file's start): record MPEG-TS or Matroska")
    }
    let copy: Media
    do {
      // Its `:sout` is added once the server's first answer chose the container libVLC writes.
      copy = try media.copy(adding: mediaOptions)
    } catch {
      target.discard()
      throw error
    }
    let recording = Recording(target: target, options: options)

    // The task holds the control, not the recording, so dropping the recording stops it.
    let control = recording.control
    let completion = recording.completion
    let progress = recording.progressBroadcaster
    Task {
      let witness = LogWitness(instance: media.instance, source: media.mrl)
      let parsed = isLocal ? try? await media.parse() : nil
      let direct = parsed.map {
        canCopyDirectly($0, media: media, target: target, options: options)
      }
      // A local file's parse is its answer, in the words every path gives; a copy through
      // libVLC is refused what its muxers cannot hold.
      var refusal = parsed.flatMap { $0.isPlayable ? nil : $0.unplayableError(source: media.mrl) }
      if refusal == nil, let info = parsed, direct != true {
        refusal = RecordingCheck.refusal(
          tracks: info.tracks, container: options.container, transcode: options.transcode)
      }
      if let refusal {
        _ = witness.finish()
        target.discard()
        completion.settle(.failure(refusal))
        progress.terminate()
        return
      }
      let result: Result<RecordingResult, VLCError>
      if let info = parsed, direct == true {
        _ = witness.finish()
        result = await copyDirectly(
          media, info: info, target: target, options: options, control: control,
          progress: progress)
      } else {
        // libVLC 3's Matroska demuxer, over a server without ranges, ends at the first seek it
        // tries (a chapter's start: 1 s of 6 s recorded); libavformat's reads on.
        // The option gates the start; the rest of the headers are read while libVLC records.
        let source =
          isLocal
          ? nil
          : await readSourceHeaders(
            of: media, control: control, stallLimit: options.stallTimeout,
            selectsStreams: selectsEveryStream(media, options: options, answersRanges: true))
        if let option = source?.start.option { copy.addOption(option) }
        let muxed = libVLCContainer(for: media, options: options, start: source?.start)
        let destination =
          target.pipe.map { SoutChain.descriptor($0.descriptor, container: muxed) }
          ?? SoutChain.file(path: target.writing, container: muxed)
        let chain = SoutChain.chain(
          destination: destination,
          transcode: options.transcode, monitor: monitor)
        copy.addOption(":sout=\(chain)")
        if target.pipe != nil && muxed != options.container {
          // A FIFO gets libVLC's file as it is written: there is no copy after.
          source?.headers.cancel()
          _ = witness.finish()
          result = .failure(
            .invalidInput(
              "cannot write \(path): libVLC 3 writes this source as \(muxed.rawValue) first, "
                + "which a FIFO would get instead of \(options.container.rawValue)"))
        } else if let cancelled = control.requestedStop {
          // Stopped while the server was asked: libVLC is not started on it.
          source?.headers.cancel()
          _ = witness.finish()
          result = .failure(stoppedBeforeStart(target, options: options, cancelled: cancelled))
        } else {
          result = await recordThroughLibVLC(
            copy, source: media, target: target, muxed: muxed, options: options,
            control: control, progress: progress, witness: witness, headers: source?.headers,
            answersRanges: source?.start.answersRanges, container: source?.container)
        }
      }
      completion.settle(result)
      progress.terminate()
    }
    return recording
  }

  /// Records `media` to the file at `path` and returns when the recording has finished.
  ///
  /// Without a ``RecordingOptions/duration`` this waits for the source to end, which for a live
  /// source is never: cancel the calling task, or use ``start(_:to:options:)`` and ``stop()``.
  ///
  /// - Returns: the file written, its size and how much was recorded.
  /// - Throws: what ``start(_:to:options:)`` throws;
  ///   ``VLCError/invalidInput(_:)`` naming the codec and the container when the container
  ///   cannot hold the source's audio or video;
  ///   ``VLCError/playbackFailed(reason:)`` when the source cannot be opened or read, has no
  ///   audio or video, or ends early;
  ///   ``VLCError/operationFailed(_:)`` naming the file when it cannot be written, or holds
  ///   no audio or video once finished;
  ///   ``VLCError/cancelled`` when the calling task is cancelled. In each of these cases the
  ///   destination is left as it was.
  ///   ``VLCError/timeout(_:)`` when the source stalled (see
  ///   ``RecordingOptions/stallTimeout``) after a part was recorded that holds audio or video:
  ///   the part is kept at the destination, and the message says where;
  ///   ``VLCError/sourceFailed(_:source:)`` with ``FailureReason/timeout`` when it stalled
  ///   with nothing kept.
  public static func record(
    _ media: Media, to path: String, options: RecordingOptions = RecordingOptions()
  ) async throws(VLCError) -> RecordingResult {
    let recording = try start(media, to: path, options: options)
    let control = recording.control
    let result = await withTaskCancellationHandler {
      await recording.completion.value()
    } onCancel: {
      control.requestStop(cancelled: true)
    }
    if case .failure(.cancelled) = result {
      // The waiter gave up at once; wait (uncancellable) until the file is removed.
      return try await Task { await recording.completion.value() }.value.get()
    }
    return try result.get()
  }

  /// Progress reports about four times a second while the recording runs; the stream finishes
  /// when it ends. Every access is a new subscriber that keeps only the newest report.
  public var progress: AsyncStream<RecordingProgress> {
    progressBroadcaster.subscribe(bufferingPolicy: .bufferingNewest(1))
  }

  /// Whether the recording has finished (successfully or not).
  public var isFinished: Bool { completion.result != nil }

  /// Ends the recording now and returns the finished file, once libVLC has closed it.
  ///
  /// Returns the same result as ``result()`` when the recording had already finished.
  /// Does not block the caller's thread. Besides libVLC's closing and the final copy, a
  /// recording of a file over HTTP whose own headers are still coming from a slow server
  /// waits for them at most 2 s more.
  ///
  /// - Throws: ``VLCError/playbackFailed(reason:)`` when nothing could be recorded (the file
  ///   is removed).
  public func stop() async throws(VLCError) -> RecordingResult {
    control.requestStop(cancelled: false)
    let completion = completion
    return try await Task { await completion.value() }.value.get()
  }

  /// Waits until the recording finishes by itself (the source ended or the duration was
  /// reached) or is stopped, and returns the file.
  ///
  /// - Throws: ``VLCError/cancelled`` when the waiting task is cancelled (the recording goes
  ///   on); otherwise what ``stop()`` throws.
  public func result() async throws(VLCError) -> RecordingResult {
    try await completion.value().get()
  }
}

/// The size of the file at `path`, or `nil` when there is none.
func fileSize(_ path: String) -> Int64? {
  var status = stat()
  guard stat(path, &status) == 0 else { return nil }
  return Int64(status.st_size)
}
