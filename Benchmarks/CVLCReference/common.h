// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// What the C reference's cases share (reference.c) and the cases in frames.c.
#ifndef CVR_COMMON_H
#define CVR_COMMON_H

#include <pthread.h>
#include <vlc/vlc.h>

/* A one-shot flag with a bounded wait. */
typedef struct {
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    int set;
} signal_t;

void signal_init(signal_t *s);
void signal_destroy(signal_t *s);
void signal_raise(signal_t *s);
void signal_reset(signal_t *s);
/* Returns 1 when raised within `seconds`. */
int signal_wait(signal_t *s, double seconds);

/* The process's CPU time (user + system, all threads) in seconds. */
double cpu_seconds(void);
/* An instance with the headless arguments followed by `extra_count` more. */
libvlc_instance_t *new_instance_with(int extra_count, char **extra);
libvlc_instance_t *new_instance(void);

/* frames FILE W H RGBA|I420 [OPTION...] (frames.c). */
int cvr_frames(int argc, char **argv);
/* channel-switch SWITCHES SETTLE_MS MRL... (frames.c). */
int cvr_channel_switch(int argc, char **argv);

#endif
