// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// What an output holds besides its streams' packets: a cover, the file's tags, the chapters.
// See remux.h.
#include "remux.h"

#include <stdio.h>
#include <string.h>

const char *svlc_remux_data_reason(const svlc_remux *remux, const AVStream *in, char *reason,
                                   size_t size) {
  int timecode = in->codecpar->codec_tag == MKTAG('t', 'm', 'c', 'd') &&
                 av_dict_get(in->metadata, "timecode", NULL, 0);
  if (timecode)
    return strcmp(remux->format, "mpegts") == 0 ? "a timecode track: MPEG-TS has no place for it"
                                                 : NULL;
  const AVCodecDescriptor *codec = avcodec_descriptor_get(in->codecpar->codec_id);
  if (codec && codec->long_name)
    snprintf(reason, size, "%s cannot hold %s", svlc_remux_display_name(remux),
             codec->long_name);
  else
    snprintf(reason, size, "%s has no place for a data stream of an unknown kind",
             svlc_remux_display_name(remux));
  return reason;
}

// MP4 keeps a cover as its cover, Matroska as an attachment named "cover" (which libVLC shows
// as the art; libavformat would write a video track), and MPEG-TS has no place for it.
int svlc_remux_add_cover(svlc_remux *remux, AVFormatContext *out, const AVStream *in,
                         route_t *route) {
  enum AVCodecID id = in->codecpar->codec_id;
  char reason[96];
  snprintf(reason, sizeof(reason), "%s holds no cover picture", svlc_remux_display_name(remux));
  const char *mime = id == AV_CODEC_ID_PNG     ? "image/png"
                     : id == AV_CODEC_ID_MJPEG ? "image/jpeg"
                                               : NULL;
  if (strcmp(remux->format, "mp4") == 0 && (id == AV_CODEC_ID_PNG || id == AV_CODEC_ID_MJPEG)) {
    AVStream *stream = avformat_new_stream(out, NULL);
    if (!stream || avcodec_parameters_copy(stream->codecpar, in->codecpar) < 0) return -1;
    stream->codecpar->codec_tag = 0;
    stream->disposition = AV_DISPOSITION_ATTACHED_PIC;
    stream->time_base = in->time_base;
    route->output = stream->index;
    return 0;
  }
  if (strcmp(remux->format, "matroska") != 0 || !mime || in->attached_pic.size <= 0) {
    svlc_remux_drop(remux, in, reason);
    return 0;
  }
  AVStream *stream = avformat_new_stream(out, NULL);
  if (!stream) return -1;
  stream->codecpar->codec_type = AVMEDIA_TYPE_ATTACHMENT;
  stream->codecpar->codec_id = id;
  stream->codecpar->extradata = av_mallocz(in->attached_pic.size + AV_INPUT_BUFFER_PADDING_SIZE);
  if (!stream->codecpar->extradata) return -1;
  memcpy(stream->codecpar->extradata, in->attached_pic.data, in->attached_pic.size);
  stream->codecpar->extradata_size = in->attached_pic.size;
  av_dict_set(&stream->metadata, "filename", id == AV_CODEC_ID_PNG ? "cover.png" : "cover.jpg", 0);
  av_dict_set(&stream->metadata, "mimetype", mime, 0);
  route->output = -1; // written with the header; its packet is not copied
  return 0;
}

void svlc_remux_add_source_tags(const svlc_remux *remux, AVFormatContext *out) {
  const AVDictionaryEntry *tag = NULL;
  while ((tag = av_dict_get(remux->tags, "", tag, AV_DICT_IGNORE_SUFFIX))) {
    if (av_dict_get(out->metadata, tag->key, NULL, 0)) continue;
    if (!svlc_remux_holds_value(out->metadata, tag->value))
      av_dict_set(&out->metadata, tag->key, tag->value, 0);
  }
}

void svlc_remux_lift_stream_tags(const AVFormatContext *in, AVFormatContext *out) {
  if (strcmp(in->iformat->name, "ogg") != 0) return;
  // What describes the stream, not the file.
  static const char *const own[] = {"encoder", "language", "vendor_id", "handler_name"};
  for (unsigned i = 0; i < in->nb_streams; i++) {
    const AVDictionaryEntry *tag = NULL;
    int lifted = 0;
    while ((tag = av_dict_get(in->streams[i]->metadata, "", tag, AV_DICT_IGNORE_SUFFIX))) {
      int skip = av_dict_get(out->metadata, tag->key, NULL, 0) != NULL;
      for (size_t k = 0; k < sizeof(own) / sizeof(own[0]) && !skip; k++)
        skip = av_strcasecmp(tag->key, own[k]) == 0;
      if (skip) continue;
      av_dict_set(&out->metadata, tag->key, tag->value, 0);
      lifted = 1;
    }
    if (lifted) return;
  }
}

// The chapters given (as libVLC plays the source), else the input's. A chapter that starts
// after what was copied (a recording's duration, a stopped copy, a source that ended early)
// is not part of the file; the last one kept ends with it.
void svlc_remux_copy_chapters(svlc_remux *remux, const AVFormatContext *in, AVFormatContext *out) {
  int given = remux->chapter_count > 0;
  AVChapter *const *chapters = given ? remux->chapters : in->chapters;
  unsigned count = given ? (unsigned)remux->chapter_count : in->nb_chapters;
  // Before the header (a pipe's), nothing is copied yet: the duration asked for limits them.
  int64_t copied = remux->copied_end;
  if (remux->duration > 0 && (copied <= 0 || remux->duration < copied)) copied = remux->duration;
  // MPEG-TS holds none: those in the file's span are counted as left out.
  int keeps = strcmp(remux->format, "mpegts") != 0;
  if (count == 0) return;
  if (keeps) {
    out->chapters = av_calloc(count, sizeof(*out->chapters));
    if (!out->chapters) return;
  }
  for (unsigned i = 0; i < count; i++) {
    const AVChapter *from = chapters[i];
    int64_t limit = copied > 0 ? av_rescale_q(copied, AV_TIME_BASE_Q, from->time_base) : INT64_MAX;
    if (from->start >= limit) continue;
    if (!keeps) {
      remux->dropped_chapters++;
      continue;
    }
    AVChapter *to = av_mallocz(sizeof(*to));
    if (!to) break;
    *to = (AVChapter){.id = from->id, .time_base = from->time_base, .start = from->start,
                      .end = FFMIN(from->end, limit)};
    av_dict_copy(&to->metadata, from->metadata, 0);
    out->chapters[out->nb_chapters++] = to;
  }
}
