// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Text subtitles converted to the container's text format: see remux.h.
#include "remux.h"

#include <string.h>

int svlc_text_subtitle(enum AVCodecID id) {
  const AVCodecDescriptor *descriptor = avcodec_descriptor_get(id);
  return descriptor && (descriptor->props & AV_CODEC_PROP_TEXT_SUB);
}

int svlc_text_conversion_open(svlc_text_conversion *conversion, const AVStream *in,
                              enum AVCodecID target) {
  const AVCodec *decoder = avcodec_find_decoder(in->codecpar->codec_id);
  const AVCodec *encoder = avcodec_find_encoder(target);
  if (!decoder || !encoder) return -1;
  conversion->decoder = avcodec_alloc_context3(decoder);
  conversion->encoder = avcodec_alloc_context3(encoder);
  if (!conversion->decoder || !conversion->encoder) return -1;
  if (avcodec_parameters_to_context(conversion->decoder, in->codecpar) < 0) return -1;
  conversion->decoder->pkt_timebase = in->time_base;
  if (avcodec_open2(conversion->decoder, decoder, NULL) < 0) return -1;
  conversion->encoder->time_base = in->time_base;
  if (conversion->decoder->subtitle_header) {
    int size = conversion->decoder->subtitle_header_size;
    conversion->encoder->subtitle_header = av_mallocz(size + 1);
    if (!conversion->encoder->subtitle_header) return -1;
    memcpy(conversion->encoder->subtitle_header, conversion->decoder->subtitle_header, size);
    conversion->encoder->subtitle_header_size = size;
  }
  return avcodec_open2(conversion->encoder, encoder, NULL) < 0 ? -1 : 0;
}

int svlc_text_conversion_packet(svlc_text_conversion *conversion, AVPacket *packet,
                                AVPacket *converted) {
  AVSubtitle subtitle;
  int got = 0;
  if (avcodec_decode_subtitle2(conversion->decoder, &subtitle, &got, packet) < 0 || !got)
    return 0;
  uint8_t buffer[65536];
  int size = subtitle.num_rects > 0
                 ? avcodec_encode_subtitle(conversion->encoder, buffer, sizeof(buffer), &subtitle)
                 : 0;
  avsubtitle_free(&subtitle);
  if (size <= 0 || av_new_packet(converted, size) < 0) return 0;
  memcpy(converted->data, buffer, size);
  converted->pts = packet->pts;
  converted->dts = packet->dts != AV_NOPTS_VALUE ? packet->dts : packet->pts;
  converted->duration = packet->duration;
  converted->stream_index = packet->stream_index;
  converted->flags = AV_PKT_FLAG_KEY;
  return 1;
}

void svlc_text_conversion_close(svlc_text_conversion *conversion) {
  avcodec_free_context(&conversion->decoder);
  avcodec_free_context(&conversion->encoder);
}

void svlc_text_conversion_note(svlc_remux *remux, const AVStream *in, const AVStream *out) {
  // SubRip keeps bold, italics, underline and colours, as mov_text does; what ASS/SSA and
  // WebVTT say beyond that (fonts, positions, karaoke, cue settings) has no place in either.
  enum AVCodecID id = in->codecpar->codec_id;
  const char *from = id == AV_CODEC_ID_ASS || id == AV_CODEC_ID_SSA ? "ASS"
                     : id == AV_CODEC_ID_WEBVTT                     ? "WebVTT"
                                                                    : NULL;
  if (from) svlc_remux_note_lost(remux, in->index, out, "styling", from);
}
