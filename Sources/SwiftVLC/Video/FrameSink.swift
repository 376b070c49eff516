// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// Where a ``FrameSink`` hands its frames.
protocol FrameReceiver: AnyObject, Sendable {
  /// Whether frames are wanted; when `false` the display callback returns without copying.
  var isReceiving: Bool { get }
  /// Takes one frame. Runs on libVLC's video output thread: must not block or call libVLC.
  func receive(_ frame: VideoFrame)
  /// No frame will come any more.
  func finish()
}

/// The picture format and size a consumer asked for; a `nil` dimension follows the source.
struct FrameRequest: Sendable {
  var format: PixelFormat
  var width: Int?
  var height: Int?

  /// Checks that the requested dimensions are usable.
  func validated() throws(VLCError) -> FrameRequest {
    for (name, value) in [("width", width), ("height", height)] {
      if let value, !(1...8_192).contains(value) {
        throw .invalidInput("frame \(name) \(value) is not within 1…8192")
      }
    }
    return self
  }

  /// The output size for a source of `source` pixels: a single given dimension keeps the
  /// source's aspect ratio.
  func size(forSource source: (width: Int, height: Int)) -> (width: Int, height: Int) {
    switch (width, height) {
    case (let width?, let height?):
      return (width, height)
    case (let width?, nil):
      return (width, max(1, (width * source.height + source.width / 2) / source.width))
    case (nil, let height?):
      return (max(1, (height * source.width + source.height / 2) / source.height), height)
    case (nil, nil):
      return source
    }
  }
}

/// The layout of one negotiated picture: the padded planes libVLC writes, and the tight planes
/// a ``VideoFrame`` carries.
struct FrameGeometry: Sendable {
  let format: PixelFormat
  let width: Int
  let height: Int
  let tightPlanes: [PlaneSize]
  /// libVLC's planes: pitch and line count rounded up to 32, as libVLC recommends for sizes
  /// negotiated in `setup`; the tight planes for a fixed format. When no plane's rows need
  /// padding, the planes follow each other as in a tight frame: only the last plane's line
  /// count is rounded up (libVLC asks for at least the picture's lines, and writes only those).
  let decodePlanes: [PlaneSize]
  /// Whether the tight picture lies at the start of libVLC's planes, byte for byte (no row of
  /// any plane is padded), so libVLC can decode straight into a delivered frame's buffer.
  let decodesInPlace: Bool

  init(format: PixelFormat, width: Int, height: Int, padded: Bool = true) {
    self.format = format
    self.width = width
    self.height = height
    let tight = format.planes(width: width, height: height)
    tightPlanes = tight
    let pitches = tight.map { padded ? roundUp32($0.bytesPerRow) : $0.bytesPerRow }
    let contiguous = zip(pitches, tight).allSatisfy { $0 == $1.bytesPerRow }
    decodesInPlace = contiguous
    decodePlanes = tight.indices.map { index in
      let rows = tight[index].rows
      let padsRows = padded && (!contiguous || index == tight.count - 1)
      return PlaneSize(bytesPerRow: pitches[index], rows: padsRows ? roundUp32(rows) : rows)
    }
  }

  var tightByteCount: Int { tightPlanes.reduce(0) { $0 + $1.byteCount } }
  var decodeByteCount: Int { decodePlanes.reduce(0) { $0 + $1.byteCount } }
}

private func roundUp32(_ value: Int) -> Int { (value + 31) & ~31 }

/// What a consumer asked of a player's video: the picture format and size, where the frames
/// go, and the media whose declared size a `nil` dimension follows.
///
/// Installing a sink on a native player (``install(on:)``) makes it the target of that
/// player's ``VideoContext``, which answers libVLC's callbacks; the sink itself holds no
/// picture memory, so a replaced sink is freed as soon as nobody uses it.
final class FrameSink: Sendable {
  let request: FrameRequest
  let receiver: (any FrameReceiver)?
  private let source = Mutex<Media?>(nil)

  /// Creates a sink; `receiver == nil` decodes and discards (no copy is made).
  init(request: FrameRequest, receiver: (any FrameReceiver)?) {
    self.request = request
    self.receiver = receiver
  }

  deinit {
    receiver?.finish()
  }

  /// Sets the media whose declared picture size the next `setup` looks up.
  func setSource(_ media: Media?) {
    source.withLock { $0 = media }
  }

  /// The media whose declared picture size a `nil` dimension follows.
  var sourceMedia: Media? { source.withLock { $0 } }

  /// Ends delivery at once.
  func close() {
    receiver?.finish()
  }

  /// Whether frames are wanted now.
  var isReceiving: Bool { receiver?.isReceiving ?? false }

  /// Makes this sink the target of `native`'s video context and points libVLC's video output
  /// at that context; takes effect when the next video output opens.
  func install(on native: NativePlayer) {
    native.video.setTarget(self)
    native.async { _ in native.useVideoMemory() }
  }
}

/// The picture size the media declares, when it matches the decoder's padded size.
///
/// libVLC 3 passes `setup` the decoder's buffer size (160×130 for a 160×120 H.264 video) and
/// stretches the picture to whatever size `setup` returns, so the visible size must come from
/// elsewhere: the media's track list. `libvlc_media_tracks_get` takes only the media item's
/// lock, which libVLC never holds while waiting for another thread, so reading it here cannot
/// deadlock. Containers that declare no size (MPEG-TS, HLS) leave the padded size.
func visibleSize(of media: Media?, padded: (width: Int, height: Int)) -> (
  width: Int, height: Int
) {
  let tracks = media?.readTracks() ?? []
  for track in tracks where track.kind == .video {
    guard let width = track.width, let height = track.height else { continue }
    if (padded.width - 64..<padded.width + 1).contains(width)
      && (padded.height - 64..<padded.height + 1).contains(height)
    {
      return (width, height)
    }
  }
  return padded
}
