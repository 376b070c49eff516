import Foundation
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

  /// Creates recording options.
  public init(
    container: OutputContainer = .ts, transcode: Transcode? = nil, display: Bool = false,
    duration: Duration? = nil
  ) {
    self.container = container
    self.transcode = transcode
    self.display = display
    self.duration = duration
  }
}

/// A finished recording.
public struct RecordingResult: Sendable, Hashable {
  /// The absolute path of the file written.
  public var path: String
  /// The file's size in bytes.
  public var bytes: Int64
  /// How much was recorded: the duration libVLC reads from the finished file, or, when it
  /// cannot tell, the playback time reached (the wall-clock recording time for live sources).
  public var duration: Duration

  /// Creates a result.
  public init(path: String, bytes: Int64, duration: Duration) {
    self.path = path
    self.bytes = bytes
    self.duration = duration
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

  /// Creates a progress report.
  public init(bytesWritten: Int64, elapsed: Duration, mediaTime: Duration?) {
    self.bytesWritten = bytesWritten
    self.elapsed = elapsed
    self.mediaTime = mediaTime
  }
}

/// Records a media (a file or a live URL) to a file, through libVLC's stream output.
///
/// libVLC 3 has no recording API; a recording plays the source on a private player whose
/// output is a muxer writing the file (`#std{access=file,…}`), optionally re-encoding it
/// (``Transcode``) and also displaying it. Either await ``record(_:to:options:)``, or
/// ``start(_:to:options:)`` a recording, watch its ``progress`` and ``stop()`` it.
///
/// A recording that fails (a source that cannot be opened or has nothing to record) or is
/// cancelled removes the file it created. A file already at the destination is replaced.
/// Dropping a running `Recording` stops it and keeps the file. Thread-safe.
///
/// ```swift
/// let media = try Media(url: URL(string: "https://example.com/live.m3u8")!)
/// let result = try await Recording.record(
///   media, to: "/tmp/clip.mp4", options: RecordingOptions(container: .mp4, duration: .seconds(30)))
/// print(result.bytes, result.duration)
/// ```
public final class Recording: Sendable {
  /// The absolute path of the file being written.
  public let path: String
  /// The options the recording was started with.
  public let options: RecordingOptions

  private let session: OutputSession
  private let completion = Completion<RecordingResult>()
  private let progressBroadcaster = Broadcaster<RecordingProgress>()

  private init(session: OutputSession, path: String, options: RecordingOptions) {
    self.session = session
    self.path = path
    self.options = options
  }

  deinit { session.requestStop() }

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
  ///   - options: container, transcoding, display and duration.
  /// - Throws: ``VLCError/invalidInput(_:)`` for a bad path, a duration that is not positive,
  ///   invalid ``Transcode`` settings, or a media made from an `AsyncSequence` (it cannot be
  ///   read a second time).
  public static func start(
    _ media: Media, to path: String, options: RecordingOptions = RecordingOptions()
  ) throws(VLCError) -> Recording {
    let destination = try validatedDestination(path)
    if let duration = options.duration, duration <= .zero {
      throw .invalidInput("recording duration \(duration) is not positive")
    }
    try options.transcode?.validate(for: options.container)

    // Without display, libVLC reads a file faster than real time, and `:stop-time` then stops
    // it precisely. A network source read that fast (HLS) overshoots `:stop-time`, and a live
    // one may report no time at all, so those are read at real-time pace and also limited by
    // the wall clock.
    let monitor: SoutChain.Monitor =
      options.display ? .display : (options.duration != nil && !media.isLocalFile ? .pace : .none)
    let chain = SoutChain.chain(
      destination: SoutChain.file(path: destination, container: options.container),
      transcode: options.transcode, monitor: monitor)
    var mediaOptions = [":sout=\(chain)"]
    if let duration = options.duration {
      mediaOptions.append(":stop-time=\(optionSeconds(duration))")
    }
    let session = OutputSession(media: try media.copy(adding: mediaOptions))
    let recording = Recording(session: session, path: destination, options: options)

    // The task holds the session, not the recording, so dropping the recording stops it.
    let completion = recording.completion
    let progress = recording.progressBroadcaster
    let limit = media.isLocalFile ? nil : options.duration
    Task {
      let outcome = await session.run(limit: limit) { snapshot in
        progress.broadcast(
          RecordingProgress(
            bytesWritten: fileSize(destination) ?? 0, elapsed: snapshot.elapsed,
            mediaTime: snapshot.mediaTime))
      }
      let result = await result(of: outcome, path: destination, media: media)
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
  ///   ``VLCError/playbackFailed(reason:)`` when the source cannot be opened or read or has no
  ///   audio or video; ``VLCError/cancelled`` when the calling task is cancelled. In each of
  ///   these cases the file is removed.
  public static func record(
    _ media: Media, to path: String, options: RecordingOptions = RecordingOptions()
  ) async throws(VLCError) -> RecordingResult {
    let recording = try start(media, to: path, options: options)
    let session = recording.session
    let result = await withTaskCancellationHandler {
      await recording.completion.value()
    } onCancel: {
      session.requestStop(cancelled: true)
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
  /// Does not block the caller's thread.
  ///
  /// - Throws: ``VLCError/playbackFailed(reason:)`` when nothing could be recorded (the file
  ///   is removed).
  public func stop() async throws(VLCError) -> RecordingResult {
    session.requestStop()
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

  /// The absolute path for `path`, after checking that a file can be written there.
  static func validatedDestination(_ path: String) throws(VLCError) -> String {
    guard !path.isEmpty, !path.contains("\0") else {
      throw .invalidInput("recording path \(path.debugDescription) is empty or contains NUL")
    }
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    let directory = (absolute as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw .invalidInput("the directory \(directory) does not exist")
    }
    guard FileManager.default.isWritableFile(atPath: directory) else {
      throw .invalidInput("the directory \(directory) is not writable")
    }
    if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw .invalidInput("\(absolute) is a directory")
    }
    return absolute
  }

  /// Turns a session outcome into the recording's result, removing the file on failure.
  private static func result(of outcome: OutputSession.Outcome, path: String, media: Media) async
    -> Result<RecordingResult, VLCError>
  {
    let source = media.mrl
    let failure: VLCError? =
      switch outcome.ending {
      case .cancelled: .cancelled
      case .failed: .playbackFailed(reason: "could not record \(source): libVLC could not read it")
      case .sourceEnded:
        outcome.hadStreams
          ? nil : .playbackFailed(reason: "\(source) has no audio or video to record")
      case .limitReached, .stopped:
        outcome.hadStreams
          ? nil : .playbackFailed(reason: "nothing was recorded from \(source) before the stop")
      }
    if let failure {
      try? FileManager.default.removeItem(atPath: path)
      return .failure(failure)
    }
    return .success(
      await finishedFile(
        path, instance: media.instance, fallback: outcome.mediaTime ?? outcome.elapsed))
  }

  /// The result for the finished file at `path`.
  ///
  /// The file is the truth: a file read faster than real time reports almost no playback time,
  /// and HLS reports it late. `fallback` serves when libVLC cannot read a duration back.
  static func finishedFile(_ path: String, instance: VLCInstance, fallback: Duration) async
    -> RecordingResult
  {
    let written = try? await Media(path: path, instance: instance).parse().duration
    return RecordingResult(path: path, bytes: fileSize(path) ?? 0, duration: written ?? fallback)
  }
}

/// The size of the file at `path`, or `nil` when there is none.
func fileSize(_ path: String) -> Int64? {
  guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
  return (attributes[.size] as? NSNumber)?.int64Value
}
