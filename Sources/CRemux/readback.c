// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// What a finished output does not hold of what was written into it: see remux.h.
#include "remux.h"

#include <CFFmpeg.h>
#include <stdio.h>
#include <string.h>

void svlc_remux_note_lost(svlc_remux *remux, int index, const AVStream *stream, const char *field,
                          const char *value) {
  if (remux->lost_count >= MAX_LOST) return;
  lost_t *lost = &remux->lost[remux->lost_count++];
  lost->index = index;
  lost->kind = stream ? svlc_remux_kind_of(stream->codecpar->codec_type) : 0;
  const AVDictionaryEntry *language =
      stream ? av_dict_get(stream->metadata, "language", NULL, 0) : NULL;
  av_strlcpy(lost->language, language ? language->value : "", sizeof(lost->language));
  av_strlcpy(lost->field, field, sizeof(lost->field));
  av_strlcpy(lost->value, value, sizeof(lost->value));
}

const char *svlc_remux_tag(const AVDictionary *metadata, const char *key) {
  const AVDictionaryEntry *entry = av_dict_get(metadata, key, NULL, 0);
  return entry && *entry->value ? entry->value : NULL;
}

/// A track's title as its container keeps it: an MP4 track's is its handler name.
static const char *title_of(const AVStream *stream, int mp4) {
  const char *title = svlc_remux_tag(stream->metadata, "title");
  return title ? title : mp4 ? svlc_remux_tag(stream->metadata, "handler_name") : NULL;
}

/// The stream of `type` a player picks: the first marked default, else, for video and audio,
/// the first of its kind; -1 for none.
static int chosen(const AVFormatContext *context, enum AVMediaType type) {
  int first = -1;
  for (unsigned i = 0; i < context->nb_streams; i++) {
    const AVStream *stream = context->streams[i];
    if (stream->codecpar->codec_type != type) continue;
    if (stream->disposition & AV_DISPOSITION_DEFAULT) return (int)i;
    if (first < 0) first = (int)i;
  }
  return type == AVMEDIA_TYPE_VIDEO || type == AVMEDIA_TYPE_AUDIO ? first : -1;
}

/// Whether stream `at` is picked, or not, alike in what was written and what was read back:
/// a default flag a container adds to, or leaves off, the track players pick anyway changes
/// nothing.
static int same_choice(const AVFormatContext *out, const AVFormatContext *back, unsigned at) {
  enum AVMediaType type = out->streams[at]->codecpar->codec_type;
  return (chosen(out, type) == (int)at) == (chosen(back, type) == (int)at);
}

int svlc_remux_rotation(const AVStream *stream) {
  return svlc_matrix_rotation(
      (const int32_t *)av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, NULL));
}

static void compare_stream(svlc_remux *remux, const AVFormatContext *out,
                           const AVFormatContext *read, unsigned at, const AVStream *back,
                           int index) {
  const AVStream *written = out->streams[at];
  int mp4 = strcmp(remux->format, "mp4") == 0;
  const char *title = svlc_remux_tag(written->metadata, "title");
  const char *title_back = title_of(back, mp4);
  if (title && (!title_back || strcmp(title, title_back) != 0))
    svlc_remux_note_lost(remux, index, written, "title", title);
  const char *language = svlc_remux_tag(written->metadata, "language");
  const char *language_back = svlc_remux_tag(back->metadata, "language");
  // "???": libVLC's MPEG-TS muxer's word for none.
  if (language && strcmp(language, "und") != 0 && strcmp(language, "???") != 0 &&
      (!language_back || av_strcasecmp(language, language_back) != 0))
    svlc_remux_note_lost(remux, index, written, "language", language);
  int wanted = !!(written->disposition & AV_DISPOSITION_DEFAULT);
  int got = !!(back->disposition & AV_DISPOSITION_DEFAULT);
  if (wanted != got && !same_choice(out, read, at))
    svlc_remux_note_lost(remux, index, written, "default", wanted ? "yes" : "no");
  wanted = !!(written->disposition & AV_DISPOSITION_FORCED);
  if (wanted != !!(back->disposition & AV_DISPOSITION_FORCED))
    svlc_remux_note_lost(remux, index, written, "forced", wanted ? "yes" : "no");
  int rotation = svlc_remux_rotation(written);
  if (rotation != svlc_remux_rotation(back)) {
    char value[32];
    snprintf(value, sizeof(value), "%d° clockwise", rotation);
    svlc_remux_note_lost(remux, index, written, "rotation", value);
  }
}

/// Keys every muxer writes or reads back its own way: not the source's to lose ("software" is
/// AVI's name for the program that wrote the file, "encoder" in the others).
static int muxer_key(const char *key) {
  static const char *keys[] = {"encoder", "software", "major_brand", "minor_version",
                               "compatible_brands", "handler_name", "DURATION"};
  for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
    if (av_strcasecmp(keys[i], key) == 0) return 1;
  return 0;
}

int svlc_remux_holds_value(const AVDictionary *dictionary, const char *value) {
  const AVDictionaryEntry *entry = NULL;
  while ((entry = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX)))
    if (strcmp(entry->value, value) == 0) return 1;
  return 0;
}

/// Whether the file read back keeps a tag: under its key (any case), or its value under
/// another key, since muxers rename keys both ways ("track" is Matroska's PART_NUMBER), or in
/// a program's tags (MPEG-TS names its service after the title).
static int kept_tag(const AVFormatContext *back, const AVDictionaryEntry *entry) {
  if (svlc_remux_tag(back->metadata, entry->key) ||
      svlc_remux_holds_value(back->metadata, entry->value))
    return 1;
  for (unsigned i = 0; i < back->nb_programs; i++)
    if (svlc_remux_holds_value(back->programs[i]->metadata, entry->value)) return 1;
  return 0;
}

void svlc_remux_read_back(svlc_remux *remux, const AVFormatContext *out, const int *input_of) {
  AVFormatContext *back = NULL;
  if (avformat_open_input(&back, remux->output, NULL, NULL) < 0) return;
  for (unsigned at = 0; at < out->nb_streams; at++) {
    if (out->streams[at]->codecpar->codec_type == AVMEDIA_TYPE_ATTACHMENT) continue;
    // Streams read back in the order written (MPEG-TS by PID, which follows it).
    const AVStream *found = NULL;
    for (unsigned b = 0; b < back->nb_streams && !found; b++)
      if (back->streams[b]->index == (int)at) found = back->streams[b];
    if (found) compare_stream(remux, out, back, at, found, input_of[at]);
  }
  const AVDictionaryEntry *entry = NULL;
  while ((entry = av_dict_get(out->metadata, "", entry, AV_DICT_IGNORE_SUFFIX))) {
    if (!*entry->value || muxer_key(entry->key)) continue;
    if (!kept_tag(back, entry)) svlc_remux_note_lost(remux, -1, NULL, entry->key, entry->value);
  }
  avformat_close_input(&back);
}

void svlc_remux_note_refused(svlc_remux *remux, const AVFormatContext *out, const route_t *routes,
                             unsigned count) {
  for (unsigned i = 0; i < count; i++) {
    const route_t *route = &routes[i];
    int64_t all = route->refused + route->damaged + route->written;
    char value[64];
    if (route->refused > 0) {
      snprintf(value, sizeof(value), "%lld of %lld", (long long)route->refused, (long long)all);
      svlc_remux_note_lost(remux, (int)i, out->streams[route->output], "packets", value);
    }
    if (route->damaged > 0) {
      snprintf(value, sizeof(value), "%lld of %lld", (long long)route->damaged, (long long)all);
      svlc_remux_note_lost(remux, (int)i, out->streams[route->output], "damaged packets", value);
    }
  }
}

void svlc_remux_note_delay(svlc_remux *remux, const AVFormatContext *out, const route_t *routes,
                           unsigned count) {
  if (strcmp(remux->format, "mp4") == 0) return;
  for (unsigned i = 0; i < count; i++) {
    if (routes[i].encoder_delay <= 0 || routes[i].output < 0) continue;
    const AVStream *stream = out->streams[routes[i].output];
    int rate = stream->codecpar->sample_rate;
    // Opus's pre-skip, given as the stream's initial padding, is written by Matroska's muxer
    // (CodecDelay) and MPEG-TS's (the control header's trim).
    int pre_skip = stream->codecpar->codec_id == AV_CODEC_ID_OPUS &&
                   stream->codecpar->initial_padding > 0;
    if (pre_skip || rate <= 0) continue;
    char value[64];
    snprintf(value, sizeof(value), "%lld samples (%lld ms)", (long long)routes[i].encoder_delay,
             (long long)(routes[i].encoder_delay * 1000 + rate / 2) / rate);
    svlc_remux_note_lost(remux, (int)i, stream, "encoder delay", value);
  }
}
