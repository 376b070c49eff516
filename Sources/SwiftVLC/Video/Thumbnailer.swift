// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Makes thumbnails of one media.
///
/// libVLC 3 has no thumbnailer, and gives the pictures it decodes no timestamp, so it cannot
/// say which frame it showed. For a local file (a `file://` media), the thumbnailer therefore
/// decodes the picture with libavformat and libavcodec (the libraries Debian's libVLC plugins
/// use), which know every frame's presentation time: a ``ThumbnailMode/precise`` thumbnail is
/// exactly the frame shown at the time, a ``ThumbnailMode/fast`` one exactly the latest
/// keyframe at or before it, in every container they read (MP4, MKV, WebM, MPEG-TS, AVI, …).
/// Each request opens the file itself and decodes on a thread of its own. A set of pictures
/// (``thumbnails(at:timeout:progress:)``) is made in forward passes instead: each group of
/// pictures is decoded once for all the times that fall in it, so a dense contact sheet costs
/// about one decoding of the file.
///
/// Other media (network sources, HLS, custom inputs), and files libavformat cannot read, are
/// pictured by libVLC: a private, audio-less copy of the media played into memory from the
/// requested time, keeping the first picture shown, as exact as libVLC's seeking (see
/// ``ThumbnailMode``). There, what is reused between thumbnails is the parsed length and
/// tracks (checked before each request), and each thumbnail uses a fresh hidden player (about
/// 50 ms for a small file): a paused libVLC 3 player that is seeked sometimes shows a picture
/// decoded before the seek, or a grey one, so reusing one cannot promise the right frame.
///
/// Each thumbnail's ``Thumbnail/origin`` says which way it was made, and why not the exact one.
///
/// Either way, up to ``maximumConcurrentRequests`` requests run at once, so their opening,
/// decoding and closing overlap (a pass counts as one request); more wait their turn, in order.
/// Cancellation and timeouts stop the request's decoding (between two packets) or its player.
///
/// ```swift
/// let thumbnailer = try Thumbnailer(media: media, width: 160)
/// let sheet = try await thumbnailer.thumbnails(at: (0..<10).map { .seconds($0) })
/// for (second, thumbnail) in sheet.enumerated() {
///   try thumbnail.pngData().write(to: URL(fileURLWithPath: "/tmp/\(second).png"))
/// }
/// ```
public actor Thumbnailer {
  /// The media the thumbnails show.
  public nonisolated let media: Media
  /// The thumbnail width in pixels, or 0 to follow the source. Pictures are as a player shows
  /// them: a video stored sideways (``Track/displayRotation``) upright, pixels that are not
  /// square (``Track/sampleAspectRatio``) widened or narrowed; the source's size is that.
  public nonisolated let width: Int
  /// The thumbnail height in pixels, or 0 to follow the source (as shown: see ``width``).
  public nonisolated let height: Int
  /// How frames are picked.
  public nonisolated let mode: ThumbnailMode

  /// How many thumbnails are made at the same time: the number of cores, at least 2 and at
  /// most 4. Each one uses its own hidden player and decoder threads.
  public static var maximumConcurrentRequests: Int {
    min(max(ProcessInfo.processInfo.activeProcessorCount, 2), 4)
  }

  /// Where exact pictures of a local file come from.
  nonisolated let exactFrames: any ExactFrameSource = FileFrameDecoder()
  private var parsing: Task<Result<MediaInfo, VLCError>, Never>?
  private var running = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Creates a thumbnailer; nothing is decoded until the first ``thumbnail(at:timeout:)``.
  ///
  /// - Parameters:
  ///   - media: the media to picture; its own options and playback are left untouched.
  ///   - width: the width in pixels, 0…8192; 0 follows the source (or `height`'s ratio).
  ///   - height: the height in pixels, 0…8192; 0 follows the source (or `width`'s ratio).
  ///   - mode: ``ThumbnailMode/fast`` for keyframes, ``ThumbnailMode/precise`` for exact times.
  /// - Throws: ``VLCError/invalidInput(_:)`` for a size outside 0…8192.
  public init(media: Media, width: Int = 0, height: Int = 0, mode: ThumbnailMode = .fast)
    throws(VLCError)
  {
    guard (0...8_192).contains(width), (0...8_192).contains(height) else {
      throw .invalidInput("thumbnail size \(width)×\(height) is not within 0…8192")
    }
    self.media = media
    self.width = width
    self.height = height
    self.mode = mode
  }

  /// The picture at `time`.
  ///
  /// A local file is decoded directly (see the type's notes); its container tells its length.
  /// Other media are parsed first (cached by ``Media``) to know their length and video track. A source
  /// whose parse lists no track at all (HLS) is tried anyway, and so is a custom input
  /// (``Media/init(data:instance:)``), which libVLC 3 cannot parse: a time past its end is
  /// found out once libVLC has opened it. A custom input made from an `AsyncSequence` cannot
  /// seek and is refused. Where the container declares no picture size (MPEG-TS, HLS), the
  /// size is learnt from the decoder, which can take up to 0.5 s more.
  ///
  /// - Parameters:
  ///   - time: where in the media, from 0 to (excluding) its duration.
  ///   - timeout: the limit for the whole request, parsing included.
  /// - Throws: ``VLCError/invalidInput(_:)`` for a negative time, a time at or past the end, a
  ///   timeout that is not positive, or a custom input that cannot seek;
  ///   for a local file with nothing to play, ``MediaInfo/unplayableError(source:words:)``
  ///   (``VLCError/sourceFailed(_:source:)`` with ``FailureReason/notMedia`` for garbage,
  ///   ``VLCError/parseFailed(reason:)`` "no playable stream in …" otherwise);
  ///   ``VLCError/parseFailed(reason:)`` for other unreadable input;
  ///   ``VLCError/playbackFailed(reason:)`` when the media has no video or libVLC cannot
  ///   decode it; ``VLCError/sourceFailed(_:source:)`` with ``FailureReason/timeout`` when
  ///   the source takes the whole limit before its picture is sought (as every path names a
  ///   stalled source), ``VLCError/timeout(_:)`` when no picture came in time after;
  ///   ``VLCError/cancelled``.
  public func thumbnail(at time: Duration, timeout: Duration = .seconds(5)) async throws(VLCError)
    -> Thumbnail
  {
    try checkRequest([time], timeout: timeout)
    return try await make(at: time, timeout: timeout, passedOver: nil)
  }

  /// One picture, in its turn among the requests: decoded by ``exactFrames`` first unless it
  /// was `passedOver` (why), else (or when it cannot read the file) by libVLC.
  func make(at time: Duration, timeout: Duration, passedOver: String?) async throws(VLCError)
    -> Thumbnail
  {
    await acquire()
    defer { release() }
    if Task.isCancelled { throw .cancelled }
    let deadline = ContinuousClock.now + timeout
    var reason = passedOver ?? exactFramesRefusal
    if reason == nil, let path = localPath {
      switch try await exactPicture(path: path, at: time, deadline: deadline) {
      case .picture(let thumbnail): return thumbnail
      case .refused(let refusal): reason = refusal
      }
    }
    var thumbnail = try await libVLCPicture(at: time, deadline: deadline)
    thumbnail.origin = .libVLC(reason: reason ?? "not a local file")
    return thumbnail
  }

  /// Why ``exactFrames`` does not picture this media; `nil` when it may.
  nonisolated var exactFramesRefusal: String? {
    if media.input != nil { return "a custom input" }
    return localPath == nil ? "not a local file" : nil
  }

  /// libVLC's picture at `time`: the media is parsed (once) for its length and video track.
  private func libVLCPicture(at time: Duration, deadline: ContinuousClock.Instant)
    async throws(VLCError) -> Thumbnail
  {
    // What the exact path left of the limit: the whole request stays within its limit.
    let remaining = deadline - .now
    // A source that takes the whole limit is named as every path names a stalled source.
    guard remaining > .zero else { throw .sourceFailed(.timeout, source: media.mrl) }
    let info: MediaInfo
    do {
      info = try await mediaInfo(timeout: remaining)
    } catch .parseTimeout {
      // A source that gave its parse nothing in the limit (a FIFO without a writer).
      throw .sourceFailed(.timeout, source: media.mrl)
    }
    // A local file's parse is its answer (libVLC would "play" garbage to no picture).
    if !info.isPlayable, localPath != nil { throw info.unplayableError(source: media.mrl) }
    guard info.tracks.isEmpty || info.tracks.contains(where: { $0.kind == .video }) else {
      throw .playbackFailed(reason: "\(media.mrl) has no video track")
    }
    if let duration = info.duration, time >= duration {
      throw pastTheEnd(time, duration)
    }
    // A parse that used up the whole limit leaves no time to wait for a picture.
    guard ContinuousClock.now < deadline else { throw .sourceFailed(.timeout, source: media.mrl) }
    return try await picture(at: time, source: info, deadline: deadline)
  }

  /// Refuses a negative time (the first, named) and a timeout that is not positive.
  func checkRequest(_ times: [Duration], timeout: Duration) throws(VLCError) {
    if let negative = times.first(where: { $0 < .zero }) {
      throw .invalidInput("thumbnail time \(formatSeconds(negative, decimals: 3)) is negative")
    }
    guard timeout > .zero else { throw .invalidInput("thumbnail timeout must be positive") }
  }

  func pastTheEnd(_ time: Duration, _ duration: Duration) -> VLCError {
    .pastTheEnd("thumbnail time", time, length: duration, media: media.mrl)
  }

  /// The exact picture of a local file (``exactFrames``), without libVLC's parse, or why it
  /// cannot read the file (libVLC then tries with its own seeking).
  private func exactPicture(path: String, at time: Duration, deadline: ContinuousClock.Instant)
    async throws(VLCError) -> ExactAttempt
  {
    let outcome = try await exactFrames.pictures(
      path: path, at: [time], keyframeOnly: mode == .fast, limit: deadline - .now,
      size: sizer, delivered: { _ in })
    switch outcome {
    case .pictures(let pictures, _):
      guard var picture = pictures.first else { throw .cancelled }
      picture.origin = .exactFrame
      return .picture(picture)
    case .pastTheEnd(let duration): throw pastTheEnd(time, duration)
    case .unreadable(let reason): return .refused(reason)
    }
  }

  /// The exact picture, or why the exact-frame source cannot read the file.
  private enum ExactAttempt {
    case picture(Thumbnail)
    case refused(String)
  }

  private func picture(at time: Duration, source: MediaInfo, deadline: ContinuousClock.Instant)
    async throws(VLCError) -> Thumbnail
  {
    let asked = FrameRequest(
      format: .rgba, width: width == 0 ? nil : width, height: height == 0 ? nil : height)
    var request = asked
    // With the picture size known from the parse, both dimensions are fixed up front, which
    // spares libVLC its format negotiation (see FrameSink.install): the size a player shows
    // (square pixels, upright: libVLC 3's memory output turns the picture itself).
    let video = source.tracks.first { $0.kind == .video }
    let geometry = DisplayGeometry(track: video)
    let declared = video.flatMap { video in
      video.width.flatMap { width in video.height.map { (width: width, height: $0) } }
    }
    if let declared, declared.width > 0, declared.height > 0 {
      let size = request.size(forSource: geometry.shown(declared))
      request = FrameRequest(format: .rgba, width: size.width, height: size.height)
    }
    let session = try ThumbnailSession(media: media, request: request, mode: mode, start: time)
    defer { session.end() }
    let outcome = await session.capture.next(within: deadline - .now, start: session.play)
    // Without a length from the parse (custom inputs), the playing copy knows it now.
    switch outcome {
    case .success, .failure(.playbackFailed):
      if source.duration == nil, let length = await session.length(), time >= length {
        throw pastTheEnd(time, length)
      }
    default:
      break
    }
    switch outcome {
    case .success(let frame):
      let thumbnail = Thumbnail(frame: frame)
      guard request.width == nil || request.height == nil else { return thumbnail }
      // Sources that declare no picture size (MPEG-TS, HLS) were negotiated from the decoder's
      // padded buffer (64×66 for 64×64 H.264), and libVLC stretched the picture to it. The
      // video output knows the real size by now: the picture is resampled to it.
      let limit = min(.milliseconds(500), deadline - .now)
      guard let visible = await session.visibleSize(within: limit) else {
        return thumbnail
      }
      let size = asked.size(forSource: geometry.shown(visible))
      return thumbnail.resampled(width: size.width, height: size.height)
    case .failure(let error):
      throw error
    }
  }

  /// The output size of the exact path for a source's size.
  nonisolated var sizer:
    @Sendable (_ source: (width: Int, height: Int)) -> (width: Int, height: Int)
  {
    let asked = FrameRequest(
      format: .rgba, width: width == 0 ? nil : width, height: height == 0 ? nil : height)
    return { asked.size(forSource: $0) }
  }

  /// The file a `file://` media plays, which the exact path decodes; `nil` for other media.
  nonisolated var localPath: String? { media.localPath }

  /// The media's length and tracks. The parse runs in its own task: cancelling a request
  /// must not cancel it, because libVLC 3 cannot parse a media again after a stopped parse.
  /// A cancelled request therefore waits for the parse to end (at most `timeout`).
  private func mediaInfo(timeout: Duration) async throws(VLCError) -> MediaInfo {
    // Its picture size is learnt while decoding, and a time past its end fails when no
    // picture comes.
    if media.isUnparsable {
      return MediaInfo(duration: nil, metadata: Metadata(), tracks: [], isPlayable: true)
    }
    let task =
      parsing
      ?? Task { [media] in
        do throws(VLCError) {
          return .success(try await media.parse(timeout: timeout, network: true))
        } catch {
          return .failure(error)
        }
      }
    parsing = task
    let result = await task.value
    if case .failure = result { parsing = nil }
    if Task.isCancelled { throw .cancelled }
    return try result.get()
  }

  // At most `maximumConcurrentRequests` requests make pictures at once; the actor is
  // re-entrant at every `await`. A waiter that is resumed inherits the running slot.
  func acquire() async {
    guard running >= Self.maximumConcurrentRequests else {
      running += 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
  }
}

extension Thumbnail {
  /// Copies an RGBA frame.
  init(frame: VideoFrame) {
    self.init(
      width: frame.width, height: frame.height, rgba: frame.withUnsafeBytes { Array($0) })
  }

  /// The picture resampled (bilinear) to `width`×`height`; itself when it has that size.
  func resampled(width newWidth: Int, height newHeight: Int) -> Thumbnail {
    guard newWidth > 0, newHeight > 0, newWidth != width || newHeight != height else {
      return self
    }
    // Pixel centres map onto pixel centres; samples at the edges are clamped. Weights are in
    // 1/256ths, so the inner loop is integer arithmetic.
    func taps(_ count: Int, from source: Int) -> [(low: Int, high: Int, weight: Int)] {
      let scale = Double(source) / Double(count)
      return (0..<count).map { index in
        let position = min(max((Double(index) + 0.5) * scale - 0.5, 0), Double(source - 1))
        let low = Int(position)
        return (low, min(low + 1, source - 1), Int(((position - Double(low)) * 256).rounded()))
      }
    }
    let columns = taps(newWidth, from: width)
    let rows = taps(newHeight, from: height)
    let sourceWidth = width
    let output = [UInt8](unsafeUninitializedCapacity: newWidth * newHeight * 4) { buffer, count in
      rgba.withUnsafeBufferPointer { pixels in
        for (y, row) in rows.enumerated() {
          let top = row.low * sourceWidth * 4
          let bottom = row.high * sourceWidth * 4
          for (x, column) in columns.enumerated() {
            let left = column.low * 4
            let right = column.high * 4
            for channel in 0..<4 {
              let upper =
                Int(pixels[top + left + channel]) * (256 - column.weight)
                + Int(pixels[top + right + channel]) * column.weight
              let lower =
                Int(pixels[bottom + left + channel]) * (256 - column.weight)
                + Int(pixels[bottom + right + channel]) * column.weight
              let value = (upper * (256 - row.weight) + lower * row.weight + 32_768) >> 16
              buffer[(y * newWidth + x) * 4 + channel] = UInt8(value)
            }
          }
        }
      }
      count = newWidth * newHeight * 4
    }
    var resampled = Thumbnail(width: newWidth, height: newHeight, rgba: output)
    resampled.origin = origin
    resampled.time = time
    return resampled
  }
}
