internal import CLibVLC
import Dispatch
import Synchronization

/// A change in what a ``MediaDiscoverer`` has found.
public enum MediaDiscoveryEvent: Sendable {
  /// A source was found, at this index of ``MediaDiscoverer/items``.
  case added(Media, index: Int)
  /// A source went away (the same `Media` object that was added); it was at this index.
  case removed(Media, index: Int)
}

/// Finds media through one of libVLC's discovery services: streams announced on the network
/// (SAP, UPnP), local folders, devices. Maps `libvlc_media_discoverer_t`.
///
/// Thread-safe. Every call on the native discoverer runs on a private serial queue;
/// ``start()`` and ``stop()`` suspend until it has run, never blocking the caller's thread.
/// Dropping the discoverer stops it (on that queue) and releases it.
///
/// ```swift
/// let services = MediaDiscoverer.services(category: .lan)
/// let discoverer = try MediaDiscoverer(name: "sap")
/// let events = discoverer.events
/// try await discoverer.start()
/// for await case .added(let media, _) in events { print(media.mrl) }
/// ```
public final class MediaDiscoverer: Sendable {
  /// The service's name, as given to ``init(name:instance:)``.
  public let name: String
  /// The instance this discoverer belongs to.
  public let instance: VLCInstance

  private let native: NativeService<DiscoveryBox>

  /// The media discovery services this libVLC offers in `category`.
  public static func services(category: DiscoveryCategory, instance: VLCInstance = .shared)
    -> [DiscoveryService]
  {
    var services:
      UnsafeMutablePointer<UnsafeMutablePointer<libvlc_media_discoverer_description_t>?>?
    let count = libvlc_media_discoverer_list_get(instance.pointer, category.native, &services)
    guard let services, count > 0 else { return [] }
    defer { libvlc_media_discoverer_list_release(services, count) }
    return (0..<count).compactMap { index in
      services[index].map { service in
        DiscoveryService(
          name: String(cString: service.pointee.psz_name),
          longName: service.pointee.psz_longname.map { String(cString: $0) } ?? "",
          category: category)
      }
    }
  }

  /// Creates a discoverer for the service `name` (see ``services(category:instance:)``).
  /// Nothing is discovered until ``start()``.
  ///
  /// libVLC 3 accepts any name here; an unknown one fails at ``start()``.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for an empty name;
  ///   ``VLCError/operationFailed(_:)`` when libVLC refuses the service (it refuses
  ///   "podcast", which needs VLC's playlist).
  public init(name: String, instance: VLCInstance = .shared) throws(VLCError) {
    guard !name.isEmpty else { throw .invalidInput("the discovery service name is empty") }
    clearLibVLCError()
    guard let pointer = libvlc_media_discoverer_new(instance.pointer, name) else {
      throw .operationFailed(explain("libVLC refused the media discovery service '\(name)'"))
    }
    guard let list = libvlc_media_discoverer_media_list(pointer) else {
      libvlc_media_discoverer_release(pointer)
      throw .operationFailed("media discovery service '\(name)' has no media list")
    }
    self.name = name
    self.instance = instance
    nonisolated(unsafe) let ownedList = list  // retained by ..._media_list(); released last
    native = NativeService(
      pointer: pointer, label: "SwiftVLC.discoverer",
      start: { pointer in
        checkStatus("media discovery service '\(name)' could not start") {
          libvlc_media_discoverer_start(pointer)
        }
      },
      stop: { libvlc_media_discoverer_stop($0) },
      release: { pointer in
        libvlc_media_list_release(ownedList)
        libvlc_media_discoverer_release(pointer)
      },
      events: libvlc_media_list_event_manager(list),
      types: [libvlc_MediaListItemAdded, libvlc_MediaListItemDeleted],
      callback: mediaListEventCallback,
      box: { queue in DiscoveryBox(instance: instance, queue: queue) })
  }

  deinit { native.shutDown() }

  /// Starts discovering. Starting a running discoverer does nothing.
  ///
  /// Suspends, without blocking the caller's thread, while libVLC loads the service (UPnP:
  /// about 50 ms) and while an earlier ``stop()`` finishes. Not cancellable.
  ///
  /// - Throws: ``VLCError/operationFailed(_:)`` with libVLC's reason when the service cannot
  ///   start (an unknown name: "no such discovery module found").
  public func start() async throws(VLCError) { try await native.start() }

  /// Stops discovering and waits, without blocking the caller's thread, until the service has
  /// shut down (libVLC joins its thread: UPnP takes about 0.2 s). The service removes what it
  /// found as it stops, and each removal is reported on ``events``. Stopping a discoverer that
  /// is not running does nothing.
  public func stop() async { await native.stop() }

  /// Whether the discoverer is running.
  public var isRunning: Bool { native.isRunning }

  /// What has been found so far, in libVLC's order. A snapshot: later changes arrive on
  /// ``events``.
  public var items: [Media] { native.box.items }

  /// A new stream of additions and removals from now on.
  ///
  /// Every access subscribes anew; unbounded buffering (no change is dropped). The stream
  /// finishes when the discoverer is dropped.
  public var events: AsyncStream<MediaDiscoveryEvent> { native.events }
}

/// The callback context: turns native list changes into `Media` values, on the discoverer's
/// queue, in the order libVLC sent them.
final class DiscoveryBox: ServiceEventBox {
  /// A native media retained in the callback, adopted or released on the queue.
  struct RetainedMedia: @unchecked Sendable {  // holds one reference, handed over exactly once
    var pointer: OpaquePointer
  }

  let broadcaster = Broadcaster<MediaDiscoveryEvent>()
  let queue: DispatchQueue
  private let instance: VLCInstance
  private let found = Mutex<[Media]>([])

  init(instance: VLCInstance, queue: DispatchQueue) {
    self.instance = instance
    self.queue = queue
  }

  var items: [Media] { found.withLock { $0 } }

  /// Runs on the queue: wraps the new media and records it.
  func add(_ item: RetainedMedia, at index: Int) {
    let media = Media(instance: instance, pointer: item.pointer)  // adopts the callback's retain
    let position = found.withLock { found in
      let position = min(max(index, 0), found.count)
      found.insert(media, at: position)
      return position
    }
    broadcaster.broadcast(.added(media, index: position))
  }

  /// Runs on the queue: forgets the media and releases the callback's reference.
  func remove(_ item: RetainedMedia, at index: Int) {
    let removed: (Media, Int)? = found.withLock { found in
      let position =
        found.indices.contains(index) && found[index].pointer == item.pointer
        ? index : found.firstIndex { $0.pointer == item.pointer }
      return position.map { (found.remove(at: $0), $0) }
    }
    libvlc_media_release(item.pointer)
    if let removed { broadcaster.broadcast(.removed(removed.0, index: removed.1)) }
  }
}

/// Runs on libVLC's discovery thread: retains the media and hands it to the queue. It never
/// calls into the list, waits, or releases anything.
private func mediaListEventCallback(
  event: UnsafePointer<libvlc_event_t>?, context: UnsafeMutableRawPointer?
) {
  guard let event, let context else { return }
  let box = Unmanaged<DiscoveryBox>.fromOpaque(context).takeUnretainedValue()
  switch libvlc_event_e(rawValue: UInt32(bitPattern: event.pointee.type)) {
  case libvlc_MediaListItemAdded:
    let added = event.pointee.u.media_list_item_added
    guard let pointer = added.item else { return }
    libvlc_media_retain(pointer)
    let item = DiscoveryBox.RetainedMedia(pointer: pointer)
    let index = Int(added.index)
    box.queue.async { box.add(item, at: index) }
  case libvlc_MediaListItemDeleted:
    let deleted = event.pointee.u.media_list_item_deleted
    guard let pointer = deleted.item else { return }
    libvlc_media_retain(pointer)
    let item = DiscoveryBox.RetainedMedia(pointer: pointer)
    let index = Int(deleted.index)
    box.queue.async { box.remove(item, at: index) }
  default:
    break
  }
}
