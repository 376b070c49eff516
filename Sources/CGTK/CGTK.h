// GTK 4 and GLib's Unix helpers, for Swift. pkg-config "gtk4" gives the include paths.
#include <gtk/gtk.h>
#include <glib-unix.h>
