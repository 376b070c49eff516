// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Dispatch
import Synchronization

/// A change in the renderers a ``RendererDiscoverer`` knows.
public enum RendererEvent: Sendable, Hashable {
  /// A renderer appeared.
  case itemAdded(Renderer)
  /// A renderer went away; it equals the value that was added.
  case itemDeleted(Renderer)
}

/// Finds renderers (Chromecast and similar devices) on the local network. Maps
/// `libvlc_renderer_discoverer_t`.
///
/// On Debian, libVLC 3 has one service, `avahi_renderer`, which needs a running
/// `avahi-daemon`; without it ``start()`` fails. Thread-safe: every call on the native
/// discoverer runs on a private serial queue, and ``start()`` and ``stop()`` suspend until it
/// has run, never blocking the caller's thread. Dropping the discoverer stops and releases it.
public final class RendererDiscoverer: Sendable {
  /// The service's name, as given to ``init(name:instance:)``.
  public let name: String
  /// The instance this discoverer belongs to.
  public let instance: VLCInstance

  private let native: NativeService<RendererBox>

  /// The renderer discovery services this libVLC offers (their ``DiscoveryService/category``
  /// is `nil`).
  public static func services(instance: VLCInstance = .shared) -> [DiscoveryService] {
    var services: UnsafeMutablePointer<UnsafeMutablePointer<libvlc_rd_description_t>?>?
    let count = libvlc_renderer_discoverer_list_get(instance.pointer, &services)
    guard let services, count > 0 else { return [] }
    defer { libvlc_renderer_discoverer_list_release(services, count) }
    return (0..<count).compactMap { index in
      services[index].map { service in
        DiscoveryService(
          name: String(cString: service.pointee.psz_name),
          longName: service.pointee.psz_longname.map { String(cString: $0) } ?? "", category: nil)
      }
    }
  }

  /// Creates a discoverer for the service `name` (see ``services(instance:)``). Nothing is
  /// discovered until ``start()``.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for an empty name;
  ///   ``VLCError/operationFailed(_:)`` when libVLC has no such service.
  public init(name: String = "avahi_renderer", instance: VLCInstance = .shared) throws(VLCError) {
    guard !name.isEmpty else { throw .invalidInput("the renderer discovery service name is empty") }
    clearLibVLCError()
    guard let pointer = libvlc_renderer_discoverer_new(instance.pointer, name) else {
      throw .operationFailed(explain("libVLC has no renderer discovery service '\(name)'"))
    }
    self.name = name
    self.instance = instance
    native = NativeService(
      pointer: pointer, label: "SwiftVLC.renderers",
      start: { pointer in
        checkStatus(Self.startFailure(name)) { libvlc_renderer_discoverer_start(pointer) }
      },
      stop: { libvlc_renderer_discoverer_stop($0) },
      release: { libvlc_renderer_discoverer_release($0) },
      events: libvlc_renderer_discoverer_event_manager(pointer),
      types: [libvlc_RendererDiscovererItemAdded, libvlc_RendererDiscovererItemDeleted],
      callback: rendererEventCallback,
      box: { queue in RendererBox(instance: instance, queue: queue) })
  }

  deinit { native.shutDown() }

  /// Starts discovering. Starting a running discoverer does nothing.
  ///
  /// Suspends, without blocking the caller's thread, while libVLC loads the service and while
  /// an earlier ``stop()`` finishes. Not cancellable.
  ///
  /// - Throws: ``VLCError/operationFailed(_:)`` when the service cannot start; for
  ///   `avahi_renderer`, when no avahi-daemon is running.
  public func start() async throws(VLCError) { try await native.start() }

  /// Stops discovering and waits, without blocking the caller's thread, until the service has
  /// shut down. Stopping a discoverer that is not running does nothing.
  public func stop() async { await native.stop() }

  /// Whether the discoverer is running.
  public var isRunning: Bool { native.isRunning }

  /// The renderers known now, in the order they appeared. A snapshot: later changes arrive on
  /// ``events``.
  public var renderers: [Renderer] { native.box.renderers }

  /// A new stream of renderers appearing and going away from now on.
  ///
  /// Every access subscribes anew; unbounded buffering (no change is dropped). The stream
  /// finishes when the discoverer is dropped.
  public var events: AsyncStream<RendererEvent> { native.events }

  private static func startFailure(_ name: String) -> String {
    let reason = "renderer discovery service '\(name)' could not start"
    return name.hasPrefix("avahi") ? reason + " (it needs a running avahi-daemon)" : reason
  }
}

/// The callback context: keeps the list of renderers and publishes changes, on the queue.
final class RendererBox: ServiceEventBox {
  let broadcaster = Broadcaster<RendererEvent>()
  let queue: DispatchQueue
  let instance: VLCInstance
  private let known = Mutex<[Renderer]>([])

  init(instance: VLCInstance, queue: DispatchQueue) {
    self.instance = instance
    self.queue = queue
  }

  var renderers: [Renderer] { known.withLock { $0 } }

  /// Runs on the queue.
  func apply(_ event: RendererEvent) {
    switch event {
    case .itemAdded(let renderer):
      known.withLock { $0.append(renderer) }
    case .itemDeleted(let renderer):
      known.withLock { $0.removeAll { $0 == renderer } }
    }
    broadcaster.broadcast(event)
  }
}

/// Runs on libVLC's discovery thread: holds the item, copies its properties and hands the
/// value to the queue, where it is published and, eventually, released.
private func rendererEventCallback(
  event: UnsafePointer<libvlc_event_t>?, context: UnsafeMutableRawPointer?
) {
  guard let event, let context else { return }
  let box = Unmanaged<RendererBox>.fromOpaque(context).takeUnretainedValue()
  let change: RendererEvent
  switch libvlc_event_e(rawValue: UInt32(bitPattern: event.pointee.type)) {
  case libvlc_RendererDiscovererItemAdded:
    guard let item = event.pointee.u.renderer_discoverer_item_added.item else { return }
    change = .itemAdded(Renderer(holding: item, instance: box.instance))
  case libvlc_RendererDiscovererItemDeleted:
    guard let item = event.pointee.u.renderer_discoverer_item_deleted.item else { return }
    change = .itemDeleted(Renderer(holding: item, instance: box.instance))
  default:
    return
  }
  box.queue.async { box.apply(change) }
}
