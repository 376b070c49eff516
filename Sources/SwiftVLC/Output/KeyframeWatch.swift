// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CRemux

/// Watches a live recording's growing file for the video's first keyframe: one reader on a
/// thread of its own that reads each byte once and waits for the writer (inotify) while it is
/// behind, so the session's loop only reads a flag (the gate used to reopen and re-read the
/// whole file every quarter of a second). Stopped by ``stop()`` or its first keyframe.
// @unchecked: the C object's state and stop flag are C11 atomics; it is freed only once the
// reading thread, which holds this object, has returned.
final class KeyframeWatch: @unchecked Sendable {
  private let pointer: OpaquePointer

  /// Starts reading the file at `path` as libavformat's `format`; `nil` when it cannot be
  /// opened.
  init?(path: String, format: String) {
    guard let pointer = svlc_keyframe_watch_new(path, format) else { return nil }
    self.pointer = pointer
    OwnThread.start { svlc_keyframe_watch_run(self.pointer) }
  }

  deinit { svlc_keyframe_watch_free(pointer) }

  /// Whether a video keyframe has been read.
  var found: Bool { svlc_keyframe_watch_state(pointer) == Int32(SVLC_KEYFRAME_FOUND.rawValue) }

  /// Whether the reader has given up without a keyframe: the file cannot be read in its
  /// format, or it ended in an error.
  var failed: Bool {
    svlc_keyframe_watch_state(pointer) == Int32(SVLC_KEYFRAME_UNREADABLE.rawValue)
  }

  /// Ends the reading within about 100 ms. Any thread.
  func stop() { svlc_keyframe_watch_stop(pointer) }
}
