// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// The copy's settings and what it reports: see include/CRemux.h.
#include "remux.h"

#include <CFFmpeg.h>

#include <stdlib.h>
#include <string.h>

svlc_remux *svlc_remux_new(const char *input, const char *output, const char *format) {
  if (svlc_ffmpeg_load() != 0) return NULL;
  svlc_remux *remux = calloc(1, sizeof(*remux));
  if (!remux) return NULL;
  remux->input = av_strdup(input);
  remux->output = av_strdup(output);
  remux->format = av_strdup(format);
  if (!remux->input || !remux->output || !remux->format) {
    svlc_remux_free(remux);
    return NULL;
  }
  remux->streamed = strncmp(output, "pipe:", 5) == 0;
  atomic_init(&remux->stop, 0);
  atomic_init(&remux->stop_at, 0);
  atomic_init(&remux->position, 0);
  return remux;
}

const char *svlc_remux_unavailable(void) { return svlc_ffmpeg_error(); }

void svlc_remux_free(svlc_remux *remux) {
  if (!remux) return;
  for (int i = 0; i < remux->source_count; i++) av_free(remux->sources[i].title);
  for (int i = 0; i < remux->title_count; i++) av_free(remux->titles[i].title);
  av_dict_free(&remux->tags);
  for (int i = 0; i < remux->chapter_count; i++) {
    av_dict_free(&remux->chapters[i]->metadata);
    av_free(remux->chapters[i]);
  }
  av_free(remux->chapters);
  av_free(remux->leads);
  av_free(remux->track_kinds);
  av_free(remux->track_disabled);
  av_free(remux->input);
  av_free(remux->output);
  av_free(remux->format);
  free(remux);
}

void svlc_remux_set_duration(svlc_remux *remux, int64_t microseconds) {
  remux->duration = microseconds > 0 ? microseconds : 0;
}

void svlc_remux_set_start_at_keyframe(svlc_remux *remux, int enabled) {
  remux->start_at_keyframe = enabled != 0;
}

void svlc_remux_set_refuse_unheld(svlc_remux *remux, int enabled) {
  remux->refuse_unheld = enabled != 0;
}

void svlc_remux_set_join_jumps(svlc_remux *remux, int64_t since) {
  remux->join_since = since > 0 ? since : 0;
}

void svlc_remux_set_drop_repeats(svlc_remux *remux, int most) {
  remux->drop_repeats = most > 0 ? most : 0;
}

void svlc_remux_set_matroska_tracks(svlc_remux *remux, const char *kinds, const char *disabled) {
  av_freep(&remux->track_kinds);
  av_freep(&remux->track_disabled);
  if (!kinds || !disabled || strlen(kinds) != strlen(disabled)) return;
  remux->track_kinds = av_strdup(kinds);
  remux->track_disabled = av_strdup(disabled);
}

void svlc_remux_add_source(svlc_remux *remux, char kind, const char *codec, const char *language,
                           const char *title, int is_default, int is_forced) {
  // One past the last: the setters below then describe no source (not the last one added).
  remux->sources_dropped = remux->source_count >= MAX_SOURCES;
  if (remux->sources_dropped) return;
  source_t *source = &remux->sources[remux->source_count++];
  source->kind = kind;
  av_strlcpy(source->codec, codec ? codec : "", sizeof(source->codec));
  av_strlcpy(source->language, language ? language : "", sizeof(source->language));
  source->title = title && *title ? av_strdup(title) : NULL;
  source->is_default = is_default;
  source->is_forced = is_forced;
}

void svlc_remux_set_source_rate(svlc_remux *remux, int rate) {
  if (remux->source_count > 0 && !remux->sources_dropped)
    remux->sources[remux->source_count - 1].rate = rate > 0 ? rate : 0;
}

void svlc_remux_set_source_rotation(svlc_remux *remux, int rotation) {
  if (remux->source_count > 0 && !remux->sources_dropped && rotation % 90 == 0 && rotation > 0 &&
      rotation < 360)
    remux->sources[remux->source_count - 1].rotation = rotation;
}

void svlc_remux_add_title(svlc_remux *remux, char kind, const char *title) {
  if (remux->title_count >= MAX_SOURCES) return;
  remux->titles[remux->title_count].kind = kind;
  remux->titles[remux->title_count++].title = title && *title ? av_strdup(title) : NULL;
}

void svlc_remux_add_tag(svlc_remux *remux, const char *key, const char *value) {
  if (key && *key && value && *value) av_dict_set(&remux->tags, key, value, 0);
}

void svlc_remux_add_chapter(svlc_remux *remux, int64_t start, int64_t end, const char *title) {
  if (start < 0 || end < start) return;
  AVChapter *chapter = av_mallocz(sizeof(*chapter));
  if (!chapter) return;
  if (av_dynarray_add_nofree(&remux->chapters, &remux->chapter_count, chapter) < 0) {
    av_free(chapter);
    return;
  }
  *chapter = (AVChapter){.id = remux->chapter_count, .time_base = {1, 1000000}, .start = start,
                         .end = end};
  if (title && *title) av_dict_set(&chapter->metadata, "title", title, 0);
}

void svlc_remux_stop(svlc_remux *remux) {
  atomic_store(&remux->stop_at, av_gettime_relative());
  atomic_store(&remux->stop, 1);
}

int64_t svlc_remux_position(const svlc_remux *remux) {
  return atomic_load(&((svlc_remux *)remux)->position);
}

const char *svlc_remux_error(const svlc_remux *remux) { return remux->error; }
int svlc_remux_reader_gone(const svlc_remux *remux) { return remux->reader_gone; }
int svlc_remux_dropped_count(const svlc_remux *remux) { return remux->dropped_count; }
int svlc_remux_dropped_index(const svlc_remux *remux, int at) { return remux->dropped[at].index; }
char svlc_remux_dropped_kind(const svlc_remux *remux, int at) { return remux->dropped[at].kind; }
const char *svlc_remux_dropped_codec(const svlc_remux *remux, int at) {
  return remux->dropped[at].codec;
}
int svlc_remux_dropped_unnamed(const svlc_remux *remux, int at) {
  return remux->dropped[at].unnamed;
}
int svlc_remux_dropped_cover(const svlc_remux *remux, int at) { return remux->dropped[at].cover; }
const char *svlc_remux_dropped_language(const svlc_remux *remux, int at) {
  return remux->dropped[at].language;
}
const char *svlc_remux_dropped_reason(const svlc_remux *remux, int at) {
  return remux->dropped[at].reason;
}
int svlc_remux_dropped_chapters(const svlc_remux *remux) { return remux->dropped_chapters; }
int svlc_remux_lost_count(const svlc_remux *remux) { return remux->lost_count; }
int svlc_remux_lost_index(const svlc_remux *remux, int at) { return remux->lost[at].index; }
char svlc_remux_lost_kind(const svlc_remux *remux, int at) { return remux->lost[at].kind; }
const char *svlc_remux_lost_language(const svlc_remux *remux, int at) {
  return remux->lost[at].language;
}
const char *svlc_remux_lost_field(const svlc_remux *remux, int at) {
  return remux->lost[at].field;
}
const char *svlc_remux_lost_value(const svlc_remux *remux, int at) {
  return remux->lost[at].value;
}
int64_t svlc_remux_skipped(const svlc_remux *remux) { return remux->skipped; }
int64_t svlc_remux_shift(const svlc_remux *remux) { return remux->shift; }

char svlc_remux_kind_of(enum AVMediaType type) {
  switch (type) {
  case AVMEDIA_TYPE_VIDEO: return 'v';
  case AVMEDIA_TYPE_AUDIO: return 'a';
  case AVMEDIA_TYPE_SUBTITLE: return 's';
  default: return 'd';
  }
}

// A stream's codec as libavformat names it; for one it has no codec for, an attachment's
// MIME type (else its file name), or the four letters of a data stream's tag when they are
// printable, else nothing ("none" said nothing).
void svlc_remux_codec_name(const AVStream *stream, char *name, size_t size) {
  const AVCodecParameters *codec = stream->codecpar;
  if (codec->codec_id != AV_CODEC_ID_NONE) {
    av_strlcpy(name, avcodec_get_name(codec->codec_id), size);
    return;
  }
  if (codec->codec_type == AVMEDIA_TYPE_ATTACHMENT) {
    const AVDictionaryEntry *type = av_dict_get(stream->metadata, "mimetype", NULL, 0);
    if (!type) type = av_dict_get(stream->metadata, "filename", NULL, 0);
    av_strlcpy(name, type ? type->value : "", size);
    return;
  }
  char tag[5] = {0};
  for (int i = 0; i < 4; i++) {
    unsigned char letter = (codec->codec_tag >> (8 * i)) & 0xFF;
    if (letter < 0x20 || letter > 0x7E) {
      tag[0] = 0;
      break;
    }
    tag[i] = (char)letter;
  }
  av_strlcpy(name, tag, size);
}

void svlc_remux_drop(svlc_remux *remux, const AVStream *stream, const char *reason) {
  if (remux->dropped_count >= MAX_DROPPED) return;
  dropped_t *dropped = &remux->dropped[remux->dropped_count++];
  dropped->index = stream->index;
  dropped->kind = svlc_remux_kind_of(stream->codecpar->codec_type);
  svlc_remux_codec_name(stream, dropped->codec, sizeof(dropped->codec));
  dropped->unnamed = stream->codecpar->codec_id == AV_CODEC_ID_NONE &&
                     stream->codecpar->codec_type != AVMEDIA_TYPE_ATTACHMENT;
  dropped->cover = (stream->disposition & AV_DISPOSITION_ATTACHED_PIC) != 0;
  const AVDictionaryEntry *language = av_dict_get(stream->metadata, "language", NULL, 0);
  av_strlcpy(dropped->language, language ? language->value : "", sizeof(dropped->language));
  av_strlcpy(dropped->reason, reason, sizeof(dropped->reason));
}
