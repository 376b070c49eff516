// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#ifndef CSWIFTVLCSHIM_H
#define CSWIFTVLCSHIM_H

#include <vlc/vlc.h>

/// Longest log message, in bytes including the terminating NUL, that reaches Swift.
/// Longer messages are cut at a UTF-8 character boundary and end with "…".
#define SWIFTVLC_LOG_MESSAGE_MAX 2048

/// Receives one formatted libVLC log message. `module` may be NULL. Both strings are
/// valid only for the duration of the call. Called on libVLC's threads.
typedef void (*swiftvlc_log_sink)(void *context, int level, const char *module,
                                  const char *message);

/// Opaque routing record between libVLC's `va_list` callback and a Swift sink.
typedef struct swiftvlc_log_route swiftvlc_log_route;

/// Installs a log callback on `instance` that formats each message with `vsnprintf` and
/// passes plain strings to `sink` while forwarding is on (it starts off: messages are then
/// dropped unformatted, and libVLC prints nothing to the console either). Returns the route
/// to pass to `swiftvlc_log_set_forwarding` and `swiftvlc_log_remove`, or NULL when memory
/// is exhausted.
swiftvlc_log_route *swiftvlc_log_install(libvlc_instance_t *instance,
                                         swiftvlc_log_sink sink, void *context);

/// Turns forwarding to the sink on (non-zero) or off (0). Thread-safe; a message being
/// formatted while forwarding is turned off may still reach the sink.
void swiftvlc_log_set_forwarding(swiftvlc_log_route *route, int forwarding);

/// Removes the callback (waiting, inside libVLC, for calls in flight) and frees the route.
/// After it returns, `sink` is never called again with `context`.
void swiftvlc_log_remove(libvlc_instance_t *instance, swiftvlc_log_route *route);

/// Copies `text` into `buffer` with the same truncation rule as log messages: a cut text
/// ends on a whole UTF-8 character followed by "…". Exposed for tests of that rule.
void swiftvlc_copy_truncated(char *buffer, size_t size, const char *text);

/// Writes the folder libVLC's shared library was loaded from (Debian: "/usr/lib/<triplet>",
/// with `vlc/plugins` and `vlc/lua` in it) into `buffer`, `size` bytes with the NUL. Asks the
/// dynamic linker: no file is read. Returns 0, or -1 when libvlc.so.5 is not loaded or the
/// path does not fit.
int swiftvlc_libvlc_folder(char *buffer, size_t size);

/// Writes into `count` how many shared objects the process has loaded since it started
/// (`dlpi_adds` of `struct dl_phdr_info`, read through `<link.h>`; unloading does not lower
/// it). Returns 0, or -1 where the dynamic linker does not report it.
int swiftvlc_loaded_library_count(unsigned long long *count);

/// Hands the heap's free pages back to the system (glibc `malloc_trim(0)`); a decode pass
/// calls it after its decoders are freed.
void swiftvlc_trim_heap(void);

/// Caps the number of glibc malloc arenas at `count` (`mallopt(M_ARENA_MAX, count)`), for a
/// program to call first thing; returns 1 on success. Not called by the library: the policy
/// is the process's. `swiftvlc` calls it (see its `main.swift`).
int swiftvlc_limit_heap_arenas(int count);

/// Flushes standard output and tells whether anything written to it was lost (a full disk, a
/// write error at any time): 1 lost, 0 not; `errno` then says why. For a program's exit
/// status; `swiftvlc` calls it last.
int swiftvlc_stdout_lost(void);

#endif
