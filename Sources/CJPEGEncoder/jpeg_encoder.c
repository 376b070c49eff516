// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#include "jpeg_encoder.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

struct failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

// libjpeg's default error_exit calls exit(): this one returns to the encode call instead.
static void jump_out(j_common_ptr info) {
    struct failure *failure = (struct failure *)info->err;
    longjmp(failure->jump, 1);
}

// libjpeg's default output_message writes warnings to stderr: a library prints nothing.
static void keep_quiet(j_common_ptr info) { (void)info; }

int swiftvlc_jpeg_encode(const uint8_t *rgba, int width, int height, size_t stride, int quality,
                         unsigned char **output, unsigned long *size, char *message,
                         size_t message_size) {
    struct jpeg_compress_struct info;
    struct failure failure;
    *output = NULL;
    *size = 0;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jump_out;
    failure.manager.output_message = keep_quiet;
    if (setjmp(failure.jump)) {
        if (message_size > 0) {
            char text[JMSG_LENGTH_MAX];
            (*info.err->format_message)((j_common_ptr)&info, text);
            snprintf(message, message_size, "%s", text);
        }
        jpeg_destroy_compress(&info);
        // jpeg_mem_dest's buffer may have been replaced since *output last named it (libjpeg
        // frees the old one): freeing *output here could free it twice, so the partial output
        // is left. Input is checked before the call; this path is libjpeg running out of memory.
        *output = NULL;
        *size = 0;
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, output, size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    // libjpeg-turbo reads RGBA itself and ignores the fourth byte.
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    // From quality 90 the colour is kept at full resolution (4:4:4, as ImageMagick does):
    // halving it blurs coloured edges and small text more than the quality promises.
    if (quality >= 90) {
        info.comp_info[0].h_samp_factor = 1;
        info.comp_info[0].v_samp_factor = 1;
    }
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW rows[1] = {(JSAMPROW)(rgba + (size_t)info.next_scanline * stride)};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}
