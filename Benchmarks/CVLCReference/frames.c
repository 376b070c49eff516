// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// The C reference's cases that hand pictures to memory through format callbacks: a whole
// file into frames, and channel switching (see reference.c for the others).
#define _GNU_SOURCE
#include "CVLCReference.h"
#include "common.h"

#include <vlc/vlc.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* MARK: frames — a whole file into RGBA or I420 frames, through format callbacks as
   SwiftVLC's videoFrames uses them (pitches and line counts rounded up to 32) */

typedef struct {
    char chroma[5];
    unsigned width, height, planes;
    unsigned pitches[3], lines[3];
    unsigned char *buffer;
    size_t size;
    int frames;
    unsigned checksum;
    signal_t ended;
} stream_t;

static unsigned round_up32(unsigned value) { return (value + 31) & ~31u; }

static unsigned stream_setup(void **opaque, char *chroma, unsigned *width, unsigned *height,
                             unsigned *pitches, unsigned *lines) {
    stream_t *stream = *opaque;
    /* VAAPI/VDPAU offers are answered with the frame format, as SwiftVLC does on an instance
     * that decodes in software (the benchmark's): a refusal rebuilds the video output. */
    memcpy(chroma, stream->chroma, 4);
    *width = stream->width;
    *height = stream->height;
    for (unsigned plane = 0; plane < stream->planes; plane++) {
        pitches[plane] = stream->pitches[plane];
        lines[plane] = stream->lines[plane];
    }
    return 1;
}

static void *stream_lock(void *opaque, void **planes) {
    stream_t *stream = opaque;
    size_t offset = 0;
    for (unsigned plane = 0; plane < stream->planes; plane++) {
        planes[plane] = stream->buffer + offset;
        offset += (size_t)stream->pitches[plane] * stream->lines[plane];
    }
    return NULL;
}

static void stream_display(void *opaque, void *picture) {
    (void)picture;
    stream_t *stream = opaque;
    /* The same per-frame work as the Swift consumer: read one byte of the picture. */
    stream->checksum += stream->buffer[((size_t)stream->frames * 4099) % stream->size];
    stream->frames++;
}

static void on_ended(const libvlc_event_t *event, void *data) {
    (void)event;
    signal_raise(data);
}

/* frames FILE WIDTH HEIGHT CHROMA [OPTION...]: plays FILE at 1x to its end into
   WIDTHxHEIGHT frames of CHROMA (RGBA or I420); prints the frames shown, the CPU time from
   play to the end, and libVLC's own picture counters. Options starting with ':' are added to
   the media's, the others to the instance's. */
int cvr_frames(int argc, char **argv) {
    if (argc < 6) return 2;
    stream_t stream;
    memset(&stream, 0, sizeof stream);
    stream.width = (unsigned)atoi(argv[3]);
    stream.height = (unsigned)atoi(argv[4]);
    snprintf(stream.chroma, sizeof stream.chroma, "%.4s", argv[5]);
    if (!strcmp(stream.chroma, "I420")) {
        unsigned chroma_width = (stream.width + 1) / 2, chroma_height = (stream.height + 1) / 2;
        stream.planes = 3;
        stream.pitches[0] = round_up32(stream.width);
        stream.lines[0] = round_up32(stream.height);
        for (unsigned plane = 1; plane < 3; plane++) {
            stream.pitches[plane] = round_up32(chroma_width);
            stream.lines[plane] = round_up32(chroma_height);
        }
    } else {
        stream.planes = 1;
        stream.pitches[0] = round_up32(stream.width * 4);
        stream.lines[0] = round_up32(stream.height);
    }
    for (unsigned plane = 0; plane < stream.planes; plane++)
        stream.size += (size_t)stream.pitches[plane] * stream.lines[plane];
    stream.buffer = aligned_alloc(64, stream.size);
    memset(stream.buffer, 0, stream.size);
    signal_init(&stream.ended);

    char *instance_options[32];
    int instance_count = 0;
    for (int index = 6; index < argc && instance_count < 32; index++)
        if (argv[index][0] != ':') instance_options[instance_count++] = argv[index];
    libvlc_instance_t *instance = new_instance_with(instance_count, instance_options);
    if (!instance) return 1;
    libvlc_media_t *media = libvlc_media_new_path(instance, argv[2]);
    libvlc_media_add_option(media, ":no-audio");
    for (int index = 6; index < argc; index++)
        if (argv[index][0] == ':') libvlc_media_add_option(media, argv[index]);
    libvlc_media_player_t *player = libvlc_media_player_new_from_media(media);
    libvlc_video_set_callbacks(player, stream_lock, NULL, stream_display, &stream);
    libvlc_video_set_format_callbacks(player, stream_setup, NULL);
    libvlc_event_manager_t *events = libvlc_media_player_event_manager(player);
    libvlc_event_attach(events, libvlc_MediaPlayerEndReached, on_ended, &stream.ended);
    libvlc_event_attach(events, libvlc_MediaPlayerEncounteredError, on_ended, &stream.ended);
    double cpu = cpu_seconds();
    uint64_t start = cvr_now_ns();
    libvlc_media_player_play(player);
    int complete = signal_wait(&stream.ended, 300);
    uint64_t end = cvr_now_ns();
    cpu = cpu_seconds() - cpu;
    libvlc_media_stats_t stats;
    memset(&stats, 0, sizeof stats);
    libvlc_media_get_stats(media, &stats);
    libvlc_media_player_stop(player);
    printf("{\"frames\":%d,\"complete\":%s,\"seconds\":%.6f,\"cpuSeconds\":%.6f,"
           "\"displayed\":%d,\"lost\":%d,\"decoded\":%d,\"checksum\":%u}\n",
           stream.frames, complete ? "true" : "false", (end - start) / 1e9, cpu,
           stats.i_displayed_pictures, stats.i_lost_pictures, stats.i_decoded_video,
           stream.checksum);
    libvlc_event_detach(events, libvlc_MediaPlayerEndReached, on_ended, &stream.ended);
    libvlc_event_detach(events, libvlc_MediaPlayerEncounteredError, on_ended, &stream.ended);
    libvlc_media_player_release(player);
    libvlc_media_release(media);
    libvlc_release(instance);
    signal_destroy(&stream.ended);
    free(stream.buffer);
    return complete ? 0 : 1;
}

/* MARK: channel switch — set_media + play on one player, time to the new channel's picture */

typedef struct {
    unsigned char *buffer;
    int armed;
    uint64_t first_ns;
    signal_t first;
} switch_frames_t;

static void *switch_lock(void *opaque, void **planes) {
    planes[0] = ((switch_frames_t *)opaque)->buffer;
    return NULL;
}

static void switch_display(void *opaque, void *picture) {
    (void)picture;
    switch_frames_t *frames = opaque;
    pthread_mutex_lock(&frames->first.mutex);
    int armed = frames->armed;
    frames->armed = 0;
    pthread_mutex_unlock(&frames->first.mutex);
    if (armed) {
        frames->first_ns = cvr_now_ns();
        signal_raise(&frames->first);
    }
}

/* channel-switch SWITCHES SETTLE_MS MRL...: one player (64x64 RGBA frames) goes through the
   MRLs in turn; per switch, milliseconds from libvlc_media_player_set_media to the first
   picture of the new channel, as the plain way to zap with libVLC 3. */
int cvr_channel_switch(int argc, char **argv) {
    if (argc < 5) return 2;
    int switches = atoi(argv[2]), settle_ms = atoi(argv[3]), count = argc - 4;
    libvlc_instance_t *instance = new_instance();
    if (!instance) return 1;
    libvlc_media_t **media = calloc((size_t)count, sizeof *media);
    for (int index = 0; index < count; index++) {
        media[index] = libvlc_media_new_location(instance, argv[4 + index]);
        libvlc_media_add_option(media[index], ":no-audio");
    }
    switch_frames_t frames;
    memset(&frames, 0, sizeof frames);
    frames.buffer = aligned_alloc(64, 64 * 64 * 4);
    signal_init(&frames.first);
    libvlc_media_player_t *player = libvlc_media_player_new(instance);
    libvlc_video_set_callbacks(player, switch_lock, NULL, switch_display, &frames);
    libvlc_video_set_format(player, "RGBA", 64, 64, 64 * 4);
    int ok = 1;
    printf("{\"milliseconds\":[");
    /* Switch 0 opens the first channel; the SWITCHES timed ones follow. */
    for (int step = 0; step <= switches; step++) {
        signal_reset(&frames.first);
        uint64_t start = cvr_now_ns();
        /* set_media stops the previous channel (joining its threads): no picture of it can
           come after, so the next picture is the new channel's. */
        libvlc_media_player_set_media(player, media[step % count]);
        pthread_mutex_lock(&frames.first.mutex);
        frames.armed = 1;
        pthread_mutex_unlock(&frames.first.mutex);
        libvlc_media_player_play(player);
        if (!signal_wait(&frames.first, 20)) ok = 0;
        if (step > 0) printf("%s%.3f", step > 1 ? "," : "", (frames.first_ns - start) / 1e6);
        usleep((useconds_t)settle_ms * 1000);
    }
    printf("],\"ok\":%s}\n", ok ? "true" : "false");
    libvlc_media_player_stop(player);
    libvlc_media_player_release(player);
    for (int index = 0; index < count; index++) libvlc_media_release(media[index]);
    free(media);
    signal_destroy(&frames.first);
    free(frames.buffer);
    libvlc_release(instance);
    return ok ? 0 : 1;
}
