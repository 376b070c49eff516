// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Dispatch
import Synchronization

/// Owns one `libvlc_media_player_t`, the serial queue every call to it runs on, and its
/// callback contexts (one for video memory, one per audio sample stream).
///
/// libVLC 3's player calls take the input lock, which `stop` and `set_media` hold while they
/// join the input thread; any of them can therefore block for as long as a stalled source
/// takes to close. Running them all on this queue keeps the main actor free and keeps their
/// order. The native player is released on this queue after the last queued call, and only
/// then are the callback contexts released.
///
/// Native media references: libVLC 3 counts them with a plain `++`/`--`, not atomically. The
/// native player takes one on the media it plays (`set_media`) and drops it at the next
/// `set_media` or at its release. So this object keeps the ``Media`` it set alive, and swaps
/// and drops it only on the queue, with the media's reference lock held across the native
/// call: no other thread touches that media's count meanwhile, and `Media.deinit` (the last
/// release) can only run once no native player holds the media.
final class NativePlayer: Sendable {
  nonisolated(unsafe) let pointer: OpaquePointer  // owned: released in deinit, never reassigned
  let queue: DispatchQueue
  /// The video-memory callback context, installed at most once and kept until release.
  let video: VideoContext
  /// Audio-memory contexts ever installed (libVLC may call any of them until release), and
  /// the `MediaChanged` listener that opens them to the sessions started after them.
  private let audio: AudioContextList
  private let mediaChanges: EventAttachment<AudioContextList>
  private let state = Mutex<State>(State())

  private struct State: Sendable {
    /// The media set on the native player (by us, or adopted from a list player's change).
    var media: Media?
    var isVideoInstalled = false
    /// Objects that must outlive the native player (another caller's callback contexts).
    var kept: [AnyObject & Sendable] = []
  }

  init(instance: VLCInstance) {
    guard let pointer = libvlc_media_player_new(instance.pointer) else {
      fatalError("SwiftVLC: libvlc_media_player_new failed (out of memory)")
    }
    NativeCensus.created(.player)
    self.pointer = pointer
    self.queue = DispatchQueue(label: "SwiftVLC.player")
    video = VideoContext(acceptsHardwareSurfaces: instance.decodesInSoftwareOnly)
    let audio = AudioContextList()
    self.audio = audio
    mediaChanges = audio.listen(to: pointer)
  }

  deinit {
    // Wherever the last reference went, the release runs on the queue, after every call
    // queued before (each holds a reference, so all have run): a release that joins the
    // input and outputs never blocks the main actor. The contexts and the media go with it,
    // only once the native player can no longer call back or use them.
    nonisolated(unsafe) let pointer = pointer
    let (media, kept) = state.withLock { ($0.media, $0.kept) }
    let (video, audio, mediaChanges) = (video, audio, mediaChanges)
    PendingReleases.async(on: queue) {
      mediaChanges.detach()
      Media.withNativeReferencesHeld(media, nil) { libvlc_media_player_release(pointer) }
      NativeCensus.released(.player)
      withExtendedLifetime((audio, video, kept)) {}
    }
  }

  /// Queues `work` and returns at once.
  func async(_ work: @escaping @Sendable (OpaquePointer) -> Void) {
    queue.async { work(self.pointer) }
  }

  /// Queues `work` and suspends (without blocking) until it has run.
  func run<T: Sendable>(_ work: @escaping @Sendable (OpaquePointer) -> T) async -> T {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: work(self.pointer)) }
    }
  }

  // MARK: - Media (on the queue)

  /// Sets `media` on the native player. Call on the queue.
  func setMedia(_ media: Media?) {
    let previous = state.withLock { $0.media }
    Media.withNativeReferencesHeld(media, previous) {
      libvlc_media_player_set_media(pointer, media?.pointer)
    }
    // The previous media's Swift reference is dropped here, on the queue, after its native one.
    state.withLock { $0.media = media }
  }

  /// Records a media that a list player set on the native player, so that it stays alive
  /// while the native player holds it.
  func adopt(_ media: Media?) {
    queue.async { self.state.withLock { $0.media = media } }
  }

  /// The media last set or adopted.
  var media: Media? { state.withLock { $0.media } }

  // MARK: - Stopping (on the queue)

  /// Runs `body` (a call that stops the input) while the current media's custom input, if
  /// any, is interrupted: libVLC 3's stop waits for the input thread, which may sit in a read
  /// callback waiting for a stream's next bytes. Call on the queue.
  func withCustomInputInterrupted(_ body: () -> Void) {
    guard let input = media?.input else {
      body()
      return
    }
    input.beginInterruption()
    defer { input.endInterruption() }
    body()
  }

  /// `libvlc_media_player_stop` with the custom input interrupted. Call on the queue.
  func stopInterruptingInput() {
    withCustomInputInterrupted { libvlc_media_player_stop(pointer) }
  }

  /// Stops the native player on the queue; the last reference then releases it there.
  func shutDown() {
    interruptAudioWait()
    // Counted: the process's exit waits for it, and for the release it leads to.
    PendingReleases.async(on: queue) { self.stopInterruptingInput() }
  }

  // MARK: - Callback contexts

  /// Keeps `object` alive until the native player has been released, the only point after
  /// which libVLC cannot call back with it.
  func retainUntilRelease(_ object: AnyObject & Sendable) {
    state.withLock { $0.kept.append(object) }
  }

  /// Points libVLC's video output at the video context (vmem), installing its callbacks.
  /// Call on the queue. libVLC copies the callbacks when an output opens; they stay set (and
  /// the format callbacks with them) for the player's life, so a later frame request never
  /// meets a stale fixed format.
  func useVideoMemory() {
    let context = Unmanaged.passUnretained(video).toOpaque()
    video.installCallbacks(on: pointer, context: context)
    state.withLock { $0.isVideoInstalled = true }
  }

  /// Installs an audio-memory context (amem); it is kept until the native player's release,
  /// and feeds its stream from the next media set on (see ``AudioContextList``). Call on the
  /// queue.
  func useAudioMemory(_ context: AudioCallbackContext) {
    audio.add(context)
    context.attach(to: pointer)
  }

  /// Wakes an audio callback that waits for its samples' play time (a paced null output),
  /// so that a stop, seek or pause does not wait for it. Callable from any thread.
  func interruptAudioWait() {
    for context in audio.all { context.interruptWait() }
  }
}
