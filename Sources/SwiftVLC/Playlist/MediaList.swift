// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// A change to a ``MediaList``, as delivered by ``MediaList/events``.
public enum MediaListEvent: Sendable, Equatable {
  /// A media was inserted at this index.
  case itemAdded(index: Int)
  /// The media at this index was removed.
  case itemDeleted(index: Int)
}

/// An ordered list of media, such as a playlist for a ``MediaListPlayer``. Wraps
/// `libvlc_media_list_t`.
///
/// Thread-safe: every method may be called from any thread. Each mutation takes libVLC's list
/// lock, so a ``MediaListPlayer`` reading the list meanwhile sees it before or after the change,
/// never halfway. The list keeps its ``Media`` objects (and with them any custom input they
/// read from) alive while they are in it.
///
/// A list a ``MediaDiscoverer`` fills (its ``MediaDiscoverer/items``) is read-only: only its
/// service changes it, and ``append(_:)``, ``insert(_:at:)`` and ``remove(at:)`` throw.
public final class MediaList: Sendable {
  /// The instance this list belongs to; every media in it belongs to the same one.
  public let instance: VLCInstance

  nonisolated(unsafe) let pointer: OpaquePointer  // owned: released in deinit, never reassigned
  /// The Swift objects of the native items, in the same order. Changed only together with the
  /// native list, under libVLC's list lock and then this mutex; readers take only this mutex,
  /// so they never wait for libVLC.
  private let items = Mutex<[Media]>([])
  /// Serialises changes with a list player's jump to an index (see ``withChangesHeld(_:)``).
  private let changes = Mutex(())
  private let broadcaster = Broadcaster<MediaListEvent>()
  private let attachment: EventAttachment<Broadcaster<MediaListEvent>>
  /// Why Swift callers cannot change the list, for a list a service fills.
  private let readOnlyReason: String?

  /// Creates an empty list.
  public convenience init(instance: VLCInstance = .shared) {
    self.init(instance: instance, readOnlyReason: nil)
  }

  /// Creates an empty list; with a `readOnlyReason`, only its owner changes it, through the
  /// `service…` methods.
  init(instance: VLCInstance, readOnlyReason: String?) {
    guard let pointer = libvlc_media_list_new(instance.pointer) else {
      fatalError("SwiftVLC: libvlc_media_list_new failed (out of memory)")
    }
    self.instance = instance
    self.pointer = pointer
    self.readOnlyReason = readOnlyReason
    attachment = EventAttachment(
      manager: libvlc_media_list_event_manager(pointer),
      types: [libvlc_MediaListItemAdded, libvlc_MediaListItemDeleted], box: broadcaster,
      callback: mediaListEventCallback)
  }

  /// Creates a list holding `media`, in order.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when a media belongs to another instance.
  public convenience init(_ media: [Media], instance: VLCInstance = .shared) throws(VLCError) {
    self.init(instance: instance)
    for item in media {
      try append(item)
    }
  }

  deinit {
    attachment.detach()
    broadcaster.terminate()
    // The items are still held by `items`, so this drops only the list's own references and
    // cannot be the release that waits for a parser.
    libvlc_media_list_release(pointer)
  }

  /// The number of media in the list.
  public var count: Int {
    items.withLock { $0.count }
  }

  /// Whether the list is empty.
  public var isEmpty: Bool {
    items.withLock { $0.isEmpty }
  }

  /// Whether only a service changes the list (a ``MediaDiscoverer``'s), so that ``append(_:)``,
  /// ``insert(_:at:)`` and ``remove(at:)`` throw.
  public var isReadOnly: Bool { readOnlyReason != nil }

  /// A copy of the list's media, in order.
  public var media: [Media] {
    items.withLock { $0 }
  }

  /// The media at `index`. Traps when `index` is outside `0..<count`, like an array.
  public subscript(index: Int) -> Media {
    items.withLock { $0[index] }
  }

  /// The index of the first occurrence of `media` (the same object), if it is in the list.
  public func firstIndex(of media: Media) -> Int? {
    items.withLock { $0.firstIndex { $0 === media } }
  }

  /// Adds `media` at the end. Maps `libvlc_media_list_add_media`.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when `media` belongs to another instance;
  ///   ``VLCError/invalidState(_:)`` when the list is read-only;
  ///   ``VLCError/operationFailed(_:)`` when libVLC refuses it.
  public func append(_ media: Media) throws(VLCError) {
    try checkWritable()
    try checkInstance(of: media)
    try mutate { items throws(VLCError) in
      try checkStatus("adding \(media.mrl) to the list") {
        libvlc_media_list_add_media(pointer, media.pointer)
      }.get()
      items.append(media)
    }
  }

  /// Inserts `media` at `index`, shifting later items. Maps `libvlc_media_list_insert_media`.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when `index` is outside `0...count` or `media`
  ///   belongs to another instance; ``VLCError/invalidState(_:)`` when the list is read-only;
  ///   ``VLCError/operationFailed(_:)`` when libVLC refuses it.
  public func insert(_ media: Media, at index: Int) throws(VLCError) {
    try checkWritable()
    try checkInstance(of: media)
    try mutate { items throws(VLCError) in
      guard (0...items.count).contains(index) else {
        throw .invalidInput("insertion index \(index) is outside 0...\(items.count)")
      }
      try checkStatus("inserting \(media.mrl) into the list") {
        libvlc_media_list_insert_media(pointer, media.pointer, Int32(index))
      }.get()
      items.insert(media, at: index)
    }
  }

  /// Removes and returns the media at `index`. Maps `libvlc_media_list_remove_index`.
  ///
  /// Removing the item a ``MediaListPlayer`` is playing does not stop it; see
  /// ``MediaListPlayer`` for what plays next.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when `index` is outside `0..<count`;
  ///   ``VLCError/invalidState(_:)`` when the list is read-only;
  ///   ``VLCError/operationFailed(_:)`` when libVLC refuses.
  @discardableResult
  public func remove(at index: Int) throws(VLCError) -> Media {
    try checkWritable()
    return try mutate { items throws(VLCError) in
      guard items.indices.contains(index) else {
        throw .invalidInput("index \(index) is outside 0..<\(items.count)")
      }
      try checkStatus("removing item \(index) from the list") {
        libvlc_media_list_remove_index(pointer, Int32(index))
      }.get()
      return items.remove(at: index)
    }
  }

  /// A new, independent stream of this list's changes.
  ///
  /// Every access subscribes anew and sees every change from then on, in order (unbounded
  /// buffering). The stream finishes when the list is dropped.
  public var events: AsyncStream<MediaListEvent> {
    broadcaster.subscribe(bufferingPolicy: .unbounded)
  }

  /// The list's media whose native media is `identity`, if it is in the list.
  func media(matching identity: MediaIdentity) -> Media? {
    items.withLock { items in items.first { $0.pointer == identity.pointer } }
  }

  /// The indices of `media` in the list (the same object may appear more than once).
  func indices(of media: Media) -> [Int] {
    items.withLock { items in items.indices.filter { items[$0] === media } }
  }

  /// For the service filling a read-only list: appends what it found; returns the index.
  func serviceAppend(_ media: Media) -> Int? {
    try? mutate { items throws(VLCError) in
      try checkStatus("adding \(media.mrl) to the list") {
        libvlc_media_list_add_media(pointer, media.pointer)
      }.get()
      items.append(media)
      return items.count - 1
    }
  }

  /// For the service filling a read-only list: removes the media `identity`, if it is in the
  /// list; returns it and where it was.
  func serviceRemove(_ identity: MediaIdentity) -> (Media, index: Int)? {
    try? mutate { items throws(VLCError) in
      guard let index = items.firstIndex(where: { $0.pointer == identity.pointer }) else {
        return nil
      }
      try checkStatus("removing item \(index) from the list") {
        libvlc_media_list_remove_index(pointer, Int32(index))
      }.get()
      return (items.remove(at: index), index)
    }
  }

  /// For the service filling a read-only list: removes everything, last first; returns each
  /// media with the index it had.
  func serviceRemoveAll() -> [(Media, index: Int)] {
    (try? mutate { items throws(VLCError) in
      var removed: [(Media, index: Int)] = []
      while let last = items.last,
        libvlc_media_list_remove_index(pointer, Int32(items.count - 1)) == 0
      {
        items.removeLast()
        removed.append((last, items.count))
      }
      return removed
    }) ?? []
  }

  private func checkWritable() throws(VLCError) {
    if let readOnlyReason { throw .invalidState(readOnlyReason) }
  }

  private func checkInstance(of media: Media) throws(VLCError) {
    guard media.instance === instance else {
      throw .invalidInput("the media belongs to another VLCInstance than the list")
    }
  }

  /// Runs `body` while no change can happen. A list player's jump to an index reads the native
  /// list without its lock (`libvlc_media_list_player_play_item_at_index` cannot take it: the
  /// list player's own thread takes its lock and then the list's), so it runs in here.
  func withChangesHeld<T>(_ body: () -> T) -> T {
    changes.withLock { _ in body() }
  }

  /// Runs `body` with the Swift items while holding libVLC's list lock, as the header requires
  /// around mutations. The order is: changes, libVLC's list lock, then the items, held only
  /// for the update. libVLC sends the list's events from inside the native call; the callback
  /// only broadcasts, so it needs none of them.
  private func mutate<T>(_ body: (inout [Media]) throws(VLCError) -> T) throws(VLCError) -> T {
    try changes.withLock { _ throws(VLCError) in
      libvlc_media_list_lock(pointer)
      defer { libvlc_media_list_unlock(pointer) }
      return try items.withLock { items throws(VLCError) in try body(&items) }
    }
  }
}

/// Which native media an event is about, compared by address and never dereferenced.
struct MediaIdentity: @unchecked Sendable, Equatable {  // only compared, so safe to send
  var pointer: OpaquePointer?
}

/// Maps a list event and broadcasts it. Runs on the thread that changed the list, inside
/// libVLC's list lock: it must not call into libVLC or wait.
private func mediaListEventCallback(
  event: UnsafePointer<libvlc_event_t>?, context: UnsafeMutableRawPointer?
) {
  guard let event, let context else { return }
  let broadcaster = Unmanaged<Broadcaster<MediaListEvent>>.fromOpaque(context)
    .takeUnretainedValue()
  let payload = event.pointee.u
  switch libvlc_event_e(rawValue: UInt32(bitPattern: event.pointee.type)) {
  case libvlc_MediaListItemAdded:
    broadcaster.broadcast(.itemAdded(index: Int(payload.media_list_item_added.index)))
  case libvlc_MediaListItemDeleted:
    broadcaster.broadcast(.itemDeleted(index: Int(payload.media_list_item_deleted.index)))
  default:
    break
  }
}
