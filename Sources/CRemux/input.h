// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Private to CRemux: reading the input of a copy (input.c).
#ifndef CREMUX_INPUT_H
#define CREMUX_INPUT_H

#include <libavformat/avformat.h>

/// Opens `path`, reading far enough to find streams that start late.
int svlc_remux_open_input(const char *path, AVFormatContext **in);
/// The first video keyframe's time (AV_TIME_BASE units) or AV_NOPTS_VALUE: the earliest of
/// those read within a second of decoding time after the first (several videos); reads on
/// from where the input is and stays where it stopped. Times as the copy sees them: with
/// `clock_since` > 0, libVLC's clock jump joined (svlc_timeline_init).
int64_t svlc_remux_first_keyframe(AVFormatContext *in, int64_t clock_since);
/// Fills in a video stream's size and parameter sets by decoding its first keyframe, read from
/// where the input is.
void svlc_remux_fill_video(AVFormatContext *in, AVStream *stream);
/// Discards (AVDISCARD_ALL) at most `most` streams that repeat another: the same kind and
/// codec, and its first 8 packets' bytes (not all alike), in order, the other's, at other
/// times, as libVLC 3's MPEG-TS recording holds a stream that two programs of its source
/// share, once per program; of the two, the one with fewer packets goes. Reads at most 2,000
/// packets from where the input is and stays where it stopped. Returns how many it discarded.
int svlc_remux_discard_repeats(AVFormatContext *in, int most);
/// Moves `*in` back to its start: a seek to byte 0 in MPEG-TS (which keeps the streams found
/// late), `path` opened again otherwise (Matroska's and MP4's seeks are by time, to a
/// keyframe, past packets of other streams written before it). Negative on failure.
int svlc_remux_rewind(AVFormatContext **in, const char *path);

/// The times of an input whose format allows jumps (MPEG-TS: two recordings joined, a
/// broadcast's clock reset), made continuous as ffmpeg's copy does.
typedef struct {
  int64_t offset; // added to every time from the last jump on (AV_TIME_BASE units)
  int64_t clock_from; // where libVLC's clock may start (svlc_remux_set_join_jumps); 0: no
                      // clock jump is joined
  int64_t jump_at;   // where that jump landed (AV_TIME_BASE units), or AV_NOPTS_VALUE
  int64_t jump_by;   // and what it added
  int64_t latest;    // the latest audio or video time before it, or AV_NOPTS_VALUE
  int64_t *next;  // per input stream: where its next packet is expected, or AV_NOPTS_VALUE
  unsigned count;
} svlc_timeline;

/// A timeline for `in`'s streams, joining the jumps of a format that allows them (MPEG-TS),
/// and with `clock_since` > 0 one jump onto libVLC's clock from then on, in any format
/// (svlc_remux_set_join_jumps); svlc_timeline_free releases it.
int svlc_timeline_init(svlc_timeline *line, const AVFormatContext *in, int64_t clock_since);
void svlc_timeline_free(svlc_timeline *line);
/// Moves `packet`'s times by the offset; a packet of a stream that goes back more than 0.1 s
/// or forward more than 10 s from where it was expected moves the offset to continue there.
void svlc_timeline_join(svlc_timeline *line, const AVFormatContext *in, AVPacket *packet);

#endif
