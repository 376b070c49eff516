// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Dispatch

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
/// // Or play what was found: MediaListPlayer(list: discoverer.items)
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
    let items = MediaList(
      instance: instance,
      readOnlyReason: "only media discovery service '\(name)' changes its list")
    self.items = items
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
      box: { queue in DiscoveryBox(list: items, queue: queue) })
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
  /// shut down (libVLC joins its thread: UPnP takes about 0.2 s). What it found is removed
  /// from ``items`` by then, and each removal is reported on ``events``. Stopping a discoverer
  /// that is not running does nothing.
  public func stop() async { await native.stop() }

  /// Whether the discoverer is running.
  public var isRunning: Bool { native.isRunning }

  /// What the running service has found, in the order it found it: a read-only ``MediaList``,
  /// which a ``MediaListPlayer`` can play. Its ``MediaList/events`` give the indices that
  /// change; ``events`` give the media as well.
  ///
  /// It follows the service a moment after each change (on the discoverer's queue), and is
  /// empty once ``stop()`` returns, or a moment after the discoverer is dropped. Read it with
  /// ``MediaList/media`` (one consistent copy): between two calls the service may change it,
  /// so an index from ``MediaList/count`` may no longer be valid for the subscript.
  ///
  /// (libVLC 3's own list keeps what some services, such as the local folders, found before a
  /// stop, and lists it twice after a restart; this one does not.)
  public let items: MediaList

  /// A new stream of additions and removals from now on.
  ///
  /// Every access subscribes anew; unbounded buffering (no change is dropped). The stream
  /// finishes when the discoverer is dropped.
  public var events: AsyncStream<MediaDiscoveryEvent> { native.events }
}

/// The callback context: turns native list changes into `Media` values in the discoverer's
/// ``MediaList``, on the discoverer's queue, in the order libVLC sent them.
final class DiscoveryBox: ServiceEventBox {
  /// A native media retained in the callback, adopted or released on the queue.
  struct RetainedMedia: @unchecked Sendable {  // holds one reference, handed over exactly once
    var pointer: OpaquePointer
  }

  let broadcaster = Broadcaster<MediaDiscoveryEvent>()
  let queue: DispatchQueue
  private let list: MediaList

  init(list: MediaList, queue: DispatchQueue) {
    self.list = list
    self.queue = queue
  }

  /// Runs on the queue: wraps the new media and records it.
  func add(_ item: RetainedMedia) {
    let media = Media(instance: list.instance, pointer: item.pointer)  // adopts the retain
    if let index = list.serviceAppend(media) { broadcaster.broadcast(.added(media, index: index)) }
  }

  /// Runs on the queue: forgets the media and releases the callback's reference.
  func remove(_ item: RetainedMedia) {
    let removed = list.serviceRemove(MediaIdentity(pointer: item.pointer))
    libvlc_media_release(item.pointer)
    if let (media, index) = removed { broadcaster.broadcast(.removed(media, index: index)) }
  }

  /// Runs on the queue, once the service stopped: removes what it left in the list.
  func serviceStopped() {
    for (media, index) in list.serviceRemoveAll() {
      broadcaster.broadcast(.removed(media, index: index))
    }
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
    box.queue.async { box.add(item) }
  case libvlc_MediaListItemDeleted:
    let deleted = event.pointee.u.media_list_item_deleted
    guard let pointer = deleted.item else { return }
    libvlc_media_retain(pointer)
    let item = DiscoveryBox.RetainedMedia(pointer: pointer)
    box.queue.async { box.remove(item) }
  default:
    break
  }
}
