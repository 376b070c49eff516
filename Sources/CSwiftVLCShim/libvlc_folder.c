// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/* Where libvlc was loaded from; see swiftvlc_libvlc_folder in CSwiftVLCShim.h. */
#define _GNU_SOURCE
#include "CSwiftVLCShim.h"

#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int swiftvlc_libvlc_folder(char *buffer, size_t size) {
    /* libvlc's own address, not a PLT stub of the program that links it. */
    void *libvlc = dlopen("libvlc.so.5", RTLD_LAZY | RTLD_NOLOAD);
    if (libvlc == NULL) {
        return -1;
    }
    void *entry = dlsym(libvlc, "libvlc_new");
    Dl_info info;
    char path[PATH_MAX];
    int found = entry != NULL && dladdr(entry, &info) != 0 && info.dli_fname != NULL;
    /* The loader's name may go through a symbolic link (/lib → /usr/lib): resolved, it is the
     * path /proc/self/maps shows. */
    if (found && realpath(info.dli_fname, path) == NULL) {
        found = snprintf(path, sizeof(path), "%s", info.dli_fname) < (int)sizeof(path);
    }
    dlclose(libvlc);
    if (!found || snprintf(buffer, size, "%s", dirname(path)) >= (int)size) {
        return -1;
    }
    return 0;
}
