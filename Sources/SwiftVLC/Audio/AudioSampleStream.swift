// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

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
