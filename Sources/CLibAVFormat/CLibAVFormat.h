// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// FFmpeg's libraries as CRemux uses them. Not through pkg-config: Debian's libavformat.pc
// carries flags SwiftPM refuses with a warning; the headers are on the default path and the
// module map links the libraries.
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
