// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Private to CRemux: reading the input of a copy (input.c).
#ifndef CREMUX_INPUT_H
#define CREMUX_INPUT_H

#include <libavformat/avformat.h>

/// Opens `path`, reading far enough to find streams that start late.
int svlc_remux_open_input(const char *path, AVFormatContext **in);
/// The first video keyframe's time (AV_TIME_BASE units) or AV_NOPTS_VALUE; reads on from
/// where the input is and stays where it stopped.
int64_t svlc_remux_first_keyframe(AVFormatContext *in);
/// Fills in a video stream's size and parameter sets by decoding its first keyframe, read from
/// where the input is.
void svlc_remux_fill_video(AVFormatContext *in, AVStream *stream);
/// Moves `*in` back to its start: a seek to byte 0 in MPEG-TS (which keeps the streams found
/// late), `path` opened again otherwise (Matroska's and MP4's seeks are by time, to a
/// keyframe, past packets of other streams written before it). Negative on failure.
int svlc_remux_rewind(AVFormatContext **in, const char *path);

#endif
