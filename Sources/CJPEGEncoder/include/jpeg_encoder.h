// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#ifndef SWIFTVLC_JPEG_ENCODER_H
#define SWIFTVLC_JPEG_ENCODER_H

#include <stddef.h>
#include <stdint.h>

/// Encodes `width` x `height` RGBA pixels (`stride` bytes a row; alpha is dropped) as a
/// baseline JPEG of `quality` (1-100) with libjpeg: chroma 4:2:0 below 90, 4:4:4 from 90.
/// On success returns 0 and sets `*output`
/// (free it with `free`) and `*size`; on failure returns -1 with libjpeg's message in
/// `message` (`message_size` bytes, NUL-terminated). libjpeg's errors end in a longjmp inside
/// this function: it never exits the process.
int swiftvlc_jpeg_encode(const uint8_t *rgba, int width, int height, size_t stride, int quality,
                         unsigned char **output, unsigned long *size, char *message,
                         size_t message_size);

#endif
