// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// What Swift cannot express over GTK 4 and GLib: typed signal connections (G_CALLBACK casts
// a handler to a function of no arguments), GObject type checks (macros), and the bridge that
// drains the main dispatch queue (Swift's main actor) from GLib's main loop.
#ifndef SWIFTVLC_CGTKSHIM_H
#define SWIFTVLC_CGTKSHIM_H

#include <stdint.h>
// CGTK's own header, so that GTK's declarations belong to the CGTK module.
#include "../../CGTK/CGTK.h"

/// Makes GLib's default main context drain libdispatch's main queue, which is Swift's main
/// actor on Linux: a GSource watches the queue's eventfd and, when libdispatch signals work,
/// clears it and runs every queued job on the calling thread. Call on the main thread, before
/// running the GLib main loop there. Idempotent; returns the GSource id.
guint swiftvlc_gtk_attach_main_queue(void);

/// How many times the main-queue source has drained the queue (for tests).
uint64_t swiftvlc_gtk_main_queue_drains(void);

/// Whether the calling thread owns GLib's default main context (GTK's thread).
gboolean swiftvlc_gtk_is_main_context_owner(void);

/// Handler shapes of the signals SwiftVLC connects to.
typedef void (*SwiftVLCGTKHandler)(gpointer instance, gpointer data);
typedef void (*SwiftVLCGTKSizeHandler)(gpointer instance, int width, int height, gpointer data);
typedef void (*SwiftVLCGTKNotifyHandler)(gpointer instance, GParamSpec *spec, gpointer data);
typedef gboolean (*SwiftVLCGTKKeyHandler)(
  gpointer controller, guint keyval, guint keycode, GdkModifierType state, gpointer data);
typedef void (*SwiftVLCGTKPressHandler)(
  gpointer gesture, int presses, double x, double y, gpointer data);
typedef gboolean (*SwiftVLCGTKDropHandler)(
  gpointer target, const GValue *value, double x, double y, gpointer data);
typedef void (*SwiftVLCGTKActionHandler)(gpointer action, GVariant *parameter, gpointer data);
typedef gboolean (*SwiftVLCGTKScrollHandler)(
  gpointer range, GtkScrollType scroll, double value, gpointer data);
typedef void (*SwiftVLCGTKResponseHandler)(gpointer dialog, int response, gpointer data);
typedef gboolean (*SwiftVLCGTKCloseHandler)(gpointer window, gpointer data);

gulong swiftvlc_gtk_connect(
  gpointer instance, const char *signal, SwiftVLCGTKHandler handler, gpointer data);
gulong swiftvlc_gtk_connect_size(
  gpointer instance, const char *signal, SwiftVLCGTKSizeHandler handler, gpointer data);
gulong swiftvlc_gtk_connect_notify(
  gpointer instance, const char *signal, SwiftVLCGTKNotifyHandler handler, gpointer data);
gulong swiftvlc_gtk_connect_key(
  gpointer instance, const char *signal, SwiftVLCGTKKeyHandler handler, gpointer data);
gulong swiftvlc_gtk_connect_press(
  gpointer instance, const char *signal, SwiftVLCGTKPressHandler handler, gpointer data);
gulong swiftvlc_gtk_connect_drop(
  gpointer instance, const char *signal, SwiftVLCGTKDropHandler handler, gpointer data);
gulong swiftvlc_gtk_connect_action(
  gpointer instance, const char *signal, SwiftVLCGTKActionHandler handler, gpointer data);
gulong swiftvlc_gtk_connect_scroll(
  gpointer instance, const char *signal, SwiftVLCGTKScrollHandler handler, gpointer data);
gulong swiftvlc_gtk_connect_response(
  gpointer instance, const char *signal, SwiftVLCGTKResponseHandler handler, gpointer data);
gulong swiftvlc_gtk_connect_close(
  gpointer instance, const char *signal, SwiftVLCGTKCloseHandler handler, gpointer data);

/// The GFile a drop or a file dialog delivered in `value`, or NULL (not a file). Not owned.
GFile *swiftvlc_gtk_value_file(const GValue *value);

/// The drop target for files, copy action, on `widget`. Returns the controller (owned by it).
GtkDropTarget *swiftvlc_gtk_add_file_drop_target(GtkWidget *widget);

/// The GL_RENDERER string of a GL context GDK makes for `display` ("llvmpipe (LLVM 15.0.6,
/// 256 bits)" for Mesa's software rasterizer), or NULL when GDK cannot use GL there. Creates
/// and drops a context: call on GTK's thread, once. Free the result with g_free.
char *swiftvlc_gtk_gl_renderer_name(GdkDisplay *display);

/// Sets the renderer GTK 4 gives the surfaces of `display` realized from now on ("cairo",
/// "gl"): the per-display choice GSK reads before GSK_RENDERER ("gsk-renderer" data).
void swiftvlc_gtk_set_display_renderer(GdkDisplay *display, const char *name);

/// Whether `renderer` is GSK's cairo renderer (GSK_IS_CAIRO_RENDERER).
gboolean swiftvlc_gtk_is_cairo_renderer(GskRenderer *renderer);

#endif
