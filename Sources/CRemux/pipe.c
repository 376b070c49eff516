// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Writing a pipe: SIGPIPE held, and a stop that ends writes a reader does not take; see
// remux.h.
#include "remux.h"

#include <errno.h>
#include <fcntl.h>
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

/// The writer's callback: writes all of `data`, waiting in poll for room in the pipe while
/// the reader takes nothing (libavformat's own "pipe:" writer retried every millisecond,
/// 0.2 s of CPU in 8 s behind a slow reader); fails with AVERROR_EXIT once a stop is
/// overdue, and with EPIPE once the reader has gone.
static int write_pipe(void *opaque, uint8_t *data, int size) {
  svlc_remux *remux = opaque;
  int descriptor = descriptor_of(remux);
  int written = 0;
  while (written < size) {
    ssize_t count = write(descriptor, data + written, (size_t)(size - written));
    if (count > 0) {
      written += (int)count;
      continue;
    }
    if (count < 0 && errno != EAGAIN && errno != EINTR) return AVERROR(errno);
    if (stop_overdue(remux)) return AVERROR_EXIT;
    struct pollfd room = {.fd = descriptor, .events = POLLOUT};
    poll(&room, 1, ROOM_WAIT);
  }
  return size;
}

int svlc_pipe_open(svlc_remux *remux, AVFormatContext *out) {
  // Without O_NONBLOCK a write to a reader that takes nothing never returns, and a stop
  // waited for it; with it, write_pipe waits for room a while at a time.
  int descriptor = descriptor_of(remux);
  int flags = fcntl(descriptor, F_GETFL);
  if (flags >= 0) fcntl(descriptor, F_SETFL, flags | O_NONBLOCK);
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

void svlc_pipe_close(const svlc_remux *remux) {
  int descriptor = descriptor_of(remux);
  int flags = fcntl(descriptor, F_GETFL);
  if (flags >= 0) fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK);
}
