// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// The sample type of decoded PCM delivered by ``Player/audioSamples(format:rate:channels:)``.
///
/// libVLC 3's memory output produces signed 16-bit samples only (it ignores any other format
/// it is given), so ``float32`` is converted from them and carries 16-bit precision.
public enum SampleFormat: Sendable, Hashable, CaseIterable {
  /// Signed 16-bit integers in native byte order (libVLC's `S16N`).
  case s16
  /// 32-bit floats in native byte order, within -1…1.
  case float32

  /// The size of one sample of one channel, in bytes.
  public var bytesPerSample: Int {
    switch self {
    case .s16: 2
    case .float32: 4
    }
  }
}

/// One block of decoded PCM, interleaved (`L R L R …` for stereo).
///
/// The samples live in memory the stream reuses: when the last copy of a buffer is dropped, its
/// memory goes back to the stream's pool. Copy what you need to keep beyond the buffer's life.
public struct AudioBuffer: Sendable {
  /// The sample type.
  public let format: SampleFormat
  /// Frames per second, as requested from ``Player/audioSamples(format:rate:channels:)``.
  public let sampleRate: Int
  /// Interleaved channels per frame.
  public let channels: Int
  /// Frames in this buffer (samples per channel).
  public let frameCount: Int
  /// When libVLC intends these samples to be heard, on libVLC's monotonic clock (see
  /// ``clockTime``); `nil` when libVLC gave no timestamp.
  ///
  /// libVLC hands audio to memory outputs about a second ahead of this time, so
  /// `presentationTime - AudioBuffer.clockTime` is how long to wait before playing the buffer.
  /// After a pause the times jump by the pause's length.
  public let presentationTime: Duration?
  /// Whether these samples do not continue the previous buffer's: the first buffer of a
  /// stream, the first after a flush (seek, stop, new media, track change) and the first after
  /// a track drained to its end.
  public let isDiscontinuity: Bool
  let lease: SampleLease

  /// The duration of the buffer.
  public var duration: Duration {
    .microseconds(Int64(frameCount) * 1_000_000 / Int64(sampleRate))
  }

  /// The size of the samples, in bytes: `frameCount × channels × bytesPerSample`.
  public var byteCount: Int { frameCount * channels * format.bytesPerSample }

  /// Calls `body` with the interleaved samples. The pointer is valid only during the call.
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try withExtendedLifetime(lease) {
      try body(UnsafeRawBufferPointer(start: lease.memory.base, count: byteCount))
    }
  }

  /// The current time on the clock ``presentationTime`` uses (`libvlc_clock()`).
  public static var clockTime: Duration { .microseconds(libvlc_clock()) }
}

/// Raw sample memory. Written once by the audio callback before the buffer holding it is
/// published, read-only afterwards, and reused only after every reader let go (the lease's
/// `deinit`), hence `@unchecked Sendable`.
final class SampleMemory: @unchecked Sendable {
  let base: UnsafeMutableRawPointer
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(byteCount: capacity, alignment: 16)
  }

  deinit { base.deallocate() }
}

/// A buffer's claim on one ``SampleMemory``; dropping the last copy of the buffer returns the
/// memory to its pool.
final class SampleLease: Sendable {
  let memory: SampleMemory
  private let pool: SamplePool

  init(memory: SampleMemory, pool: SamplePool) {
    self.memory = memory
    self.pool = pool
  }

  deinit { pool.recycle(memory) }
}

/// Free sample memory, reused from one buffer to the next so that a steady stream allocates
/// nothing. Keeps at most `limit` idle blocks; more are freed.
final class SamplePool: Sendable {
  private let idle = Mutex<[SampleMemory]>([])
  private let limit = 32

  /// A lease on at least `byteCount` bytes, filled by `fill`.
  func lease(byteCount: Int, fill: (UnsafeMutableRawPointer) -> Void) -> SampleLease {
    var memory = idle.withLock { $0.popLast() }
    if let reused = memory, reused.capacity < byteCount {
      memory = nil  // a larger block than before: let the small one go
    }
    let filled = memory ?? SampleMemory(capacity: max(byteCount, 4_096))
    fill(filled.base)
    return SampleLease(memory: filled, pool: self)
  }

  func recycle(_ memory: SampleMemory) {
    idle.withLock { idle in
      if idle.count < limit { idle.append(memory) }
    }
  }
}
