// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// The context of libVLC's video-memory (vmem) callbacks for one native player: one per
/// native player, installed once, released only after the native player's final release.
///
/// What changes is the target inside it: the ``FrameSink`` the next video output serves.
/// The format callbacks are always set (a fixed size is answered inside `setup`): libVLC 3's
/// `libvlc_video_set_format` does not clear format callbacks set earlier, and vmem uses them
/// whenever they are set, so mixing the two breaks the next output.
///
/// `setup` binds the current target for the life of that output; `cleanup` unbinds it. While
/// bound, a newer target waits for the next output, and a closed target just stops receiving
/// (libVLC still gets buffers to decode into). When someone is receiving and the picture needs
/// no row padding (RGBA or BGRA with a width that is a multiple of 8, I420 with a width that is
/// a multiple of 64), `lock` lends libVLC a
/// pooled ``FrameStorage`` for each picture and `display` hands that same storage on as a
/// ``VideoFrame``: no copy. Otherwise libVLC decodes into one buffer the context owns and
/// `display` copies the picture, tightly packed, into a pooled storage. (libVLC 3 calls lock,
/// then unlock once the picture is rendered, then display; a picture it drops after rendering
/// is never displayed, and its lent storage is dropped by a later `lock`.)
final class VideoContext: Sendable {
  private let pool = FramePool(limit: 8)
  private let state = Mutex(State())
  /// Whether `setup` takes VAAPI and VDPAU offers (libVLC then converts them to the frame
  /// format): only where hardware decoding is off (see `setup`).
  private let acceptsHardwareSurfaces: Bool

  /// - Parameter acceptsHardwareSurfaces: `true` when the instance decodes in software only
  ///   (`--avcodec-hw=none`).
  init(acceptsHardwareSurfaces: Bool = false) {
    self.acceptsHardwareSurfaces = acceptsHardwareSurfaces
  }

  private struct State: @unchecked Sendable {  // the decode buffer is owned by the context
    /// The sink the next video output will serve.
    var target: FrameSink?
    /// The sink the open video output serves, from `setup` to `cleanup`.
    var bound: FrameSink?
    var geometry: FrameGeometry?
    var buffer: UnsafeMutableRawPointer?
    var displayed = 0
    /// Storages lent to libVLC by `lock` and not yet displayed, oldest first.
    var lent: [FrameStorage] = []
  }

  deinit {
    state.withLock { $0.buffer?.deallocate() }
  }

  /// Makes `sink` the target of the next video output; `nil` for none.
  func setTarget(_ sink: FrameSink?) {
    state.withLock { $0.target = sink }
  }

  /// Sets the callbacks on `player`; `context` is this object, unretained (the native player
  /// owns it). Call on the player's queue.
  func installCallbacks(on player: OpaquePointer, context: UnsafeMutableRawPointer) {
    libvlc_video_set_callbacks(player, frameLock, nil, frameDisplay, context)
    libvlc_video_set_format_callbacks(player, frameSetup, frameCleanup)
  }

  // MARK: - Callback bodies (libVLC's video output thread)

  fileprivate func setup(
    chroma: UnsafeMutablePointer<CChar>, width: inout UInt32, height: inout UInt32,
    pitches: UnsafeMutablePointer<UInt32>, lines: UnsafeMutablePointer<UInt32>
  ) -> UInt32 {
    let offered = String(decoding: UnsafeRawBufferPointer(start: chroma, count: 4), as: UTF8.self)
    // VAAPI and VDPAU surfaces (VAOP, VAO0, VDV0, VDVL, …) hold no pixels in memory; refusing
    // them makes libVLC fall back to software decoding. libVLC 3 offers them before it looks
    // for a hardware decoder, even with `--avcodec-hw=none`, and a refusal destroys the whole
    // video output (a new one, text renderer and fonts included, for each offer: about 20 ms
    // more to the first frame). With hardware decoding off, taking the offer (answering the
    // frame format as for any other) keeps the output: libVLC finds no hardware decoder and
    // only reopens the display with the software format.
    if !acceptsHardwareSurfaces, offered.hasPrefix("VA") || offered.hasPrefix("VD") { return 0 }
    guard let sink = state.withLock({ $0.bound == nil ? $0.target : nil }) else { return 0 }
    let request = sink.request
    let padded = (width: Int(width), height: Int(height))
    let needsSource = request.width == nil || request.height == nil
    let visible = needsSource ? visibleSize(of: sink.sourceMedia, padded: padded) : padded
    let size = request.size(forSource: visible)
    let geometry = FrameGeometry(format: request.format, width: size.width, height: size.height)
    let installed: Bool = state.withLock { state in
      // One video output at a time: a second concurrent one would share the buffer.
      guard state.bound == nil else { return false }
      state.bound = sink
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
    let (lent, sink) = state.withLock { state in
      state.buffer?.deallocate()
      state.buffer = nil
      state.geometry = nil
      defer {
        state.lent.removeAll()
        state.bound = nil
      }
      return (state.lent, state.bound)
    }
    // Their memory returns to the pool, and a replaced sink is freed, outside the lock.
    withExtendedLifetime((lent, sink)) {}
  }

  /// Points libVLC at the buffer for the next picture. Returns the lent storage's pointer as
  /// the picture's identity when libVLC decodes straight into a frame's buffer, `nil` for the
  /// shared buffer.
  fileprivate func lock(planes: UnsafeMutablePointer<UnsafeMutableRawPointer?>)
    -> UnsafeMutableRawPointer?
  {
    let (geometry, buffer, sink) = state.withLock { ($0.geometry, $0.buffer, $0.bound) }
    guard let geometry, let buffer else { return nil }
    if geometry.decodesInPlace, let sink, sink.isReceiving {
      let storage = pool.take(
        byteCount: geometry.tightByteCount, capacity: geometry.decodeByteCount)
      let dropped: FrameStorage? = state.withLock { state in
        state.lent.append(storage)
        // libVLC keeps at most a few pictures in flight; older ones were never displayed.
        return state.lent.count > 4 ? state.lent.removeFirst() : nil
      }
      withExtendedLifetime(dropped) {}
      point(planes, at: storage.pointer, geometry)
      return storage.pointer
    }
    point(planes, at: buffer, geometry)
    return nil
  }

  /// Points libVLC's planes into `base`, one after the other.
  private func point(
    _ planes: UnsafeMutablePointer<UnsafeMutableRawPointer?>, at base: UnsafeMutableRawPointer,
    _ geometry: FrameGeometry
  ) {
    var offset = 0
    for (index, plane) in geometry.decodePlanes.enumerated() {
      planes[index] = base + offset
      offset += plane.byteCount
    }
  }

  /// Delivers the picture `lock` prepared: the lent storage itself, or a copy of the shared
  /// buffer.
  fileprivate func display(picture: UnsafeMutableRawPointer?) {
    let shownAt = Duration.microseconds(libvlc_clock())  // libVLC calls this when it is due
    let (geometry, buffer, index, sink) = state.withLock { state in
      defer { state.displayed += 1 }
      return (state.geometry, state.buffer, state.displayed, state.bound)
    }
    if let picture {
      let storage: FrameStorage? = state.withLock { state in
        guard let found = state.lent.firstIndex(where: { $0.pointer == picture }) else {
          return nil
        }
        return state.lent.remove(at: found)
      }
      guard let storage, let receiver = sink?.receiver, receiver.isReceiving, let geometry
      else { return }
      receiver.receive(
        VideoFrame(geometry: geometry, index: index, shownAt: shownAt, storage: storage))
      return
    }
    guard let receiver = sink?.receiver, receiver.isReceiving, let geometry, let buffer else {
      return
    }
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

// The C callbacks: each forwards to the context, which only copies or records.

private func frameSetup(
  opaque: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, chroma: UnsafeMutablePointer<CChar>?,
  width: UnsafeMutablePointer<UInt32>?, height: UnsafeMutablePointer<UInt32>?,
  pitches: UnsafeMutablePointer<UInt32>?, lines: UnsafeMutablePointer<UInt32>?
) -> UInt32 {
  guard let context = opaque?.pointee, let chroma, let width, let height, let pitches, let lines
  else { return 0 }
  return Unmanaged<VideoContext>.fromOpaque(context).takeUnretainedValue().setup(
    chroma: chroma, width: &width.pointee, height: &height.pointee, pitches: pitches, lines: lines)
}

private func frameCleanup(opaque: UnsafeMutableRawPointer?) {
  guard let opaque else { return }
  Unmanaged<VideoContext>.fromOpaque(opaque).takeUnretainedValue().cleanup()
}

private func frameLock(
  opaque: UnsafeMutableRawPointer?, planes: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> UnsafeMutableRawPointer? {
  guard let opaque, let planes else { return nil }
  return Unmanaged<VideoContext>.fromOpaque(opaque).takeUnretainedValue().lock(planes: planes)
}

private func frameDisplay(opaque: UnsafeMutableRawPointer?, picture: UnsafeMutableRawPointer?) {
  guard let opaque else { return }
  Unmanaged<VideoContext>.fromOpaque(opaque).takeUnretainedValue().display(picture: picture)
}
