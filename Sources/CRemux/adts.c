// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// An AAC stream whose configuration changes part-way: see remux.h.
#include "input.h"
#include "remux.h"

#include <stdio.h>
#include <string.h>

/// The ADTS header's sampling frequency index and channel configuration of `packet`, as one
/// number; -1 when it does not start with an ADTS header.
static int adts_config(const AVPacket *packet) {
  const uint8_t *data = packet->data;
  if (packet->size < 7 || data[0] != 0xFF || (data[1] & 0xF6) != 0xF0) return -1;
  int frequency = (data[2] >> 2) & 0x0F;
  int channels = (data[2] & 0x01) << 2 | data[3] >> 6;
  return frequency << 3 | channels;
}

void svlc_remux_watch_config(const svlc_remux *remux, const AVStream *in, route_t *route) {
  route->config = -1;
  // MPEG-TS keeps each frame's ADTS header, which decoders read; Matroska and MP4 hold the
  // first frame's configuration (AudioSpecificConfig) for the whole track.
  route->watch_config = strcmp(remux->format, "mpegts") != 0 &&
                        in->codecpar->codec_id == AV_CODEC_ID_AAC;
}

int svlc_remux_vbr_header(const AVStream *stream, const AVPacket *packet) {
  const uint8_t *data = packet->data;
  if (stream->codecpar->codec_id != AV_CODEC_ID_MP3 || packet->size < 40 || data[0] != 0xFF ||
      (data[1] & 0xE0) != 0xE0)
    return 0;
  // After the side information, whose length depends on the version (MPEG-1: 3) and on mono.
  int mpeg1 = ((data[1] >> 3) & 3) == 3, mono = (data[3] >> 6) == 3;
  const uint8_t *tag = data + 4 + (mpeg1 ? (mono ? 17 : 32) : (mono ? 9 : 17));
  return memcmp(tag, "Xing", 4) == 0 || memcmp(tag, "Info", 4) == 0 ||
         memcmp(data + 36, "VBRI", 4) == 0;
}

int svlc_remux_cut_short(route_t *route, const AVPacket *packet) {
  const uint8_t *data = packet->data;
  if (!route->watch_config || adts_config(packet) < 0) return 0;
  // The frame's length, header included (13 bits from the fourth byte on).
  int length = (data[3] & 0x03) << 11 | data[4] << 3 | data[5] >> 5;
  if (length <= packet->size) return 0;
  route->damaged++;
  return 1;
}

int svlc_remux_config_held(route_t *route, const AVPacket *packet, int64_t at) {
  if (!route->watch_config) return 1;
  int config = adts_config(packet);
  if (config < 0) return 1;
  if (route->config < 0) route->config = config;
  if (config == route->config) return 1;
  if (route->changed++ == 0) {
    route->changed_at = at;
    route->changed_to = config;
  }
  return 0;
}

void svlc_remux_note_config(svlc_remux *remux, const AVFormatContext *out, const route_t *routes,
                            unsigned count) {
  static const int rates[] = {96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050,
                              16000, 12000, 11025, 8000,  7350,  0,     0,     0};
  for (unsigned i = 0; i < count; i++) {
    const route_t *route = &routes[i];
    if (route->changed == 0 || route->output < 0) continue;
    char value[128];
    double seconds = route->changed_at == AV_NOPTS_VALUE ? 0 : route->changed_at / 1e6;
    int channels = route->changed_to & 7; // 0: set in a program config element
    char layout[24] = "";
    if (channels)
      snprintf(layout, sizeof(layout), ", %d channel%s", channels, channels > 1 ? "s" : "");
    snprintf(value, sizeof(value), "%d Hz%s from %.3f s: %lld of %lld packets",
             rates[route->changed_to >> 3], layout, seconds, (long long)route->changed,
             (long long)(route->changed + route->written));
    svlc_remux_note_lost(remux, (int)i, out->streams[route->output], "configuration", value);
  }
}
