// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

extension Player {
  /// Sends playback to `renderer` (a Chromecast, …) instead of the local outputs, or back to
  /// the local outputs with `nil`.
  ///
  /// Takes effect for the next ``play(_:)``; libVLC 3 also moves a running session. Returns at
  /// once; the change runs on the player's queue.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when the renderer was found through another
  ///   ``VLCInstance`` than the player's. Maps `libvlc_media_player_set_renderer`.
  public func setRenderer(_ renderer: Renderer?) throws(VLCError) {
    if let renderer, renderer.item.instance !== instance {
      throw .invalidInput("the renderer was found through another VLCInstance than the player's")
    }
    setNative(.renderer) { $0.renderer = .some(renderer.map { Same($0.item) }) }
  }
}
