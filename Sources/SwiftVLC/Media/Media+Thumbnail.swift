// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension Media {
  /// A picture of the media at `time`, made by a throw-away hidden player.
  ///
  /// For several pictures of one media use a ``Thumbnailer``, which parses the media once and
  /// makes the pictures concurrently.
  /// Cancelling the calling task, or reaching `timeout`, stops and releases the player.
  ///
  /// - Parameters:
  ///   - time: where in the media, from 0 to (excluding) its duration.
  ///   - width: the width in pixels, 0…8192; 0 follows the source (or `height`'s ratio).
  ///   - height: the height in pixels, 0…8192; 0 follows `width` with the source's ratio.
  ///   - mode: ``ThumbnailMode/fast`` (nearest keyframe before) or ``ThumbnailMode/precise``.
  ///   - timeout: the limit for the whole request.
  /// - Throws: see ``Thumbnailer/thumbnail(at:timeout:)``.
  public func thumbnail(
    at time: Duration, width: Int, height: Int = 0, mode: ThumbnailMode = .fast,
    timeout: Duration = .seconds(5)
  ) async throws(VLCError) -> Thumbnail {
    let thumbnailer = try Thumbnailer(media: self, width: width, height: height, mode: mode)
    return try await thumbnailer.thumbnail(at: time, timeout: timeout)
  }
}
