// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Writing a pipe: SIGPIPE held, and a stop that ends writes a reader does not take; see
// remux.h.
#include "remux.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

/// How long a stop lets the pipe's reader take what is still to write (the last cluster,
/// the trailer) before the writes give up, in microseconds.
#define STOP_GRACE 2000000

/// The set holding SIGPIPE alone.
static sigset_t pipe_signal(void) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGPIPE);
  return set;
}

void svlc_pipe_guard_begin(sigset_t *previous) {
  sigset_t set = pipe_signal();
  pthread_sigmask(SIG_BLOCK, &set, previous);
}

void svlc_pipe_guard_end(const sigset_t *previous) {
  sigset_t set = pipe_signal();
  const struct timespec now = {0, 0};
  while (sigtimedwait(&set, NULL, &now) == SIGPIPE) continue;
  pthread_sigmask(SIG_SETMASK, previous, NULL);
}

/// libavformat's interrupt callback for a pipe's writes: 1 once a stop has waited
/// STOP_GRACE for a reader that takes nothing.
static int stop_overdue(void *opaque) {
  svlc_remux *remux = opaque;
  return atomic_load(&remux->stop) &&
         av_gettime_relative() - atomic_load(&remux->stop_at) > STOP_GRACE;
}

int svlc_pipe_open(svlc_remux *remux, AVFormatContext *out) {
  // Without O_NONBLOCK a write to a reader that takes nothing never returns, and a stop
  // waited for it; with it, libavformat retries every millisecond, asking the callback.
  int descriptor = atoi(remux->output + strlen("pipe:"));
  int flags = fcntl(descriptor, F_GETFL);
  if (flags >= 0) fcntl(descriptor, F_SETFL, flags | O_NONBLOCK);
  out->interrupt_callback = (AVIOInterruptCB){stop_overdue, remux};
  return avio_open2(&out->pb, remux->output, AVIO_FLAG_WRITE, &out->interrupt_callback, NULL);
}

void svlc_pipe_close(const svlc_remux *remux) {
  int descriptor = atoi(remux->output + strlen("pipe:"));
  int flags = fcntl(descriptor, F_GETFL);
  if (flags >= 0) fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK);
}
