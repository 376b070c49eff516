// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Glibc
import Synchronization

/// The opaque pointer behind libVLC's memory audio output (`amem`) for one native player:
/// either one ``AudioSampleStream``'s sink, or a paced null output.
///
/// libVLC copies the callbacks, this context and the format when it opens an audio output,
/// and may call back until the native player is released. So each context is kept by its
/// ``NativePlayer`` until the player's final release, and its `deinit` then is the proof that
/// no callback can come any more: it ends the stream. A newer stream gets a context of its
/// own; the old one lets go of its sink (ending that stream) and stays behind, empty, for an
/// output that may still call it.
///
/// A sink is fed only by sessions started after the context was installed: the context opens
/// to them at the next media set on the native player (see ``AudioContextList``). Before
/// that, an output the current session opens with it (late, or at a track change) feeds
/// nothing.
///
/// A context that feeds no sink (the paced one, one not yet opened, one retired) stands in
/// for the null output (`--aout=adummy`), but paced: that output drops samples the moment it
/// gets them, so audio-only media runs ahead of the wall clock (libVLC's decoder hands audio
/// over up to its prepare time early and nothing holds it back) and ends early with a time
/// that never reached the end. The context discards the samples too, but only once they are
/// due, as a sound card would: time and wall clock agree.
final class AudioCallbackContext: Sendable {
  private let sink: Mutex<AudioSink?>
  /// Set by the first media set after the context was installed (``mediaChanged()``).
  private let isOpen: Atomic<Bool>
  /// Set by ``retireAtNextMedia()``.
  private let retiresAtNextMedia = Atomic(false)
  /// The rate and channel count to convert to; `nil` keeps the source's.
  fileprivate let rate: Int?
  fileprivate let channels: Int?
  /// Bumped by ``interruptWait()``: a waiting callback returns when it changes.
  private let interruptions = Atomic<UInt64>(0)

  init(sink: AudioSink, rate: Int?, channels: Int?) {
    self.sink = Mutex(sink)
    isOpen = Atomic(false)
    self.rate = rate
    self.channels = channels
  }

  private init(pacedWithoutSink: Void) {
    sink = Mutex(nil)
    isOpen = Atomic(true)
    rate = nil
    channels = nil
  }

  /// A context that discards samples when they are due.
  static func paced() -> AudioCallbackContext { AudioCallbackContext(pacedWithoutSink: ()) }

  deinit { retire() }

  /// Lets the sessions that start from now on feed the sink, or ends its stream after
  /// ``retireAtNextMedia()``. Any thread; called when a media is set on the native player, once
  /// no earlier session's input is left.
  func mediaChanged() {
    if retiresAtNextMedia.load(ordering: .relaxed) {
      retire()
      return
    }
    currentSink?.mediaChanged()
    isOpen.store(true, ordering: .releasing)
  }

  /// Ends the stream when the next media is set: another output module replaces the memory
  /// output from then on, and the stream would get nothing more.
  func retireAtNextMedia() {
    retiresAtNextMedia.store(true, ordering: .relaxed)
  }

  /// Who maps the channels for the stereo mode: libVLC once the context is retired (another
  /// output replaced it); nobody yet until its first session begins (a player about to open
  /// one must not give libVLC's output the mode the sink will apply); then as the sink says
  /// (``AudioSink/stereoMapping``).
  var stereoMapping: StereoMapping {
    guard let sink = currentSink else { return .libVLC }
    guard isOpen.load(ordering: .acquiring) else { return .pending }
    return sink.stereoMapping
  }

  /// Ends the stream and drops it: later callbacks find nothing to feed.
  func retire() {
    sink.withLock { sink in
      defer { sink = nil }
      return sink
    }?.finish()
  }

  /// Wakes a paced callback that waits for its samples' play time. Any thread.
  func interruptWait() {
    interruptions.add(1, ordering: .relaxed)
  }

  /// Installs the callbacks on a native player: samples are converted to the requested rate
  /// and channel count, or keep the source's where none was requested. Runs on the player's
  /// queue.
  func attach(to player: OpaquePointer) {
    let opaque = Unmanaged.passUnretained(self).toOpaque()
    // libVLC calls pause and resume only to let a sound card stop and restart; while paused it
    // calls nothing else, so the stream needs neither.
    libvlc_audio_set_callbacks(player, audioPlay, nil, nil, audioFlush, audioDrain, opaque)
    // With a volume callback libVLC leaves the samples alone: the sink applies the player's
    // volume and mute, which libVLC 3 forgets with every new memory output.
    libvlc_audio_set_volume_callback(player, audioVolume)
    // libVLC 3's memory output always produces S16N: it rejects anything else from a setup
    // callback. Float samples are converted from it. The setup callback answers with the
    // requested rate and channels, and learns the source's channel count (the stereo mode).
    libvlc_audio_set_format_callbacks(player, audioSetup, nil)
  }

  /// The stream's sink, until the context is retired.
  var currentSink: AudioSink? { sink.withLock { $0 } }

  /// The sink the callbacks feed: none before the context is open, or once it is retired.
  fileprivate var fedSink: AudioSink? {
    isOpen.load(ordering: .acquiring) ? currentSink : nil
  }

  /// Waits until `pts` (on `libvlc_clock()`'s time base) is at most a short output latency
  /// away, in slices, returning early when interrupted. Runs on libVLC's decoder thread,
  /// where cancellation is disabled while it processes a block.
  fileprivate func waitUntilDue(_ pts: Int64) {
    let latency: Int64 = 50_000  // µs: what a small sound-card buffer would hold
    let start = interruptions.load(ordering: .relaxed)
    while interruptions.load(ordering: .relaxed) == start {
      let wait = pts - latency - libvlc_clock()
      guard wait > 0 else { return }
      var slice = timespec(tv_sec: 0, tv_nsec: Int(min(wait, 20_000)) * 1_000)
      nanosleep(&slice, nil)
    }
  }
}

// The C callbacks. They run on libVLC's audio thread: each one only copies into the fed sink,
// records, or (with no sink to feed) waits for the samples' play time; never calls into libVLC.

private func context(_ opaque: UnsafeMutableRawPointer?) -> AudioCallbackContext? {
  guard let opaque else { return nil }
  return Unmanaged<AudioCallbackContext>.fromOpaque(opaque).takeUnretainedValue()
}

private func audioPlay(
  opaque: UnsafeMutableRawPointer?, samples: UnsafeRawPointer?, count: UInt32, pts: Int64
) {
  guard let context = context(opaque) else { return }
  if let sink = context.fedSink {
    if let samples { sink.deliver(samples, frameCount: Int(count), pts: pts) }
  } else {
    context.waitUntilDue(pts)
  }
}

private func audioFlush(opaque: UnsafeMutableRawPointer?, pts: Int64) {
  context(opaque)?.fedSink?.flush()
}

private func audioDrain(opaque: UnsafeMutableRawPointer?) {
  context(opaque)?.fedSink?.drain()
}

private func audioVolume(opaque: UnsafeMutableRawPointer?, volume: Float, mute: Bool) {
  // The output's own idea of volume and mute starts afresh with each media; the sink follows
  // the player's requested values instead (see AudioSink.setVolume).
}

/// Answers the output's setup (S16N, the only format amem produces): the requested rate and
/// channel count, the source's otherwise (more than 8 channels become 2), and tells the sink
/// what its buffers will hold and how many channels the source has. `opaque` points at the callbacks' opaque, the context.
private func audioSetup(
  opaque: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, format: UnsafeMutablePointer<CChar>?,
  rate: UnsafeMutablePointer<UInt32>?, channels: UnsafeMutablePointer<UInt32>?
) -> Int32 {
  guard let format, let rate, let channels else { return -1 }
  for (index, byte) in "S16N".utf8.enumerated() { format[index] = CChar(bitPattern: byte) }
  let context = context(opaque?.pointee)
  let source = Int(channels.pointee)
  if let requested = context?.rate { rate.pointee = UInt32(requested) }
  if let requested = context?.channels {
    channels.pointee = UInt32(requested)
  } else if channels.pointee > 8 {
    channels.pointee = 2
  }
  context?.fedSink?.adoptOutputFormat(
    rate: Int(rate.pointee), channels: Int(channels.pointee), sourceChannels: source)
  return 0
}
