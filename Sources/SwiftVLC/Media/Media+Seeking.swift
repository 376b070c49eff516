// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension Media {
  /// Makes seeks in this media land on keyframes (libVLC's `input-fast-seek` option): a seek
  /// then resumes at the keyframe at or before the requested time instead of decoding up to
  /// it. Call before playing; libVLC 3 reads the choice when the media opens and keeps it for
  /// that whole playback. Use it with ``Player/seek(to:mode:timeout:)`` and
  /// ``SeekMode/fast``.
  public func preferFastSeeking() {
    addOption(":input-fast-seek")
  }
}
