// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/* How many shared objects the process has loaded; see swiftvlc_loaded_library_count in
 * CSwiftVLCShim.h. */
#define _GNU_SOURCE
#include "CSwiftVLCShim.h"

#include <link.h>
#include <stddef.h>

static int read_adds(struct dl_phdr_info *info, size_t size, void *data) {
    /* dlpi_adds exists when the loader's record reaches it (glibc 2.4 and later). */
    if (size < offsetof(struct dl_phdr_info, dlpi_adds) + sizeof(info->dlpi_adds)) {
        return 1;
    }
    *(unsigned long long *)data = info->dlpi_adds;
    return 1; /* the first object's record is enough: the counter is process-wide */
}

int swiftvlc_loaded_library_count(unsigned long long *count) {
    unsigned long long adds = 0;
    if (dl_iterate_phdr(read_adds, &adds) == 0 || adds == 0) {
        return -1;
    }
    *count = adds;
    return 0;
}
