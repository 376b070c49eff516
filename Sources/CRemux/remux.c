// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// The final copy of a recording with libavformat: see include/CRemux.h.
#include "remux.h"
#include "input.h"

#include <CFFmpeg.h>

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *svlc_remux_display_name(const svlc_remux *remux) {
  if (strcmp(remux->format, "mpegts") == 0) return "MPEG-TS";
  if (strcmp(remux->format, "mp4") == 0) return "MP4";
  if (strcmp(remux->format, "matroska") == 0) return "Matroska";
  return remux->format;
}

svlc_remux_result svlc_remux_fail(svlc_remux *remux, svlc_remux_result result, const char *what,
                                  int status) {
  if (status == AVERROR(EPIPE) && remux->streamed) remux->reader_gone = 1;
  char reason[128];
  av_strerror(status, reason, sizeof(reason));
  if (what)
    snprintf(remux->error, sizeof(remux->error), "%s: %s", what, reason);
  else
    snprintf(remux->error, sizeof(remux->error), "%s", reason);
  return result;
}

static svlc_remux_result run(svlc_remux *remux);

svlc_remux_result svlc_remux_run(svlc_remux *remux) {
  // libavformat's messages about a damaged input: quiet on this thread (CFFmpeg).
  svlc_ffmpeg_quiet_begin();
  sigset_t previous;
  if (remux->streamed) svlc_pipe_guard_begin(&previous);
  svlc_remux_result result = run(remux);
  if (remux->streamed) svlc_pipe_guard_end(&previous);
  svlc_ffmpeg_quiet_end();
  return result;
}

static svlc_remux_result run(svlc_remux *remux) {
  AVFormatContext *in = NULL, *out = NULL;
  route_t *routes = NULL;
  unsigned routes_count = 0;
  int *order = NULL, *source_of = NULL;
  svlc_remux_result result = SVLC_REMUX_OK;
  int status = svlc_remux_open_input(remux->input, &in);
  if (status < 0) {
    result = svlc_remux_fail(remux, SVLC_REMUX_UNREADABLE, "cannot read the input", status);
    goto done;
  }
  status = avformat_alloc_output_context2(&out, NULL, remux->format, remux->output);
  if (status < 0) {
    result = svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, "no such format", status);
    goto done;
  }
  // Repeats first: the copy's start is its own streams' keyframe. MPEG-TS rewinds by a byte
  // seek, which keeps the discards.
  if (remux->drop_repeats > 0 && strcmp(in->iformat->name, "mpegts") == 0) {
    svlc_remux_discard_repeats(in, remux->drop_repeats);
    status = svlc_remux_rewind(&in, remux->input);
  }
  // libVLC's file of a file (not a live source's, cut at its first keyframe): a video's first
  // pictures may come on later ones' times (svlc_lead).
  if (remux->join_since > 0 && !remux->start_at_keyframe && status >= 0) {
    av_freep(&remux->leads);
    remux->leads = svlc_lead_scan(in, remux->join_since, &remux->lead_count);
    status = svlc_remux_rewind(&in, remux->input);
  }
  // Read up to the first keyframe before planning: a late video stream exists only then.
  int64_t start = AV_NOPTS_VALUE;
  if (remux->start_at_keyframe) {
    unsigned known = in->nb_streams;
    start = svlc_remux_first_keyframe(in, remux->join_since, remux->leads, remux->lead_count);
    remux->no_keyframe = start == AV_NOPTS_VALUE;
    // (The start is in joined times, the input's start time not: never below 0.)
    if (start != AV_NOPTS_VALUE && in->start_time != AV_NOPTS_VALUE)
      remux->skipped = FFMAX(start - in->start_time, 0);
    // Streams found on the way have no parameters yet: read them from the start (from where
    // the search stopped, a short file's end came first: an AAC stream without its rate).
    if (in->nb_streams > known && svlc_remux_rewind(&in, remux->input) >= 0)
      avformat_find_stream_info(in, NULL);
    status = svlc_remux_rewind(&in, remux->input);
  }
  // A Matroska or MP4 header needs a video's size and parameter sets, which a video that
  // starts late in libVLC's MPEG-TS file may lack (a stream announced before its first
  // keyframe; found on the way to a keyframe): decoded from its first keyframe on.
  for (unsigned i = 0; i < in->nb_streams && status >= 0; i++) {
    AVStream *stream = in->streams[i];
    if (stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO && stream->codecpar->width == 0 &&
        !(stream->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
      svlc_remux_fill_video(in, in->streams[i]);
      status = svlc_remux_rewind(&in, remux->input);
    }
  }
  if (status < 0) {
    result = svlc_remux_fail(remux, SVLC_REMUX_UNREADABLE, "cannot read the input again", status);
    goto done;
  }
  routes = av_calloc(in->nb_streams, sizeof(*routes));
  order = av_calloc(in->nb_streams, sizeof(*order));
  source_of = av_calloc(in->nb_streams, sizeof(*source_of));
  if (!routes || !order || !source_of) {
    result = svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, "out of memory", AVERROR(ENOMEM));
    goto done;
  }
  for (unsigned i = 0; i < in->nb_streams; i++) {
    routes[i].output = -1;
    svlc_remux_watch_config(remux, in->streams[i], &routes[i]);
  }
  routes_count = in->nb_streams;
  svlc_remux_fill_titles(remux, in);
  svlc_remux_plan_order(remux, in, order, source_of);
  for (unsigned n = 0; n < in->nb_streams; n++) {
    int i = order[n];
    if (in->streams[i]->discard == AVDISCARD_ALL) continue; // a repeat: its packets are not read
    const source_t *source = source_of[i] >= 0 ? &remux->sources[source_of[i]] : NULL;
    if (svlc_remux_add_stream(remux, out, in->streams[i], &routes[i], source) < 0) {
      result = svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, "cannot add a stream", AVERROR(ENOMEM));
      goto done;
    }
  }
  if (remux->refuse_unheld)
    for (int d = 0; d < remux->dropped_count; d++) {
      const AVStream *stream = in->streams[remux->dropped[d].index];
      if (stream->disposition & AV_DISPOSITION_ATTACHED_PIC) continue; // named, not refused
      if (remux->dropped[d].kind == 'v' || remux->dropped[d].kind == 'a') {
        snprintf(remux->error, sizeof(remux->error), "%s", remux->dropped[d].reason);
        result = SVLC_REMUX_REFUSED;
        goto done;
      }
    }
  int streams = 0;
  for (unsigned i = 0; i < out->nb_streams; i++)
    streams += out->streams[i]->codecpar->codec_type != AVMEDIA_TYPE_ATTACHMENT;
  if (streams == 0) {
    snprintf(remux->error, sizeof(remux->error), "no stream the container can hold");
    result = SVLC_REMUX_EMPTY;
    goto done;
  }
  av_dict_copy(&out->metadata, in->metadata, 0);
  svlc_remux_lift_stream_tags(in, out);
  svlc_remux_add_source_tags(remux, out);
  if (svlc_remux_copy_programs(remux, in, out, routes, routes_count) < 0) {
    result = svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, "cannot add a program", AVERROR(ENOMEM));
    goto done;
  }
  // A pipe cannot be gone back to: its chapters go with the header (all that start within
  // the duration asked for), not before the trailer.
  if (remux->streamed) svlc_remux_copy_chapters(remux, in, out);
  status = remux->streamed ? svlc_pipe_open(remux, out)
                           : avio_open(&out->pb, remux->output, AVIO_FLAG_WRITE);
  if (status < 0) {
    result = svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, "cannot create the file", status);
    goto done;
  }
  // Flags not known (libVLC does not tell them): Matroska marks the first audio and video
  // default, as MP4 does by itself, rather than none.
  AVDictionary *muxer_options = NULL;
  if (strcmp(remux->format, "matroska") == 0 && svlc_remux_flags_unknown(remux))
    av_dict_set(&muxer_options, "default_mode", "infer_no_subs", 0);
  status = avformat_write_header(out, &muxer_options);
  av_dict_free(&muxer_options);
  if (status < 0) {
    result = svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, "cannot start the file", status);
    goto done;
  }
  // The output starts at 0, as ffmpeg's copy does: a live recording cut at its first keyframe,
  // and an input whose times start later (an MPEG-TS at 1.4 s would last 1.4 s too long). The
  // earliest stream copied counts, not the input's: libVLC's MPEG-TS files have streams that
  // are not copied, 0.4 s earlier.
  // In libVLC's file, the earliest as the copy sees them (its clock jump joined, the first
  // pictures put back: svlc_lead); libavformat's start time is the first before that.
  int64_t zero = start;
  for (unsigned i = 0; i < routes_count && start == AV_NOPTS_VALUE; i++) {
    const AVStream *stream = in->streams[i];
    int64_t first = i < remux->lead_count ? remux->leads[i].first : AV_NOPTS_VALUE;
    if (first == AV_NOPTS_VALUE && stream->start_time != AV_NOPTS_VALUE)
      first = av_rescale_q(stream->start_time, stream->time_base, AV_TIME_BASE_Q);
    if (routes[i].output < 0 || first == AV_NOPTS_VALUE) continue;
    if (zero == AV_NOPTS_VALUE || first < zero) zero = first;
  }
  if (zero != AV_NOPTS_VALUE && zero <= 0) zero = AV_NOPTS_VALUE;
  remux->shift = zero == AV_NOPTS_VALUE ? 0 : zero;
  result = svlc_remux_copy_packets(remux, in, out, routes, routes_count, start, zero);
  svlc_remux_note_refused(remux, out, routes, routes_count);
  svlc_remux_note_delay(remux, out, routes, routes_count);
  svlc_remux_note_config(remux, out, routes, routes_count);
  // Chapters given before the trailer are written there (Matroska, MP4), where they can end
  // with what was copied; given with the header they were written then, as they were.
  if (!remux->streamed) svlc_remux_copy_chapters(remux, in, out);
  status = av_write_trailer(out);
  if (status < 0 && result == SVLC_REMUX_OK)
    result = svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, "cannot finish the file", status);
  if (svlc_output_close(remux, out) < 0 && result == SVLC_REMUX_OK)
    result = svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, "cannot finish the file", AVERROR(EIO));
  if (result == SVLC_REMUX_OK || result == SVLC_REMUX_STOPPED) {
    if (strcmp(remux->format, "mp4") == 0 && !remux->streamed)
      svlc_remux_mp4_subtitles_as_written(remux->output, out);
    int *input_of = av_calloc(out->nb_streams, sizeof(*input_of));
    int *disabled = av_calloc(out->nb_streams, sizeof(*disabled));
    if (input_of && disabled) {
      for (unsigned i = 0; i < routes_count; i++) {
        if (routes[i].output < 0) continue;
        input_of[routes[i].output] = (int)i;
        disabled[routes[i].output] = svlc_remux_is_disabled(remux, in, (int)i);
      }
      svlc_remux_write_disabled(remux, out, disabled, input_of);
      if (!remux->streamed) svlc_remux_read_back(remux, out, input_of);
    }
    av_free(input_of);
    av_free(disabled);
  }
done:
  if (routes)
    for (unsigned i = 0; i < routes_count; i++) {
      svlc_text_conversion_close(&routes[i].text);
    }
  av_free(routes);
  av_free(order);
  av_free(source_of);
  if (out) {
    svlc_output_close(remux, out);
    avformat_free_context(out);
  }
  avformat_close_input(&in);
  return result;
}
