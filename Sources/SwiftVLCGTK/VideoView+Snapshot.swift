// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CGTK

extension VideoView {
  /// Renders the widget as it is shown now (letterbox included) with the window's own
  /// renderer and writes it to a PNG file at `path`.
  ///
  /// For tests and screenshots on any backend, Wayland included, where the screen cannot be
  /// captured from outside. Blocks the main thread while rendering (a few milliseconds).
  /// - Returns: `false` when the widget is not shown in a window, has not been drawn yet (GTK
  ///   sometimes has no picture of it between two frames: try again after the next frame), or
  ///   the file cannot be written.
  public func writeSnapshot(toPNG path: String) -> Bool {
    let width = gtk_widget_get_width(widget)
    let height = gtk_widget_get_height(widget)
    guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
      let renderer = gtk_native_get_renderer(native)
    else { return false }
    let paintable = gtk_widget_paintable_new(widget)
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
    defer { gsk_render_node_unref(node) }
    guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    return gdk_texture_save_to_png(texture, path) != 0
  }
}
