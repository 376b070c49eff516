// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Which of the input's streams an output takes, and how: see remux.h.
#include "remux.h"

#include <CFFmpeg.h>

#include <stdio.h>
#include <string.h>

/// Whether the output format takes `id` as it is. libavformat's MPEG-TS muxer answers no
/// query and writes what it does not know as private data nothing reads back: its list.
static int container_holds(const char *name, const AVOutputFormat *format, enum AVCodecID id) {
  if (strcmp(name, "mpegts") == 0) {
    static const enum AVCodecID ts[] = {
        AV_CODEC_ID_MPEG1VIDEO, AV_CODEC_ID_MPEG2VIDEO, AV_CODEC_ID_MPEG4, AV_CODEC_ID_H264,
        AV_CODEC_ID_HEVC,       AV_CODEC_ID_CAVS,       AV_CODEC_ID_DIRAC, AV_CODEC_ID_VC1,
        AV_CODEC_ID_MP2,        AV_CODEC_ID_MP3,        AV_CODEC_ID_AAC,   AV_CODEC_ID_AAC_LATM,
        AV_CODEC_ID_AC3,        AV_CODEC_ID_EAC3,       AV_CODEC_ID_TRUEHD,
        AV_CODEC_ID_OPUS,       AV_CODEC_ID_S302M,      AV_CODEC_ID_DVB_SUBTITLE,
        AV_CODEC_ID_DVB_TELETEXT,
        // Not DTS: libavformat 5.1 writes it as stream type 0x82 without a registration
        // descriptor, which libVLC 3's demuxer reads as SCTE-27 subtitles (no audio).
        // Data it writes in a way its demuxer reads back: KLV and ID3 with their registration
        // descriptors, anything else (bin_data) as a private data stream.
        AV_CODEC_ID_SMPTE_KLV,  AV_CODEC_ID_TIMED_ID3,  AV_CODEC_ID_BIN_DATA};
    for (size_t i = 0; i < sizeof(ts) / sizeof(ts[0]); i++)
      if (ts[i] == id) return 1;
    return 0;
  }
  // libavformat 5.1's MP4 muxer owns to these, then calls them experimental and refuses.
  if (strcmp(name, "mp4") == 0 && (id == AV_CODEC_ID_FLAC || id == AV_CODEC_ID_TRUEHD))
    return 0;
  if (avformat_query_codec(format, id, FF_COMPLIANCE_NORMAL) == 1) return 1;
  // Matroska holds other audio and video through its VFW/ACM codec ids (audio and video
  // with a RIFF tag) and V_QUICKTIME (video with a QuickTime tag: TIFF, QuickTime RLE), which
  // libavformat writes and libVLC reads (owned to below normal compliance); not the rest: it
  // owned to WebP, then failed to start the file ("Invalid argument").
  if (strcmp(name, "matroska") != 0) return 0;
  enum AVMediaType type = avcodec_get_type(id);
  if (type == AVMEDIA_TYPE_AUDIO) {
    const struct AVCodecTag *riff[] = {avformat_get_riff_audio_tags(), NULL};
    return av_codec_get_tag(riff, id) != 0;
  }
  if (type != AVMEDIA_TYPE_VIDEO) return 0;
  const struct AVCodecTag *video[] = {avformat_get_riff_video_tags(),
                                      avformat_get_mov_video_tags(), NULL};
  return av_codec_get_tag(video, id) != 0;
}

int svlc_remux_format_holds(const char *format, const char *fourcc) {
  if (svlc_ffmpeg_load() != 0) return -1;
  const AVOutputFormat *muxer = av_guess_format(format, NULL, NULL);
  enum AVCodecID id = svlc_remux_codec_of(fourcc);
  if (!muxer || id == AV_CODEC_ID_NONE) return -1;
  return container_holds(format, muxer, id);
}

/// The text format the container holds, for text subtitles it does not hold as they are.
static enum AVCodecID text_target(const svlc_remux *remux) {
  if (strcmp(remux->format, "mp4") == 0) return AV_CODEC_ID_MOV_TEXT;
  if (strcmp(remux->format, "matroska") == 0) return AV_CODEC_ID_SUBRIP;
  return AV_CODEC_ID_NONE;
}

/// An MP4 track's name is its handler name (where MP4 outputs keep a title too): in another
/// container it becomes the track's title, unless it is a muxer's generic one
/// ("SoundHandler", "Core Media Video", "GPAC ISO Video Handler", …).
static void title_from_handler(AVStream *stream) {
  const AVDictionaryEntry *handler = av_dict_get(stream->metadata, "handler_name", NULL, 0);
  if (!handler) return;
  const char *name = handler->value;
  int generic = !*name || strstr(name, "Handler") || strstr(name, "handler") ||
                strncmp(name, "Core Media ", 11) == 0 || strncmp(name, "ISO Media", 9) == 0;
  if (!generic) av_dict_set(&stream->metadata, "title", name, 0);
  av_dict_set(&stream->metadata, "handler_name", NULL, 0);
}

int svlc_remux_add_stream(svlc_remux *remux, AVFormatContext *out, const AVStream *in,
                          route_t *route, const source_t *source) {
  enum AVCodecID id = in->codecpar->codec_id;
  enum AVMediaType type = in->codecpar->codec_type;
  char reason[96];
  route->output = -1;
  if (type == AVMEDIA_TYPE_ATTACHMENT) {
    if (strcmp(remux->format, "matroska") != 0) {
      // A font or other file of a Matroska source: only Matroska holds attachments.
      snprintf(reason, sizeof(reason), "%s holds no attached files",
               svlc_remux_display_name(remux));
      svlc_remux_drop(remux, in, reason);
      return 0;
    }
  } else if (type != AVMEDIA_TYPE_VIDEO && type != AVMEDIA_TYPE_AUDIO &&
             type != AVMEDIA_TYPE_SUBTITLE) {
    // Unnamed data (bin_data) is written as what it was only by its own container: MP4
    // labels any as GoPro metadata (gpmd), MPEG-TS any as a private data stream.
    int gopro = in->codecpar->codec_tag == MKTAG('g', 'p', 'm', 'd');
    int own = id != AV_CODEC_ID_BIN_DATA || gopro == (strcmp(remux->format, "mp4") == 0);
    if (!own || !container_holds(remux->format, out->oformat, id)) {
      // An MP4's QuickTime chapter track: libavformat reads it as the file's chapters (and
      // discards its packets), which are copied as chapters, so nothing is lost.
      const char *why = svlc_remux_data_reason(remux, in, reason, sizeof(reason));
      if (in->discard != AVDISCARD_ALL && why) svlc_remux_drop(remux, in, why);
      return 0;
    }
  } else if (type == AVMEDIA_TYPE_VIDEO && remux->no_keyframe &&
             !(in->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
    // Nothing of it can be shown, and a container header cannot describe it (Matroska
    // refuses H.264 without its parameter sets): the rest is written without it.
    svlc_remux_drop(remux, in, "no keyframe of it came before the recording ended");
    return 0;
  }
  if (type == AVMEDIA_TYPE_VIDEO && (in->disposition & AV_DISPOSITION_ATTACHED_PIC))
    return svlc_remux_add_cover(remux, out, in, route);
  enum AVCodecID written = id;
  if (type != AVMEDIA_TYPE_ATTACHMENT && !container_holds(remux->format, out->oformat, id)) {
    enum AVCodecID target = text_target(remux);
    if (type == AVMEDIA_TYPE_SUBTITLE && svlc_text_subtitle(id) && target != AV_CODEC_ID_NONE &&
        svlc_text_conversion_open(&route->text, in, target) == 0) {
      written = target;
    } else {
      // A codec's long name ("SubRip subtitle"): the track's label has libVLC's code.
      const AVCodecDescriptor *codec = avcodec_descriptor_get(id);
      snprintf(reason, sizeof(reason), "%s cannot hold %s", svlc_remux_display_name(remux),
               codec && codec->long_name ? codec->long_name : avcodec_get_name(id));
      svlc_remux_drop(remux, in, reason);
      return 0;
    }
  }
  AVStream *stream = avformat_new_stream(out, NULL);
  if (!stream) return -1;
  if (avcodec_parameters_copy(stream->codecpar, in->codecpar) < 0) return -1;
  // As ffmpeg's stream copy does: a video's display matrix (a phone's rotation), HDR
  // metadata, a stereo or spherical layout.
  for (int i = 0; i < in->nb_side_data; i++) {
    const AVPacketSideData *side = &in->side_data[i];
    uint8_t *data = av_stream_new_side_data(stream, side->type, side->size);
    if (!data) return -1;
    memcpy(data, side->data, side->size);
  }
  if (written != id) {
    if (avcodec_parameters_from_context(stream->codecpar, route->text.encoder) < 0) return -1;
    stream->codecpar->codec_type = AVMEDIA_TYPE_SUBTITLE;
  }
  stream->codecpar->codec_tag = 0;
  stream->time_base = in->time_base;
  // As ffmpeg's stream copy does: Matroska writes a video's DefaultDuration from it, without
  // which libVLC 3 stops its clock short of the end.
  stream->avg_frame_rate = in->avg_frame_rate;
  stream->r_frame_rate = in->r_frame_rate;
  stream->disposition = in->disposition;
  av_dict_copy(&stream->metadata, in->metadata, 0);
  av_dict_set(&stream->metadata, "DURATION", NULL, 0);
  // libVLC's MPEG-TS muxer writes "???" for a track without a language: no language.
  const AVDictionaryEntry *language = av_dict_get(stream->metadata, "language", NULL, 0);
  if (language && strcmp(language->value, "???") == 0)
    av_dict_set(&stream->metadata, "language", NULL, 0);
  if (source) svlc_remux_apply_source(stream, source);
  const AVDictionaryEntry *title = av_dict_get(stream->metadata, "title", NULL, 0);
  if (title && strcmp(remux->format, "mp4") == 0)
    av_dict_set(&stream->metadata, "handler_name", title->value, 0);
  if (!title && strcmp(remux->format, "mp4") != 0) title_from_handler(stream);
  if (written != id) svlc_text_conversion_note(remux, in, stream);
  route->output = stream->index;
  return 0;
}
