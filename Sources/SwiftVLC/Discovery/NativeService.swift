// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Dispatch
import Synchronization

/// The callback context of a discovery service: it publishes on the service's queue.
protocol ServiceEventBox: AnyObject, Sendable {
  associatedtype Event: Sendable
  var broadcaster: Broadcaster<Event> { get }
  /// Runs on the queue after a stop, once the changes the service reported while stopping
  /// were applied.
  func serviceStopped()
}

extension ServiceEventBox {
  func serviceStopped() {}
}

/// Owns one native discovery service (a media or a renderer discoverer), its event listener,
/// and the serial queue its start and stop run on, so neither runs on, or blocks, the caller's
/// thread.
///
/// It stops only a service that started: libVLC 3 crashes when a media discoverer whose start
/// failed is stopped. The owner calls ``shutDown()`` from its `deinit`; the native object is
/// released after that, once stopped.
final class NativeService<Box: ServiceEventBox>: Sendable {
  /// The callback context; it publishes on `queue`.
  let box: Box
  /// The queue every call on the native object runs on.
  private let queue: DispatchQueue
  private nonisolated(unsafe) let pointer: OpaquePointer  // owned, never reassigned
  private let attachment: EventAttachment<Box>
  private let startNative: @Sendable (OpaquePointer) -> Result<Void, VLCError>
  private let stopNative: @Sendable (OpaquePointer) -> Void
  private let releaseNative: @Sendable (OpaquePointer) -> Void
  /// Whether the native service started (and was not stopped since).
  private let running = Mutex(false)

  /// Takes ownership of `pointer` and attaches `callback`, with the box `makeBox` returns, to
  /// `types` of the event manager `manager` (which must live as long as `pointer`). `start`
  /// runs the native start and says why it failed; `stop` and `release` are the native ones.
  init(
    pointer: OpaquePointer, label: String,
    start: @escaping @Sendable (OpaquePointer) -> Result<Void, VLCError>,
    stop: @escaping @Sendable (OpaquePointer) -> Void,
    release: @escaping @Sendable (OpaquePointer) -> Void,
    events manager: OpaquePointer, types: [libvlc_event_e], callback: NativeEventCallback,
    box makeBox: (DispatchQueue) -> Box
  ) {
    self.pointer = pointer
    queue = DispatchQueue(label: label)
    startNative = start
    stopNative = stop
    releaseNative = release
    box = makeBox(queue)
    attachment = EventAttachment(manager: manager, types: types, box: box, callback: callback)
  }

  deinit {
    attachment.detach()  // already done by shutDown(); the native object must outlive it
    stopIfRunning()
    releaseNative(pointer)
  }

  /// Whether the service runs.
  var isRunning: Bool { running.withLock { $0 } }

  /// A new stream of the box's events from now on; unbounded buffering.
  var events: AsyncStream<Box.Event> { box.broadcaster.subscribe(bufferingPolicy: .unbounded) }

  /// Starts the service on the queue unless it runs; suspends, without blocking, until done.
  func start() async throws(VLCError) {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Void, VLCError>, Never>) in
      queue.async {
        let result = self.startIfStopped()
        // After the changes the service reported while starting, which are queued behind.
        self.queue.async { continuation.resume(returning: result) }
      }
    }
    try result.get()
  }

  /// Stops the service on the queue if it runs; suspends, without blocking, until done.
  func stop() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.async {
        let stopped = self.stopIfRunning()
        // After the removals the service reported while stopping, which are queued behind.
        self.queue.async {
          if stopped { self.box.serviceStopped() }
          continuation.resume()
        }
      }
    }
  }

  /// For the owner's `deinit`: on the queue, stops the service if it runs, detaches the
  /// listener and, after the removals the service reported while stopping, finishes the event
  /// streams. The blocks hold a reference, so the release comes after them.
  func shutDown() {
    PendingReleases.async(on: queue) {
      let stopped = self.stopIfRunning()
      self.attachment.detach()
      PendingReleases.async(on: self.queue) {
        if stopped { self.box.serviceStopped() }
        self.box.broadcaster.terminate()
      }
    }
  }

  /// On the queue.
  private func startIfStopped() -> Result<Void, VLCError> {
    guard !isRunning else { return .success(()) }
    return startNative(pointer).map { running.withLock { $0 = true } }
  }

  /// On the queue, or in `deinit`. Returns whether it stopped the service.
  @discardableResult
  private func stopIfRunning() -> Bool {
    guard isRunning else { return false }
    stopNative(pointer)
    running.withLock { $0 = false }
    return true
  }
}
