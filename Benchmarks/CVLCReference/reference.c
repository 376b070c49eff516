// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#define _GNU_SOURCE
#include "CVLCReference.h"
#include "common.h"

#include <vlc/vlc.h>

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* The arguments of VLCInstance.headlessArguments, so both sides load the same outputs. */
static const char *const headless_arguments[] = {
    "--no-video-title-show", "--quiet", "--vout=vdummy", "--aout=adummy", "--avcodec-hw=none"};

uint64_t cvr_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
           (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

static long resident_kb(void) {
    long pages = 0, resident = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (statm) {
        if (fscanf(statm, "%ld %ld", &pages, &resident) != 2) resident = 0;
        fclose(statm);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

long cvr_heap_in_use_kb(void) {
    struct mallinfo2 info = mallinfo2();
    return (long)((info.uordblks + info.hblkhd) / 1024);
}

void signal_init(signal_t *s) {
    pthread_mutex_init(&s->mutex, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&s->cond, &attributes);
    pthread_condattr_destroy(&attributes);
    s->set = 0;
}

void signal_destroy(signal_t *s) {
    pthread_cond_destroy(&s->cond);
    pthread_mutex_destroy(&s->mutex);
}

void signal_raise(signal_t *s) {
    pthread_mutex_lock(&s->mutex);
    s->set = 1;
    pthread_cond_broadcast(&s->cond);
    pthread_mutex_unlock(&s->mutex);
}

void signal_reset(signal_t *s) {
    pthread_mutex_lock(&s->mutex);
    s->set = 0;
    pthread_mutex_unlock(&s->mutex);
}

/* Returns 1 when raised within `seconds`. */
int signal_wait(signal_t *s, double seconds) {
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    long long nanoseconds = deadline.tv_nsec + (long long)(seconds * 1e9);
    deadline.tv_sec += nanoseconds / 1000000000;
    deadline.tv_nsec = nanoseconds % 1000000000;
    pthread_mutex_lock(&s->mutex);
    while (!s->set) {
        if (pthread_cond_timedwait(&s->cond, &s->mutex, &deadline) == ETIMEDOUT) break;
    }
    int raised = s->set;
    pthread_mutex_unlock(&s->mutex);
    return raised;
}

/* The headless arguments followed by `extra_count` more. */
libvlc_instance_t *new_instance_with(int extra_count, char **extra) {
    const char *arguments[32];
    int count = sizeof headless_arguments / sizeof headless_arguments[0];
    for (int index = 0; index < count; index++) arguments[index] = headless_arguments[index];
    for (int index = 0; index < extra_count && count < 32; index++) arguments[count++] = extra[index];
    libvlc_instance_t *instance = libvlc_new(count, arguments);
    if (!instance) fprintf(stderr, "cvlc-reference: libvlc_new failed\n");
    return instance;
}

libvlc_instance_t *new_instance(void) { return new_instance_with(0, NULL); }

/* MARK: event source */

typedef struct {
    uint64_t count, interval_ns;
    cvr_event_callback callback;
    void *context;
} source_t;

static void *source_thread(void *argument) {
    source_t *source = argument;
    uint64_t next = cvr_now_ns();
    for (uint64_t sequence = 0; sequence < source->count; sequence++) {
        if (source->interval_ns) {
            next += source->interval_ns;
            struct timespec at = {(time_t)(next / 1000000000u), (long)(next % 1000000000u)};
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL);
        }
        source->callback(source->context, sequence, cvr_now_ns());
    }
    return NULL;
}

void cvr_event_source_run(uint64_t count, uint64_t interval_ns, cvr_event_callback callback,
                          void *context) {
    source_t source = {count, interval_ns, callback, context};
    pthread_t thread;
    if (pthread_create(&thread, NULL, source_thread, &source) != 0) return;
    pthread_join(thread, NULL);
}

/* MARK: probe — parse every file, one after the other, and read what Media.parse reads;
   arguments after the list are added to the instance's */

static void on_parsed(const libvlc_event_t *event, void *data) {
    (void)event;
    signal_raise(data);
}

static int probe(int argc, char **argv) {
    if (argc < 3) return 2;
    FILE *list = fopen(argv[2], "r");
    if (!list) return 2;
    char **paths = NULL;
    int count = 0, capacity = 0;
    char line[4096];
    while (fgets(line, sizeof line, list)) {
        line[strcspn(line, "\n")] = 0;
        if (!*line) continue;
        if (count == capacity) {
            capacity = capacity ? 2 * capacity : 1024;
            char **grown = realloc(paths, capacity * sizeof *paths);
            if (!grown) return 1;
            paths = grown;
        }
        paths[count++] = strdup(line);
    }
    fclose(list);
    libvlc_instance_t *instance = new_instance_with(argc - 3, argv + 3);
    if (!instance) return 1;

    signal_t parsed;
    signal_init(&parsed);
    int playable = 0;
    uint64_t start = cvr_now_ns();
    for (int index = 0; index < count; index++) {
        libvlc_media_t *media = libvlc_media_new_path(instance, paths[index]);
        if (!media) continue;
        libvlc_event_manager_t *events = libvlc_media_event_manager(media);
        libvlc_event_attach(events, libvlc_MediaParsedChanged, on_parsed, &parsed);
        signal_reset(&parsed);
        if (libvlc_media_parse_with_options(media, libvlc_media_parse_local, 5000) == 0)
            signal_wait(&parsed, 7);
        if (libvlc_media_get_parsed_status(media) == libvlc_media_parsed_status_done) {
            for (int key = libvlc_meta_Title; key <= libvlc_meta_DiscTotal; key++)
                free(libvlc_media_get_meta(media, (libvlc_meta_t)key));
            libvlc_media_track_t **tracks = NULL;
            unsigned track_count = libvlc_media_tracks_get(media, &tracks);
            if (tracks) libvlc_media_tracks_release(tracks, track_count);
            if (track_count > 0 || libvlc_media_get_duration(media) > 0) playable++;
        }
        libvlc_event_detach(events, libvlc_MediaParsedChanged, on_parsed, &parsed);
        libvlc_media_release(media);
    }
    double seconds = (cvr_now_ns() - start) / 1e9;
    printf("{\"files\":%d,\"playable\":%d,\"seconds\":%.6f}\n", count, playable, seconds);
    signal_destroy(&parsed);
    libvlc_release(instance);
    for (int index = 0; index < count; index++) free(paths[index]);
    free(paths);
    return 0;
}

/* MARK: frames into memory (vmem), as videoFrames does */

typedef struct {
    unsigned char *buffer;
    size_t size;
    int frames, target;
    uint64_t first_ns;
    unsigned checksum;
    signal_t first, done;
} frames_t;

static void *frames_lock(void *opaque, void **planes) {
    frames_t *frames = opaque;
    planes[0] = frames->buffer;
    return NULL;
}

static void frames_display(void *opaque, void *picture) {
    (void)picture;
    frames_t *frames = opaque;
    /* The same per-frame work as the Swift consumer: read one byte of the picture. */
    frames->checksum += frames->buffer[((size_t)frames->frames * 4099) % frames->size];
    if (frames->frames++ == 0) {
        frames->first_ns = cvr_now_ns();
        signal_raise(&frames->first);
    }
    if (frames->frames == frames->target) signal_raise(&frames->done);
}

static libvlc_media_player_t *frames_player(libvlc_instance_t *instance, libvlc_media_t *media,
                                            frames_t *frames, unsigned width, unsigned height) {
    libvlc_media_player_t *player = libvlc_media_player_new_from_media(media);
    (void)instance;
    libvlc_video_set_callbacks(player, frames_lock, NULL, frames_display, frames);
    libvlc_video_set_format(player, "RGBA", width, height, width * 4);
    return player;
}

static void frames_init(frames_t *frames, unsigned width, unsigned height, int target) {
    memset(frames, 0, sizeof *frames);
    frames->size = (size_t)width * 4 * height;
    frames->buffer = aligned_alloc(64, frames->size);
    memset(frames->buffer, 0, frames->size);
    frames->target = target;
    signal_init(&frames->first);
    signal_init(&frames->done);
}

static void frames_destroy(frames_t *frames) {
    signal_destroy(&frames->first);
    signal_destroy(&frames->done);
    free(frames->buffer);
}

/* playback FILE FRAMES WIDTH HEIGHT: plays at 1x into RGBA frames until FRAMES were shown. */
static int playback(int argc, char **argv) {
    if (argc < 6) return 2;
    int target = atoi(argv[3]);
    unsigned width = (unsigned)atoi(argv[4]), height = (unsigned)atoi(argv[5]);
    libvlc_instance_t *instance = new_instance();
    if (!instance) return 1;
    libvlc_media_t *media = libvlc_media_new_path(instance, argv[2]);
    libvlc_media_add_option(media, ":no-audio");
    frames_t frames;
    frames_init(&frames, width, height, target);
    libvlc_media_player_t *player = frames_player(instance, media, &frames, width, height);
    double cpu = cpu_seconds();
    uint64_t start = cvr_now_ns();
    libvlc_media_player_play(player);
    int complete = signal_wait(&frames.done, 120);
    uint64_t end = cvr_now_ns();
    cpu = cpu_seconds() - cpu;
    libvlc_media_player_stop(player);
    printf("{\"frames\":%d,\"complete\":%s,\"seconds\":%.6f,\"cpuSeconds\":%.6f,\"checksum\":%u}\n",
           frames.frames, complete ? "true" : "false", (end - start) / 1e9, cpu, frames.checksum);
    libvlc_media_player_release(player);
    libvlc_media_release(media);
    frames_destroy(&frames);
    libvlc_release(instance);
    return complete ? 0 : 1;
}

/* first-frame FILE RUNS WIDTH HEIGHT: milliseconds from play to the first frame, per run. */
static int first_frame(int argc, char **argv) {
    if (argc < 6) return 2;
    int runs = atoi(argv[3]);
    unsigned width = (unsigned)atoi(argv[4]), height = (unsigned)atoi(argv[5]);
    libvlc_instance_t *instance = new_instance();
    if (!instance) return 1;
    libvlc_media_t *media = libvlc_media_new_path(instance, argv[2]);
    libvlc_media_add_option(media, ":no-audio");
    printf("{\"milliseconds\":[");
    int ok = 1;
    for (int run = 0; run < runs; run++) {
        frames_t frames;
        frames_init(&frames, width, height, 1);
        libvlc_media_player_t *player = frames_player(instance, media, &frames, width, height);
        uint64_t start = cvr_now_ns();
        libvlc_media_player_play(player);
        if (!signal_wait(&frames.first, 20)) ok = 0;
        printf("%s%.3f", run ? "," : "", (frames.first_ns - start) / 1e6);
        libvlc_media_player_stop(player);
        libvlc_media_player_release(player);
        frames_destroy(&frames);
        usleep(300000); /* the same pause as the Swift side, which releases in the background */
    }
    printf("]}\n");
    libvlc_media_release(media);
    libvlc_release(instance);
    return ok ? 0 : 1;
}

/* MARK: lifecycle — create, play until Playing (plus 20 ms), stop, release */

static void on_playing(const libvlc_event_t *event, void *data) {
    (void)event;
    signal_raise(data);
}

/* lifecycle FILE CYCLES WARMUP: per-cycle milliseconds and resident memory after WARMUP
   cycles and at the end. */
static int lifecycle(int argc, char **argv) {
    if (argc < 5) return 2;
    int cycles = atoi(argv[3]), warmup = atoi(argv[4]);
    libvlc_instance_t *instance = new_instance();
    if (!instance) return 1;
    libvlc_media_t *media = libvlc_media_new_path(instance, argv[2]);
    signal_t playing;
    signal_init(&playing);
    long warm_kb = resident_kb(), warm_heap_kb = cvr_heap_in_use_kb();
    long trace_kb[64];
    int traced = 0;
    int ok = 1;
    printf("{\"milliseconds\":[");
    for (int cycle = 0; cycle < cycles; cycle++) {
        if (cycle == warmup) {
            warm_kb = resident_kb();
            warm_heap_kb = cvr_heap_in_use_kb();
        }
        if (cycle % 100 == 0 && traced < 64) trace_kb[traced++] = resident_kb();
        uint64_t start = cvr_now_ns();
        libvlc_media_player_t *player = libvlc_media_player_new(instance);
        libvlc_event_manager_t *events = libvlc_media_player_event_manager(player);
        libvlc_event_attach(events, libvlc_MediaPlayerPlaying, on_playing, &playing);
        signal_reset(&playing);
        libvlc_media_player_set_media(player, media);
        libvlc_media_player_play(player);
        if (!signal_wait(&playing, 10)) ok = 0;
        usleep(20000); /* the same 20 ms as the Swift side: see lifecycleChild */
        libvlc_media_player_stop(player);
        libvlc_event_detach(events, libvlc_MediaPlayerPlaying, on_playing, &playing);
        libvlc_media_player_release(player);
        printf("%s%.3f", cycle ? "," : "", (cvr_now_ns() - start) / 1e6);
    }
    usleep(500000); /* the same settling time the Swift side gives its queued releases */
    printf("],\"residentKBEvery100\":[");
    for (int index = 0; index < traced; index++) printf("%s%ld", index ? "," : "", trace_kb[index]);
    printf("],\"residentWarmKB\":%ld,\"residentEndKB\":%ld,\"heapInUseWarmKB\":%ld,"
           "\"heapInUseEndKB\":%ld,\"ok\":%s}\n",
           warm_kb, resident_kb(), warm_heap_kb, cvr_heap_in_use_kb(), ok ? "true" : "false");
    signal_destroy(&playing);
    libvlc_media_release(media);
    libvlc_release(instance);
    return ok ? 0 : 1;
}

int cvr_main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    const char *name = argc > 1 ? argv[1] : "";
    if (!strcmp(name, "probe")) return probe(argc, argv);
    if (!strcmp(name, "playback")) return playback(argc, argv);
    if (!strcmp(name, "first-frame")) return first_frame(argc, argv);
    if (!strcmp(name, "lifecycle")) return lifecycle(argc, argv);
    if (!strcmp(name, "frames")) return cvr_frames(argc, argv);
    if (!strcmp(name, "channel-switch")) return cvr_channel_switch(argc, argv);
    fprintf(stderr,
            "usage: cvlc-reference probe LIST [OPTION...] | playback FILE FRAMES W H |\n"
            "       first-frame FILE RUNS W H | lifecycle FILE CYCLES WARMUP |\n"
            "       frames FILE W H RGBA|I420 [OPTION...] |\n"
            "       channel-switch SWITCHES SETTLE_MS MRL...\n");
    return 2;
}
