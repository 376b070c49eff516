internal import CLibVLC
import Dispatch
import Foundation
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
/// thread): a ``DataCursor`` for bytes in memory, a ``StreamBuffer`` for an async sequence.
final class CustomInput: Sendable {
  enum Origin: Sendable {
    case data(Data)
    /// Starts the task that fills one playback's buffer from the sequence.
    case stream(@Sendable (StreamBuffer) -> Task<Void, Never>)
  }

  private struct State {
    var interruptions = 0
    var openStreams: [StreamBuffer] = []
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
  fileprivate func beginPlayback(_ stream: StreamBuffer? = nil) -> Bool {
    state.withLock { state in
      // A stream opened while its player is stopping belongs to the playback being stopped,
      // and could block the stop; refuse it.
      if stream != nil && state.interruptions > 0 { return false }
      state.failure = nil
      if let stream { state.openStreams.append(stream) }
      return true
    }
  }

  fileprivate func endPlayback(_ stream: StreamBuffer) {
    state.withLock { $0.openStreams.removeAll { $0 === stream } }
  }

  fileprivate func recordFailure(_ error: VLCError) {
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

/// One playback's position in a media made from `Data`. Reads never block.
final class DataCursor: Sendable {
  private let data: Data
  private let offset = Mutex(0)

  init(_ data: Data) {
    self.data = data
  }

  /// Copies the next bytes into `buffer`; 0 at the end.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    offset.withLock { offset in
      let count = min(buffer.count, data.count - offset)
      guard count > 0, let destination = buffer.baseAddress else { return 0 }
      data.withUnsafeBytes { bytes in
        destination.copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
      }
      offset += count
      return count
    }
  }

  /// Moves to `position`; `false` past the end.
  func seek(to position: UInt64) -> Bool {
    guard position <= UInt64(data.count) else { return false }
    offset.withLock { $0 = Int(position) }
    return true
  }
}

/// One playback's bounded buffer between a producing task (iterating an async sequence) and
/// libVLC's input thread (reading, and allowed to block until bytes arrive).
///
/// The producer waits (suspending, never blocking a thread) while ``capacity`` bytes are
/// unread; the reader waits on a semaphore while the buffer is empty. Closing, or interrupting
/// for a stop, wakes both and ends the producing task.
final class StreamBuffer: Sendable {
  /// At most this many unread bytes are buffered (one chunk may exceed it).
  static let capacity = 1 << 20

  private enum End { case finished, failed }

  private struct State {
    var chunks: [[UInt8]] = []
    var readOffset = 0  // bytes of chunks[0] already read
    var buffered = 0
    var end: End?
    var isInterrupted = false
    var isClosed = false
    var readerIsWaiting = false
    var producerWaiting: CheckedContinuation<Void, Never>?
    var producer: Task<Void, Never>?
  }

  private enum ReadStep {
    case data(Int, resumeProducer: CheckedContinuation<Void, Never>?)
    case end, failed, wait
  }

  private enum PushStep {
    case pushed(wakeReader: Bool)
    case full, stop
  }

  private let source: CustomInput
  private let state = Mutex(State())
  private let dataAvailable = DispatchSemaphore(value: 0)

  fileprivate init(source: CustomInput) {
    self.source = source
  }

  fileprivate func start(_ producer: Task<Void, Never>) {
    state.withLock { $0.producer = producer }
  }

  /// Copies the next bytes into `buffer`, waiting for the producer when none are buffered.
  /// Returns the byte count, 0 at the end of the sequence, -1 when it failed or was
  /// interrupted.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard let destination = buffer.baseAddress, buffer.count > 0 else { return 0 }
    while true {
      let step: ReadStep = state.withLock { state in
        if state.isInterrupted || state.isClosed { return .failed }
        if state.buffered > 0 {
          var copied = 0
          while copied < buffer.count, let chunk = state.chunks.first {
            let count = min(buffer.count - copied, chunk.count - state.readOffset)
            chunk.withUnsafeBytes { bytes in
              (destination + copied).copyMemory(
                from: bytes.baseAddress! + state.readOffset, byteCount: count)
            }
            copied += count
            state.readOffset += count
            if state.readOffset == chunk.count {
              state.chunks.removeFirst()
              state.readOffset = 0
            }
          }
          state.buffered -= copied
          let resume = state.buffered < Self.capacity ? state.producerWaiting.take() : nil
          return .data(copied, resumeProducer: resume)
        }
        switch state.end {
        case .finished: return .end
        case .failed: return .failed
        case nil:
          state.readerIsWaiting = true
          return .wait
        }
      }
      switch step {
      case .data(let count, let producer):
        producer?.resume()
        return count
      case .end: return 0
      case .failed: return -1
      case .wait: dataAvailable.wait()
      }
    }
  }

  /// Iterates `stream` into the buffer until it ends, fails, or the buffer is closed.
  func fill<S: AsyncSequence & Sendable>(from stream: S) async where S.Element == [UInt8] {
    do {
      for try await chunk in stream {
        guard await push(chunk) else { return }
      }
      finish(failure: nil)
    } catch {
      finish(failure: error)
    }
  }

  /// Makes reads fail from now on (a stop is waiting for the input thread).
  func interrupt() {
    let (wakeReader, producer, task):
      (Bool, CheckedContinuation<Void, Never>?, Task<Void, Never>?) =
        state.withLock { state in
          state.isInterrupted = true
          let wake = state.readerIsWaiting
          state.readerIsWaiting = false
          return (wake, state.producerWaiting.take(), state.producer.take())
        }
    task?.cancel()
    producer?.resume()
    if wakeReader { dataAvailable.signal() }
  }

  /// Ends the playback: drops buffered bytes and cancels the producing task.
  fileprivate func close() {
    let (producer, task) = state.withLock { state in
      state.isClosed = true
      state.chunks = []
      state.buffered = 0
      return (state.producerWaiting.take(), state.producer.take())
    }
    task?.cancel()
    producer?.resume()
    source.endPlayback(self)
  }

  private func push(_ chunk: [UInt8]) async -> Bool {
    if chunk.isEmpty { return true }
    while true {
      let step: PushStep = state.withLock { state in
        if state.isClosed || state.isInterrupted { return .stop }
        guard state.buffered < Self.capacity else { return .full }
        state.chunks.append(chunk)
        state.buffered += chunk.count
        let wake = state.readerIsWaiting
        state.readerIsWaiting = false
        return .pushed(wakeReader: wake)
      }
      switch step {
      case .stop:
        return false
      case .pushed(let wakeReader):
        if wakeReader { dataAvailable.signal() }
        return true
      case .full:
        await withCheckedContinuation { continuation in
          let resumeNow = state.withLock { state in
            if state.isClosed || state.isInterrupted || state.buffered < Self.capacity {
              return true
            }
            state.producerWaiting = continuation
            return false
          }
          if resumeNow { continuation.resume() }
        }
      }
    }
  }

  private func finish(failure: (any Error)?) {
    let wakeReader = state.withLock { state in
      guard state.end == nil, !state.isClosed, !state.isInterrupted else { return false }
      if let failure {
        // Recorded before the reader can see the failure, so the player finds it when libVLC
        // reports the end.
        source.recordFailure(.playbackFailed(reason: "the input stream failed: \(failure)"))
      }
      state.end = failure == nil ? .finished : .failed
      let wake = state.readerIsWaiting
      state.readerIsWaiting = false
      return wake
    }
    if wakeReader { dataAvailable.signal() }
  }
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

/// The final `libvlc_media_release` of a custom-input media: libVLC drops its reference to the
/// input. Nothing can call the input's callbacks any more; its last release calls no libVLC.
private func customInputFreed(
  event: UnsafePointer<libvlc_event_t>?, context: UnsafeMutableRawPointer?
) {
  guard let context else { return }
  Unmanaged<CustomInput>.fromOpaque(context).release()
}
