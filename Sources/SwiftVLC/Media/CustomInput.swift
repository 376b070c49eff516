// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// The source behind a custom-input ``Media``: the opaque pointer handed to
/// `libvlc_media_new_callbacks`, shared by every playback of that media.
///
/// Lifetime: libVLC may call `open` for as long as the native media exists, and a player, a
/// list or a list player can keep the native media after the Swift ``Media`` is gone. So
/// libVLC's reference to this object is a retain taken when the media is created and released
/// by the media's `MediaFreed` event, which the final `libvlc_media_release` sends after the
/// last input using it has closed; libVLC never uses the pointer after that. The ``Media``
/// holds its own reference, for ``failure`` and interruptions.
///
/// Each playback opens a session (`open` → reads/seeks → `close`, all on that playback's input
/// thread): a ``DataCursor`` for bytes in memory, a ``StreamBuffer`` for an async sequence, a
/// ``PacedReader`` for a growing file (a timeshift buffer).
final class CustomInput: Sendable {
  enum Origin: Sendable {
    case data(Data)
    /// Starts the task that fills one playback's buffer from the sequence.
    case stream(@Sendable (StreamBuffer) -> Task<Void, Never>)
    /// Makes one playback's reader, or `nil` when it cannot open.
    case paced(@Sendable () -> (any PacedReader)?)
  }

  private struct State {
    var interruptions = 0
    var openStreams: [any InterruptibleRead] = []
    var failure: VLCError?
  }

  let origin: Origin
  private let state = Mutex(State())

  /// Whether libVLC can seek in it and read it again: data can, a sequence cannot.
  var isSeekable: Bool {
    if case .data = origin { true } else { false }
  }

  init(_ origin: Origin) {
    self.origin = origin
  }

  /// Why the last playback's source failed, or `nil` when it did not (or has not yet).
  var failure: VLCError? {
    state.withLock { $0.failure }
  }

  /// Creates the native media reading from this input.
  func makeNativeMedia(instance: VLCInstance) throws(VLCError) -> OpaquePointer {
    let context = Unmanaged.passRetained(self)  // libVLC's reference; see the type's comment
    clearLibVLCError()
    let created: OpaquePointer?
    switch origin {
    case .data:
      created = libvlc_media_new_callbacks(
        instance.pointer, dataOpen, dataRead, dataSeek, dataClose, context.toOpaque())
    case .stream:
      // No seek callback: libVLC then treats the input as unseekable and unpausable.
      created = libvlc_media_new_callbacks(
        instance.pointer, streamOpen, streamRead, nil, streamClose, context.toOpaque())
    case .paced:
      // A seek callback: libVLC then paces its reads and pauses by not reading.
      created = libvlc_media_new_callbacks(
        instance.pointer, pacedOpen, pacedRead, pacedSeek, pacedClose, context.toOpaque())
    }
    guard let created else {
      context.release()
      throw .mediaCreationFailed(source: explain("custom input"))
    }
    // Lets a player find the input of whatever media it is playing, to interrupt it.
    libvlc_media_set_user_data(created, context.toOpaque())
    // Fails only without memory. Then nothing would tell us when libVLC is done with the
    // pointer, and keeping the input for good beats a dangling pointer.
    _ = libvlc_event_attach(
      libvlc_media_event_manager(created), Int32(libvlc_MediaFreed.rawValue), customInputFreed,
      context.toOpaque())
    return created
  }

  /// Whether a new playback may open the input now; resets ``failure`` when it may.
  fileprivate func beginPlayback(_ stream: (any InterruptibleRead)? = nil) -> Bool {
    state.withLock { state in
      // A stream opened while its player is stopping belongs to the playback being stopped,
      // and could block the stop; refuse it.
      if stream != nil && state.interruptions > 0 { return false }
      state.failure = nil
      if let stream { state.openStreams.append(stream) }
      return true
    }
  }

  func endPlayback(_ stream: any InterruptibleRead) {
    state.withLock { $0.openStreams.removeAll { $0 === stream } }
  }

  func recordFailure(_ error: VLCError) {
    state.withLock { $0.failure = error }
  }

  /// Makes every open stream read fail at once, and refuses new stream playbacks until
  /// ``endInterruption()``. Reading from memory never blocks and is left alone.
  func beginInterruption() {
    let open = state.withLock { state in
      state.interruptions += 1
      return state.openStreams
    }
    for stream in open {
      stream.interrupt()
    }
  }

  func endInterruption() {
    state.withLock { $0.interruptions -= 1 }
  }
}

/// One playback's reader that a stop must wake: its read may be waiting for bytes.
protocol InterruptibleRead: AnyObject, Sendable {
  /// Makes the waiting read, and every later one, fail at once.
  func interrupt()
}

/// One playback's reader of a source that grows while it plays: reads wait at its end for
/// more, seeks go anywhere still kept. Called on libVLC's input thread.
protocol PacedReader: InterruptibleRead {
  /// Copies the next bytes into `buffer`, waiting for them at the end; the count, 0 at the
  /// end for good, -1 on a failure or after ``InterruptibleRead/interrupt()``.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
  /// Moves to `offset` bytes from where the playback started; `false` when that is gone.
  func seek(to offset: UInt64) -> Bool
  /// Ends the playback (libVLC closed the input).
  func close()
}

/// `libvlc_media_player_stop(player)` with the player's custom input interrupted (see
/// ``withCustomInputInterrupted(on:_:)``). Call on the player's queue.
func stopInterruptingInput(_ player: OpaquePointer) {
  withCustomInputInterrupted(on: player) { libvlc_media_player_stop(player) }
}

/// Runs `body` (a call that stops `player`'s input, such as `libvlc_media_player_stop`) while
/// the custom input of the player's current media, if any, is interrupted.
///
/// libVLC 3's stop waits for the input thread, which may sit in a read callback waiting for a
/// stream's next bytes; the read returns only when it is interrupted. Call on the player's
/// queue, never from a libVLC callback.
func withCustomInputInterrupted(on player: OpaquePointer, _ body: () -> Void) {
  guard let media = libvlc_media_player_get_media(player) else {
    body()
    return
  }
  defer { libvlc_media_release(media) }
  guard let opaque = libvlc_media_get_user_data(media) else {
    body()
    return
  }
  // Alive: libVLC's reference lasts until the native media, which we hold, is freed.
  let input = Unmanaged<CustomInput>.fromOpaque(opaque).takeUnretainedValue()
  input.beginInterruption()
  defer { input.endInterruption() }
  body()
}

// MARK: - C callbacks (libVLC's input threads)

// Memory: the session is a retained DataCursor, released in close.

private func dataOpen(
  opaque: UnsafeMutableRawPointer?, session: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  size: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  guard let opaque, let session, let size else { return -1 }
  let input = Unmanaged<CustomInput>.fromOpaque(opaque).takeUnretainedValue()
  guard case .data(let data) = input.origin, input.beginPlayback() else { return -1 }
  size.pointee = UInt64(data.count)
  session.pointee = Unmanaged.passRetained(DataCursor(data)).toOpaque()
  return 0
}

private func dataRead(
  session: UnsafeMutableRawPointer?, buffer: UnsafeMutablePointer<UInt8>?, length: Int
) -> Int {
  guard let session, let buffer else { return -1 }
  let cursor = Unmanaged<DataCursor>.fromOpaque(session).takeUnretainedValue()
  return cursor.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
}

private func dataSeek(session: UnsafeMutableRawPointer?, offset: UInt64) -> Int32 {
  guard let session else { return -1 }
  let cursor = Unmanaged<DataCursor>.fromOpaque(session).takeUnretainedValue()
  return cursor.seek(to: offset) ? 0 : -1
}

private func dataClose(session: UnsafeMutableRawPointer?) {
  guard let session else { return }
  Unmanaged<DataCursor>.fromOpaque(session).release()
}

// Stream: the session is a retained StreamBuffer, closed and released in close. Its size is
// unknown (UINT64_MAX).

private func streamOpen(
  opaque: UnsafeMutableRawPointer?, session: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  size: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  guard let opaque, let session, let size else { return -1 }
  let input = Unmanaged<CustomInput>.fromOpaque(opaque).takeUnretainedValue()
  guard case .stream(let start) = input.origin else { return -1 }
  let buffer = StreamBuffer(source: input)
  guard input.beginPlayback(buffer) else { return -1 }
  buffer.start(start(buffer))
  size.pointee = UInt64.max
  session.pointee = Unmanaged.passRetained(buffer).toOpaque()
  return 0
}

private func streamRead(
  session: UnsafeMutableRawPointer?, buffer: UnsafeMutablePointer<UInt8>?, length: Int
) -> Int {
  guard let session, let buffer else { return -1 }
  let stream = Unmanaged<StreamBuffer>.fromOpaque(session).takeUnretainedValue()
  return stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
}

private func streamClose(session: UnsafeMutableRawPointer?) {
  guard let session else { return }
  let stream = Unmanaged<StreamBuffer>.fromOpaque(session)
  stream.takeUnretainedValue().close()
  stream.release()
}

// Paced: the session is a retained PacedReader, closed and released in close. Its size is
// unknown (UINT64_MAX): it grows while it plays.

private func pacedOpen(
  opaque: UnsafeMutableRawPointer?, session: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  size: UnsafeMutablePointer<UInt64>?
) -> Int32 {
  guard let opaque, let session, let size else { return -1 }
  let input = Unmanaged<CustomInput>.fromOpaque(opaque).takeUnretainedValue()
  guard case .paced(let make) = input.origin, let reader = make() else { return -1 }
  guard input.beginPlayback(reader) else {
    reader.close()
    return -1
  }
  size.pointee = UInt64.max
  session.pointee = Unmanaged.passRetained(PacedSession(reader, input)).toOpaque()
  return 0
}

/// The retained box of a paced session (an existential has no single object to retain).
private final class PacedSession {
  let reader: any PacedReader
  let input: CustomInput
  init(_ reader: any PacedReader, _ input: CustomInput) {
    self.reader = reader
    self.input = input
  }
}

private func pacedReader(_ session: UnsafeMutableRawPointer) -> any PacedReader {
  Unmanaged<PacedSession>.fromOpaque(session).takeUnretainedValue().reader
}

private func pacedRead(
  session: UnsafeMutableRawPointer?, buffer: UnsafeMutablePointer<UInt8>?, length: Int
) -> Int {
  guard let session, let buffer else { return -1 }
  return pacedReader(session).read(
    into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
}

private func pacedSeek(session: UnsafeMutableRawPointer?, offset: UInt64) -> Int32 {
  guard let session else { return -1 }
  return pacedReader(session).seek(to: offset) ? 0 : -1
}

private func pacedClose(session: UnsafeMutableRawPointer?) {
  guard let session else { return }
  let box = Unmanaged<PacedSession>.fromOpaque(session)
  let paced = box.takeUnretainedValue()
  paced.reader.close()
  paced.input.endPlayback(paced.reader)
  box.release()
}

/// The final `libvlc_media_release` of a custom-input media: libVLC drops its reference to the
/// input. Nothing can call the input's callbacks any more; its last release calls no libVLC.
private func customInputFreed(
  event: UnsafePointer<libvlc_event_t>?, context: UnsafeMutableRawPointer?
) {
  guard let context else { return }
  Unmanaged<CustomInput>.fromOpaque(context).release()
}
