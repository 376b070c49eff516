// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// The committed media in `Tests/SwiftVLCTests/Fixtures` (see its README for their contents).
enum Fixture: String, CaseIterable {
  case shortMP4 = "short.mp4"
  case seekMP4 = "seek.mp4"
  case longMP4 = "long.mp4"
  case tracksMKV = "tracks.mkv"
  case sineWAV = "sine440.wav"
  case sidecarSRT = "sidecar.srt"
  case shortTS = "short.ts"
  case hlsPlaylist = "hls/index.m3u8"
  case garbage = "garbage.mp4"
  case empty = "empty.mp4"
  case truncated = "truncated.mp4"
  case noIndexAVI = "noindex.avi"

  /// The fixture's file URL inside the test bundle.
  var url: URL {
    guard let base = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
      fatalError("the Fixtures folder is missing from the test bundle")
    }
    return base.appendingPathComponent(rawValue)
  }

  /// The fixture's file path.
  var path: String { url.path }
}
