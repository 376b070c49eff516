// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC

/// Plays a file to its end and says how it ended.
@MainActor
func watch(_ path: String) async throws {
  let player = Player()  // @Observable, main actor; never blocks it
  try player.play(url: URL(fileURLWithPath: path))
  for await event in player.events {  // any number of independent consumers
    if case .stateChanged(let state) = event, [.ended, .stopped, .error].contains(state) { break }
  }
  print(player.outcome as Any)  // .ended, .stopped or .failed(VLCError)
}

/// Describes a file and saves a still from it as PNG.
func describe(_ path: String) async throws {
  let info = try await Media(path: path).parse(timeout: .seconds(3))
  print(info.duration as Any, info.tracks.map(\.codec))
  let still = try await Media(path: path).thumbnail(at: .seconds(10), width: 320, mode: .fast)
  try still.pngData().write(to: URL(fileURLWithPath: "/tmp/still.png"))
}

/// Records 30 seconds of a live stream into MP4; the finished file is checked before this
/// returns.
func record(_ url: URL) async throws {
  let live = try Media(url: url)
  let options = RecordingOptions(container: .mp4, duration: .seconds(30))
  let result = try await Recording.record(live, to: "/tmp/capture.mp4", options: options)
  print(result.bytes, result.duration)
}
