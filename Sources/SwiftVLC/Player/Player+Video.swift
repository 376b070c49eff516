// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials
import Glibc

extension Player {
  /// Delivers the decoded video to Swift as a sequence of frames, instead of showing it.
  ///
  /// Takes effect when the next video output opens: call it before ``play(_:)`` (or play
  /// again). It replaces any earlier output: a previous frame stream finishes at once.
  /// The picture is converted (and scaled) by libVLC; with a `nil` dimension the size follows
  /// the source's declared picture size, keeping its aspect ratio when one dimension is given.
  /// MPEG-TS and HLS declare no size, so libVLC 3 reports its decoder's padded size
  /// (64×66 for a 64×64 stream): pass both dimensions for an exact size there.
  /// A consumer that falls more than `buffering` frames behind loses the oldest, never memory;
  /// see ``VideoFrameStream``. A consumer that must see every frame through pauses of its own
  /// (a busy main actor) asks for a deeper buffer: each frame holds a whole picture.
  ///
  /// - Parameters:
  ///   - format: the pixel layout of every frame.
  ///   - width: the frame width in pixels, 1…8192, or `nil` to follow the source.
  ///   - height: the frame height in pixels, 1…8192, or `nil` to follow the source.
  ///   - buffering: how many frames wait for the consumer before the oldest is dropped,
  ///     1…1000; ``VideoFrameStream/bufferLimit`` (4) by default.
  /// - Throws: ``VLCError/invalidInput(_:)`` for a dimension outside 1…8192 or a `buffering`
  ///   outside 1…1000.
  /// Maps `libvlc_video_set_callbacks` and `libvlc_video_set_format_callbacks`.
  public func videoFrames(
    format: PixelFormat = .rgba, width: Int? = nil, height: Int? = nil,
    buffering: Int = VideoFrameStream.bufferLimit
  ) throws(VLCError) -> VideoFrameStream {
    let request = try FrameRequest(format: format, width: width, height: height).validated()
    guard (1...1_000).contains(buffering) else {
      throw .invalidInput("a frame buffer of \(buffering) frames is outside 1…1000")
    }
    let stream = VideoFrameStream(capacity: buffering)
    install(FrameSink(request: request, receiver: stream.frameReceiver))
    return stream
  }

  /// Chooses where the video is shown. Takes effect when the next video output opens.
  ///
  /// Replaces frame delivery: a stream from ``videoFrames(format:width:height:buffering:)`` finishes.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for ``VideoOutput/xWindow(_:)`` with XID 0;
  ///   ``VLCError/invalidState(_:)`` for ``VideoOutput/xWindow(_:)`` when `DISPLAY` is not
  ///   set (libVLC 3 would open a window of its own instead of drawing into the given one).
  /// Maps `libvlc_media_player_set_xwindow`.
  public func setVideoOutput(_ output: VideoOutput) throws(VLCError) {
    switch output {
    case .xWindow(let window):
      guard window != 0 else { throw .invalidInput("X11 window id 0 is not a window") }
      // libVLC 3's embedding module connects with xcb_connect(NULL): to DISPLAY's server,
      // whatever --x11-display says. Without it the module fails and libVLC falls back to a
      // top-level window of its own, silently.
      guard DisplayEnvironment().hasX11 else {
        throw .invalidState(
          "DISPLAY is not set: libVLC 3 draws into an X11 window only on the X server DISPLAY names"
        )
      }
      showInWindow(window)
    case .automatic where DisplayEnvironment().hasAny:
      showInWindow(0)
    case .automatic, .none:
      install(FrameSink(request: FrameRequest(format: .i420), receiver: nil))
    }
  }

  /// Saves the current picture as a PNG file and returns its path once libVLC wrote it.
  ///
  /// Works with every video output, including frames and ``VideoOutput/none``. Taken right
  /// after ``PlayerEvent/videoOutputsChanged(_:)``, it waits up to 1 s for libVLC to hand its
  /// new output over to the frames' format.
  ///
  /// - Parameters:
  ///   - path: a file path, or an existing directory (libVLC then picks a file name in it).
  ///   - width: the picture width; 0 keeps the source's (or follows `height`'s ratio).
  ///   - height: the picture height; 0 keeps the source's (or follows `width`'s ratio).
  ///   - timeout: how long to wait for libVLC to write the file.
  /// - Returns: the path libVLC wrote.
  /// - Throws: ``VLCError/invalidInput(_:)`` for negative sizes or a path that cannot be
  ///   written (``OutputPath/checked(_:allowsDirectory:)``);
  ///   ``VLCError/invalidState(_:)`` when no video is showing; ``VLCError/timeout(_:)``;
  ///   ``VLCError/cancelled``.
  /// Maps `libvlc_video_take_snapshot`.
  public func takeSnapshot(
    to path: String, width: Int = 0, height: Int = 0, timeout: Duration = .seconds(5)
  ) async throws(VLCError) -> String {
    guard (0...8_192).contains(width), (0...8_192).contains(height) else {
      throw .invalidInput("snapshot size \(width)×\(height) is not within 0…8192")
    }
    // libVLC names a file of its own inside a directory; a path it cannot write was a timeout.
    _ = try OutputPath.checked(path, allowsDirectory: true)
    // Subscribe first, so the event cannot slip past.
    let snapshots = publicEvents.subscribe { if case .snapshotTaken = $0 { true } else { false } }
    let take = { [native] in
      await native.run { player in
        checkStatus("taking a snapshot", failure: VLCError.invalidState) {
          libvlc_video_take_snapshot(player, 0, path, UInt32(width), UInt32(height))
        }
      }
    }
    var status = await take()
    // Memory outputs take libVLC's hardware offers (see VideoContext): libVLC announces its
    // video output, then hands it over to the software format, and for that moment (tens of
    // ms) the output is not the input's, with no event when it is again: polled, for a media
    // with video, at most 1 s.
    if case .failure = status,
      currentMedia?.readTracks().contains(where: { $0.kind == .video }) == true
    {
      _ = await poll(every: .milliseconds(20), until: .now + .seconds(1)) {
        status = await take()
        return (try? status.get()) != nil
      }
    }
    try status.get()
    let event = await firstValue(of: snapshots, within: timeout)
    if Task.isCancelled { throw .cancelled }
    guard case .snapshotTaken(let written) = event else {
      throw .timeout("libVLC did not write the snapshot \(path)")
    }
    return written
  }

  private func install(_ sink: FrameSink) {
    core.frameSink?.close()
    core.frameSink = sink
    sink.setSource(currentMedia)
    native.video.setTarget(sink)  // at once: the next output may open before the queue runs
    setNative(.videoTarget) { $0.videoTarget = .memory(Same(sink)) }
  }

  private func showInWindow(_ window: UInt32) {
    core.frameSink?.close()
    core.frameSink = nil
    native.video.setTarget(nil)
    setNative(.videoTarget) { $0.videoTarget = .window(window) }
  }
}
