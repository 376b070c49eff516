// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#ifndef CVLCREFERENCE_H
#define CVLCREFERENCE_H

/* The C reference of the SwiftVLC benchmarks: the same work as the Swift contenders, done
   with libVLC directly and nothing else, so the Swift numbers can be compared with the floor. */

#include <stdint.h>

/// Nanoseconds on CLOCK_MONOTONIC, the clock every contender stamps with.
uint64_t cvr_now_ns(void);

/// The heap's bytes in use (every malloc arena's allocated chunks and mmapped blocks), in KB:
/// what resident memory holds apart from freed memory glibc keeps (`mallinfo2`).
long cvr_heap_in_use_kb(void);

/// Receives one event of the synthetic event source: `timestamp_ns` is `cvr_now_ns()` taken
/// just before the call. Called on the source's own thread, like a libVLC event callback.
typedef void (*cvr_event_callback)(void *context, uint64_t sequence, uint64_t timestamp_ns);

/// Starts a thread that calls `callback` `count` times (sequence 0…count-1), one call every
/// `interval_ns` nanoseconds (0: back to back), and blocks until that thread has finished.
void cvr_event_source_run(uint64_t count, uint64_t interval_ns, cvr_event_callback callback,
                          void *context);

/// Runs one benchmark case with libVLC directly and prints its result as one JSON object on
/// standard output. `argv[1]` names the case (probe, playback, first-frame, lifecycle,
/// channel-switch, frames);
/// returns the process exit status.
int cvr_main(int argc, char **argv);

#endif
