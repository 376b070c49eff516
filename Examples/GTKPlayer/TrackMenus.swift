// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CGTK
import CGTKShim
import SwiftVLC

/// The header bar's menus: audio track, subtitle track, chapter and playback rate. Each item
/// activates a window action ("win.audio", "win.subtitle", "win.chapter", "win.rate") with an
/// integer: a track id (-1 for none), a chapter index, a rate in percent.
@MainActor
final class TrackMenus {
  /// One menu item: its label and the integer its action gets.
  private struct Item: Equatable {
    var title: String
    var value: Int
  }

  /// What the menus show. libVLC re-reports tracks while playing (bitrates change): a menu is
  /// rebuilt only when its items change, because rebuilding closes it under the user's pointer.
  private struct Shown: Equatable {
    var audio: [Item] = []
    var subtitles: [Item] = []
    var chapters: [Item] = []
  }

  let buttons: [UnsafeMutablePointer<GtkWidget>]
  private let audio = gtk_menu_button_new()!
  private let subtitles = gtk_menu_button_new()!
  private let chapters = gtk_menu_button_new()!
  private let rate = gtk_menu_button_new()!
  private var shown: Shown?
  private weak var window: PlayerWindow?

  init() {
    buttons = [audio, subtitles, chapters, rate]
    let looks = [
      (audio, "audio-x-generic-symbolic", "Audio track"),
      (subtitles, "media-view-subtitles-symbolic", "Subtitles"),
      (chapters, "view-list-symbolic", "Chapters"),
      (rate, "power-profile-performance-symbolic", "Playback rate"),
    ]
    for (button, icon, tip) in looks {
      gtk_menu_button_set_icon_name(g(button), icon)
      gtk_widget_set_tooltip_text(button, tip)
    }
  }

  /// Adds the menus' actions to `window` and fills the rate menu.
  func install(on window: PlayerWindow) {
    self.window = window
    let type = g_variant_type_new("i")
    defer { g_variant_type_free(type) }
    for name in ["audio", "subtitle", "chapter", "rate"] {
      let action = g_simple_action_new(name, type)!
      _ = swiftvlc_gtk_connect_action(g(action), "activate", menuActivated, window.context)
      g_action_map_add_action(g(window.window), g(action))
      g_object_unref(UnsafeMutableRawPointer(action))
    }
    let rates = [25, 50, 75, 100, 125, 150, 200, 400]
    setMenu(
      of: rate, items: rates.map { Item(title: "\(Double($0) / 100)×", value: $0) },
      action: "win.rate")
  }

  /// Rebuilds the track and chapter menus when the player's lists changed.
  func refresh(from player: Player) {
    let now = Shown(
      audio: player.audioTracks.map { Item(title: label($0), value: $0.id) },
      subtitles: [Item(title: "None", value: -1)]
        + player.subtitleTracks.map { Item(title: label($0), value: $0.id) },
      chapters: player.chapters.map {
        Item(title: "\($0.name ?? "Chapter \($0.index + 1)")  \(clock($0.start))", value: $0.index)
      })
    guard now != shown else { return }
    if now.audio != shown?.audio { setMenu(of: audio, items: now.audio, action: "win.audio") }
    if now.subtitles != shown?.subtitles {
      setMenu(of: subtitles, items: now.subtitles, action: "win.subtitle")
    }
    if now.chapters != shown?.chapters {
      setMenu(of: chapters, items: now.chapters, action: "win.chapter")
    }
    gtk_widget_set_sensitive(chapters, now.chapters.isEmpty ? 0 : 1)
    shown = now
  }

  /// Selects the track after the current one, as the terminal player's `a`, `s` and `v` keys
  /// do (subtitles cycle through "none" too).
  func selectNext(_ kind: TrackKind, of player: Player) {
    let (tracks, current): ([Track], Track?) =
      switch kind {
      case .audio: (player.audioTracks, player.selectedAudioTrack)
      case .video: (player.videoTracks, player.selectedVideoTrack)
      default: (player.subtitleTracks, player.selectedSubtitleTrack)
      }
    let choices: [Track?] = (kind == .subtitle ? [nil] : []) + tracks.map { $0 }
    guard !choices.isEmpty else { return }
    let index = choices.firstIndex { $0?.id == current?.id } ?? -1
    let next = choices[(index + 1) % choices.count]
    switch kind {
    case .audio: try? player.selectAudioTrack(next)
    case .video: try? player.selectVideoTrack(next)
    default: try? player.selectSubtitleTrack(next)
    }
  }

  fileprivate func activate(_ action: String, value: Int, on player: Player) {
    switch action {
    case "audio": try? player.selectAudioTrack(player.audioTracks.first { $0.id == value })
    case "subtitle": try? player.selectSubtitleTrack(player.subtitleTracks.first { $0.id == value })
    case "chapter": try? player.selectChapter(value)
    case "rate": try? player.setPlaybackRate(Float(value) / 100)
    default: break
    }
  }

  private func label(_ track: Track) -> String {
    [track.name, track.language].compactMap { $0 }.joined(separator: " – ").nonEmpty
      ?? "Track \(track.id)"
  }

  private func setMenu(
    of button: UnsafeMutablePointer<GtkWidget>, items: [Item], action: String
  ) {
    let menu = g_menu_new()!
    for entry in items {
      let item = g_menu_item_new(entry.title, nil)
      g_menu_item_set_action_and_target_value(
        item, action, g_variant_new_int32(Int32(entry.value)))
      g_menu_append_item(menu, item)
      g_object_unref(UnsafeMutableRawPointer(item))
    }
    gtk_menu_button_set_menu_model(g(button), g(menu))
    g_object_unref(UnsafeMutableRawPointer(menu))
  }
}

extension String {
  var nonEmpty: String? { isEmpty ? nil : self }
}

private func menuActivated(_ action: gpointer?, _ parameter: OpaquePointer?, _ context: gpointer?) {
  guard let action, let parameter, let context else { return }
  let window = Unmanaged<PlayerWindow>.fromOpaque(context).takeUnretainedValue()
  let name = String(cString: g_action_get_name(g(action)))
  let value = Int(g_variant_get_int32(parameter))
  MainActor.assumeIsolated { window.menus.activate(name, value: value, on: window.player) }
}
