// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// SIGPIPE held while a copy writes a pipe: see remux.h.
#include "remux.h"

#include <pthread.h>
#include <signal.h>
#include <time.h>

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
