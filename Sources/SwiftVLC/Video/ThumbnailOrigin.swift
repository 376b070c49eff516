// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Which way ``Thumbnailer`` made a picture (``Thumbnail/origin``).
public enum ThumbnailOrigin: Sendable, Hashable {
  /// Decoded from the local file by the exact-frame decoder (libavformat and libavcodec):
  /// exactly the frame ``ThumbnailMode`` names.
  case exactFrame
  /// Played by libVLC, as exact as its seeking (see ``ThumbnailMode``). `reason` says why the
  /// exact-frame decoder was not used: "not a local file", "a custom input", or why
  /// libavformat could not read the file.
  case libVLC(reason: String)
}
