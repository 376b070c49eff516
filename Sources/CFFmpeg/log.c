// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// The one FFmpeg log filter and display-matrix reading: see include/CFFmpeg.h.
#include "CFFmpeg.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>

#include "ffmpeg_functions.h"

/// How many quiet spans the thread is inside.
static _Thread_local int quiet_depth;

static void filtered_log(void *context, int level, const char *format, va_list arguments) {
  if (quiet_depth > 0) return;
  av_log_default_callback(context, level, format, arguments);
}

static void install_filter(void) {
  if (svlc_ffmpeg_load() == 0) av_log_set_callback(filtered_log);
}

static pthread_once_t install_once = PTHREAD_ONCE_INIT;

void svlc_ffmpeg_quiet_begin(void) {
  pthread_once(&install_once, install_filter);
  quiet_depth++;
}

void svlc_ffmpeg_quiet_end(void) {
  if (quiet_depth > 0) quiet_depth--;
}

int svlc_matrix_rotation(const int32_t *matrix) {
  // A mirroring has a negative determinant: not a rotation.
  if (!matrix || (double)matrix[0] * matrix[4] - (double)matrix[1] * matrix[3] < 0) return 0;
  double counterclockwise = av_display_rotation_get(matrix);
  if (isnan(counterclockwise)) return 0;
  int clockwise = (int)lround(-counterclockwise);
  clockwise = (clockwise % 360 + 360) % 360;
  return clockwise % 90 == 0 ? clockwise : 0;
}
