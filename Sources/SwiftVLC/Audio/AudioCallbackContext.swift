internal import CLibVLC
import Synchronization

/// The opaque pointer behind one ``AudioSampleStream``: what libVLC's memory audio output
/// (`amem`) calls back with.
///
/// libVLC copies the callbacks, this context and the format when it opens an audio output,
/// and may call back until the native player is released. So each context is retained by
/// ``NativePlayer/retainUntilRelease(_:)``, and its `deinit`, after the player's final release,
/// is the proof that no callback can come any more: it ends the stream. A newer stream gets a
/// context of its own; the old one lets go of its sink (ending that stream) and stays behind,
/// empty, for an output that may still call it.
final class AudioCallbackContext: Sendable {
  private let sink: Mutex<AudioSink?>

  init(sink: AudioSink) {
    self.sink = Mutex(sink)
  }

  deinit { retire() }

  /// Ends the stream and drops it: later callbacks find nothing to feed.
  func retire() {
    sink.withLock { sink in
      defer { sink = nil }
      return sink
    }?.finish()
  }

  /// Installs the callbacks and the format on a native player. Runs on the player's queue.
  func attach(to player: OpaquePointer, format: PCMFormat) {
    let opaque = Unmanaged.passUnretained(self).toOpaque()
    // libVLC calls pause and resume only to let a sound card stop and restart; while paused it
    // calls nothing else, so the stream needs neither.
    libvlc_audio_set_callbacks(player, audioPlay, nil, nil, audioFlush, audioDrain, opaque)
    // With a volume callback libVLC leaves the samples alone: the sink applies the player's
    // volume and mute, which libVLC 3 forgets with every new memory output.
    libvlc_audio_set_volume_callback(player, audioVolume)
    // libVLC 3's memory output always produces S16N: it ignores the format string here and
    // rejects anything else from a setup callback. Float samples are converted from it.
    libvlc_audio_set_format(player, "S16N", UInt32(format.rate), UInt32(format.channels))
  }

  /// The sink being fed, until the context is retired.
  var currentSink: AudioSink? { sink.withLock { $0 } }
}

// The C callbacks. They run on libVLC's audio thread: each one only copies or records, and
// never calls into libVLC or waits for anything but the context's and the sink's mutexes.

private func sink(_ opaque: UnsafeMutableRawPointer?) -> AudioSink? {
  guard let opaque else { return nil }
  return Unmanaged<AudioCallbackContext>.fromOpaque(opaque).takeUnretainedValue().currentSink
}

private func audioPlay(
  opaque: UnsafeMutableRawPointer?, samples: UnsafeRawPointer?, count: UInt32, pts: Int64
) {
  guard let samples else { return }
  sink(opaque)?.deliver(samples, frameCount: Int(count), pts: pts)
}

private func audioFlush(opaque: UnsafeMutableRawPointer?, pts: Int64) {
  sink(opaque)?.flush()
}

private func audioDrain(opaque: UnsafeMutableRawPointer?) {
  sink(opaque)?.drain()
}

private func audioVolume(opaque: UnsafeMutableRawPointer?, volume: Float, mute: Bool) {
  // The output's own idea of volume and mute starts afresh with each media; the sink follows
  // the player's requested values instead (see AudioSink.setVolume).
}
