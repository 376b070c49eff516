// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Watching a growing file for its first video keyframe: see include/CRemux.h.
#include "CRemux.h"

#include <CFFmpeg.h>

#include <errno.h>
#include <fcntl.h>
#include <ffmpeg_functions.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

/// How long one wait for the file to grow lasts before the stop flag is looked at again.
#define WAIT_MS 100
#define BUFFER_SIZE 65536

struct svlc_keyframe_watch {
  int file;      // the growing file, read once from its start
  int notify;    // inotify on it, -1 when there is none (then a timed wait)
  off_t offset;  // how far it has been read
  char format[32];
  atomic_int stop;
  atomic_int state; // SVLC_KEYFRAME_*
};

svlc_keyframe_watch *svlc_keyframe_watch_new(const char *path, const char *format) {
  if (svlc_ffmpeg_load() != 0) return NULL;
  svlc_keyframe_watch *watch = calloc(1, sizeof(*watch));
  if (!watch) return NULL;
  watch->file = open(path, O_RDONLY | O_CLOEXEC);
  if (watch->file < 0) {
    free(watch);
    return NULL;
  }
  watch->notify = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
  if (watch->notify >= 0 && inotify_add_watch(watch->notify, path, IN_MODIFY) < 0) {
    close(watch->notify);
    watch->notify = -1;
  }
  snprintf(watch->format, sizeof(watch->format), "%s", format ? format : "");
  atomic_init(&watch->stop, 0);
  atomic_init(&watch->state, SVLC_KEYFRAME_WAITING);
  return watch;
}

void svlc_keyframe_watch_free(svlc_keyframe_watch *watch) {
  if (!watch) return;
  if (watch->notify >= 0) close(watch->notify);
  close(watch->file);
  free(watch);
}

void svlc_keyframe_watch_stop(svlc_keyframe_watch *watch) { atomic_store(&watch->stop, 1); }

int svlc_keyframe_watch_state(const svlc_keyframe_watch *watch) {
  return atomic_load(&((svlc_keyframe_watch *)watch)->state);
}

/// Waits until the file grows (an inotify event) or WAIT_MS pass.
static void wait_for_growth(svlc_keyframe_watch *watch) {
  if (watch->notify < 0) {
    usleep(WAIT_MS * 1000);
    return;
  }
  struct pollfd ready = {.fd = watch->notify, .events = POLLIN};
  if (poll(&ready, 1, WAIT_MS) > 0) {
    char events[4096];
    while (read(watch->notify, events, sizeof(events)) > 0) {
    }
  }
}

/// libavformat's read callback: the next bytes of the file, waiting while it has no more
/// (the writer is behind); the end only once the watch is stopped.
static int read_growing(void *opaque, uint8_t *buffer, int size) {
  svlc_keyframe_watch *watch = opaque;
  for (;;) {
    if (atomic_load(&watch->stop)) return AVERROR_EOF;
    ssize_t got = pread(watch->file, buffer, (size_t)size, watch->offset);
    if (got > 0) {
      watch->offset += got;
      return (int)got;
    }
    if (got < 0 && errno != EINTR) return AVERROR(errno);
    wait_for_growth(watch);
  }
}

/// Reads packets until a video keyframe, the stop flag, or an error.
static int find_keyframe(AVFormatContext *in) {
  AVPacket *packet = av_packet_alloc();
  if (!packet) return SVLC_KEYFRAME_UNREADABLE;
  int state = SVLC_KEYFRAME_UNREADABLE;
  while (av_read_frame(in, packet) >= 0) {
    const AVStream *stream = in->streams[packet->stream_index];
    int hit = stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO &&
              !(stream->disposition & AV_DISPOSITION_ATTACHED_PIC) &&
              (packet->flags & AV_PKT_FLAG_KEY);
    av_packet_unref(packet);
    if (hit) {
      state = SVLC_KEYFRAME_FOUND;
      break;
    }
  }
  av_packet_free(&packet);
  return state;
}

void svlc_keyframe_watch_run(svlc_keyframe_watch *watch) {
  svlc_ffmpeg_quiet_begin(); // a file cut mid-packet makes the demuxers talk
  int state = SVLC_KEYFRAME_UNREADABLE;
  AVFormatContext *in = avformat_alloc_context();
  uint8_t *buffer = av_malloc(BUFFER_SIZE);
  AVIOContext *io = buffer ? avio_alloc_context(buffer, BUFFER_SIZE, 0, watch, read_growing,
                                                NULL, NULL)
                           : NULL;
  if (!in || !io) {
    if (!io) av_free(buffer);
    avformat_free_context(in);
    goto done;
  }
  io->seekable = 0; // read once, front to back: no look at an index at the end
  in->pb = io;
  in->flags |= AVFMT_FLAG_CUSTOM_IO;
  const AVInputFormat *format = *watch->format ? av_find_input_format(watch->format) : NULL;
  // On failure avformat_open_input frees the context, not the custom I/O.
  if (avformat_open_input(&in, NULL, format, NULL) >= 0) {
    state = find_keyframe(in);
    avformat_close_input(&in);
  }
  av_freep(&io->buffer);
  avio_context_free(&io);
done:
  if (atomic_load(&watch->stop) && state != SVLC_KEYFRAME_FOUND) state = SVLC_KEYFRAME_STOPPED;
  atomic_store(&watch->state, state);
  svlc_ffmpeg_quiet_end();
}
