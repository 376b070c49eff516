// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// A remote-control key for disc menus (DVD, Blu-ray). Maps `libvlc_navigate_mode_t`.
public enum MenuNavigation: Sendable, Hashable, CaseIterable {
  /// Chooses the highlighted menu button.
  case activate
  /// Moves the highlight up.
  case up
  /// Moves the highlight down.
  case down
  /// Moves the highlight left.
  case left
  /// Moves the highlight right.
  case right
  /// Opens the disc's popup menu (Blu-ray). libVLC 3's DVD module ignores it: to return to a
  /// DVD's menu, select its menu title (``Player/menuTitles``) with ``Player/selectTitle(_:)``.
  case popup

  var native: libvlc_navigate_mode_t {
    switch self {
    case .activate: libvlc_navigate_activate
    case .up: libvlc_navigate_up
    case .down: libvlc_navigate_down
    case .left: libvlc_navigate_left
    case .right: libvlc_navigate_right
    case .popup: libvlc_navigate_popup
    }
  }
}

extension Player {
  /// Sends a menu key to the playing disc (DVD through libdvdnav, Blu-ray through libbluray).
  ///
  /// The demuxer acts on it: a highlighted button moves or is chosen, which may switch to
  /// another of ``titles`` (``currentTitle`` changes and ``PlayerEvent/titleChanged(_:)``
  /// follows). A DVD opened as `dvd:///path/to/VIDEO_TS-folder-or-image` starts in its menu
  /// when it has one. Sources without menus (files, streams) ignore it. Returns at once; runs
  /// on the player's queue. Maps `libvlc_media_player_navigate`.
  ///
  /// - Throws: ``VLCError/invalidState(_:)`` when nothing is playing.
  public func navigate(_ key: MenuNavigation) throws(VLCError) {
    guard currentMedia != nil, state.isActive else {
      throw .invalidState("menu navigation needs a playing media")
    }
    let mode = UInt32(key.native.rawValue)
    native.async { libvlc_media_player_navigate($0, mode) }
  }

  /// The titles that are menus (``Title/isMenu``). libVLC 3 lists a DVD's menus as title 0;
  /// selecting it (``selectTitle(_:)``) shows the disc's root menu.
  public var menuTitles: [Title] { titles.filter(\.isMenu) }
}
