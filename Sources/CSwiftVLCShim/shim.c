// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#include "CSwiftVLCShim.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct swiftvlc_log_route {
    swiftvlc_log_sink sink;
    void *context;
    atomic_int forwarding; /* 0: messages are dropped before they are formatted */
};

static const char ellipsis[] = "\xE2\x80\xA6"; /* U+2026, 3 bytes */

/* Called after vsnprintf reported `needed` bytes for a buffer of `size`. When the text was
 * cut, step back to a UTF-8 lead byte with room for the ellipsis, and end there. */
static void finish_truncation(char *buffer, size_t size, int needed) {
    if (needed < 0) {
        buffer[0] = '\0';
        return;
    }
    if ((size_t)needed < size || size < sizeof(ellipsis)) {
        return;
    }
    size_t end = size - sizeof(ellipsis);
    while (end > 0 && ((unsigned char)buffer[end] & 0xC0) == 0x80) {
        end--;
    }
    memcpy(buffer + end, ellipsis, sizeof(ellipsis));
}

static void route_callback(void *data, int level, const libvlc_log_t *ctx,
                           const char *fmt, va_list args) {
    struct swiftvlc_log_route *route = data;
    if (!atomic_load_explicit(&route->forwarding, memory_order_relaxed)) {
        return;
    }
    char message[SWIFTVLC_LOG_MESSAGE_MAX];
    int needed = vsnprintf(message, sizeof(message), fmt, args);
    finish_truncation(message, sizeof(message), needed);

    const char *module = NULL;
    libvlc_log_get_context(ctx, &module, NULL, NULL);
    route->sink(route->context, level, module, message);
}

swiftvlc_log_route *swiftvlc_log_install(libvlc_instance_t *instance,
                                         swiftvlc_log_sink sink, void *context) {
    struct swiftvlc_log_route *route = malloc(sizeof(*route));
    if (route == NULL) {
        return NULL;
    }
    route->sink = sink;
    route->context = context;
    atomic_init(&route->forwarding, 0);
    libvlc_log_set(instance, route_callback, route);
    return route;
}

void swiftvlc_log_set_forwarding(swiftvlc_log_route *route, int forwarding) {
    atomic_store_explicit(&route->forwarding, forwarding != 0, memory_order_relaxed);
}

void swiftvlc_log_remove(libvlc_instance_t *instance, swiftvlc_log_route *route) {
    libvlc_log_unset(instance);
    free(route);
}

void swiftvlc_copy_truncated(char *buffer, size_t size, const char *text) {
    int needed = snprintf(buffer, size, "%s", text);
    finish_truncation(buffer, size, needed);
}
