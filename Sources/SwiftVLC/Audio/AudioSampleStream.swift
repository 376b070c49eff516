import Synchronization

/// Decoded PCM from a ``Player``, as an asynchronous sequence of ``AudioBuffer``s.
///
/// Created by ``Player/audioSamples(format:rate:channels:)``. libVLC paces the audio at real
/// time, running about a second ahead of what it would be playing, and calls back on its audio
/// thread; the stream copies each block into pooled memory and queues it for the consumer.
///
/// Drop policy: the stream holds at most two seconds of audio the consumer has not taken yet.
/// A consumer that falls further behind loses the oldest queued buffers, counted in
/// ``droppedBufferCount``; one that keeps up with real time loses nothing.
///
/// The player's ``Player/volume`` and ``Player/isMuted`` are applied to the samples, with
/// libVLC's software volume curve (the cube of the volume), from the first buffer of every
/// media on. (libVLC 3 would apply them itself only to an output already open: each media opens
/// a new one, at full volume and unmuted.)
///
/// Pause and resume need no special handling: libVLC simply stops calling back while paused.
/// A flush (seek, stop, new media, track change) discards the queued buffers that were not
/// taken yet, as a sound card would; the end of a track (libVLC's drain) keeps them. The first
/// buffer after either is marked ``AudioBuffer/isDiscontinuity``.
///
/// The sequence ends when the player is released, or when a newer stream replaces this one.
/// Iterate it from one task: several concurrent iterators share the buffers between them.
/// Dropping every copy of the stream stops the copying; the player keeps playing.
public struct AudioSampleStream: AsyncSequence, Sendable {
  /// The element type: one block of interleaved PCM.
  public typealias Element = AudioBuffer
  /// Iterating never throws; the sequence just ends.
  public typealias Failure = Never

  let consumer: SampleConsumer

  /// The number of buffers discarded because the consumer fell more than two seconds behind.
  public var droppedBufferCount: Int { consumer.sink.droppedCount }

  /// Creates an iterator over the stream's buffers.
  public func makeAsyncIterator() -> Iterator { Iterator(consumer: consumer) }

  /// Iterates an ``AudioSampleStream``.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    let consumer: SampleConsumer
    var isDone = false

    /// The next buffer; `nil` once the stream ended or the calling task was cancelled.
    public mutating func next() async -> AudioBuffer? {
      guard !isDone else { return nil }
      let buffer = await consumer.sink.next()
      isDone = buffer == nil
      return buffer
    }
  }
}

/// The consumer's hold on a sink: when the last stream or iterator lets go, the sink stops
/// copying samples.
final class SampleConsumer: Sendable {
  let sink: AudioSink

  init(sink: AudioSink) { self.sink = sink }

  deinit { sink.abandon() }
}

/// What a memory audio output is asked to produce.
struct PCMFormat: Sendable, Equatable {
  var sample: SampleFormat
  var rate: Int
  var channels: Int
}

/// The queue between libVLC's audio thread (producer) and one stream's consumer.
///
/// A state machine behind one mutex: every method computes what must happen under the lock and
/// resumes continuations or releases buffers only after unlocking.
final class AudioSink: Sendable {
  private typealias Waiter = (id: UInt64, continuation: CheckedContinuation<AudioBuffer?, Never>)

  private struct State {
    var queue: [AudioBuffer] = []
    var queuedFrames = 0
    var waiters: [Waiter] = []
    var lastWaiterID: UInt64 = 0
    /// The producer is gone: hand out what is queued, then end.
    var isFinished = false
    /// The consumer is gone: copy nothing more.
    var isAbandoned = false
    var startsDiscontinuity = true
    var isDraining = false
    var dropped = 0
    /// The player's volume and mute, applied while copying.
    var gain: Float = 1
    /// What the buffers hold; the rate and channels change when the output opens if the
    /// stream follows the source's (``AudioSink/adoptOutputFormat(rate:channels:)``).
    var format: PCMFormat

    var acceptsSamples: Bool { !isFinished && !isAbandoned }

    mutating func takeQueue() -> [AudioBuffer] {
      defer {
        queue = []
        queuedFrames = 0
      }
      return queue
    }
  }

  private let pool = SamplePool()
  private let state: Mutex<State>

  init(format: PCMFormat) {
    state = Mutex(State(format: format))
  }

  /// Records the rate and channel count an opening output produces. Called on libVLC's
  /// thread from the output's setup callback, before its first samples.
  func adoptOutputFormat(rate: Int, channels: Int) {
    state.withLock {
      $0.format.rate = rate
      $0.format.channels = channels
    }
  }

  var droppedCount: Int { state.withLock { $0.dropped } }

  /// Sets the factor applied to every later sample: 0 when muted, else libVLC's software volume
  /// curve (the cube of the 0…2 volume).
  func setVolume(_ volume: Float, muted: Bool) {
    let gain = muted ? 0 : volume * volume * volume
    state.withLock { $0.gain = gain }
  }

  // MARK: Producer side: libVLC's audio thread. Never blocks beyond the mutex.

  /// Copies `frameCount` interleaved S16 frames into a pooled buffer, applying the gain and
  /// converting them to the stream's sample type, and hands it to the consumer.
  func deliver(_ samples: UnsafeRawPointer, frameCount: Int, pts: Int64) {
    guard frameCount > 0,
      let (gain, format) = state.withLock({ $0.acceptsSamples ? ($0.gain, $0.format) : nil })
    else { return }
    let count = frameCount * format.channels
    let lease = pool.lease(byteCount: count * format.sample.bytesPerSample) { target in
      switch format.sample {
      case .s16 where gain == 1:
        target.copyMemory(from: samples, byteCount: count * 2)
      case .s16:
        for index in 0..<count {
          let sample = Float(samples.loadUnaligned(fromByteOffset: index * 2, as: Int16.self))
          let scaled = Int16(min(max(sample * gain, -32_768), 32_767))
          target.storeBytes(of: scaled, toByteOffset: index * 2, as: Int16.self)
        }
      case .float32:
        let scale = gain / 32_768
        for index in 0..<count {
          let sample = Float(samples.loadUnaligned(fromByteOffset: index * 2, as: Int16.self))
          let scaled = min(max(sample * scale, -1), 1)
          target.storeBytes(of: scaled, toByteOffset: index * 4, as: Float.self)
        }
      }
    }
    let limit = format.rate * 2
    // Evicted buffers are released after unlocking: their memory goes back to the pool then.
    let (handOff, _) = state.withLock {
      state -> ((CheckedContinuation<AudioBuffer?, Never>, AudioBuffer)?, [AudioBuffer]) in
      guard state.acceptsSamples else { return (nil, []) }
      let buffer = AudioBuffer(
        format: format.sample, sampleRate: format.rate, channels: format.channels,
        frameCount: frameCount, presentationTime: pts > 0 ? .microseconds(pts) : nil,
        isDiscontinuity: state.startsDiscontinuity, lease: lease)
      state.startsDiscontinuity = false
      state.isDraining = false
      if !state.waiters.isEmpty {
        return ((state.waiters.removeFirst().continuation, buffer), [])
      }
      state.queue.append(buffer)
      state.queuedFrames += frameCount
      var evicted: [AudioBuffer] = []
      while state.queuedFrames > limit && state.queue.count > 1 {
        let oldest = state.queue.removeFirst()
        state.queuedFrames -= oldest.frameCount
        state.dropped += 1
        evicted.append(oldest)
      }
      return (nil, evicted)
    }
    if let (continuation, buffer) = handOff { continuation.resume(returning: buffer) }
  }

  /// libVLC discards pending audio (seek, stop, track change): so do we, unless the track had
  /// drained, in which case everything queued was meant to be heard.
  func flush() {
    // The discarded buffers are released after unlocking.
    _ = state.withLock { state -> [AudioBuffer] in
      defer {
        state.startsDiscontinuity = true
        state.isDraining = false
      }
      return state.isDraining ? [] : state.takeQueue()
    }
  }

  /// The track ended: what is queued stays; the next samples start a new run.
  func drain() {
    state.withLock { state in
      state.isDraining = true
      state.startsDiscontinuity = true
    }
  }

  /// No more samples will come: the consumer gets what is queued, then the end.
  func finish() {
    let waiters = state.withLock { state -> [Waiter] in
      state.isFinished = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.continuation.resume(returning: nil) }
  }

  // MARK: Consumer side

  /// The next buffer, waiting for one; `nil` when finished or when the task is cancelled.
  func next() async -> AudioBuffer? {
    let id = state.withLock { state in
      state.lastWaiterID += 1
      return state.lastWaiterID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // Checking cancellation and registering happen under the same lock hold, and the
        // cancellation handler takes that lock after the task is flagged: no wake-up is lost.
        let ready = state.withLock { state -> AudioBuffer?? in
          if !state.queue.isEmpty {
            let buffer = state.queue.removeFirst()
            state.queuedFrames -= buffer.frameCount
            return .some(buffer)
          }
          if state.isFinished || Task.isCancelled { return .some(nil) }
          state.waiters.append((id, continuation))
          return .none
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      waiter?.continuation.resume(returning: nil)
    }
  }

  /// Every stream and iterator is gone: stop copying and free what is queued.
  func abandon() {
    // The discarded buffers are released after unlocking.
    _ = state.withLock { state -> [AudioBuffer] in
      state.isAbandoned = true
      return state.takeQueue()
    }
  }
}
