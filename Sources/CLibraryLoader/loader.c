// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Loading a library at first use: see include/CLibraryLoader.h.
#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

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
      if (!reason) reason = "unknown reason";
      // glibc's words start with the name asked for ("libcurl.so.4: cannot open shared
      // object file: ..."): said once.
      size_t length = strlen(sonames[i]);
      if (strncmp(reason, sonames[i], length) == 0 && strncmp(reason + length, ": ", 2) == 0)
        reason += length + 2;
      snprintf(error, error_size, "%s could not be loaded: %s", sonames[i], reason);
      close_all(handles, i);
      return -1;
    }
  }
  for (size_t s = 0; s < symbol_count; s++) {
    void *address = NULL;
    for (size_t i = 0; i < soname_count && !address; i++)
      address = dlsym(handles[i], symbols[s].name);
    if (!address) {
      int written = snprintf(error, error_size, "no function %s in", symbols[s].name);
      for (size_t i = 0; i < soname_count && written >= 0 && (size_t)written < error_size; i++)
        written += snprintf(error + written, error_size - (size_t)written, "%s%s",
                            i ? ", " : " ", sonames[i]);
      close_all(handles, soname_count);
      return -1;
    }
    *symbols[s].slot = address;
  }
  return 0;
}
