// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CGTK
import CGTKShim
import Foundation
import SwiftVLC

// Buttons, sliders, keys, drops and dialogs. GTK calls the C handlers below on its thread,
// the main thread, where the main actor runs: `MainActor.assumeIsolated` checks that.

extension PlayerWindow {
  func makeHeaderBar() -> UnsafeMutablePointer<GtkWidget> {
    let bar = gtk_header_bar_new()!
    let open = gtk_button_new_from_icon_name("document-open-symbolic")!
    gtk_widget_set_tooltip_text(open, "Open a file")
    _ = swiftvlc_gtk_connect(open, "clicked", openClicked, context)
    gtk_header_bar_pack_start(g(bar), open)

    // An "open location" popover: type a URL, press Enter.
    let entry = gtk_entry_new()!
    gtk_entry_set_placeholder_text(g(entry), "https://… or /path/to/file")
    gtk_widget_set_size_request(entry, 320, -1)
    let popover = gtk_popover_new()!
    gtk_popover_set_child(g(popover), entry)
    let location = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(g(location), "network-server-symbolic")
    gtk_widget_set_tooltip_text(location, "Open a URL")
    gtk_menu_button_set_popover(g(location), popover)
    _ = swiftvlc_gtk_connect(entry, "activate", locationEntered, context)
    gtk_header_bar_pack_start(g(bar), location)

    let fullscreen = gtk_button_new_from_icon_name("view-fullscreen-symbolic")!
    _ = swiftvlc_gtk_connect(fullscreen, "clicked", fullscreenClicked, context)
    gtk_header_bar_pack_end(g(bar), fullscreen)
    for button in menus.buttons.reversed() { gtk_header_bar_pack_end(g(bar), button) }
    return bar
  }

  func connectControls() {
    _ = swiftvlc_gtk_connect(playButton, "clicked", playClicked, context)
    _ = swiftvlc_gtk_connect(muteButton, "toggled", muteToggled, context)
    // "change-value" comes only from the user, never from gtk_range_set_value.
    _ = swiftvlc_gtk_connect_scroll(seekBar, "change-value", seekMoved, context)
    _ = swiftvlc_gtk_connect_scroll(volumeBar, "change-value", volumeMoved, context)
  }

  func connectInput() {
    let keys = gtk_event_controller_key_new()!
    // Capture phase: the window sees the keys before a focused button or slider does.
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    _ = swiftvlc_gtk_connect_key(g(keys), "key-pressed", keyPressed, context)
    gtk_widget_add_controller(window, keys)

    let clicks = gtk_gesture_click_new()!
    _ = swiftvlc_gtk_connect_press(g(clicks), "pressed", videoPressed, context)
    gtk_widget_add_controller(video.widget, g(clicks))

    let drop = swiftvlc_gtk_add_file_drop_target(window)
    _ = swiftvlc_gtk_connect_drop(drop.map { g($0) }, "drop", fileDropped, context)
  }

  /// Handles a key; `true` when it was one of the player's.
  func handleKey(_ key: UInt32) -> Bool {
    switch Int32(key) {
    case GDK_KEY_space: togglePause()
    case GDK_KEY_Left: seek(by: -5)
    case GDK_KEY_Right: seek(by: 5)
    case GDK_KEY_Up: changeVolume(by: 0.05)
    case GDK_KEY_Down: changeVolume(by: -0.05)
    case GDK_KEY_a: menus.selectNext(.audio, of: player)
    case GDK_KEY_s: menus.selectNext(.subtitle, of: player)
    case GDK_KEY_v: menus.selectNext(.video, of: player)
    case GDK_KEY_m: player.isMuted.toggle()
    case GDK_KEY_f, GDK_KEY_F: toggleFullscreen()
    case GDK_KEY_q, GDK_KEY_Q: quit()
    case GDK_KEY_Escape where gtk_window_is_fullscreen(window.asWindow) != 0:
      gtk_window_unfullscreen(window.asWindow)
    default: return false
    }
    return true
  }

  func chooseFile() {
    let chooser = gtk_file_chooser_native_new(
      "Open media", window.asWindow, GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
    _ = swiftvlc_gtk_connect_response(g(chooser), "response", fileChosen, context)
    gtk_native_dialog_show(
      UnsafeMutableRawPointer(chooser).assumingMemoryBound(to: GtkNativeDialog.self))
  }

  func open(file: OpaquePointer) {
    if let path = g_file_get_path(file) {
      open(String(cString: path))
      g_free(path)
    } else if let uri = g_file_get_uri(file) {
      open(String(cString: uri))
      g_free(uri)
    }
  }
}

/// The window behind a handler's `data`.
private func window(_ context: gpointer?) -> PlayerWindow? {
  context.map { Unmanaged<PlayerWindow>.fromOpaque($0).takeUnretainedValue() }
}

private func openClicked(_ button: gpointer?, _ context: gpointer?) {
  guard let window = window(context) else { return }
  MainActor.assumeIsolated { window.chooseFile() }
}

private func fileChosen(_ dialog: gpointer?, _ response: Int32, _ context: gpointer?) {
  guard let window = window(context), let dialog else { return }
  if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(g(dialog)) {
    // Moved into the one closure that uses it, on this same thread.
    nonisolated(unsafe) let chosen = file
    MainActor.assumeIsolated { window.open(file: chosen) }
    g_object_unref(UnsafeMutableRawPointer(file))
  }
  g_object_unref(dialog)
}

private func locationEntered(_ entry: gpointer?, _ context: gpointer?) {
  guard let window = window(context), let entry else { return }
  let text = String(cString: gtk_editable_get_text(g(entry)))
  if let popover = gtk_widget_get_ancestor(g(entry), gtk_popover_get_type()) {
    gtk_popover_popdown(g(popover))
  }
  MainActor.assumeIsolated { window.open(text.trimmingCharacters(in: .whitespaces)) }
}

private func fullscreenClicked(_ button: gpointer?, _ context: gpointer?) {
  guard let window = window(context) else { return }
  MainActor.assumeIsolated { window.toggleFullscreen() }
}

private func playClicked(_ button: gpointer?, _ context: gpointer?) {
  guard let window = window(context) else { return }
  MainActor.assumeIsolated { window.togglePause() }
}

private func muteToggled(_ button: gpointer?, _ context: gpointer?) {
  guard let window = window(context), let button else { return }
  let active = gtk_toggle_button_get_active(g(button)) != 0
  MainActor.assumeIsolated {
    if window.player.isMuted != active { window.player.isMuted = active }
  }
}

private func seekMoved(
  _ range: gpointer?, _ scroll: GtkScrollType, _ value: Double, _ context: gpointer?
) -> gboolean {
  guard let window = window(context) else { return 0 }
  MainActor.assumeIsolated { try? window.player.seek(to: .milliseconds(Int(max(value, 0) * 1000))) }
  return 0
}

private func volumeMoved(
  _ range: gpointer?, _ scroll: GtkScrollType, _ value: Double, _ context: gpointer?
) -> gboolean {
  guard let window = window(context) else { return 0 }
  MainActor.assumeIsolated { window.setVolume(Float(value)) }
  return 0
}

private func keyPressed(
  _ controller: gpointer?, _ key: guint, _ code: guint, _ state: GdkModifierType,
  _ context: gpointer?
) -> gboolean {
  guard let window = window(context) else { return 0 }
  let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue)
  guard modifiers == 0 else { return 0 }
  return MainActor.assumeIsolated { window.handleKey(key) } ? 1 : 0
}

private func videoPressed(
  _ gesture: gpointer?, _ presses: Int32, _ x: Double, _ y: Double, _ context: gpointer?
) {
  guard let window = window(context), presses == 2 else { return }
  MainActor.assumeIsolated { window.toggleFullscreen() }
}

private func fileDropped(
  _ target: gpointer?, _ value: OpaquePointer?, _ x: Double, _ y: Double,
  _ context: gpointer?
) -> gboolean {
  guard let window = window(context), let file = swiftvlc_gtk_value_file(value) else { return 0 }
  // Moved into the one closure that uses it, on this same thread.
  nonisolated(unsafe) let dropped = file
  MainActor.assumeIsolated { window.open(file: dropped) }
  return 1
}
