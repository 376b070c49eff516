internal import CLibVLC
import Observation
import Synchronization

/// How a ``MediaListPlayer`` moves on when an item ends. Maps `libvlc_playback_mode_t`.
public enum PlaybackMode: Sendable, Equatable, CaseIterable {
  /// Plays the list once, in order (`libvlc_playback_mode_default`).
  case `default`
  /// Plays the list in order and starts over after the last item (`libvlc_playback_mode_loop`).
  case loop
  /// Plays the current item again and again (`libvlc_playback_mode_repeat`).
  case `repeat`

  var native: libvlc_playback_mode_t {
    switch self {
    case .default: libvlc_playback_mode_default
    case .loop: libvlc_playback_mode_loop
    case .repeat: libvlc_playback_mode_repeat
    }
  }
}

/// Something a ``MediaListPlayer`` did, as delivered by ``MediaListPlayer/events``.
public enum MediaListPlayerEvent: Sendable, Equatable {
  /// An item started playing: its index in the list, or `nil` when it is no longer in the
  /// list.
  case itemStarted(index: Int?)
  /// The last item ended and nothing follows (``PlaybackMode/default``).
  case listEnded
  /// ``MediaListPlayer/stop()`` stopped playback.
  case stopped
}

/// Plays a ``MediaList`` item after item through a ``Player``. Wraps
/// `libvlc_media_list_player_t`.
///
/// The list player drives ``player``'s native player, which stays fully observable: its
/// state, time, duration and tracks follow each item, and its ``Player/currentMedia`` is the
/// list's media being played. Control the list with this type (play, next, previous, stop)
/// and the current item with ``player`` (pause, seek, tracks). Calling ``Player/play(_:)`` on
/// ``player`` plays a media outside the list; libVLC's list player still moves to the next
/// list item when that media ends.
///
/// Every call returns at once; the blocking libVLC calls run on the player's queue. Dropping
/// the list player stops playback.
///
/// libVLC 3 follows the list by position: after the playing item is removed, it plays on to
/// its end and the list player then continues at the position after the removed one, which
/// skips the item that moved into its place. ``next()`` after such a removal plays that item.
@MainActor @Observable
public final class MediaListPlayer {
  /// The list being played.
  @ObservationIgnored public let list: MediaList
  /// The player the list plays through.
  @ObservationIgnored public let player: Player

  /// How playback moves on when an item ends. Applies from the next item on.
  public var mode: PlaybackMode = .default {
    didSet {
      let native = native
      let mode = mode
      // Takes the list player's lock, which it holds while changing items: not on the main actor.
      player.native.async { _ in
        libvlc_media_list_player_set_playback_mode(native.pointer, mode.native)
      }
    }
  }

  /// The index of the item being played; `nil` before playing, after ``stop()``, after the
  /// list ended, and while the playing item is no longer in the list.
  public private(set) var currentIndex: Int?

  @ObservationIgnored private var native: NativeListPlayer
  @ObservationIgnored private let publicEvents = Broadcaster<MediaListPlayerEvent>()
  @ObservationIgnored private let tasks = TaskBag()
  /// The list's media being played.
  @ObservationIgnored private var current: Media?
  /// Where the playing item was when it was removed from the list: its follower's index.
  @ObservationIgnored private var vacatedIndex: Int?
  /// The index the last play request asked for, to place duplicated media.
  @ObservationIgnored private var requestedIndex: Int?

  /// Creates a list player for `list`, with a player on the list's instance.
  public convenience init(list: MediaList) {
    self.init(list: list, instance: list.instance)
  }

  /// Creates a list player for `list`, with a player on `instance`.
  public init(list: MediaList, instance: VLCInstance) {
    self.list = list
    player = Player(instance: instance)
    native = NativeListPlayer(instance: instance, player: player.native, list: list)
    // Every item change (ours, or libVLC's own at the end of an item) reaches the player as a
    // media change it adopts; libVLC 3 sends no NextItemSet for play_item_at_index.
    player.mediaResolver = { [weak self, list] identity in
      let media = list.media(matching: identity)
      self?.itemStarted(media)
      return media
    }
    player.nativeReplaced = { [weak self] stuck, replacement in
      self?.rebind(from: stuck, to: replacement)
    }
    tasks.add(makeNativeEventTask())
    let listChanges = list.events
    // Neither task keeps the list player alive: each holds it weakly, only between awaits.
    tasks.add(
      Task { [weak self] in
        for await change in listChanges {
          guard let self else { return }
          self.listChanged(change)
        }
      })
  }

  isolated deinit {
    tasks.cancelAll()
    publicEvents.terminate()
    let native = native
    player.native.async { player in
      withCustomInputInterrupted(on: player) { libvlc_media_list_player_stop(native.pointer) }
      native.invalidate()
      // This closure holds the last reference: the list player is released here, on the
      // player's queue, where releasing it may wait for an item change in progress.
    }
  }

  private func makeNativeEventTask() -> Task<Void, Never> {
    let nativeEvents = native.broadcaster.subscribe()
    return Task { [weak self] in
      for await event in nativeEvents {
        guard let self else { return }
        self.apply(event)
      }
    }
  }

  /// Drives the player's replacement native player (see ``Player/stop()``) with a new native
  /// list player; the old one is released on the stuck player's queue once it lets go.
  private func rebind(from stuck: NativePlayer, to replacement: NativePlayer) {
    let old = native
    native = NativeListPlayer(instance: player.instance, player: replacement, list: list)
    tasks.add(makeNativeEventTask())
    let native = native
    let mode = mode
    replacement.async { _ in
      libvlc_media_list_player_set_playback_mode(native.pointer, mode.native)
    }
    stuck.async { _ in
      // Holds the last reference: released here, once the stuck call has returned.
      old.invalidate()
    }
  }

  /// A new, independent stream of this list player's events.
  ///
  /// Every access subscribes anew and sees every event from then on, in order (unbounded
  /// buffering). The stream finishes when the list player is dropped.
  public var events: AsyncStream<MediaListPlayerEvent> {
    publicEvents.subscribe(bufferingPolicy: .unbounded)
  }

  /// Plays: resumes when paused, does nothing while an item is opening or playing, and
  /// otherwise plays the current item again, or the first one.
  ///
  /// - Throws: ``VLCError/invalidState(_:)`` when the list is empty.
  public func play() throws(VLCError) {
    guard !list.isEmpty else { throw .invalidState("the list is empty") }
    switch player.state {
    case .paused: player.resume()
    case .opening, .buffering, .playing: break
    case .idle, .stopping, .stopped, .ended, .error: try play(at: currentIndex ?? 0)
    }
  }

  /// Plays the item at `index`, ending the current one. Maps
  /// `libvlc_media_list_player_play_item_at_index`.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when `index` is outside the list.
  public func play(at index: Int) throws(VLCError) {
    let count = list.count
    guard (0..<count).contains(index) else {
      throw .invalidInput("index \(index) is outside 0..<\(count)")
    }
    requestedIndex = index
    let native = native
    let list = list
    player.beginListSession { player in
      native.playItem(at: index, of: list, on: player)
    }
  }

  /// Plays the item after the current one (the first after the last one in
  /// ``PlaybackMode/loop``). After the playing item was removed, plays the item that took its
  /// place; with nothing played yet, the first item.
  ///
  /// - Throws: ``VLCError/invalidState(_:)`` when the list is empty or the current item is the
  ///   last one and the mode is not ``PlaybackMode/loop``.
  public func next() throws(VLCError) {
    let count = list.count
    guard count > 0 else { throw .invalidState("the list is empty") }
    var target = currentIndex.map { $0 + 1 } ?? vacatedIndex ?? 0
    if target >= count {
      guard mode == .loop else { throw .invalidState("the last item is playing") }
      target = 0
    }
    try play(at: target)
  }

  /// Plays the item before the current one (the last before the first one in
  /// ``PlaybackMode/loop``); with nothing played yet, the first item.
  ///
  /// - Throws: ``VLCError/invalidState(_:)`` when the list is empty or the current item is the
  ///   first one and the mode is not ``PlaybackMode/loop``.
  public func previous() throws(VLCError) {
    let count = list.count
    guard count > 0 else { throw .invalidState("the list is empty") }
    var target = currentIndex.map { $0 - 1 } ?? vacatedIndex.map { $0 - 1 } ?? 0
    if target < 0 {
      guard mode == .loop else { throw .invalidState("the first item is playing") }
      target = count - 1
    }
    try play(at: min(target, count - 1))
  }

  /// Stops playback and waits, without blocking the main actor, until libVLC has closed the
  /// input. ``play()`` then starts from the first item. Maps
  /// `libvlc_media_list_player_stop`, which blocks in libVLC 3 and runs on the player's queue.
  public func stop() async {
    let native = native
    await player.stop { _ in libvlc_media_list_player_stop(native.pointer) }
    current = nil
    currentIndex = nil
    vacatedIndex = nil
  }

  private func itemStarted(_ media: Media?) {
    let hint = requestedIndex ?? currentIndex.map { $0 + 1 } ?? vacatedIndex ?? 0
    requestedIndex = nil
    current = media
    vacatedIndex = nil
    currentIndex = media.flatMap { locate($0, near: hint) }
    publicEvents.broadcast(.itemStarted(index: currentIndex))
  }

  private func apply(_ event: NativeListEvent) {
    switch event {
    case .played:
      current = nil
      currentIndex = nil
      vacatedIndex = nil
      publicEvents.broadcast(.listEnded)
    case .stopped:
      publicEvents.broadcast(.stopped)
    }
  }

  /// Finds the playing item again after the list changed.
  private func listChanged(_ change: MediaListEvent) {
    if let current, let index = currentIndex {
      currentIndex = locate(current, near: index)
      if currentIndex == nil, case .itemDeleted(let removed) = change {
        vacatedIndex = removed
      }
    } else if let vacated = vacatedIndex {
      switch change {
      case .itemAdded(let index) where index <= vacated: vacatedIndex = vacated + 1
      case .itemDeleted(let index) where index < vacated: vacatedIndex = vacated - 1
      default: break
      }
    }
  }

  /// The index of `media` closest to `hint` (the same media may be in the list twice).
  private func locate(_ media: Media, near hint: Int) -> Int? {
    list.indices(of: media).min { abs($0 - hint) < abs($1 - hint) }
  }
}

extension Player {
  /// Ends the current session and lets a list player open the next one: `start` runs on the
  /// player's queue after the stop, once the new session's generation is in place, so the
  /// list player's `set_media` reaches ``adoptSession(of:)``.
  func beginListSession(_ start: @escaping @Sendable (OpaquePointer) -> Void) {
    if state == .stopping { replaceNativePlayer() }
    feed(.handOver)
    let session = generation
    let box = bridge.box
    let native = self.native
    native.interruptAudioWait()
    native.async { player in
      // Stopped here, interrupting a custom input, rather than inside libVLC's item change:
      // the old session's events then carry the old generation.
      native.stopInterruptingInput()
      box.generation.store(session, ordering: .releasing)
      start(player)
    }
  }
}

/// A native list player event, copied out of the C callback.
enum NativeListEvent: Sendable {
  case played
  case stopped
}

/// Owns one `libvlc_media_list_player_t` and its event listeners.
///
/// Released on the driving player's queue (see ``MediaListPlayer``'s deinit): libVLC's release
/// joins the list player's thread, which may be changing items.
final class NativeListPlayer: Sendable {
  nonisolated(unsafe) let pointer: OpaquePointer  // owned: released in deinit, never reassigned
  let broadcaster = Broadcaster<NativeListEvent>()
  private let attachment: EventAttachment<Broadcaster<NativeListEvent>>

  init(instance: VLCInstance, player: NativePlayer, list: MediaList) {
    guard let pointer = libvlc_media_list_player_new(instance.pointer) else {
      fatalError("SwiftVLC: libvlc_media_list_player_new failed (out of memory)")
    }
    self.pointer = pointer
    libvlc_media_list_player_set_media_player(pointer, player.pointer)
    libvlc_media_list_player_set_media_list(pointer, list.pointer)
    attachment = EventAttachment(
      manager: libvlc_media_list_player_event_manager(pointer),
      types: [libvlc_MediaListPlayerPlayed, libvlc_MediaListPlayerStopped], box: broadcaster,
      callback: listPlayerEventCallback)
  }

  deinit {
    invalidate()
    libvlc_media_list_player_release(pointer)
  }

  /// Plays item `index` of `list`, unless the list has shrunk since it was checked (libVLC 3
  /// would then replay the previous media). No change to the list can come between the check
  /// and the jump, which reads the list unlocked. Runs on the player's queue, where the player
  /// was stopped just before, so the jump does not wait for an input to close.
  func playItem(at index: Int, of list: MediaList, on player: OpaquePointer) {
    list.withChangesHeld {
      // No change can run meanwhile, so the Swift items match the native list.
      guard index < list.count else { return }
      libvlc_media_list_player_play_item_at_index(pointer, Int32(index))
    }
  }

  /// Detaches the listeners and ends the event stream. Idempotent.
  func invalidate() {
    attachment.detach()
    broadcaster.terminate()
  }
}

/// Maps a list player event and broadcasts it. Runs on libVLC's threads, inside the list
/// player's lock: it must not call into libVLC or wait.
private func listPlayerEventCallback(
  event: UnsafePointer<libvlc_event_t>?, context: UnsafeMutableRawPointer?
) {
  guard let event, let context else { return }
  let broadcaster = Unmanaged<Broadcaster<NativeListEvent>>.fromOpaque(context)
    .takeUnretainedValue()
  switch libvlc_event_e(rawValue: UInt32(bitPattern: event.pointee.type)) {
  case libvlc_MediaListPlayerPlayed:
    broadcaster.broadcast(.played)
  case libvlc_MediaListPlayerStopped:
    broadcaster.broadcast(.stopped)
  default:
    break
  }
}
