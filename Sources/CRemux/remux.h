// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Private to CRemux: the copy's state (object.c, remux.c) and its text subtitle conversion
// (subtitle.c).
#ifndef CREMUX_REMUX_H
#define CREMUX_REMUX_H

#include "CRemux.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <stdatomic.h>

/// A text subtitle stream decoded and encoded again in another text format.
typedef struct {
  AVCodecContext *decoder;
  AVCodecContext *encoder;
} svlc_text_conversion;

#define MAX_SOURCES 64
#define MAX_DROPPED 64

typedef struct {
  char kind;
  char codec[8];
  char language[16];
  char *title;
  int is_default, is_forced;
  int used;
} source_t;

typedef struct {
  int index;
  char kind;
  char codec[32];
  char language[16];
  char reason[96];
} dropped_t;

typedef struct {
  int output;              // output stream index, -1 when left out
  svlc_text_conversion text; // text subtitles converted to another text format
  int started;             // a keyframe (video) or a packet past the start was seen
} route_t;

struct svlc_remux {
  char *input, *output, *format;
  int64_t duration;
  int start_at_keyframe;
  int no_keyframe;  // starting at a keyframe, and none came: the video is left out
  source_t sources[MAX_SOURCES];
  int source_count;
  atomic_int stop;
  atomic_llong position;
  char error[256];
  dropped_t dropped[MAX_DROPPED];
  int dropped_count;
  int dropped_chapters;
  int64_t skipped;
};

/// 'v', 'a', 's' or 'd' for a stream's type.
char svlc_remux_kind_of(enum AVMediaType type);
/// Lists input stream `stream` as left out, for `reason`.
void svlc_remux_drop(svlc_remux *remux, const AVStream *stream, const char *reason);

/// Whether `id` is a text subtitle codec.
int svlc_text_subtitle(enum AVCodecID id);
/// Opens a decoder for the input's text subtitles and an encoder for `target`; -1 on failure
/// (close it anyway).
int svlc_text_conversion_open(svlc_text_conversion *conversion, const AVStream *in,
                              enum AVCodecID target);
/// Converts one packet into `converted`; 0 when there is nothing to write.
int svlc_text_conversion_packet(svlc_text_conversion *conversion, AVPacket *packet,
                                AVPacket *converted);
/// Frees the decoder and encoder.
void svlc_text_conversion_close(svlc_text_conversion *conversion);

#endif
