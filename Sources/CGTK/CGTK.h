// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// The part of GTK 4 (with GDK and GSK), GLib, GObject and GIO that SwiftVLCGTK, CGTKShim and
// the GTK example player use, declared here as GTK 4.8's and GLib 2.74's headers declare it
// (their stable ABI, on LP64 Linux), and nothing more. Not <gtk/gtk.h>: that needs include
// paths only pkg-config knows, and SwiftPM refuses gtk4.pc's other flags (-pthread, -msse...)
// with a warning in every package whose graph holds this module, even one that never uses it.
// The module map links the libraries by name. docs/modules.md, "CGTK", says more.
//
// scripts/check-gtk-declarations.py proves this header against the real ones (CI runs it):
// compiled after <gtk/gtk.h>, a prototype, typedef or macro that differs is an error; the
// enums and structs below, declared through CGTK_DECLARE, get a prefix there and are compared
// with GTK's (values, sizes, signedness, field offsets and types). To use one more GTK
// function, add its prototype (and the types it needs) here and run `make check-gtk`.
#ifndef SWIFTVLC_CGTK_H
#define SWIFTVLC_CGTK_H

// The name of an enum constant, enum or struct type this header defines. The check defines
// CGTK_CHECK, so that these sit beside GTK's own under a prefix and can be compared.
#ifdef CGTK_CHECK
#define CGTK_DECLARE(name) cgtk_check_##name
#else
#define CGTK_DECLARE(name) name
#endif

// MARK: - GLib's basic types (glibconfig.h of x86_64 and aarch64 Linux, gtypes.h)

typedef char gchar;
typedef int gint;
typedef unsigned int guint;
typedef unsigned long gulong;
typedef signed int gint32;
typedef unsigned int guint32;
typedef signed long gint64;
typedef unsigned long gsize;
typedef signed long gssize;
typedef double gdouble;
typedef gint gboolean;
typedef void *gpointer;
typedef const void *gconstpointer;
typedef guint32 GQuark;
typedef gsize GType;

#define FALSE (0)
#define TRUE (!FALSE)

typedef void (*GDestroyNotify)(gpointer data);
typedef gboolean (*GSourceFunc)(gpointer user_data);

// MARK: - GLib

typedef struct _GMainContext GMainContext;
typedef struct _GBytes GBytes;
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;

typedef struct CGTK_DECLARE(_GError) CGTK_DECLARE(GError);
struct CGTK_DECLARE(_GError) {
  GQuark domain;
  gint code;
  gchar *message;
};

typedef enum {
  CGTK_DECLARE(G_IO_IN) = 1,
} CGTK_DECLARE(GIOCondition);

typedef gboolean (*GUnixFDSourceFunc)(gint fd, GIOCondition condition, gpointer user_data);

#define G_PRIORITY_DEFAULT 0
#define G_SOURCE_CONTINUE TRUE

void g_free(gpointer mem);
gchar *g_strdup(const gchar *str);
void g_clear_error(GError **err);

GMainContext *g_main_context_default(void);
gboolean g_main_context_is_owner(GMainContext *context);
guint g_unix_fd_add_full(
  gint priority, gint fd, GIOCondition condition, GUnixFDSourceFunc function,
  gpointer user_data, GDestroyNotify notify);
guint g_unix_signal_add(gint signum, GSourceFunc handler, gpointer user_data);

GBytes *g_bytes_new(gconstpointer data, gsize size);
void g_bytes_unref(GBytes *bytes);

GVariantType *g_variant_type_new(const gchar *type_string);
void g_variant_type_free(GVariantType *type);
const GVariantType *g_variant_type_checked_(const gchar *);
void g_variant_unref(GVariant *value);
GVariant *g_variant_ref_sink(GVariant *value);
gchar *g_variant_print(GVariant *value, gboolean type_annotate);
GVariant *g_variant_new_boolean(gboolean value);
GVariant *g_variant_new_int32(gint32 value);
GVariant *g_variant_new_int64(gint64 value);
GVariant *g_variant_new_double(gdouble value);
GVariant *g_variant_new_string(const gchar *string);
GVariant *g_variant_new_object_path(const gchar *object_path);
GVariant *g_variant_new_variant(GVariant *value);
GVariant *g_variant_new_dict_entry(GVariant *key, GVariant *value);
GVariant *g_variant_new_array(
  const GVariantType *child_type, GVariant *const *children, gsize n_children);
GVariant *g_variant_new_tuple(GVariant *const *children, gsize n_children);
GVariant *g_variant_get_child_value(GVariant *value, gsize index_);
gint32 g_variant_get_int32(GVariant *value);
gint64 g_variant_get_int64(GVariant *value);
gdouble g_variant_get_double(GVariant *value);
const gchar *g_variant_get_string(GVariant *value, gsize *length);

// MARK: - GObject

typedef struct _GTypeClass GTypeClass;
typedef struct _GData GData;
typedef struct _GValue GValue;
typedef struct _GParamSpec GParamSpec;
typedef struct _GClosure GClosure;

typedef struct CGTK_DECLARE(_GTypeInstance) CGTK_DECLARE(GTypeInstance);
struct CGTK_DECLARE(_GTypeInstance) {
  GTypeClass *g_class;
};

typedef struct CGTK_DECLARE(_GObject) CGTK_DECLARE(GObject);
typedef struct CGTK_DECLARE(_GObject) CGTK_DECLARE(GInitiallyUnowned);
struct CGTK_DECLARE(_GObject) {
  GTypeInstance g_type_instance;
  guint ref_count;
  GData *qdata;
};

typedef void (*GCallback)(void);
typedef void (*GClosureNotify)(gpointer data, GClosure *closure);

typedef enum {
  // Unused (shim.c passes 0): a C enum needs a constant.
  CGTK_DECLARE(G_CONNECT_DEFAULT) = 0,
} CGTK_DECLARE(GConnectFlags);

const gchar *g_type_name_from_instance(GTypeInstance *instance);
gboolean g_type_check_instance_is_a(GTypeInstance *instance, GType iface_type);
gboolean g_type_check_value_holds(const GValue *value, GType type);

// In parentheses: GLib also defines these names as macros (the check sees them).
gpointer(g_object_ref)(gpointer object);
gpointer(g_object_ref_sink)(gpointer object);
void g_object_unref(gpointer object);
void g_object_set_data_full(
  GObject *object, const gchar *key, gpointer data, GDestroyNotify destroy);
gpointer g_value_get_object(const GValue *value);

gulong g_signal_connect_data(
  gpointer instance, const gchar *detailed_signal, GCallback c_handler, gpointer data,
  GClosureNotify destroy_data, GConnectFlags connect_flags);
void g_signal_handler_disconnect(gpointer instance, gulong handler_id);

// MARK: - GIO

typedef struct _GFile GFile;
typedef struct _GAction GAction;
typedef struct _GActionMap GActionMap;
typedef struct _GSimpleAction GSimpleAction;
typedef struct _GMenu GMenu;
typedef struct _GMenuItem GMenuItem;
typedef struct _GMenuModel GMenuModel;
typedef struct _GApplicationPrivate GApplicationPrivate;
typedef struct _GDBusConnection GDBusConnection;
typedef struct _GDBusMethodInvocation GDBusMethodInvocation;
typedef struct _GDBusInterfaceInfo GDBusInterfaceInfo;
typedef struct _GDBusAnnotationInfo GDBusAnnotationInfo;

typedef struct CGTK_DECLARE(_GApplication) CGTK_DECLARE(GApplication);
struct CGTK_DECLARE(_GApplication) {
  GObject parent_instance;
  GApplicationPrivate *priv;
};

typedef enum {
  CGTK_DECLARE(G_APPLICATION_NON_UNIQUE) = 1 << 5,
} CGTK_DECLARE(GApplicationFlags);

typedef enum {
  // Unused, but it makes the enum signed as GLib's is.
  CGTK_DECLARE(G_BUS_TYPE_STARTER) = -1,
  CGTK_DECLARE(G_BUS_TYPE_SESSION) = 2,
} CGTK_DECLARE(GBusType);

typedef enum {
  CGTK_DECLARE(G_BUS_NAME_OWNER_FLAGS_NONE) = 0,
} CGTK_DECLARE(GBusNameOwnerFlags);

typedef void (*GBusAcquiredCallback)(
  GDBusConnection *connection, const gchar *name, gpointer user_data);
typedef void (*GBusNameAcquiredCallback)(
  GDBusConnection *connection, const gchar *name, gpointer user_data);
typedef void (*GBusNameLostCallback)(
  GDBusConnection *connection, const gchar *name, gpointer user_data);
typedef void (*GDBusInterfaceMethodCallFunc)(
  GDBusConnection *connection, const gchar *sender, const gchar *object_path,
  const gchar *interface_name, const gchar *method_name, GVariant *parameters,
  GDBusMethodInvocation *invocation, gpointer user_data);
typedef GVariant *(*GDBusInterfaceGetPropertyFunc)(
  GDBusConnection *connection, const gchar *sender, const gchar *object_path,
  const gchar *interface_name, const gchar *property_name, GError **error, gpointer user_data);
typedef gboolean (*GDBusInterfaceSetPropertyFunc)(
  GDBusConnection *connection, const gchar *sender, const gchar *object_path,
  const gchar *interface_name, const gchar *property_name, GVariant *value, GError **error,
  gpointer user_data);

typedef struct CGTK_DECLARE(_GDBusInterfaceVTable) CGTK_DECLARE(GDBusInterfaceVTable);
struct CGTK_DECLARE(_GDBusInterfaceVTable) {
  GDBusInterfaceMethodCallFunc method_call;
  GDBusInterfaceGetPropertyFunc get_property;
  GDBusInterfaceSetPropertyFunc set_property;
  gpointer padding[8];
};

typedef struct CGTK_DECLARE(_GDBusNodeInfo) CGTK_DECLARE(GDBusNodeInfo);
struct CGTK_DECLARE(_GDBusNodeInfo) {
  gint ref_count;
  gchar *path;
  GDBusInterfaceInfo **interfaces;
  GDBusNodeInfo **nodes;
  GDBusAnnotationInfo **annotations;
};

GType g_file_get_type(void);
char *g_file_get_path(GFile *file);
char *g_file_get_uri(GFile *file);

int g_application_run(GApplication *application, int argc, char **argv);

const gchar *g_action_get_name(GAction *action);
void g_action_map_add_action(GActionMap *action_map, GAction *action);
GSimpleAction *g_simple_action_new(const gchar *name, const GVariantType *parameter_type);

GMenu *g_menu_new(void);
void g_menu_append_item(GMenu *menu, GMenuItem *item);
GMenuItem *g_menu_item_new(const gchar *label, const gchar *detailed_action);
void g_menu_item_set_action_and_target_value(
  GMenuItem *menu_item, const gchar *action, GVariant *target_value);

guint g_bus_own_name(
  GBusType bus_type, const gchar *name, GBusNameOwnerFlags flags,
  GBusAcquiredCallback bus_acquired_handler, GBusNameAcquiredCallback name_acquired_handler,
  GBusNameLostCallback name_lost_handler, gpointer user_data,
  GDestroyNotify user_data_free_func);
GDBusNodeInfo *g_dbus_node_info_new_for_xml(const gchar *xml_data, GError **error);
guint g_dbus_connection_register_object(
  GDBusConnection *connection, const gchar *object_path, GDBusInterfaceInfo *interface_info,
  const GDBusInterfaceVTable *vtable, gpointer user_data, GDestroyNotify user_data_free_func,
  GError **error);
gboolean g_dbus_connection_emit_signal(
  GDBusConnection *connection, const gchar *destination_bus_name, const gchar *object_path,
  const gchar *interface_name, const gchar *signal_name, GVariant *parameters, GError **error);
void g_dbus_method_invocation_return_value(
  GDBusMethodInvocation *invocation, GVariant *parameters);

// MARK: - GDK and GSK

typedef struct _GdkDisplay GdkDisplay;
typedef struct _GdkGLContext GdkGLContext;
typedef struct _GdkPaintable GdkPaintable;
typedef struct _GdkSnapshot GdkSnapshot;
typedef struct _GdkTexture GdkTexture;
typedef struct _GskRenderer GskRenderer;
typedef struct _GskRenderNode GskRenderNode;
typedef struct _graphene_rect_t graphene_rect_t;

typedef enum {
  CGTK_DECLARE(GDK_MEMORY_B8G8R8A8_PREMULTIPLIED) = 0,
  CGTK_DECLARE(GDK_MEMORY_B8G8R8A8) = 3,
} CGTK_DECLARE(GdkMemoryFormat);

typedef enum {
  CGTK_DECLARE(GDK_CONTROL_MASK) = 1 << 2,
  CGTK_DECLARE(GDK_ALT_MASK) = 1 << 3,
} CGTK_DECLARE(GdkModifierType);

typedef enum {
  CGTK_DECLARE(GDK_ACTION_COPY) = 1 << 0,
} CGTK_DECLARE(GdkDragAction);

#define GDK_KEY_space 0x020
#define GDK_KEY_F 0x046
#define GDK_KEY_Q 0x051
#define GDK_KEY_a 0x061
#define GDK_KEY_f 0x066
#define GDK_KEY_m 0x06d
#define GDK_KEY_q 0x071
#define GDK_KEY_s 0x073
#define GDK_KEY_v 0x076
#define GDK_KEY_Escape 0xff1b
#define GDK_KEY_Left 0xff51
#define GDK_KEY_Up 0xff52
#define GDK_KEY_Right 0xff53
#define GDK_KEY_Down 0xff54

GdkDisplay *gdk_display_get_default(void);
gboolean gdk_display_prepare_gl(GdkDisplay *self, GError **error);
GdkGLContext *gdk_display_create_gl_context(GdkDisplay *self, GError **error);
gboolean gdk_gl_context_realize(GdkGLContext *context, GError **error);
GdkGLContext *gdk_gl_context_get_current(void);
void gdk_gl_context_make_current(GdkGLContext *context);
void gdk_gl_context_clear_current(void);
GdkTexture *gdk_memory_texture_new(
  int width, int height, GdkMemoryFormat format, GBytes *bytes, gsize stride);
gboolean gdk_texture_save_to_png(GdkTexture *texture, const char *filename);
void gdk_paintable_snapshot(
  GdkPaintable *paintable, GdkSnapshot *snapshot, double width, double height);

GType gsk_cairo_renderer_get_type(void);
GdkTexture *gsk_renderer_render_texture(
  GskRenderer *renderer, GskRenderNode *root, const graphene_rect_t *viewport);
void gsk_render_node_unref(GskRenderNode *node);

// MARK: - GTK

typedef struct _GtkWidgetPrivate GtkWidgetPrivate;
typedef struct _GtkBox GtkBox;
typedef struct _GtkButton GtkButton;
typedef struct _GtkToggleButton GtkToggleButton;
typedef struct _GtkMenuButton GtkMenuButton;
typedef struct _GtkLabel GtkLabel;
typedef struct _GtkEntry GtkEntry;
typedef struct _GtkEditable GtkEditable;
typedef struct _GtkRange GtkRange;
typedef struct _GtkScale GtkScale;
typedef struct _GtkPicture GtkPicture;
typedef struct _GtkOverlay GtkOverlay;
typedef struct _GtkHeaderBar GtkHeaderBar;
typedef struct _GtkPopover GtkPopover;
typedef struct _GtkNative GtkNative;
typedef struct _GtkFileChooser GtkFileChooser;
typedef struct _GtkFileChooserNative GtkFileChooserNative;
typedef struct _GtkEventController GtkEventController;
typedef struct _GtkGesture GtkGesture;
typedef struct _GtkDropTarget GtkDropTarget;
typedef struct _GtkStyleProvider GtkStyleProvider;
typedef GdkSnapshot GtkSnapshot;

typedef struct CGTK_DECLARE(_GtkWidget) CGTK_DECLARE(GtkWidget);
struct CGTK_DECLARE(_GtkWidget) {
  GInitiallyUnowned parent_instance;
  GtkWidgetPrivate *priv;
};

typedef struct CGTK_DECLARE(_GtkWindow) CGTK_DECLARE(GtkWindow);
struct CGTK_DECLARE(_GtkWindow) {
  GtkWidget parent_instance;
};

typedef struct CGTK_DECLARE(_GtkApplication) CGTK_DECLARE(GtkApplication);
struct CGTK_DECLARE(_GtkApplication) {
  GApplication parent_instance;
};

typedef struct CGTK_DECLARE(_GtkNativeDialog) CGTK_DECLARE(GtkNativeDialog);
struct CGTK_DECLARE(_GtkNativeDialog) {
  GObject parent_instance;
};

typedef struct CGTK_DECLARE(_GtkCssProvider) CGTK_DECLARE(GtkCssProvider);
struct CGTK_DECLARE(_GtkCssProvider) {
  GObject parent_instance;
};

typedef enum {
  CGTK_DECLARE(GTK_ORIENTATION_HORIZONTAL) = 0,
  CGTK_DECLARE(GTK_ORIENTATION_VERTICAL) = 1,
} CGTK_DECLARE(GtkOrientation);

typedef enum {
  CGTK_DECLARE(GTK_ALIGN_START) = 1,
} CGTK_DECLARE(GtkAlign);

typedef enum {
  CGTK_DECLARE(GTK_CONTENT_FIT_CONTAIN) = 1,
} CGTK_DECLARE(GtkContentFit);

typedef enum {
  CGTK_DECLARE(GTK_PHASE_CAPTURE) = 1,
} CGTK_DECLARE(GtkPropagationPhase);

typedef enum {
  CGTK_DECLARE(GTK_FILE_CHOOSER_ACTION_OPEN) = 0,
} CGTK_DECLARE(GtkFileChooserAction);

typedef enum {
  CGTK_DECLARE(GTK_RESPONSE_ACCEPT) = -3,
} CGTK_DECLARE(GtkResponseType);

typedef enum {
  // Unused: a C enum needs a constant.
  CGTK_DECLARE(GTK_SCROLL_NONE) = 0,
} CGTK_DECLARE(GtkScrollType);

#define GTK_STYLE_PROVIDER_PRIORITY_APPLICATION 600

GtkApplication *gtk_application_new(const char *application_id, GApplicationFlags flags);

void gtk_widget_add_css_class(GtkWidget *widget, const char *css_class);
void gtk_widget_add_controller(GtkWidget *widget, GtkEventController *controller);
GtkWidget *gtk_widget_get_ancestor(GtkWidget *widget, GType widget_type);
int gtk_widget_get_width(GtkWidget *widget);
int gtk_widget_get_height(GtkWidget *widget);
int gtk_widget_get_scale_factor(GtkWidget *widget);
GtkNative *gtk_widget_get_native(GtkWidget *widget);
GdkPaintable *gtk_widget_paintable_new(GtkWidget *widget);
void gtk_widget_set_can_target(GtkWidget *widget, gboolean can_target);
void gtk_widget_set_hexpand(GtkWidget *widget, gboolean expand);
void gtk_widget_set_vexpand(GtkWidget *widget, gboolean expand);
void gtk_widget_set_valign(GtkWidget *widget, GtkAlign align);
void gtk_widget_set_margin_start(GtkWidget *widget, int margin);
void gtk_widget_set_margin_end(GtkWidget *widget, int margin);
void gtk_widget_set_sensitive(GtkWidget *widget, gboolean sensitive);
void gtk_widget_set_size_request(GtkWidget *widget, int width, int height);
void gtk_widget_set_tooltip_text(GtkWidget *widget, const char *text);
void gtk_widget_set_visible(GtkWidget *widget, gboolean visible);

GtkWidget *gtk_application_window_new(GtkApplication *application);
void gtk_window_set_title(GtkWindow *window, const char *title);
void gtk_window_set_default_size(GtkWindow *window, int width, int height);
void gtk_window_set_child(GtkWindow *window, GtkWidget *child);
void gtk_window_set_titlebar(GtkWindow *window, GtkWidget *titlebar);
void gtk_window_present(GtkWindow *window);
void gtk_window_close(GtkWindow *window);
void gtk_window_destroy(GtkWindow *window);
gboolean gtk_window_is_fullscreen(GtkWindow *window);
void gtk_window_fullscreen(GtkWindow *window);
void gtk_window_unfullscreen(GtkWindow *window);
GskRenderer *gtk_native_get_renderer(GtkNative *self);

GtkWidget *gtk_box_new(GtkOrientation orientation, int spacing);
void gtk_box_append(GtkBox *box, GtkWidget *child);
GtkWidget *gtk_overlay_new(void);
void gtk_overlay_set_child(GtkOverlay *overlay, GtkWidget *child);
void gtk_overlay_add_overlay(GtkOverlay *overlay, GtkWidget *widget);
GtkWidget *gtk_header_bar_new(void);
void gtk_header_bar_pack_start(GtkHeaderBar *bar, GtkWidget *child);
void gtk_header_bar_pack_end(GtkHeaderBar *bar, GtkWidget *child);
GtkWidget *gtk_drawing_area_new(void);

GtkWidget *gtk_picture_new(void);
void gtk_picture_set_paintable(GtkPicture *self, GdkPaintable *paintable);
void gtk_picture_set_content_fit(GtkPicture *self, GtkContentFit content_fit);
void gtk_picture_set_can_shrink(GtkPicture *self, gboolean can_shrink);

GtkWidget *gtk_label_new(const char *str);
void gtk_label_set_text(GtkLabel *self, const char *str);
void gtk_label_set_wrap(GtkLabel *self, gboolean wrap);

GtkWidget *gtk_button_new_from_icon_name(const char *icon_name);
void gtk_button_set_icon_name(GtkButton *button, const char *icon_name);
GtkWidget *gtk_toggle_button_new(void);
gboolean gtk_toggle_button_get_active(GtkToggleButton *toggle_button);
void gtk_toggle_button_set_active(GtkToggleButton *toggle_button, gboolean is_active);
GtkWidget *gtk_menu_button_new(void);
void gtk_menu_button_set_icon_name(GtkMenuButton *menu_button, const char *icon_name);
void gtk_menu_button_set_menu_model(GtkMenuButton *menu_button, GMenuModel *menu_model);
void gtk_menu_button_set_popover(GtkMenuButton *menu_button, GtkWidget *popover);

GtkWidget *gtk_entry_new(void);
void gtk_entry_set_placeholder_text(GtkEntry *entry, const char *text);
const char *gtk_editable_get_text(GtkEditable *editable);

GtkWidget *gtk_scale_new_with_range(
  GtkOrientation orientation, double min, double max, double step);
void gtk_scale_set_draw_value(GtkScale *scale, gboolean draw_value);
void gtk_range_set_range(GtkRange *range, double min, double max);
void gtk_range_set_value(GtkRange *range, double value);

GType gtk_popover_get_type(void);
GtkWidget *gtk_popover_new(void);
void gtk_popover_set_child(GtkPopover *popover, GtkWidget *child);
void gtk_popover_popdown(GtkPopover *popover);

GtkFileChooserNative *gtk_file_chooser_native_new(
  const char *title, GtkWindow *parent, GtkFileChooserAction action, const char *accept_label,
  const char *cancel_label);
void gtk_native_dialog_show(GtkNativeDialog *self);
GFile *gtk_file_chooser_get_file(GtkFileChooser *chooser);

GtkEventController *gtk_event_controller_key_new(void);
void gtk_event_controller_set_propagation_phase(
  GtkEventController *controller, GtkPropagationPhase phase);
GtkGesture *gtk_gesture_click_new(void);
GtkDropTarget *gtk_drop_target_new(GType type, GdkDragAction actions);

GtkCssProvider *gtk_css_provider_new(void);
void gtk_css_provider_load_from_data(
  GtkCssProvider *css_provider, const char *data, gssize length);
void gtk_style_context_add_provider_for_display(
  GdkDisplay *display, GtkStyleProvider *provider, guint priority);

GtkSnapshot *gtk_snapshot_new(void);
GskRenderNode *gtk_snapshot_free_to_node(GtkSnapshot *snapshot);

#endif
