// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// GTK through CGTK.h only (no GTK include path: docs/modules.md, "CGTK"), so GTK's macros are
// written as the calls they expand to: G_TYPE_FILE is g_file_get_type(), G_VALUE_HOLDS
// g_type_check_value_holds, GSK_IS_CAIRO_RENDERER g_type_check_instance_is_a, G_CALLBACK and
// the other casts plain C casts.
#include "CGTKShim.h"

#include <epoxy/gl.h>
#include <stdint.h>
#include <unistd.h>

// libdispatch's hooks for a foreign run loop: CoreFoundation's CFRunLoop is built on the same
// pair. On Linux the handle is an eventfd that libdispatch writes to when the main queue gets
// work; the callback drains the queue on the calling thread but does not reset the eventfd.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static guint main_queue_source;
static uint64_t main_queue_drains;

static gboolean main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
  (void)condition;
  (void)data;
  uint64_t count;
  // One read resets the eventfd's counter; GLib calls us only when it is readable.
  ssize_t ignored = read(fd, &count, sizeof count);
  (void)ignored;
  main_queue_drains++;
  _dispatch_main_queue_callback_4CF(NULL);
  return G_SOURCE_CONTINUE;
}

guint swiftvlc_gtk_attach_main_queue(void) {
  if (main_queue_source == 0) {
    main_queue_source = g_unix_fd_add_full(
      G_PRIORITY_DEFAULT, _dispatch_get_main_queue_handle_4CF(), G_IO_IN, main_queue_ready,
      NULL, NULL);
  }
  return main_queue_source;
}

uint64_t swiftvlc_gtk_main_queue_drains(void) { return main_queue_drains; }

gboolean swiftvlc_gtk_is_main_context_owner(void) {
  return g_main_context_is_owner(g_main_context_default());
}

#define CONNECT(name, type)                                                                   \
  gulong name(gpointer instance, const char *signal, type handler, gpointer data) {           \
    return g_signal_connect_data(instance, signal, (GCallback)handler, data, NULL, 0);        \
  }
CONNECT(swiftvlc_gtk_connect, SwiftVLCGTKHandler)
CONNECT(swiftvlc_gtk_connect_size, SwiftVLCGTKSizeHandler)
CONNECT(swiftvlc_gtk_connect_notify, SwiftVLCGTKNotifyHandler)
CONNECT(swiftvlc_gtk_connect_key, SwiftVLCGTKKeyHandler)
CONNECT(swiftvlc_gtk_connect_press, SwiftVLCGTKPressHandler)
CONNECT(swiftvlc_gtk_connect_drop, SwiftVLCGTKDropHandler)
CONNECT(swiftvlc_gtk_connect_action, SwiftVLCGTKActionHandler)
CONNECT(swiftvlc_gtk_connect_scroll, SwiftVLCGTKScrollHandler)
CONNECT(swiftvlc_gtk_connect_response, SwiftVLCGTKResponseHandler)
CONNECT(swiftvlc_gtk_connect_close, SwiftVLCGTKCloseHandler)

GFile *swiftvlc_gtk_value_file(const GValue *value) {
  if (value == NULL || !g_type_check_value_holds(value, g_file_get_type())) return NULL;
  return (GFile *)g_value_get_object(value);
}

GtkDropTarget *swiftvlc_gtk_add_file_drop_target(GtkWidget *widget) {
  GtkDropTarget *target = gtk_drop_target_new(g_file_get_type(), GDK_ACTION_COPY);
  gtk_widget_add_controller(widget, (GtkEventController *)target);
  return target;
}

char *swiftvlc_gtk_gl_renderer_name(GdkDisplay *display) {
  GError *error = NULL;
  GdkGLContext *context = NULL;
  char *name = NULL;
  if (gdk_display_prepare_gl(display, &error)) {
    context = gdk_display_create_gl_context(display, &error);
  }
  if (context != NULL && gdk_gl_context_realize(context, &error)) {
    GdkGLContext *previous = gdk_gl_context_get_current();
    if (previous != NULL) g_object_ref(previous);
    gdk_gl_context_make_current(context);
    const GLubyte *renderer = glGetString(GL_RENDERER);
    if (renderer != NULL) name = g_strdup((const char *)renderer);
    if (previous != NULL) {
      gdk_gl_context_make_current(previous);
      g_object_unref(previous);
    } else {
      gdk_gl_context_clear_current();
    }
  }
  g_clear_error(&error);
  if (context != NULL) g_object_unref(context);
  return name;
}

void swiftvlc_gtk_set_display_renderer(GdkDisplay *display, const char *name) {
  g_object_set_data_full((GObject *)display, "gsk-renderer", g_strdup(name), g_free);
}

gboolean swiftvlc_gtk_is_cairo_renderer(GskRenderer *renderer) {
  return renderer != NULL
    && g_type_check_instance_is_a((GTypeInstance *)renderer, gsk_cairo_renderer_get_type());
}
