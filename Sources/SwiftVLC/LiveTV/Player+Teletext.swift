internal import CLibVLC

extension Player {
  /// Shows teletext page `page` (100…899) of the current teletext subtitle track.
  ///
  /// DVB teletext streams appear in ``subtitleTracks`` (libVLC's zvbi decoder, in Debian's
  /// `vlc-plugin-base`, renders them); select one with ``selectSubtitleTrack(_:)``, then choose
  /// the page. Subtitle pages are usually 888 or 777; the index page is 100, libVLC's default.
  /// The page is kept by the native player for later media too; after ``stop()`` swaps in a
  /// fresh native player (a stuck stream), set it again. Maps `libvlc_video_set_teletext`.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a page outside 100…899.
  public func setTeletextPage(_ page: Int) throws(VLCError) {
    guard (100...899).contains(page) else {
      throw .invalidInput("teletext page \(page) is outside 100…899")
    }
    native.async { libvlc_video_set_teletext($0, Int32(page)) }
  }

  /// The teletext page the native player shows when a teletext track is selected.
  /// Maps `libvlc_video_get_teletext`.
  public func teletextPage() async -> Int {
    Int(await native.run { libvlc_video_get_teletext($0) })
  }
}
