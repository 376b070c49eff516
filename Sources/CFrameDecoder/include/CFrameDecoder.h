// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#ifndef CFRAMEDECODER_H
#define CFRAMEDECODER_H

#include <stddef.h>
#include <stdint.h>

/// Finds and decodes pictures of a media file with libavformat and libavcodec, knowing the
/// presentation time of every frame (libVLC 3 gives its pictures none): the thumbnailer's
/// exact path. A video stream that is only a cover picture does not count as video. One
/// decoder object per run; `svlc_frame_decoder_stop` may be called from any thread while
/// `svlc_frame_decoder_run` blocks on another.
typedef struct svlc_frame_decoder svlc_frame_decoder;

typedef enum {
  /// Every picture was found.
  SVLC_FRAME_OK = 0,
  /// libavformat cannot open the file or find a video stream with timestamps in it: the
  /// caller may try another way.
  SVLC_FRAME_UNREADABLE = 1,
  /// The file opened but a picture could not be decoded.
  SVLC_FRAME_FAILED = 2,
  /// `svlc_frame_decoder_stop` was called, or the callback asked to stop.
  SVLC_FRAME_STOPPED = 3,
  /// The time limit passed.
  SVLC_FRAME_TIMED_OUT = 4,
  /// A time is at or past the end of the file (`svlc_frame_decoder_duration` tells it).
  SVLC_FRAME_PAST_END = 5,
} svlc_frame_result;

/// Called on the decoding thread with each picture as soon as it is known: `index` is the
/// picture's place in the run's times; `svlc_frame_decoder_picture` and
/// `svlc_frame_decoder_rgba` read it until the callback returns. Returns 0 to go on, anything
/// else to stop the run (which then returns `SVLC_FRAME_STOPPED`).
typedef int (*svlc_frame_callback)(void *context, int index, svlc_frame_decoder *decoder);

svlc_frame_decoder *svlc_frame_decoder_new(void);
void svlc_frame_decoder_free(svlc_frame_decoder *decoder);
/// Makes a running or later `svlc_frame_decoder_run` return `SVLC_FRAME_STOPPED` soon.
void svlc_frame_decoder_stop(svlc_frame_decoder *decoder);

/// Blocks until the pictures of `path` at `times_us` (`count` times in microseconds from the
/// file's start, as `ffmpeg -ss` counts, in ascending order, repeats allowed) are decoded and
/// handed to `callback` one by one, in the order of the times: with `keyframe_only`, the latest
/// keyframe presented at or before each time; otherwise the latest frame presented at or before
/// it (the first frame for a time before it). One forward pass: the file is read from the
/// keyframe before the first time and seeks only where the next time lies beyond the next
/// keyframe, so a group of pictures is decoded once for all its times. `threads` is the number
/// of decoding threads (0: libavcodec's choice; keyframes are decoded with one). At most
/// `limit_us` of wall time before the first picture and between two. `message` receives a
/// reason on failure.
svlc_frame_result svlc_frame_decoder_run(svlc_frame_decoder *decoder, const char *path,
                                         const int64_t *times_us, int count, int keyframe_only,
                                         int threads, int64_t limit_us,
                                         svlc_frame_callback callback, void *context,
                                         char *message, size_t message_size);

/// The picture being handed out: its size in pixels and its presentation time in microseconds
/// from the file's start (INT64_MIN for a frame without a timestamp); zeros outside a
/// callback of a run.
void svlc_frame_decoder_picture(const svlc_frame_decoder *decoder, int *width, int *height,
                                int64_t *time_us);

/// How the picture being handed out is shown: the shape of its pixels (`aspect_width` :
/// `aspect_height`, 0:1 when unknown) and how far a player turns it clockwise (0, 90, 180 or
/// 270, from the stream's display matrix); valid inside a callback of a run.
void svlc_frame_decoder_geometry(const svlc_frame_decoder *decoder, int *aspect_width,
                                 int *aspect_height, int *rotation);

/// The file's duration in microseconds as its container declares it, or 0 when unknown;
/// known after `svlc_frame_decoder_run` opened the file.
int64_t svlc_frame_decoder_duration(const svlc_frame_decoder *decoder);

/// What the last run did: how many video packets it sent to the decoder, and how many times
/// it seeked to a time rather than read on (each may take several seeks of the demuxer).
void svlc_frame_decoder_counts(const svlc_frame_decoder *decoder, int *packets_sent,
                               int *seeks);

/// Converts the picture being handed out to `width`×`height` RGBA (bicubic, the picture's own
/// colour matrix and range) into `rgba` (`width * height * 4` bytes). Returns 0 on success.
int svlc_frame_decoder_rgba(svlc_frame_decoder *decoder, int width, int height, uint8_t *rgba);

#endif
