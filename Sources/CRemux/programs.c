// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// An MPEG-TS input's programs in the output: see remux.h.
#include "remux.h"

#include <stdio.h>
#include <string.h>

/// Whether input program `program` holds a stream that is copied.
static int holds_kept(const AVProgram *program, const route_t *routes, unsigned count) {
  for (unsigned k = 0; k < program->nb_stream_indexes; k++) {
    unsigned index = program->stream_index[k];
    if (index < count && routes[index].output >= 0) return 1;
  }
  return 0;
}

/// Whether input stream `index` belongs to one of the input's programs.
static int in_a_program(const AVFormatContext *in, unsigned index) {
  for (unsigned p = 0; p < in->nb_programs; p++)
    for (unsigned k = 0; k < in->programs[p]->nb_stream_indexes; k++)
      if (in->programs[p]->stream_index[k] == index) return 1;
  return 0;
}

/// The first program's service name and provider, where it has none, from the file's tags
/// (MPEG-TS keeps a title or publisher only there; libVLC's own files name no service).
static void name_first(AVProgram *program, const AVDictionary *file) {
  static const char *keys[][3] = {{"service_name", "service_name", "title"},
                                  {"service_provider", "service_provider", "publisher"}};
  for (int k = 0; k < 2; k++) {
    if (svlc_remux_tag(program->metadata, keys[k][0])) continue;
    const char *value = svlc_remux_tag(file, keys[k][1]);
    if (!value) value = svlc_remux_tag(file, keys[k][2]);
    if (value) av_dict_set(&program->metadata, keys[k][0], value, 0);
  }
}

/// MPEG-TS: each input program with a copied stream, under its number, service name and
/// provider, holding its copied streams (copied streams of no program join the first).
static int copy_into_ts(const AVFormatContext *in, AVFormatContext *out, const route_t *routes,
                        unsigned count) {
  AVProgram *first = NULL;
  for (unsigned p = 0; p < in->nb_programs; p++) {
    const AVProgram *source = in->programs[p];
    if (!holds_kept(source, routes, count)) continue;
    AVProgram *program = av_new_program(out, source->id);
    if (!program) return -1;
    if (!first) first = program;
    av_dict_copy(&program->metadata, source->metadata, 0);
    if (program == first) name_first(program, out->metadata);
    for (unsigned k = 0; k < source->nb_stream_indexes; k++) {
      unsigned index = source->stream_index[k];
      if (index < count && routes[index].output >= 0)
        av_program_add_stream_index(out, program->id, (unsigned)routes[index].output);
    }
  }
  for (unsigned i = 0; i < count && first; i++)
    if (routes[i].output >= 0 && !in_a_program(in, i))
      av_program_add_stream_index(out, first->id, (unsigned)routes[i].output);
  return 0;
}

int svlc_remux_copy_programs(svlc_remux *remux, const AVFormatContext *in, AVFormatContext *out,
                             const route_t *routes, unsigned count) {
  if (in->nb_programs == 0) return 0;
  if (strcmp(remux->format, "mpegts") == 0) return copy_into_ts(in, out, routes, count);
  // Matroska and MP4 hold one program: the first copied one's service name and provider
  // become the file's (MP4 has no atom for them: not written, rather than named lost), and
  // more than one program with copied streams is named: their tracks are now side by side.
  const AVProgram *first = NULL;
  for (unsigned p = 0; p < in->nb_programs && !first; p++)
    if (holds_kept(in->programs[p], routes, count)) first = in->programs[p];
  if (first && strcmp(remux->format, "mp4") != 0) {
    static const char *keys[] = {"service_name", "service_provider"};
    for (int k = 0; k < 2; k++) {
      const char *value = svlc_remux_tag(first->metadata, keys[k]);
      if (value && !av_dict_get(out->metadata, keys[k], NULL, 0))
        av_dict_set(&out->metadata, keys[k], value, 0);
    }
  }
  char names[128] = "";
  int kept = 0;
  for (unsigned p = 0; p < in->nb_programs; p++) {
    const AVProgram *program = in->programs[p];
    if (!holds_kept(program, routes, count)) continue;
    const char *name = svlc_remux_tag(program->metadata, "service_name");
    char number[16];
    if (!name) {
      snprintf(number, sizeof(number), "%d", program->id);
      name = number;
    }
    if (kept++) av_strlcat(names, ", ", sizeof(names));
    av_strlcat(names, name, sizeof(names));
  }
  if (kept > 1) svlc_remux_note_lost(remux, -1, NULL, "programs", names);
  return 0;
}
