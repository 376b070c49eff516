// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// One forward pass over a file's video packets, handing out the picture at each of a list of
// times (pass.c), and the decoder object it reports to (decoder.c).
#ifndef SVLC_FRAME_PASS_H
#define SVLC_FRAME_PASS_H

#include <ffmpeg_functions.h>
#include <stdatomic.h>

#include "CFrameDecoder.h"

struct svlc_frame_decoder {
  atomic_int stop;
  int64_t deadline;  // on av_gettime_relative()'s clock
  AVFrame *picture;  // the picture being handed out
  int64_t picture_time;  // microseconds from the file's start, INT64_MIN without a timestamp
  AVRational picture_aspect;  // the picture's sample aspect ratio, 0/1 when unknown
  int rotation;               // degrees clockwise a player turns the picture: 0, 90, 180, 270
  int64_t duration;      // microseconds, 0 when unknown
  struct SwsContext *scaler;
  /// What the last run did: packets sent to the decoder, seeks.
  int packets_sent;
  int seeks;
};

/// Whether the decoder was stopped or its time is up.
int svlc_halted(void *decoder);

/// Packets in decode order.
typedef struct {
  AVPacket **items;
  int count;
  int capacity;
} packet_list;

void svlc_list_clear(packet_list *list);

/// A pass: the open file and decoder, the times, and where the reading and decoding are.
typedef struct {
  svlc_frame_decoder *decoder;
  AVFormatContext *format;
  AVCodecContext *codec;
  int stream;
  /// The container's start in the stream's time base.
  int64_t start;
  /// The times in the stream's time base, ascending.
  const int64_t *targets;
  int count;
  /// How many times have had their picture handed out (always the first ones).
  int resolved;
  int keyframe_only;
  int64_t limit;  // microseconds
  svlc_frame_callback callback;
  void *context;
  /// The callback asked to stop.
  int refused;

  // Reading.
  /// A packet read but not yet looked at (it ended the previous collection).
  AVPacket *carry;
  int at_end;
  /// The latest presentation end among the packets read, and the latest decode time.
  int64_t latest_end;
  int64_t last_read;

  // The run: decoding from one keyframe on, without a flush.
  int in_run;
  int64_t key_time;
  /// Packets of the run sent to the decoder, and those read but not yet sent.
  int sent;
  packet_list pending;
  /// Presentation times of every packet of the run.
  int64_t *run_times;
  int run_count;
  int run_capacity;
  /// Every packet of the run has its own presentation time: the frame shown at a time is
  /// known before decoding, and pictures nothing refers to can be skipped.
  int may_skip;
  /// The latest picture decoded in the run presented at or before the next time, if any.
  AVFrame *candidate;
  int64_t candidate_time;
  int has_candidate;
  AVFrame *frame;
} frame_pass;

/// Reads the video packets up to the last one that can be presented at or before `target`,
/// keeping in the run those from the latest keyframe presented at or before it (a new
/// keyframe ends the run and starts another). Without a run, packets before such a keyframe
/// are dropped; with `first_key_fallback`, the first keyframe starts a run even when presented
/// after `target`. Returns 1 when a run covers the target, 0 when no keyframe was found (the
/// caller seeks further back), or a negative AVERROR (AVERROR_INVALIDDATA when the data ends
/// before the time the stream's header says it reaches: a cut file).
int svlc_pass_collect(frame_pass *pass, int64_t target, int first_key_fallback);

/// Decodes the packets collected for `target`, handing out every time that the frames coming
/// out settle. Returns 0, or a negative AVERROR (AVERROR_EXIT when halted or refused).
int svlc_pass_send(frame_pass *pass, int64_t target);

/// Ends the run: drains the decoder (dropping frames presented at or after `boundary`), hands
/// out the times before `boundary`, and flushes the decoder. Returns 0 or a negative AVERROR.
int svlc_pass_end_run(frame_pass *pass, int64_t boundary);

/// Frees what the pass holds (not the contexts).
void svlc_pass_free(frame_pass *pass);

#endif
