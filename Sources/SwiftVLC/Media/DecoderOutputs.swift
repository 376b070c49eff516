// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
internal import CSwiftVLCShim
import Synchronization

/// The pass's memory outputs: pictures go into one 16×16 buffer nobody reads, samples are
/// dropped; what is kept is that a picture came, and the audio format the decoder set up.
/// Released with the native player (``NativePlayer/retainUntilRelease(_:)``).
final class DecoderOutputs: Sendable {
  static let side = 16
  // Written only by libVLC's video output thread, never read.
  nonisolated(unsafe) let pixels = UnsafeMutableRawPointer.allocate(
    byteCount: side * side * 4, alignment: 64)
  private let state = Mutex<(hasPicture: Bool, setups: Int, audio: (rate: Int, channels: Int)?)>(
    (false, 0, nil))

  deinit { pixels.deallocate() }

  var hasPicture: Bool { state.withLock { $0.hasPicture } }
  /// Whether any audio output was set up or any picture came.
  var decodedAnything: Bool { state.withLock { $0.hasPicture || $0.setups > 0 } }
  /// The format of the latest audio output set up.
  var audioFormat: (rate: Int, channels: Int)? { state.withLock { $0.audio } }
  /// How many audio outputs were set up (one per decoded audio track).
  var audioSetups: Int { state.withLock { $0.setups } }

  /// Sets the memory outputs of `player`; call on its queue before it plays.
  func install(on player: OpaquePointer) {
    let opaque = Unmanaged.passUnretained(self).toOpaque()
    libvlc_video_set_callbacks(player, lockPicture, nil, nil, opaque)
    libvlc_video_set_format(
      player, "RV32", UInt32(Self.side), UInt32(Self.side), UInt32(Self.side * 4))
    libvlc_audio_set_callbacks(player, dropSamples, nil, nil, nil, nil, opaque)
    libvlc_audio_set_format_callbacks(player, setUpAudio, nil)
  }

  func picture() -> UnsafeMutableRawPointer {
    state.withLock { $0.hasPicture = true }
    return pixels
  }

  func audio(rate: Int, channels: Int) {
    state.withLock {
      $0.audio = (rate, channels)
      $0.setups += 1
    }
  }
}

/// vmem's lock callback: every picture goes into the one buffer.
private func lockPicture(
  opaque: UnsafeMutableRawPointer?, planes: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> UnsafeMutableRawPointer? {
  guard let opaque, let planes else { return nil }
  planes[0] = Unmanaged<DecoderOutputs>.fromOpaque(opaque).takeUnretainedValue().picture()
  return nil
}

/// amem's format callback: the decoder's rate and channel count, accepted as they are.
private func setUpAudio(
  opaque: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, format: UnsafeMutablePointer<CChar>?,
  rate: UnsafeMutablePointer<UInt32>?, channels: UnsafeMutablePointer<UInt32>?
) -> Int32 {
  guard let context = opaque?.pointee, let rate, let channels else { return -1 }
  Unmanaged<DecoderOutputs>.fromOpaque(context).takeUnretainedValue().audio(
    rate: Int(rate.pointee), channels: Int(channels.pointee))
  return 0
}

/// amem's play callback: the samples are not needed.
private func dropSamples(
  opaque: UnsafeMutableRawPointer?, samples: UnsafeRawPointer?, count: UInt32, pts: Int64
) {}
