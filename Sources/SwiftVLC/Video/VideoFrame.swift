// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// One decoded picture, delivered by ``VideoFrameStream``.
///
/// The pixels are a private copy: libVLC never writes into a frame it has handed over, so a
/// frame can be kept, sent to other tasks and read at leisure. Planes are tightly packed, one
/// after the other (see ``PixelFormat``). The memory comes from a small pool owned by the
/// stream and goes back to it when the last copy of the frame is dropped.
public struct VideoFrame: Sendable {
  /// The picture width in pixels.
  public let width: Int
  /// The picture height in pixels.
  public let height: Int
  /// Bytes per row of the first plane (`width * 4` for RGBA/BGRA, `width` for I420's Y plane).
  public let pitch: Int
  /// The pixel layout.
  public let format: PixelFormat
  /// When libVLC displayed the picture, on its monotonic clock (``AudioBuffer/clockTime``, the
  /// clock of ``AudioBuffer/presentationTime``): while playing, libVLC hands a picture over at
  /// the moment it is due on screen, so consecutive frames are one frame duration apart at 1×
  /// and the times line up with the audio's. A picture shown at once (after a seek while
  /// paused, ``Player/nextFrame()``, a paused start) carries the time it was shown. It is not the position in the media: libVLC 3's memory
  /// output passes no media timestamp; use ``Player/currentTime`` for that, and ``index`` to
  /// order frames and see gaps. Never `nil` with libVLC 3.
  public let presentationTime: Duration?
  /// The number of pictures libVLC displayed before this one in this stream, counting those
  /// dropped because the consumer was slow. Gaps between consecutive frames are drops.
  public let index: Int

  let storage: FrameStorage

  init(geometry: FrameGeometry, index: Int, shownAt: Duration, storage: FrameStorage) {
    width = geometry.width
    height = geometry.height
    pitch = geometry.tightPlanes[0].bytesPerRow
    format = geometry.format
    presentationTime = shownAt
    self.index = index
    self.storage = storage
  }

  /// Calls `body` with the frame's bytes: every plane, tightly packed, in plane order.
  /// The buffer is valid only during the call.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: storage.pointer, count: storage.byteCount))
  }
}
