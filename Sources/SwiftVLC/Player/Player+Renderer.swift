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
    let item = renderer?.item
    // libVLC 3 holds the item itself and always returns 0.
    setNative(.renderer) { player in _ = libvlc_media_player_set_renderer(player, item?.pointer) }
  }
}
