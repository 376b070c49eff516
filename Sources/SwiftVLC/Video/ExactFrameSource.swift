// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Exact pictures of a local file, by presentation time: what the thumbnailer asks before it
/// falls back to libVLC, whose pictures carry no timestamp (see ``Thumbnailer``).
///
/// ``FileFrameDecoder`` (libavformat and libavcodec, the C module `CFrameDecoder`) is the one
/// implementation; the thumbnailer reaches it only through this protocol.
protocol ExactFrameSource: Sendable {
  /// The pictures of the file at `path` at `times` (ascending, repeats allowed), `size`
  /// deciding the output size from the source's, in one forward pass off the caller's thread.
  /// `limit` bounds the wait for the first picture and between two; `delivered` is called
  /// after each picture with its index in `times`. ``ExactFrames/unreadable(_:)`` says the
  /// file is not for this source (libVLC may read it).
  ///
  /// - Throws: ``VLCError/playbackFailed(reason:)`` when a picture does not decode;
  ///   ``VLCError/timeout(_:)``; ``VLCError/cancelled`` (cancelling the calling task stops
  ///   the pass between two packets).
  func pictures(
    path: String, at times: [Duration], keyframeOnly: Bool, limit: Duration,
    size: @escaping @Sendable (_ source: (width: Int, height: Int)) -> (width: Int, height: Int),
    delivered: @escaping @Sendable (_ index: Int) -> Void
  ) async throws(VLCError) -> ExactFrames
}

/// What an ``ExactFrameSource`` gave.
enum ExactFrames: Sendable {
  /// The pictures, in the order of the times, and what the pass did to make them.
  case pictures([Thumbnail], PassCounts)
  /// The source cannot read the file (or finds no video with timestamps), and why: another
  /// way may.
  case unreadable(String)
  /// A time is at or past the end of the file, whose duration this is.
  case pastTheEnd(Duration)

  /// What a pass did: how many video packets it decoded (or, for pictures nothing refers to,
  /// skipped at the decoder), and how many times it seeked.
  struct PassCounts: Sendable, Equatable {
    var packets: Int
    var seeks: Int
  }
}
