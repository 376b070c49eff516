// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// The first pictures of libVLC 3's file, put back in their places: see input.h (svlc_lead).
#include "input.h"

#include <stdlib.h>

enum { LEAD_WINDOW = 48, LEAD_PACKETS = 4000 };

static int ascending(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/// Whether `times` (`n`, sorted) are distinct and on one grid of `step` (within 1/16 of it:
/// Matroska's milliseconds round 33.4 ms to 33 or 34; a picture joined onto libVLC's clock
/// was 6 ms off one of 40).
static int on_grid(const int64_t *times, int n, int64_t step) {
  int64_t slack = step / 16;
  for (int k = 1; k < n; k++) {
    int64_t gap = times[k] - times[k - 1];
    int64_t slots = (gap + step / 2) / step;
    if (slots < 1 || llabs(gap - slots * step) > slack) return 0;
  }
  return 1;
}

/// The lead of one stream's first `n` presentation and decoding times.
static svlc_lead lead_of(const int64_t *pts, const int64_t *dts, int n) {
  svlc_lead none = {.count = 0};
  if (n < 2 * SVLC_LEAD_MOST) return none;
  int64_t sorted[LEAD_WINDOW], gaps[LEAD_WINDOW];
  // The frame duration: the median gap between the times past a first run's reach.
  int rest = n - SVLC_LEAD_MOST;
  for (int k = 0; k < rest; k++) sorted[k] = pts[SVLC_LEAD_MOST + k];
  qsort(sorted, (size_t)rest, sizeof(*sorted), ascending);
  for (int k = 1; k < rest; k++) gaps[k - 1] = sorted[k] - sorted[k - 1];
  qsort(gaps, (size_t)(rest - 1), sizeof(*gaps), ascending);
  int64_t step = gaps[(rest - 1) / 2];
  if (step <= 0) return none;
  for (int count = 0; count <= SVLC_LEAD_MOST; count++) {
    int m = n - count;
    for (int k = 0; k < m; k++) sorted[k] = pts[count + k];
    qsort(sorted, (size_t)m, sizeof(*sorted), ascending);
    if (!on_grid(sorted, m, step)) continue;
    // Distinct times one frame apart (or with holes of their own, a dropped picture): kept.
    if (count == 0) return none;
    // The free slots: the first packet (a keyframe, the earliest of its group) below the
    // rest's earliest; the others in the holes among the rest, then below. A hole left is
    // a picture libVLC lost (its Matroska muxer refused one with the time of another).
    int64_t slots[SVLC_LEAD_MOST];
    int found = 0;
    for (int k = 1; k < m - SVLC_LEAD_MOST && found < count - 1; k++)
      for (int64_t at = sorted[k - 1] + step; at < sorted[k] - step / 2 && found < count - 1;
           at += step)
        slots[found++] = at;
    for (int64_t at = sorted[0] - step; found < count; at -= step) slots[found++] = at;
    qsort(slots, (size_t)count, sizeof(*slots), ascending);
    // The first packet (a keyframe) takes the earliest; the others, in their times' order.
    svlc_lead lead = {.count = count};
    lead.pts[0] = slots[0];
    int order[SVLC_LEAD_MOST];
    for (int k = 1; k < count; k++) order[k - 1] = k;
    for (int a = 0; a < count - 1; a++)
      for (int b = a + 1; b < count - 1; b++)
        if (pts[order[b]] < pts[order[a]]) {
          int swap = order[a];
          order[a] = order[b];
          order[b] = swap;
        }
    for (int k = 0; k < count - 1; k++) lead.pts[order[k]] = slots[k + 1];
    // Decoding times one frame apart before the first packet past the run, when it has one.
    // Where the input has decoding times, the run's must come before its presentation
    // times (the muxer refuses a picture presented before it is decoded): else left alone.
    int has_dts = dts[count] != AV_NOPTS_VALUE;
    for (int k = 0; k < count; k++) {
      lead.dts[k] = has_dts ? dts[count] - (count - k) * step : AV_NOPTS_VALUE;
      if (has_dts && lead.dts[k] > lead.pts[k]) return none;
    }
    return lead;
  }
  return none;
}

svlc_lead *svlc_lead_scan(AVFormatContext *in, int64_t clock_since, unsigned *count) {
  // The streams known now: one found on the way (a PMT read later) has no lead.
  unsigned known = in->nb_streams, streams = known ? known : 1;
  *count = 0;
  svlc_lead *leads = av_calloc(streams, sizeof(*leads));
  int64_t(*pts)[LEAD_WINDOW] = av_calloc(streams, sizeof(*pts));
  int64_t(*dts)[LEAD_WINDOW] = av_calloc(streams, sizeof(*dts));
  int *counts = av_calloc(streams, sizeof(*counts));
  int *usable = av_calloc(streams, sizeof(*usable));
  int64_t *firsts = av_malloc_array(streams, sizeof(*firsts));
  AVPacket *packet = av_packet_alloc();
  svlc_timeline line;
  if (!leads || !pts || !dts || !counts || !usable || !firsts || !packet ||
      svlc_timeline_init(&line, in, clock_since, NULL, 0) < 0) {
    av_freep(&leads);
  } else {
    int wanted = 0;
    for (unsigned i = 0; i < streams; i++) firsts[i] = AV_NOPTS_VALUE;
    for (unsigned i = 0; i < known; i++) {
      const AVStream *stream = in->streams[i];
      usable[i] = stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO &&
                  !(stream->disposition & AV_DISPOSITION_ATTACHED_PIC);
      wanted += usable[i];
    }
    for (int read = 0; wanted > 0 && read < LEAD_PACKETS && av_read_frame(in, packet) >= 0;
         read++) {
      unsigned index = (unsigned)packet->stream_index;
      svlc_timeline_join(&line, in, packet);
      // The earliest time of each stream but a video's first pictures (its lead's).
      if (index < known && packet->pts != AV_NOPTS_VALUE &&
          !(usable[index] && counts[index] < SVLC_LEAD_MOST)) {
        int64_t at = av_rescale_q(packet->pts, in->streams[index]->time_base, AV_TIME_BASE_Q);
        if (firsts[index] == AV_NOPTS_VALUE || at < firsts[index]) firsts[index] = at;
      }
      if (index < known && usable[index] && counts[index] < LEAD_WINDOW) {
        AVRational base = in->streams[index]->time_base;
        if (packet->pts == AV_NOPTS_VALUE) {
          usable[index] = 0; // a time missing: where the run ends cannot be told
          wanted--;
        } else {
          int at = counts[index]++;
          pts[index][at] = av_rescale_q(packet->pts, base, AV_TIME_BASE_Q);
          dts[index][at] = packet->dts == AV_NOPTS_VALUE
                               ? AV_NOPTS_VALUE
                               : av_rescale_q(packet->dts, base, AV_TIME_BASE_Q);
          if (counts[index] == LEAD_WINDOW) wanted--;
        }
      }
      av_packet_unref(packet);
    }
    for (unsigned i = 0; i < known; i++) {
      if (usable[i]) leads[i] = lead_of(pts[i], dts[i], counts[i]);
      leads[i].first = firsts[i];
      for (int k = 0; k < counts[i] && k < SVLC_LEAD_MOST; k++) {
        int64_t at = k < leads[i].count ? leads[i].pts[k] : pts[i][k];
        if (leads[i].first == AV_NOPTS_VALUE || at < leads[i].first) leads[i].first = at;
      }
    }
    svlc_timeline_free(&line);
    *count = known;
  }
  av_packet_free(&packet);
  av_free(pts);
  av_free(dts);
  av_free(counts);
  av_free(usable);
  av_free(firsts);
  return leads;
}
