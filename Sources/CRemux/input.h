// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Private to CRemux: reading the input of a copy (input.c).
#ifndef CREMUX_INPUT_H
#define CREMUX_INPUT_H

#include <libavformat/avformat.h>

/// Opens `path`, reading far enough to find streams that start late.
int svlc_remux_open_input(const char *path, AVFormatContext **in);
/// The first video keyframe's time (AV_TIME_BASE units) or AV_NOPTS_VALUE; rewinds.
int64_t svlc_remux_first_keyframe(AVFormatContext *in);
/// Fills in a video stream's size and parameter sets by decoding its first keyframe; rewinds.
void svlc_remux_fill_video(AVFormatContext *in, AVStream *stream);

#endif
