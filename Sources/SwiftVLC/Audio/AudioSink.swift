// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

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
    /// The player's stereo mode, applied while copying to a stereo source's stereo output.
    var stereoMode = StereoMode.stereo
    /// The source's channel count as the current session's output reported it at setup;
    /// `nil` from a media change until then.
    var sourceChannels: Int?
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

  /// Records the rate and channel count an opening output produces, and the source's channel
  /// count it converts from. Called on libVLC's thread from the output's setup callback, before
  /// its first samples.
  func adoptOutputFormat(rate: Int, channels: Int, sourceChannels: Int) {
    state.withLock {
      $0.format.rate = rate
      $0.format.channels = channels
      $0.sourceChannels = sourceChannels
    }
  }

  /// A media was set: the next session's output has not reported its source yet. Any thread.
  func mediaChanged() {
    state.withLock { $0.sourceChannels = nil }
  }

  /// Who maps the current session's channels for the stereo mode: the sink maps a stereo
  /// source played in stereo; libVLC every other layout (its modes differ there: no reverse,
  /// left or right for surround, nothing at all for mono).
  var stereoMapping: StereoMapping {
    state.withLock { state in
      switch state.sourceChannels {
      case nil: .pending
      case 2? where state.format.channels == 2: .samples
      default: .libVLC
      }
    }
  }

  /// Sets the stereo mode applied to later samples of a stereo source (``stereoMapping``).
  func setStereoMode(_ mode: StereoMode) {
    state.withLock { $0.stereoMode = mode }
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
  /// the stereo mode and converting them to the stream's sample type, and hands it to the
  /// consumer.
  func deliver(_ samples: UnsafeRawPointer, frameCount: Int, pts: Int64) {
    guard frameCount > 0,
      let (gain, mode, format) = state.withLock({ state in
        state.acceptsSamples
          ? (state.gain, state.sourceChannels == 2 ? state.stereoMode : .stereo, state.format)
          : nil
      })
    else { return }
    let count = frameCount * format.channels
    let lease = pool.lease(byteCount: count * format.sample.bytesPerSample) { target in
      convert(samples, into: target, frames: frameCount, format: format, gain: gain, mode: mode)
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

/// Whose stereo mode shapes a session's samples (``AudioSink/stereoMapping``).
enum StereoMapping {
  /// The session's output has not opened yet.
  case pending
  /// The sink's: libVLC's mode must stay stereo, or the mode would be applied twice.
  case samples
  /// libVLC's, set on its output.
  case libVLC
}

/// Copies `frames` interleaved S16 frames of `format`'s channel count to `target` in its sample
/// type, scaled by `gain`; the two channels of a stereo frame are mapped as `mode` says.
private func convert(
  _ samples: UnsafeRawPointer, into target: UnsafeMutableRawPointer, frames: Int,
  format: PCMFormat, gain: Float, mode: StereoMode
) {
  let count = frames * format.channels
  let maps = format.channels == 2 && mode.mapsChannels
  if format.sample == .s16, gain == 1, !maps {
    target.copyMemory(from: samples, byteCount: count * 2)
    return
  }
  func load(_ index: Int) -> Float {
    Float(samples.loadUnaligned(fromByteOffset: index * 2, as: Int16.self))
  }
  let scale = gain / 32_768
  func store(_ sample: Float, at index: Int) {
    switch format.sample {
    case .s16:
      let scaled = Int16(min(max(sample * gain, -32_768), 32_767))
      target.storeBytes(of: scaled, toByteOffset: index * 2, as: Int16.self)
    case .float32:
      let scaled = min(max(sample * scale, -1), 1)
      target.storeBytes(of: scaled, toByteOffset: index * 4, as: Float.self)
    }
  }
  guard maps else {
    for index in 0..<count { store(load(index), at: index) }
    return
  }
  for frame in 0..<frames {
    let (left, right) = mode.map(load(frame * 2), load(frame * 2 + 1))
    store(left, at: frame * 2)
    store(right, at: frame * 2 + 1)
  }
}

extension StereoMode {
  /// Whether the mode changes a stereo frame (surround and Dolby modes do not, for stereo).
  fileprivate var mapsChannels: Bool {
    switch self {
    case .reverseStereo, .left, .right, .mono: true
    case .stereo, .dolbySurround, .headphones: false
    }
  }

  /// A stereo frame as libVLC 3's output maps it (its remap filter, `src/audio_output/output.c`):
  /// swapped, one side on both, or both averaged on both.
  fileprivate func map(_ left: Float, _ right: Float) -> (Float, Float) {
    switch self {
    case .reverseStereo: (right, left)
    case .left: (left, left)
    case .right: (right, right)
    case .mono: ((left + right) / 2, (left + right) / 2)
    case .stereo, .dolbySurround, .headphones: (left, right)
    }
  }
}
