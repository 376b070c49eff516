// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// A native player event, copied out of the C callback.
enum NativeEvent: Sendable, Equatable {
  case opening, playing, paused, stopped, endReached, error
  case buffering(Float)
  /// libVLC's time in ms, and when libVLC sent it (to order it against the player's own
  /// readings of the clock, which reach the main actor by another way).
  case time(Int64, at: ContinuousClock.Instant)
  case position(Float)
  case length(Int64)
  case seekable(Bool)
  case pausable(Bool)
  case tracksChanged
  case videoOutputs(Int)
  case snapshot(String)
  case chapter(Int)
  case title(Int)
  case scrambled(Bool)
  case corked, uncorked, muted, unmuted
  case volume(Float)
  case audioDevice(String?)
  case mediaChanged(MediaIdentity)
  /// Not libVLC's: marks a point in the stream (``Player/afterReceivedEvents(_:)``).
  case barrier(UInt64)
}

/// A native event with the playback session it belongs to.
struct TaggedEvent: Sendable {
  var generation: UInt64
  var event: NativeEvent
}

/// The C callback's context: the session number and the broadcaster, nothing else.
final class EventBox: Sendable {
  let generation = Atomic<UInt64>(0)
  let broadcaster = Broadcaster<TaggedEvent>()

  func send(_ event: NativeEvent) {
    broadcaster.broadcast(
      TaggedEvent(generation: generation.load(ordering: .acquiring), event: event))
  }
}

/// Connects a native player's events to Swift. ``invalidate()`` detaches every listener and
/// finishes the stream; after it returns no callback runs.
final class EventBridge: Sendable {
  let box = EventBox()
  private let attachment: EventAttachment<EventBox>

  init(player: NativePlayer) {
    let types: [libvlc_event_e] = [
      libvlc_MediaPlayerOpening, libvlc_MediaPlayerBuffering, libvlc_MediaPlayerPlaying,
      libvlc_MediaPlayerPaused, libvlc_MediaPlayerStopped, libvlc_MediaPlayerEndReached,
      libvlc_MediaPlayerEncounteredError, libvlc_MediaPlayerTimeChanged,
      libvlc_MediaPlayerPositionChanged, libvlc_MediaPlayerSeekableChanged,
      libvlc_MediaPlayerPausableChanged, libvlc_MediaPlayerTitleChanged,
      libvlc_MediaPlayerSnapshotTaken, libvlc_MediaPlayerLengthChanged, libvlc_MediaPlayerVout,
      libvlc_MediaPlayerScrambledChanged, libvlc_MediaPlayerESAdded,
      libvlc_MediaPlayerESDeleted, libvlc_MediaPlayerESSelected, libvlc_MediaPlayerCorked,
      libvlc_MediaPlayerUncorked, libvlc_MediaPlayerMuted, libvlc_MediaPlayerUnmuted,
      libvlc_MediaPlayerAudioVolume, libvlc_MediaPlayerAudioDevice,
      libvlc_MediaPlayerChapterChanged, libvlc_MediaPlayerMediaChanged,
    ]
    attachment = EventAttachment(
      manager: libvlc_media_player_event_manager(player.pointer), types: types, box: box,
      callback: playerEventCallback)
  }

  /// Detaches every listener, then ends the stream for good.
  func invalidate() {
    attachment.detach()
    box.broadcaster.terminate()
  }
}

/// Maps one C event and hands it to the broadcaster. Runs on libVLC's threads, sometimes with
/// libVLC's locks held: it must never call into libVLC, wait, or release anything.
private func playerEventCallback(
  event: UnsafePointer<libvlc_event_t>?, context: UnsafeMutableRawPointer?
) {
  guard let event, let context else { return }
  let box = Unmanaged<EventBox>.fromOpaque(context).takeUnretainedValue()
  let payload = event.pointee.u
  let mapped: NativeEvent?
  switch libvlc_event_e(rawValue: UInt32(bitPattern: event.pointee.type)) {
  case libvlc_MediaPlayerOpening: mapped = .opening
  case libvlc_MediaPlayerBuffering: mapped = .buffering(payload.media_player_buffering.new_cache)
  case libvlc_MediaPlayerPlaying: mapped = .playing
  case libvlc_MediaPlayerPaused: mapped = .paused
  case libvlc_MediaPlayerStopped: mapped = .stopped
  case libvlc_MediaPlayerEndReached: mapped = .endReached
  case libvlc_MediaPlayerEncounteredError: mapped = .error
  case libvlc_MediaPlayerTimeChanged:
    mapped = .time(payload.media_player_time_changed.new_time, at: .now)
  case libvlc_MediaPlayerPositionChanged:
    mapped = .position(payload.media_player_position_changed.new_position)
  case libvlc_MediaPlayerSeekableChanged:
    mapped = .seekable(payload.media_player_seekable_changed.new_seekable != 0)
  case libvlc_MediaPlayerPausableChanged:
    mapped = .pausable(payload.media_player_pausable_changed.new_pausable != 0)
  case libvlc_MediaPlayerTitleChanged:
    mapped = .title(Int(payload.media_player_title_changed.new_title))
  case libvlc_MediaPlayerSnapshotTaken:
    mapped = .snapshot(
      payload.media_player_snapshot_taken.psz_filename.map { String(cString: $0) } ?? "")
  case libvlc_MediaPlayerLengthChanged:
    mapped = .length(payload.media_player_length_changed.new_length)
  case libvlc_MediaPlayerVout: mapped = .videoOutputs(Int(payload.media_player_vout.new_count))
  case libvlc_MediaPlayerScrambledChanged:
    mapped = .scrambled(payload.media_player_scrambled_changed.new_scrambled != 0)
  case libvlc_MediaPlayerESAdded, libvlc_MediaPlayerESDeleted, libvlc_MediaPlayerESSelected:
    // At open, libVLC announces placeholder streams with id -1; they carry nothing.
    mapped = payload.media_player_es_changed.i_id < 0 ? nil : .tracksChanged
  case libvlc_MediaPlayerCorked: mapped = .corked
  case libvlc_MediaPlayerUncorked: mapped = .uncorked
  case libvlc_MediaPlayerMuted: mapped = .muted
  case libvlc_MediaPlayerUnmuted: mapped = .unmuted
  case libvlc_MediaPlayerAudioVolume: mapped = .volume(payload.media_player_audio_volume.volume)
  case libvlc_MediaPlayerAudioDevice:
    mapped = .audioDevice(payload.media_player_audio_device.device.map { String(cString: $0) })
  case libvlc_MediaPlayerChapterChanged:
    mapped = .chapter(Int(payload.media_player_chapter_changed.new_chapter))
  case libvlc_MediaPlayerMediaChanged:
    mapped = .mediaChanged(MediaIdentity(pointer: payload.media_player_media_changed.new_media))
  default: mapped = nil
  }
  if let mapped { box.send(mapped) }
}
