// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Loading a library at first use: see include/CLibraryLoader.h.
#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>

enum { most_libraries = 8 };

static void close_all(void **handles, size_t count) {
  for (size_t i = 0; i < count; i++) dlclose(handles[i]);
}

int svlc_library_load(const char *const *sonames, size_t soname_count,
                      const svlc_library_symbol *symbols, size_t symbol_count, char *error,
                      size_t error_size) {
  void *handles[most_libraries];
  if (soname_count > most_libraries) {
    snprintf(error, error_size, "too many libraries to load at once (%zu)", soname_count);
    return -1;
  }
  for (size_t i = 0; i < soname_count; i++) {
    handles[i] = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
    if (!handles[i]) {
      const char *reason = dlerror();
      snprintf(error, error_size, "%s could not be loaded: %s", sonames[i],
               reason ? reason : "unknown reason");
      close_all(handles, i);
      return -1;
    }
  }
  for (size_t s = 0; s < symbol_count; s++) {
    void *address = NULL;
    for (size_t i = 0; i < soname_count && !address; i++)
      address = dlsym(handles[i], symbols[s].name);
    if (!address) {
      snprintf(error, error_size, "%s does not export %s", sonames[0], symbols[s].name);
      close_all(handles, soname_count);
      return -1;
    }
    *symbols[s].slot = address;
  }
  return 0;
}
