// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Tracks the source marks unusable, marked so in a finished output: see remux.h.
#include "remux.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/// An EBML element: its id, where its data starts and its data's size (-1: unknown).
typedef struct {
  uint32_t id;
  int64_t data, size;
} element_t;

/// Reads a variable-length integer at `at` of `bytes` (`count` long): its value (with its
/// length marker kept for ids, cleared for sizes) and its length; -1 when it is not one.
static int vint(const uint8_t *bytes, int64_t count, int64_t at, int keep_marker, uint64_t *value) {
  if (at >= count || bytes[at] == 0) return -1;
  int length = 1;
  while (!(bytes[at] & (0x80 >> (length - 1)))) length++;
  if (at + length > count) return -1;
  uint64_t result = keep_marker ? bytes[at] : bytes[at] & (0xFF >> length);
  for (int i = 1; i < length; i++) result = result << 8 | bytes[at + i];
  *value = result;
  return length;
}

/// The element at `at`; 0 when read.
static int element_at(const uint8_t *bytes, int64_t count, int64_t at, element_t *element) {
  uint64_t id, size;
  int id_length = vint(bytes, count, at, 1, &id);
  if (id_length < 1 || id_length > 4) return -1;
  int size_length = vint(bytes, count, at + id_length, 0, &size);
  if (size_length < 1) return -1;
  element->id = (uint32_t)id;
  element->data = at + id_length + size_length;
  // All ones: an unknown size (a live Matroska file's segment).
  element->size = size == (UINT64_MAX >> (64 - 7 * size_length)) ? -1 : (int64_t)size;
  return 0;
}

/// Writes FlagEnabled 0 over FlagLacing 0 (the same three bytes' room) in the track entries of
/// the Tracks element held in `bytes` (`count` long, read from the file at `tracks`), in
/// output order, for each `disabled[i]`; `marked[i]` says which got it. Then the element's
/// CRC-32, when it has one, is made again. 1 when something changed.
static int mark_entries(uint8_t *bytes, int64_t count, const int *disabled, int *marked,
                        unsigned streams) {
  element_t tracks;
  if (element_at(bytes, count, 0, &tracks) != 0 || tracks.id != 0x1654AE6B || tracks.size < 0 ||
      tracks.data + tracks.size > count)
    return 0;
  int64_t end = tracks.data + tracks.size, crc = -1, crc_from = tracks.data;
  unsigned index = 0;
  int changed = 0;
  element_t entry;
  for (int64_t at = tracks.data; at < end && element_at(bytes, end, at, &entry) == 0 &&
                                 entry.size >= 0;
       at = entry.data + entry.size) {
    if (entry.id == 0xBF && entry.size == 4) {
      crc = entry.data;
      crc_from = entry.data + 4;
    }
    if (entry.data + entry.size > end) return 0;
    if (entry.id != 0xAE) continue;
    unsigned stream = index++;
    if (stream >= streams || !disabled[stream]) continue;
    int64_t entry_end = entry.data + entry.size;
    element_t field;
    for (int64_t in = entry.data; in < entry_end &&
                                  element_at(bytes, entry_end, in, &field) == 0 &&
                                  field.size >= 0 && field.data + field.size <= entry_end;
         in = field.data + field.size) {
      if (field.id == 0x9C && field.size == 1 && field.data - in == 2 && bytes[field.data] == 0) {
        bytes[in] = 0xB9; // FlagEnabled, 1 byte, 0; FlagLacing's default (1) only allows lacing
        marked[stream] = changed = 1;
        break;
      }
    }
  }
  if (changed && crc >= 0)
    AV_WL32(bytes + crc, av_crc(av_crc_get_table(AV_CRC_32_IEEE_LE), UINT32_MAX, bytes + crc_from,
                                (size_t)(end - crc_from)) ^
                             UINT32_MAX);
  return changed;
}

/// Marks the Matroska file's tracks; `marked[i]` says which got it.
static void mark_matroska(const char *path, const int *disabled, int *marked, unsigned streams) {
  FILE *file = fopen(path, "r+b");
  if (!file) return;
  uint8_t head[64];
  size_t read = fread(head, 1, sizeof(head), file);
  element_t ebml, segment, child;
  // The EBML header, then the segment, whose children come one after another.
  if (element_at(head, (int64_t)read, 0, &ebml) != 0 || ebml.id != 0x1A45DFA3 || ebml.size < 0 ||
      fseeko(file, ebml.data + ebml.size, SEEK_SET) != 0 ||
      (read = fread(head, 1, sizeof(head), file)) < 12 ||
      element_at(head, (int64_t)read, 0, &segment) != 0 || segment.id != 0x18538067) {
    fclose(file);
    return;
  }
  int64_t at = ebml.data + ebml.size + segment.data;
  while (fseeko(file, at, SEEK_SET) == 0 && (read = fread(head, 1, 12, file)) >= 2 &&
         element_at(head, (int64_t)read, 0, &child) == 0 && child.size >= 0) {
    if (child.id == 0x1F43B675) break; // the first cluster: the tracks come before
    if (child.id == 0x1654AE6B && child.size < (1 << 20)) {
      int64_t length = child.data + child.size;
      uint8_t *bytes = av_malloc((size_t)length);
      // Marked only once written back.
      if (bytes && fseeko(file, at, SEEK_SET) == 0 &&
          fread(bytes, 1, (size_t)length, file) == (size_t)length &&
          mark_entries(bytes, length, disabled, marked, streams) &&
          (fseeko(file, at, SEEK_SET) != 0 ||
           fwrite(bytes, 1, (size_t)length, file) != (size_t)length || fflush(file) != 0))
        for (unsigned i = 0; i < streams; i++) marked[i] = 0;
      av_free(bytes);
      break;
    }
    at += child.data + child.size;
  }
  fclose(file);
}

void svlc_remux_write_disabled(svlc_remux *remux, const AVFormatContext *out, const int *disabled,
                               const int *input_of) {
  unsigned streams = out->nb_streams;
  int any = 0;
  for (unsigned i = 0; i < streams; i++) any |= disabled[i];
  if (!any) return;
  int *marked = av_calloc(streams, sizeof(*marked));
  if (!marked) return;
  if (remux->streamed) {
    // A pipe's bytes are gone: the marks are noted lost below.
  } else if (strcmp(remux->format, "matroska") == 0) {
    mark_matroska(remux->output, disabled, marked, streams);
  } else if (strcmp(remux->format, "mp4") == 0) {
    FILE *file = fopen(remux->output, "r+b");
    if (file) {
      int64_t end = fseeko(file, 0, SEEK_END) == 0 ? ftello(file) : 0;
      for (unsigned i = 0; i < streams; i++)
        if (disabled[i]) marked[i] = svlc_mp4_clear_enabled(file, end, i) == 0;
      fclose(file);
    }
  }
  for (unsigned i = 0; i < streams; i++)
    if (disabled[i] && !marked[i])
      svlc_remux_note_lost(remux, input_of[i], out->streams[i], "enabled", "no");
  av_free(marked);
}

/// Whether input stream `index` is marked unusable by its Matroska track entry
/// (svlc_remux_set_matroska_tracks: a local Matroska file copied as it is). libVLC's path has
/// none: its Matroska demuxer selects no such track, and the recording names it dropped.
int svlc_remux_is_disabled(const svlc_remux *remux, const AVFormatContext *in, int index) {
  const char *kinds = remux->track_kinds;
  if (!kinds || strcmp(in->iformat->name, "matroska,webm") != 0) return 0;
  size_t count = strlen(kinds);
  // The tracks' streams come first, then the attached files'.
  for (unsigned i = 0; i < in->nb_streams; i++) {
    const AVStream *stream = in->streams[i];
    enum AVMediaType type = stream->codecpar->codec_type;
    // An attached picture (a cover) is a video stream with that mark.
    int attached = type == AVMEDIA_TYPE_ATTACHMENT ||
                   (stream->disposition & AV_DISPOSITION_ATTACHED_PIC);
    if (i < count ? attached || kinds[i] != svlc_remux_kind_of(type) : !attached) return 0;
  }
  return (size_t)index < count && count <= in->nb_streams && remux->track_disabled[index] == '1';
}
