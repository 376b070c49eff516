// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Observation

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
  /// Counts play requests, so that a stop that returns after a later play leaves its item be.
  @ObservationIgnored private var playRequests = 0
  /// Counts stops, so that a play waiting for its servers' answers does not start after one.
  @ObservationIgnored private var stops = 0
  /// The list's media whose servers were asked how they must be read (``ForwardReading``),
  /// held so that no other media takes one's identity.
  @ObservationIgnored private var asked: [Media] = []
  /// The asking in flight, which a later play waits for too.
  @ObservationIgnored private var asking: Task<Void, Never>?

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
    player.core.mediaResolver = { [weak self, list] identity in
      let media = list.media(matching: identity)
      self?.itemStarted(media)
      return media
    }
    player.core.nativeReplaced = { [weak self] stuck, replacement in
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
    let playerNative = player.native
    PendingReleases.async(on: playerNative.queue) {
      let player = playerNative.pointer
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
    playRequests += 1
    let list = list
    // What Player.play does to one media (no VDPAU probe on stderr), for every item the
    // list player may advance to.
    for media in list.media {
      if let option = player.instance.quietHardwareDecodingOption(for: media) {
        media.addOption(option)
      }
    }
    // And what it asks a download's server (a Matroska file without ranges needs
    // libavformat's demuxer): for every item not asked yet, at once, before playing.
    let unasked = list.media.filter { media in
      ForwardReading.isWorthAsking(media.mrl) && !asked.contains { $0 === media }
    }
    asked += unasked
    let earlier = asking
    guard !unasked.isEmpty || earlier != nil else { return begin(at: index) }
    let (request, stopCount) = (playRequests, stops)
    let task = Task { [weak self] in
      await earlier?.value
      await ForwardReading.prepare(unasked)
      guard let self else { return }
      if self.playRequests == request { self.asking = nil }
      guard self.playRequests == request, self.stops == stopCount else { return }
      self.begin(at: index)
    }
    asking = task
    tasks.add(task)
  }

  /// Hands the player to libVLC's list player, which opens the item at `index`.
  private func begin(at index: Int) {
    let list = list
    player.beginListSession {
      // Read after a stuck stop's replacement, which rebinds the list player.
      let native = native
      return { player in native.playItem(at: index, of: list, on: player) }
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
  /// A play requested while the stop waits wins: the stop then leaves its item in place.
  public func stop() async {
    let native = native
    let requests = playRequests
    stops += 1
    await player.stop { _ in libvlc_media_list_player_stop(native.pointer) }
    guard playRequests == requests else { return }
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

  /// Applies a list event once the player has applied the events libVLC sent it before:
  /// the two come in separate streams, and the end of the list must follow the change to its
  /// last item (under load it came first: items 0 and 1 started, the list ended, then 2).
  private func apply(_ event: NativeListEvent) {
    player.afterReceivedEvents { [weak self] in
      guard let self else { return }
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
