// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// What SwiftVLC's FFmpeg modules (CFrameDecoder, CRemux) share: FFmpeg's libraries loaded at
// first use (ffmpeg_functions.h), the one FFmpeg log filter, and the one reading of a display
// matrix.
#ifndef CFFMPEG_H
#define CFFMPEG_H

/// Loads FFmpeg's libraries and resolves every function of ffmpeg_functions.h, once per
/// process (later calls return the first call's result at once); any thread. 0 when they are
/// loaded; -1 when not, and then svlc_ffmpeg_error() says why. Each entry point of
/// CFrameDecoder and CRemux that makes an object calls it first, and fails without FFmpeg.
int svlc_ffmpeg_load(void);

/// Why svlc_ffmpeg_load() failed ("libavformat.so.59 could not be loaded: …"); NULL when it
/// did not.
const char *svlc_ffmpeg_error(void);

/// Drops FFmpeg's log messages on the calling thread until the matching
/// svlc_ffmpeg_quiet_end(); calls nest. FFmpeg has one log callback per process
/// (av_log_set_callback) and AVFormatContext no log level of its own, so the first call
/// installs a callback that drops the messages of threads inside such a span and passes every
/// other message to FFmpeg's default callback, as if none were installed. It replaces any
/// callback installed before it (libVLC's avcodec module installs none; it sets the level).
void svlc_ffmpeg_quiet_begin(void);

/// Ends the calling thread's innermost span begun by svlc_ffmpeg_quiet_begin().
void svlc_ffmpeg_quiet_end(void);

#include <stdint.h>

/// How far a player turns a picture clockwise to show it, from a stream's display matrix
/// (AV_PKT_DATA_DISPLAYMATRIX): 0, 90, 180 or 270; 0 for none (NULL), a mirroring or another
/// angle.
int svlc_matrix_rotation(const int32_t *matrix);

#endif
