// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// FFmpeg's libraries, loaded at first use: see include/ffmpeg_functions.h.
#include "CFFmpeg.h"

#include <CLibraryLoader.h>
#include <libavutil/macros.h>
#include <pthread.h>

#include "ffmpeg_functions.h"

struct svlc_ffmpeg_functions svlc_ff;

/// The libraries of the major versions the headers describe: another major version has
/// another ABI, and Debian installs it under another soname.
static const char *const sonames[] = {
  "libavformat.so." AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR),
  "libavcodec.so." AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
  "libswscale.so." AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR),
  "libavutil.so." AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_result = -1;
static char load_error[512];

static void load(void) {
#define SVLC_FFMPEG_SYMBOL(name) {#name, (void **)&svlc_ff.p_##name},
  static const svlc_library_symbol symbols[] = {SVLC_FFMPEG_FUNCTIONS(SVLC_FFMPEG_SYMBOL)};
#undef SVLC_FFMPEG_SYMBOL
  load_result = svlc_library_load(sonames, sizeof sonames / sizeof *sonames, symbols,
                                  sizeof symbols / sizeof *symbols, load_error,
                                  sizeof load_error);
}

int svlc_ffmpeg_load(void) {
  pthread_once(&load_once, load);
  return load_result;
}

const char *svlc_ffmpeg_error(void) {
  return svlc_ffmpeg_load() == 0 ? NULL : load_error;
}
