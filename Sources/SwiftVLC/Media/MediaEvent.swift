// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// A change libVLC reports on a ``Media``. Maps the media events of `libvlc_event_e`.
public enum MediaEvent: Sendable, Equatable {
  /// A metadata value was read or set (`libvlc_MediaMetaChanged`): by a parse, by playing, or
  /// by a stream's own tags (an Icecast title).
  case metadataChanged(MetadataKey)
  /// libVLC learned the media's duration (`libvlc_MediaDurationChanged`); `nil` when it
  /// reported none (a live stream).
  case durationChanged(Duration?)
  /// The native media was freed (`libvlc_MediaFreed`): this ``Media`` and every player and
  /// list that held it have let go. Always the last event; the stream finishes after it.
  case freed
}

extension Media {
  /// The media's events, from now on: metadata and duration changes, and its release.
  ///
  /// Every access subscribes anew; each consumer sees every event from then on, in order,
  /// unbounded. Events are delivered from libVLC's threads (never the main actor); the stream
  /// finishes after ``MediaEvent/freed``, which comes once the last holder of the native
  /// media let go, so a consumer can outlive the ``Media`` it watches.
  public var events: AsyncStream<MediaEvent> {
    eventBox.changes.subscribe(bufferingPolicy: .unbounded)
  }

  /// Whether libVLC has parsed this media to the end (`libvlc_media_get_parsed_status` is
  /// "done"): after a ``parse(timeout:network:depth:)`` that succeeded, including one that
  /// found nothing playable. `false` before, while parsing, and after a parse that failed,
  /// was skipped or timed out. Thread-safe; does not block.
  public var isParsed: Bool {
    libvlc_media_get_parsed_status(pointer) == libvlc_media_parsed_status_done
  }
}

extension MediaEvent {
  /// The event for a native media event, or `nil` for one that is not a ``MediaEvent``.
  init?(native event: libvlc_event_t) {
    switch libvlc_event_e(rawValue: UInt32(bitPattern: event.type)) {
    case libvlc_MediaMetaChanged:
      let native = event.u.media_meta_changed.meta_type
      guard let key = MetadataKey.allCases.first(where: { $0.native == native }) else {
        return nil
      }
      self = .metadataChanged(key)
    case libvlc_MediaDurationChanged:
      let milliseconds = event.u.media_duration_changed.new_duration
      self = .durationChanged(milliseconds > 0 ? .milliseconds(milliseconds) : nil)
    case libvlc_MediaFreed:
      self = .freed
    default:
      return nil
    }
  }
}
