// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// The source's tracks as described by the caller, matched with the input's streams: see
// remux.h.
#include "remux.h"

#include <string.h>

/// libVLC's four-character codes (as ``Track/codec`` gives them, trailing spaces trimmed) of
/// libavcodec's codecs, where libVLC's muxers may reorder streams of one kind or a container
/// may not hold them.
static const struct {
  enum AVCodecID id;
  const char *fourcc;
} fourccs[] = {
    {AV_CODEC_ID_AAC, "mp4a"},          {AV_CODEC_ID_AC3, "a52"},
    {AV_CODEC_ID_EAC3, "eac3"},         {AV_CODEC_ID_MP2, "mpga"},
    {AV_CODEC_ID_MP3, "mpga"},          {AV_CODEC_ID_MP3, "mp3"},
    {AV_CODEC_ID_DTS, "dts"},           {AV_CODEC_ID_OPUS, "Opus"},
    {AV_CODEC_ID_VORBIS, "vorb"},       {AV_CODEC_ID_FLAC, "flac"},
    {AV_CODEC_ID_H264, "h264"},         {AV_CODEC_ID_HEVC, "hevc"},
    {AV_CODEC_ID_MPEG2VIDEO, "mpgv"},   {AV_CODEC_ID_MPEG1VIDEO, "mpgv"},
    {AV_CODEC_ID_MPEG4, "mp4v"},        {AV_CODEC_ID_VP9, "VP90"},
    {AV_CODEC_ID_VP8, "VP80"},          {AV_CODEC_ID_ALAC, "alac"},
    {AV_CODEC_ID_AV1, "av01"},          {AV_CODEC_ID_SUBRIP, "subt"},
    {AV_CODEC_ID_ASS, "ssa"},           {AV_CODEC_ID_MOV_TEXT, "tx3g"},
    {AV_CODEC_ID_DVB_SUBTITLE, "dvbs"}, {AV_CODEC_ID_DVB_TELETEXT, "telx"},
    {AV_CODEC_ID_DVD_SUBTITLE, "spu"},  {AV_CODEC_ID_HDMV_PGS_SUBTITLE, "bdpg"},
    // Pictures, as libVLC lists them and as their first bytes name them.
    {AV_CODEC_ID_WEBP, "WEBP"},         {AV_CODEC_ID_WEBP, "webp"},
    {AV_CODEC_ID_TIFF, "tiff"},
};

enum AVCodecID svlc_remux_codec_of(const char *fourcc) {
  for (size_t i = 0; i < sizeof(fourccs) / sizeof(fourccs[0]); i++)
    if (strcmp(fourccs[i].fourcc, fourcc) == 0) return fourccs[i].id;
  return AV_CODEC_ID_NONE;
}

/// Whether `source` is of `stream`'s codec: 1 yes, 0 no, -1 unknown (a code this table does
/// not know, or none given).
static int same_codec(const source_t *source, const AVStream *stream) {
  if (!*source->codec) return -1;
  int known = 0;
  for (size_t i = 0; i < sizeof(fourccs) / sizeof(fourccs[0]); i++) {
    if (strcmp(fourccs[i].fourcc, source->codec) != 0) continue;
    known = 1;
    if (fourccs[i].id == stream->codecpar->codec_id) return 1;
  }
  return known ? 0 : -1;
}

/// A stream's language tag, "" when it has none or an undetermined one (libVLC's MPEG-TS
/// muxer writes "???" for some).
static const char *language_of(const AVStream *stream) {
  const AVDictionaryEntry *entry = av_dict_get(stream->metadata, "language", NULL, 0);
  if (!entry || strcmp(entry->value, "???") == 0 || strcmp(entry->value, "und") == 0) return "";
  return entry->value;
}

/// Pairs input streams with described sources, in passes over every stream so that a stream
/// matched loosely never takes the source another matches exactly: kind, language and codec,
/// with the sample rate and without; kind and codec, with the rate and without; kind (libVLC's
/// file may hold two AAC tracks without their languages, in another order: their rates tell
/// them apart). `source_of[i]` is the source's place, or -1.
static void match_sources(svlc_remux *remux, const AVFormatContext *in, int *source_of) {
  // Passes 0-1: language and codec; 2-3: codec; 4: kind. Even passes below 4 want the rate.
  for (int pass = 0; pass < 5; pass++) {
    for (unsigned s = 0; s < in->nb_streams; s++) {
      const AVStream *stream = in->streams[s];
      if (source_of[s] >= 0 || stream->discard == AVDISCARD_ALL) continue; // matched, or a repeat
      char kind = svlc_remux_kind_of(stream->codecpar->codec_type);
      const char *language = language_of(stream);
      for (int i = 0; i < remux->source_count; i++) {
        source_t *source = &remux->sources[i];
        if (source->used || source->kind != kind) continue;
        int codec = same_codec(source, stream);
        if (pass < 2 && (!*language || strcmp(language, source->language) != 0 || codec == 0))
          continue;
        if ((pass == 2 || pass == 3) && codec != 1) continue;
        int rate = stream->codecpar->sample_rate;
        if (pass < 4 && pass % 2 == 0 && (source->rate == 0 || rate <= 0 || rate != source->rate))
          continue;
        source->used = 1;
        source_of[s] = i;
        break;
      }
    }
  }
}

void svlc_remux_plan_order(svlc_remux *remux, AVFormatContext *in, int *order, int *source_of) {
  int count = 0;
  for (unsigned i = 0; i < in->nb_streams; i++) source_of[i] = -1;
  if (remux->source_count > 0) {
    match_sources(remux, in, source_of);
    for (int s = 0; s < remux->source_count; s++)
      for (unsigned i = 0; i < in->nb_streams; i++)
        if (source_of[i] == s) order[count++] = (int)i;
  }
  for (unsigned i = 0; i < in->nb_streams; i++)
    if (source_of[i] < 0) order[count++] = (int)i;
}

int svlc_remux_flags_unknown(const svlc_remux *remux) {
  for (int i = 0; i < remux->source_count; i++)
    if (remux->sources[i].is_default < 0) return 1;
  return 0;
}

void svlc_remux_apply_source(AVStream *out, const source_t *source) {
  if (*source->language) av_dict_set(&out->metadata, "language", source->language, 0);
  if (source->title) av_dict_set(&out->metadata, "title", source->title, 0);
  // -1: the source's flag is not known; the input's stays.
  if (source->is_default >= 0) {
    out->disposition &= ~AV_DISPOSITION_DEFAULT;
    if (source->is_default) out->disposition |= AV_DISPOSITION_DEFAULT;
  }
  if (source->is_forced >= 0) {
    out->disposition &= ~AV_DISPOSITION_FORCED;
    if (source->is_forced) out->disposition |= AV_DISPOSITION_FORCED;
  }
  if (source->rotation && !av_stream_get_side_data(out, AV_PKT_DATA_DISPLAYMATRIX, NULL)) {
    uint8_t *matrix = av_stream_new_side_data(out, AV_PKT_DATA_DISPLAYMATRIX, 9 * sizeof(int32_t));
    // av_display_rotation_set takes a clockwise angle (av_display_rotation_get gives one
    // counterclockwise).
    if (matrix) av_display_rotation_set((int32_t *)matrix, source->rotation);
  }
}

/// An input stream counted as a track of its kind (a cover picture is not one to libVLC).
static char track_kind(const AVStream *stream) {
  if (stream->disposition & AV_DISPOSITION_ATTACHED_PIC) return 0;
  if (stream->discard == AVDISCARD_ALL) return 0; // a repeat of another stream

  return svlc_remux_kind_of(stream->codecpar->codec_type);
}

void svlc_remux_fill_titles(const svlc_remux *remux, AVFormatContext *in) {
  static const char kinds[] = {'v', 'a', 's'};
  for (size_t k = 0; k < sizeof(kinds); k++) {
    int given = 0, present = 0;
    for (int i = 0; i < remux->title_count; i++) given += remux->titles[i].kind == kinds[k];
    for (unsigned i = 0; i < in->nb_streams; i++) present += track_kind(in->streams[i]) == kinds[k];
    if (given == 0 || given != present) continue; // not the same tracks: nothing to match
    int next = 0;
    for (unsigned i = 0; i < in->nb_streams; i++) {
      if (track_kind(in->streams[i]) != kinds[k]) continue;
      while (remux->titles[next].kind != kinds[k]) next++;
      const char *title = remux->titles[next++].title;
      AVDictionary **metadata = &in->streams[i]->metadata;
      if (title && !av_dict_get(*metadata, "title", NULL, 0))
        av_dict_set(metadata, "title", title, 0);
    }
  }
}
