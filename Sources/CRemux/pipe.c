// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Writing a pipe: SIGPIPE held, and a stop that ends writes a reader does not take; see
// remux.h.
#include "remux.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/// How long a stop lets the pipe's reader take what is still to write (the last cluster,
/// the trailer) before the writes give up, in microseconds.
#define STOP_GRACE 2000000
/// The writer's buffer, in bytes (libavformat's own for a "pipe:" URL).
#define PIPE_BUFFER 32768
/// How long a write waits for room in the pipe before it looks at the stop again, in ms.
#define ROOM_WAIT 100

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

/// Whether a stop has waited STOP_GRACE for a reader that takes nothing.
static int stop_overdue(const svlc_remux *remux) {
  return atomic_load(&((svlc_remux *)remux)->stop) &&
         av_gettime_relative() - atomic_load(&((svlc_remux *)remux)->stop_at) > STOP_GRACE;
}

static int descriptor_of(const svlc_remux *remux) {
  return atoi(remux->output + strlen("pipe:"));
}

/// The writer's callback: writes all of `data`, a pipe's page at most at a time once poll
/// says the pipe has room (a page: a write of that much does not block), so that a reader
/// that takes nothing costs no CPU (libavformat's own "pipe:" writer retried every
/// millisecond: 0.2 s of CPU in 8 s) and no flag of the descriptor changes (O_NONBLOCK would
/// change it for every descriptor sharing it: standard error, with `2>&1`). Fails with
/// AVERROR_EXIT once a stop is overdue, and with EPIPE once the reader has gone.
static int write_pipe(void *opaque, uint8_t *data, int size) {
  svlc_remux *remux = opaque;
  int descriptor = descriptor_of(remux);
  int written = 0;
  while (written < size) {
    struct pollfd room = {.fd = descriptor, .events = POLLOUT};
    int ready = poll(&room, 1, ROOM_WAIT);
    if (ready < 0 && errno != EINTR) return AVERROR(errno);
    if (ready <= 0) {
      if (stop_overdue(remux)) return AVERROR_EXIT;
      continue;
    }
    size_t left = (size_t)(size - written);
    ssize_t count = write(descriptor, data + written, left < PIPE_BUF ? left : PIPE_BUF);
    if (count > 0)
      written += (int)count;
    else if (count < 0 && errno != EAGAIN && errno != EINTR)
      return AVERROR(errno);
  }
  return size;
}

int svlc_pipe_open(svlc_remux *remux, AVFormatContext *out) {
  unsigned char *buffer = av_malloc(PIPE_BUFFER);
  if (!buffer) return AVERROR(ENOMEM);
  out->pb = avio_alloc_context(buffer, PIPE_BUFFER, 1, remux, NULL, write_pipe, NULL);
  if (!out->pb) {
    av_free(buffer);
    return AVERROR(ENOMEM);
  }
  out->flags |= AVFMT_FLAG_CUSTOM_IO;
  return 0;
}

int svlc_output_close(const svlc_remux *remux, AVFormatContext *out) {
  if (!out->pb) return 0;
  if (!remux->streamed) return avio_closep(&out->pb);
  avio_flush(out->pb);
  int error = out->pb->error;
  av_freep(&out->pb->buffer);
  avio_context_free(&out->pb);
  return error;
}
