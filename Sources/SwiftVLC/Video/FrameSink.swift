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
  /// negotiated in `setup`; the tight planes for a fixed format.
  let decodePlanes: [PlaneSize]

  init(format: PixelFormat, width: Int, height: Int, padded: Bool = true) {
    self.format = format
    self.width = width
    self.height = height
    tightPlanes = format.planes(width: width, height: height)
    decodePlanes =
      padded
      ? tightPlanes.map {
        PlaneSize(bytesPerRow: roundUp32($0.bytesPerRow), rows: roundUp32($0.rows))
      } : tightPlanes
  }

  var tightByteCount: Int { tightPlanes.reduce(0) { $0 + $1.byteCount } }
  var decodeByteCount: Int { decodePlanes.reduce(0) { $0 + $1.byteCount } }

  /// Whether the tight picture is the start of libVLC's padded one (a single plane whose rows
  /// need no padding), so libVLC can decode straight into a delivered frame's buffer.
  var decodesInPlace: Bool {
    tightPlanes.count == 1 && tightPlanes[0].bytesPerRow == decodePlanes[0].bytesPerRow
  }
}

private func roundUp32(_ value: Int) -> Int { (value + 31) & ~31 }

/// The context of libVLC's video-memory (vmem) callbacks for one native player.
///
/// When someone is receiving and the picture needs no row padding (RGBA or BGRA with a width
/// that is a multiple of 8), `lock` lends libVLC a pooled ``FrameStorage`` for each picture and
/// `display` hands that same storage on as a ``VideoFrame``: no copy. Otherwise libVLC decodes
/// into one buffer the sink owns and `display` copies the picture, tightly packed, into a pooled
/// storage. Either way libVLC never touches a delivered frame again: the next `lock` lends
/// another buffer. (libVLC 3 calls lock, then unlock once the picture is rendered, then display;
/// a picture it drops after rendering is never displayed, and its lent storage is dropped by a
/// later `lock`.) libVLC copies the callbacks and this context when a video
/// output opens, so the sink must outlive the native player: install it with
/// ``install(on:)``, which ties it to the player's final release.
final class FrameSink: Sendable {
  let request: FrameRequest
  private let receiver: (any FrameReceiver)?
  private let pool = FramePool(limit: 8)
  private let state = Mutex(State())

  private struct State: @unchecked Sendable {  // the decode buffer is owned by the sink
    var source: Media?
    var geometry: FrameGeometry?
    var buffer: UnsafeMutableRawPointer?
    var displayed = 0
    /// Storages lent to libVLC by `lock` and not yet displayed, oldest first.
    var lent: [FrameStorage] = []
  }

  /// Creates a sink; `receiver == nil` decodes and discards (no copy is made).
  init(request: FrameRequest, receiver: (any FrameReceiver)?) {
    self.request = request
    self.receiver = receiver
  }

  deinit {
    state.withLock { $0.buffer?.deallocate() }
    receiver?.finish()
  }

  /// Sets the media whose declared picture size the next `setup` looks up.
  func setSource(_ media: Media?) {
    state.withLock { $0.source = media }
  }

  /// Ends delivery at once; the sink stays installed (libVLC cannot forget it) but idle.
  func close() {
    receiver?.finish()
  }

  /// Sets the callbacks on `native`'s queue, after tying the sink's life to the player's.
  ///
  /// A request with both dimensions for a single-plane format whose rows need no padding gets
  /// a fixed format (`libvlc_video_set_format`): the picture is then known before playing, and
  /// libVLC skips its format negotiation, in which libVLC 3 offers two hardware formats
  /// (refused here) before I420, each trial costing a few milliseconds of every start.
  func install(on native: NativePlayer) {
    native.retainUntilRelease(self)
    let fixed = fixedGeometry
    if let fixed {
      state.withLock { state in
        state.geometry = fixed
        state.buffer = .allocate(byteCount: fixed.decodeByteCount, alignment: 64)
      }
    }
    native.async { player in
      let context = Unmanaged.passUnretained(self).toOpaque()
      libvlc_video_set_callbacks(player, frameLock, nil, frameDisplay, context)
      if let fixed {
        libvlc_video_set_format(
          player, fixed.format.chroma, UInt32(fixed.width), UInt32(fixed.height),
          UInt32(fixed.tightPlanes[0].bytesPerRow))
      } else {
        libvlc_video_set_format_callbacks(player, frameSetup, frameCleanup)
      }
    }
  }

  /// The geometry of a fixed format, when the request allows one (see ``install(on:)``).
  private var fixedGeometry: FrameGeometry? {
    guard let width = request.width, let height = request.height else { return nil }
    let geometry = FrameGeometry(
      format: request.format, width: width, height: height, padded: false)
    let planes = geometry.tightPlanes
    guard planes.count == 1, planes[0].bytesPerRow % 32 == 0 else { return nil }
    return geometry
  }

  // MARK: - Callback bodies (libVLC's video output thread)

  fileprivate func setup(
    chroma: UnsafeMutablePointer<CChar>, width: inout UInt32, height: inout UInt32,
    pitches: UnsafeMutablePointer<UInt32>, lines: UnsafeMutablePointer<UInt32>
  ) -> UInt32 {
    let offered = String(decoding: UnsafeRawBufferPointer(start: chroma, count: 4), as: UTF8.self)
    // VAAPI and VDPAU surfaces (VAOP, VAO0, VDV0, VDVL, …) hold no pixels in memory; refusing
    // them makes libVLC fall back to software decoding.
    if offered.hasPrefix("VA") || offered.hasPrefix("VD") { return 0 }
    let padded = (width: Int(width), height: Int(height))
    let needsSource = request.width == nil || request.height == nil
    let source = needsSource ? state.withLock { $0.source } : nil
    let visible = visibleSize(of: source, padded: padded)
    let size = request.size(forSource: visible)
    let geometry = FrameGeometry(format: request.format, width: size.width, height: size.height)
    let installed: Bool = state.withLock { state in
      // One video output at a time: a second concurrent one would share the buffer.
      guard state.geometry == nil else { return false }
      state.geometry = geometry
      state.buffer = .allocate(byteCount: geometry.decodeByteCount, alignment: 64)
      return true
    }
    guard installed else { return 0 }
    for (index, byte) in request.format.chroma.utf8.enumerated() {
      chroma[index] = CChar(bitPattern: byte)
    }
    width = UInt32(size.width)
    height = UInt32(size.height)
    for (index, plane) in geometry.decodePlanes.enumerated() {
      pitches[index] = UInt32(plane.bytesPerRow)
      lines[index] = UInt32(plane.rows)
    }
    return 1
  }

  fileprivate func cleanup() {
    let lent = state.withLock { state in
      state.buffer?.deallocate()
      state.buffer = nil
      state.geometry = nil
      defer { state.lent.removeAll() }
      return state.lent
    }
    withExtendedLifetime(lent) {}  // their buffers return to the pool outside the lock
  }

  /// Points libVLC at the buffer for the next picture. Returns the lent storage's pointer as
  /// the picture's identity when libVLC decodes straight into a frame's buffer, `nil` for the
  /// shared buffer.
  fileprivate func lock(planes: UnsafeMutablePointer<UnsafeMutableRawPointer?>)
    -> UnsafeMutableRawPointer?
  {
    let (geometry, buffer) = state.withLock { ($0.geometry, $0.buffer) }
    guard let geometry, let buffer else { return nil }
    if geometry.decodesInPlace, let receiver, receiver.isReceiving {
      let storage = pool.take(
        byteCount: geometry.tightByteCount, capacity: geometry.decodeByteCount)
      let dropped: FrameStorage? = state.withLock { state in
        state.lent.append(storage)
        // libVLC keeps at most a few pictures in flight; older ones were never displayed.
        return state.lent.count > 4 ? state.lent.removeFirst() : nil
      }
      withExtendedLifetime(dropped) {}
      planes[0] = storage.pointer
      return storage.pointer
    }
    var offset = 0
    for (index, plane) in geometry.decodePlanes.enumerated() {
      planes[index] = buffer + offset
      offset += plane.byteCount
    }
    return nil
  }

  /// Delivers the picture `lock` prepared: the lent storage itself, or a copy of the shared
  /// buffer.
  fileprivate func display(picture: UnsafeMutableRawPointer?) {
    let shownAt = Duration.microseconds(libvlc_clock())  // libVLC calls this when it is due
    let (geometry, buffer, index) = state.withLock { state in
      defer { state.displayed += 1 }
      return (state.geometry, state.buffer, state.displayed)
    }
    if let picture {
      let storage: FrameStorage? = state.withLock { state in
        guard let found = state.lent.firstIndex(where: { $0.pointer == picture }) else {
          return nil
        }
        return state.lent.remove(at: found)
      }
      guard let storage, let receiver, receiver.isReceiving, let geometry else { return }
      receiver.receive(
        VideoFrame(geometry: geometry, index: index, shownAt: shownAt, storage: storage))
      return
    }
    guard let receiver, receiver.isReceiving, let geometry else { return }
    guard let buffer else { return }
    let storage = pool.take(byteCount: geometry.tightByteCount, capacity: geometry.tightByteCount)
    var source = UnsafeRawPointer(buffer)
    var target = storage.pointer
    for (tight, padded) in zip(geometry.tightPlanes, geometry.decodePlanes) {
      for row in 0..<tight.rows {
        (target + row * tight.bytesPerRow).copyMemory(
          from: source + row * padded.bytesPerRow, byteCount: tight.bytesPerRow)
      }
      source += padded.byteCount
      target += tight.byteCount
    }
    receiver.receive(
      VideoFrame(geometry: geometry, index: index, shownAt: shownAt, storage: storage))
  }
}

/// The picture size the media declares, when it matches the decoder's padded size.
///
/// libVLC 3 passes `setup` the decoder's buffer size (160×130 for a 160×120 H.264 video) and
/// stretches the picture to whatever size `setup` returns, so the visible size must come from
/// elsewhere: the media's track list. `libvlc_media_tracks_get` takes only the media item's
/// lock, which libVLC never holds while waiting for another thread, so reading it here cannot
/// deadlock. Containers that declare no size (MPEG-TS, HLS) leave the padded size.
private func visibleSize(of media: Media?, padded: (width: Int, height: Int)) -> (
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

private func frameSetup(
  opaque: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, chroma: UnsafeMutablePointer<CChar>?,
  width: UnsafeMutablePointer<UInt32>?, height: UnsafeMutablePointer<UInt32>?,
  pitches: UnsafeMutablePointer<UInt32>?, lines: UnsafeMutablePointer<UInt32>?
) -> UInt32 {
  guard let context = opaque?.pointee, let chroma, let width, let height, let pitches, let lines
  else { return 0 }
  return Unmanaged<FrameSink>.fromOpaque(context).takeUnretainedValue().setup(
    chroma: chroma, width: &width.pointee, height: &height.pointee, pitches: pitches, lines: lines)
}

private func frameCleanup(opaque: UnsafeMutableRawPointer?) {
  guard let opaque else { return }
  Unmanaged<FrameSink>.fromOpaque(opaque).takeUnretainedValue().cleanup()
}

private func frameLock(
  opaque: UnsafeMutableRawPointer?, planes: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> UnsafeMutableRawPointer? {
  guard let opaque, let planes else { return nil }
  return Unmanaged<FrameSink>.fromOpaque(opaque).takeUnretainedValue().lock(planes: planes)
}

private func frameDisplay(opaque: UnsafeMutableRawPointer?, picture: UnsafeMutableRawPointer?) {
  guard let opaque else { return }
  Unmanaged<FrameSink>.fromOpaque(opaque).takeUnretainedValue().display(picture: picture)
}
