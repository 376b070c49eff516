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
  /// The frame's position in the media. Always `nil` with libVLC 3, whose memory output passes
  /// no timestamp to its callbacks; use ``index`` to order frames and to see gaps.
  public let presentationTime: Duration?
  /// The number of pictures libVLC displayed before this one in this stream, counting those
  /// dropped because the consumer was slow. Gaps between consecutive frames are drops.
  public let index: Int

  let storage: FrameStorage

  init(geometry: FrameGeometry, index: Int, storage: FrameStorage) {
    width = geometry.width
    height = geometry.height
    pitch = geometry.tightPlanes[0].bytesPerRow
    format = geometry.format
    presentationTime = nil
    self.index = index
    self.storage = storage
  }

  /// Calls `body` with the frame's bytes: every plane, tightly packed, in plane order.
  /// The buffer is valid only during the call.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: storage.pointer, count: storage.byteCount))
  }
}
