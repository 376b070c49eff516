// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Loading a C library at its first use (dlopen) instead of at program start: what the FFmpeg
// modules (CFFmpeg) and the HTTP fetch (CHTTPFetch) share. FFmpeg's and libcurl's trees are
// 140 of the 164 shared libraries a program linked with them maps at start, 40 ms of CPU in
// every process, most of which never decodes an exact frame, copies a recording or fetches a
// list (Benchmarks/README.md, "Start-up").
#ifndef SVLC_CLIBRARYLOADER_H
#define SVLC_CLIBRARYLOADER_H

#include <stddef.h>

/// One function to resolve: its exported name and the function pointer to fill, as
/// `(void **)&pointer` (POSIX's way to store what dlsym returns into a function pointer).
typedef struct {
  const char *name;
  void **slot;
} svlc_library_symbol;

/// Opens each of the `soname_count` libraries named by `sonames` (RTLD_NOW | RTLD_LOCAL; they
/// stay loaded for the process's life) and fills every symbol's slot from the first of them
/// that exports it, looking through each library's own dependencies too. Returns 0, or -1
/// with `error` (`error_size` bytes) naming the library that could not be opened and why
/// ("libcurl.so.4 could not be loaded: cannot open shared object file: ..."), or the function
/// none of them exports ("no function F in A, B"); then none is left open and no slot is to
/// be used. Not thread-safe: call it once,
/// under pthread_once.
int svlc_library_load(const char *const *sonames, size_t soname_count,
                      const svlc_library_symbol *symbols, size_t symbol_count, char *error,
                      size_t error_size);

#endif
