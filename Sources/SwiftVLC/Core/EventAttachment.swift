// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// The libVLC event callback signature (`libvlc_callback_t`).
typealias NativeEventCallback =
  @convention(c) (
    UnsafePointer<libvlc_event_t>?, UnsafeMutableRawPointer?
  ) -> Void

/// Attaches one C callback, with a retained context box, to several event types of one libVLC
/// event manager, and detaches them all exactly once.
///
/// libVLC 3 holds the event manager's lock while it runs a callback, and `libvlc_event_detach`
/// takes that lock. So when ``detach()`` returns, no callback is running with the box, and the
/// box is released only then. The owner keeps the native object alive until ``detach()``.
final class EventAttachment<Box: AnyObject & Sendable>: Sendable {
  // Borrowed from the native object the owner holds; used only under `attached`.
  private nonisolated(unsafe) let manager: OpaquePointer
  private nonisolated(unsafe) let callback: NativeEventCallback
  private let types: [Int32]
  private let context: Unmanaged<Box>
  private let attached = Mutex(true)

  /// Attaches `callback` with `box` as its context. Event types libVLC refuses are skipped.
  init(manager: OpaquePointer, types: [libvlc_event_e], box: Box, callback: NativeEventCallback) {
    self.manager = manager
    self.callback = callback
    self.context = Unmanaged.passRetained(box)
    var accepted: [Int32] = []
    for type in types {
      let raw = Int32(type.rawValue)
      if libvlc_event_attach(manager, raw, callback, context.toOpaque()) == 0 {
        accepted.append(raw)
      }
    }
    self.types = accepted
  }

  /// Detaches every listener, then releases the box. Idempotent; safe from any thread except
  /// from inside one of these callbacks.
  func detach() {
    attached.withLock { isAttached in
      guard isAttached else { return }
      isAttached = false
      for type in types {
        libvlc_event_detach(manager, type, callback, context.toOpaque())
      }
      context.release()
    }
  }

  /// Detaches every listener except the one for `type`, which stays attached with the box
  /// retained, for an event libVLC sends once as it frees the native object (such as
  /// `libvlc_MediaFreed`): that callback must then release the box itself
  /// (`Unmanaged.fromOpaque(context).release()`), and the event manager must not be used
  /// again. Idempotent with ``detach()``: whichever comes first wins.
  func detach(keeping type: libvlc_event_e) {
    attached.withLock { isAttached in
      guard isAttached else { return }
      isAttached = false
      let kept = Int32(type.rawValue)
      for other in types where other != kept {
        libvlc_event_detach(manager, other, callback, context.toOpaque())
      }
      if !types.contains(kept) { context.release() }
    }
  }

  deinit { detach() }
}
