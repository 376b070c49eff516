// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

extension Player {
  /// Shows teletext page `page` (100…899) over the video.
  ///
  /// A DVB teletext stream appears in ``subtitleTracks`` (``Track/isTeletext``; libVLC's zvbi
  /// decoder, in Debian's `vlc-plugin-base`, draws it): "Teletext" for the whole service and,
  /// when the stream's descriptor names them, one "Teletext subtitles" track per subtitle page.
  /// With no teletext track selected, this selects the first one (libVLC 3.0.24 does so);
  /// with one selected, it turns to the page, drawn once the page next arrives in the stream
  /// (teletext repeats every page every few seconds at most). Selecting a "Teletext subtitles"
  /// track shows its own page (usually 888) whatever this page is; ``selectSubtitleTrack(_:)``
  /// with `nil` hides teletext. The page is a player setting: it applies to later media and
  /// survives the native player being replaced. Maps `libvlc_video_set_teletext`.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a page outside 100…899.
  public func setTeletextPage(_ page: Int) throws(VLCError) {
    guard (100...899).contains(page) else {
      throw .invalidInput("teletext page \(page) is outside 100…899")
    }
    let number = Int32(page)
    setNative(.teletextPage) { $0.teletextPage = number }
  }

  /// The teletext page last asked for with ``setTeletextPage(_:)`` (libVLC starts at 100).
  /// A selected "Teletext subtitles" track shows its own page regardless. Reads it on the
  /// player's queue. Maps `libvlc_video_get_teletext`.
  public func teletextPage() async -> Int {
    Int(await native.run { libvlc_video_get_teletext($0) })
  }
}

extension Track {
  /// Whether this subtitle track is DVB teletext (codec `telx`), shown by libVLC's zvbi
  /// decoder: the whole teletext service ("Teletext") or one of its subtitle pages
  /// ("Teletext subtitles"), as the stream's teletext descriptor lists them.
  public var isTeletext: Bool { codec == "telx" }
}
