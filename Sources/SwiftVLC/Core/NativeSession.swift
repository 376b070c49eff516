// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// A private native player with its events, from creation to release: the one engine under
/// ``Player``, thumbnails (libVLC's path), recording and stream output, and the decode pass.
///
/// Creating it makes the native player and attaches its events (``EventBridge``); callers
/// install their memory outputs on ``native`` (its queue keeps the order), subscribe to
/// ``events()``, then ``open(_:generation:)`` a media (any number of times).
/// ``reading(of:)`` gives what a ``StallWatch`` compares. ``close(generation:)`` stops the
/// input and returns at once; ``stop(within:)`` stops with a deadline; ``end()`` detaches the
/// events and stops and releases the player off the caller's thread. A stop or release that
/// libVLC holds (a read stalled inside it) finishes whenever libVLC lets go, counted by
/// ``PendingReleases`` so the process's exit waits for it, boundedly. A player whose stop
/// never returns is replaced by ending its session and making a new one (``Player``).
///
/// Thread-safe: every libVLC call runs on the native player's serial queue.
final class NativeSession: Sendable {
  /// The native player, for the calls a caller makes itself (on its queue).
  let native: NativePlayer
  /// The native player's event listeners and the generation its events carry.
  let bridge: EventBridge
  private let isEnded = Atomic(false)

  /// What moves while a source delivers: a stall is when none of it does.
  struct Reading: Equatable, Sendable {
    /// The playback time in ms (-1 when there is none).
    var time: Int64
    var readBytes: Int
    var demuxBytes: Int
    var decodedBlocks: Int
  }

  /// Makes a native player on `instance` and attaches its events; nothing plays until
  /// ``open(_:generation:)``.
  init(instance: VLCInstance) {
    native = NativePlayer(instance: instance)
    bridge = EventBridge(player: native)
  }

  deinit { end() }

  /// A stream of the player's events from now on, unbounded; it finishes at ``end()``.
  func events() -> AsyncStream<TaggedEvent> {
    bridge.box.broadcaster.subscribe()
  }

  /// Runs `handle` with every event from now on, on libVLC's event thread, as it is sent: for
  /// work that must be queued before a task could get to it. `handle` must be quick and must
  /// not call libVLC (queue that with `native.async`). It stops at ``end()``.
  func tap(_ handle: @escaping @Sendable (NativeEvent) -> Void) {
    let events = bridge.box.broadcaster.subscribe { tagged in
      handle(tagged.event)
      return false
    }
    // The subscription lasts while its stream is alive; nothing passes through it.
    Task { for await _ in events {} }
  }

  /// A completion settled with the first event from now on that `matches` (a failure once the
  /// session ended without one): what a caller awaits instead of polling the player's state.
  /// `matches` runs on libVLC's event thread: it must be quick and must not call libVLC.
  func first(where matches: @escaping @Sendable (NativeEvent) -> Bool) -> Completion<NativeEvent> {
    let completion = Completion<NativeEvent>()
    let events = bridge.box.broadcaster.subscribe { matches($0.event) }
    Task {
      for await tagged in events {
        completion.settle(.success(tagged.event))
        return
      }
      completion.settle(.failure(.playbackFailed(reason: "the native session ended")))
    }
    return completion
  }

  /// Opens `media` and plays it, on the queue; returns at once. The events from then on carry
  /// `generation`. A player that opened a media before is stopped first: after Ended or Error
  /// libVLC 3 does not play again without a stop (which sends a Stopped event, so a fresh one
  /// is not). A refusal of libVLC's arrives as an ``NativeEvent/error`` event.
  func open(_ media: Media, generation: UInt64 = 0) {
    let (native, box) = (native, bridge.box)
    native.interruptAudioWait()
    native.async { player in
      if native.media != nil { native.stopInterruptingInput() }
      native.setMedia(media)
      box.generation.store(generation, ordering: .releasing)
      if libvlc_media_player_play(player) < 0 { box.send(.error) }
    }
  }

  /// Stops the input on the queue (closing its connections) and returns at once; the events
  /// after it carry `generation`, so a caller that moved on ignores them.
  func close(generation: UInt64) {
    let (native, box) = (native, bridge.box)
    native.interruptAudioWait()
    native.async { _ in
      native.stopInterruptingInput()  // a sequence input that never yields must not hold it
      box.generation.store(generation, ordering: .releasing)
    }
  }

  /// The playback time and `media`'s input counters, read on the queue.
  func reading(of media: Media) async -> Reading {
    let time = await native.run { libvlc_media_player_get_time($0) }
    let statistics = media.statistics()
    return Reading(
      time: time, readBytes: statistics?.readBytes ?? 0,
      demuxBytes: statistics?.demuxReadBytes ?? 0,
      decodedBlocks: (statistics?.decodedVideo ?? 0) + (statistics?.decodedAudio ?? 0))
  }

  /// Stops the native player (closing the input, which makes a muxer finish its file),
  /// waiting at most `limit`; `false` when libVLC had not closed the input by then. A stuck
  /// stop finishes on the queue whenever libVLC lets go; later calls wait behind it.
  @discardableResult
  func stop(within limit: Duration) async -> Bool {
    let stopped = Completion<Void>()
    let native = native
    native.interruptAudioWait()
    PendingReleases.async(on: native.queue) {
      native.stopInterruptingInput()
      stopped.settle(.success(()))
    }
    if case .success = await stopped.value(within: limit) { return true }
    return false
  }

  /// Detaches the events (no callback runs once this returns) and stops and releases the
  /// native player on its queue, after whatever call it is stuck in. Idempotent.
  func end() {
    guard !isEnded.exchange(true, ordering: .acquiringAndReleasing) else { return }
    bridge.invalidate()
    native.shutDown()
  }
}
