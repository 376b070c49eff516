// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Tracks' "enabled" flags in a finished MP4 (subtitles left as the source had them, tracks
// the source marks unusable): see remux.h.
#include "remux.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/// Reads the box header at `at`: its size (to `end` for size 0), type and header length.
static int box_at(FILE *file, int64_t at, int64_t end, int64_t *size, char type[5],
                  int *header) {
  uint8_t bytes[16];
  if (at + 8 > end || fseeko(file, at, SEEK_SET) != 0 || fread(bytes, 1, 8, file) != 8) return -1;
  uint64_t value = (uint64_t)bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3];
  memcpy(type, bytes + 4, 4);
  type[4] = 0;
  *header = 8;
  if (value == 1) {
    if (fread(bytes + 8, 1, 8, file) != 8) return -1;
    value = 0;
    for (int i = 8; i < 16; i++) value = value << 8 | bytes[i];
    *header = 16;
  } else if (value == 0) {
    value = (uint64_t)(end - at);
  }
  if (value < (uint64_t)*header || (int64_t)value > end - at) return -1;
  *size = (int64_t)value;
  return 0;
}

/// The first child of type `name` in [from, end), as its offset and header length.
static int64_t child(FILE *file, int64_t from, int64_t end, const char *name, int64_t *size,
                     int *header) {
  char type[5];
  for (int64_t at = from; box_at(file, at, end, size, type, header) == 0; at += *size)
    if (strcmp(type, name) == 0) return at;
  return -1;
}

/// The offset of the lowest byte of the flags in the tkhd of output stream `index`'s track,
/// or -1. libavformat's muxer numbers a stream's track `index` + 1 and leaves out a track
/// without samples, so the track is found by its ID, not its place.
static int64_t enabled_byte(FILE *file, int64_t end, unsigned index) {
  int64_t size = 0;
  int header = 0;
  int64_t moov = child(file, 0, end, "moov", &size, &header);
  if (moov < 0) return -1;
  int64_t at = moov + header, moov_end = moov + size;
  char type[5];
  int64_t trak_size;
  int trak_header;
  for (; box_at(file, at, moov_end, &trak_size, type, &trak_header) == 0; at += trak_size) {
    if (strcmp(type, "trak") != 0) continue;
    int64_t tkhd = child(file, at + trak_header, at + trak_size, "tkhd", &size, &header);
    // Version (1 byte) and 3 bytes of flags ("enabled" is the lowest bit), two times of 4
    // bytes (8 in version 1), then the track's ID.
    uint8_t head[24];
    if (tkhd < 0 || size < header + 24 || fseeko(file, tkhd + header, SEEK_SET) != 0 ||
        fread(head, 1, sizeof(head), file) != sizeof(head))
      continue;
    const uint8_t *id = head + (head[0] == 1 ? 20 : 12);
    uint32_t track = (uint32_t)id[0] << 24 | id[1] << 16 | id[2] << 8 | id[3];
    if (track == index + 1) return tkhd + header + 3;
  }
  return -1;
}

/// Clears the "enabled" bit of the flags byte at `low`; 0 when done.
static int clear_enabled(FILE *file, int64_t low) {
  uint8_t flags;
  if (low < 0 || fseeko(file, low, SEEK_SET) != 0 || fread(&flags, 1, 1, file) != 1) return -1;
  flags &= (uint8_t)~1u;
  return fseeko(file, low, SEEK_SET) == 0 && fwrite(&flags, 1, 1, file) == 1 ? 0 : -1;
}

int svlc_mp4_clear_enabled(FILE *file, int64_t end, unsigned index) {
  return clear_enabled(file, enabled_byte(file, end, index));
}

void svlc_remux_mp4_subtitles_as_written(const char *path, const AVFormatContext *out) {
  // libavformat's MP4 muxer enables the first subtitle track when none is default, which
  // players take as "show these": clear that flag where the source showed none.
  int subtitles = 0;
  for (unsigned i = 0; i < out->nb_streams; i++) {
    const AVStream *stream = out->streams[i];
    if (stream->codecpar->codec_type != AVMEDIA_TYPE_SUBTITLE) continue;
    if (stream->disposition & AV_DISPOSITION_DEFAULT) return;
    subtitles++;
  }
  if (subtitles == 0) return;
  FILE *file = fopen(path, "r+b");
  if (!file) return;
  int64_t end = 0;
  if (fseeko(file, 0, SEEK_END) == 0) end = ftello(file);
  for (unsigned i = 0; i < out->nb_streams; i++)
    if (out->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_SUBTITLE)
      svlc_mp4_clear_enabled(file, end, i);
  fclose(file);
}
