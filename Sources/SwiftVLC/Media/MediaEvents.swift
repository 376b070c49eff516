// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// The media's event callback context: what the C callback needs, nothing more.
final class MediaEvents: Sendable {
  /// Parse completions, as raw `libvlc_media_parsed_status_t` values.
  let parse = Broadcaster<UInt32>()
  /// Sub-items libVLC found (playlist entries), as retained native media.
  let subItems = Broadcaster<SubItem>()
  /// The public events (``Media/events``).
  let changes = Broadcaster<MediaEvent>()

  /// A retained child media handed from the callback to Swift.
  struct SubItem: @unchecked Sendable {  // a retained libvlc_media_t*, adopted by exactly one Media
    var pointer: OpaquePointer
  }
}

/// The C callback of a media's events (``Media``'s attachment): runs on libVLC's event
/// thread, calls no libVLC function.
func mediaEventCallback(
  event: UnsafePointer<libvlc_event_t>?, context: UnsafeMutableRawPointer?
) {
  guard let event, let context else { return }
  let events = Unmanaged<MediaEvents>.fromOpaque(context).takeUnretainedValue()
  switch libvlc_event_e(rawValue: UInt32(bitPattern: event.pointee.type)) {
  case libvlc_MediaParsedChanged:
    events.parse.broadcast(UInt32(event.pointee.u.media_parsed_changed.new_status))
  case libvlc_MediaFreed:
    // The last event: libVLC destroys the event manager next. The listener was left attached
    // by Media's deinit with the box retained for this callback; release it now.
    events.changes.broadcast(.freed)
    events.changes.terminate()
    Unmanaged<MediaEvents>.fromOpaque(context).release()
  default:
    if let change = MediaEvent(native: event.pointee) { events.changes.broadcast(change) }
  }
}
