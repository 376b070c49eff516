internal import CLibVLC
import Dispatch
import Synchronization

/// Owns one `libvlc_media_player_t` and the serial queue every call to it runs on.
///
/// libVLC 3's player calls take the input lock, which `stop` and `set_media` hold while they
/// join the input thread; any of them can therefore block for as long as a stalled source
/// takes to close. Running them all on this queue keeps the main actor free and keeps their
/// order. The native player is released in `deinit`, which runs on this queue after the last
/// queued call, and only then are the callback contexts (video/audio memory) released.
final class NativePlayer: Sendable {
  nonisolated(unsafe) let pointer: OpaquePointer  // owned: released in deinit, never reassigned
  let queue: DispatchQueue
  private let contexts = Mutex<[AnyObject & Sendable]>([])

  init(instance: VLCInstance) {
    guard let pointer = libvlc_media_player_new(instance.pointer) else {
      fatalError("SwiftVLC: libvlc_media_player_new failed (out of memory)")
    }
    self.pointer = pointer
    self.queue = DispatchQueue(label: "SwiftVLC.player")
  }

  deinit {
    // Joins the player's outputs: after this no vmem/amem callback can run.
    libvlc_media_player_release(pointer)
    contexts.withLock { $0.removeAll() }
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

  /// Keeps `context` alive until the native player has been released, the only point after
  /// which libVLC cannot call back with it.
  func retainUntilRelease(_ context: AnyObject & Sendable) {
    contexts.withLock { $0.append(context) }
  }

  /// Stops the native player on the queue; the last reference then releases it there.
  func shutDown() {
    queue.async {
      stopInterruptingInput(self.pointer)
    }
  }
}
