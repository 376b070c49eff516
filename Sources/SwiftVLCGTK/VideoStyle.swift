// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CGTK

/// The style of every ``VideoView``: a black background behind the letterboxed picture.
@MainActor
enum VideoStyle {
  private static var installed = false

  /// Adds the style sheet to the default display once; does nothing without a display.
  static func install() {
    guard !installed, let display = gdk_display_get_default() else { return }
    installed = true
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, ".swiftvlc-video { background-color: black; }", -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(UnsafeMutableRawPointer(provider))
  }
}
