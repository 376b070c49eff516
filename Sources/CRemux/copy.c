// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// The copy's packet loop: see remux.h.
#include "input.h"
#include "remux.h"

#include <stdatomic.h>
#include <string.h>

/// What writing a kept packet needs besides its route.
typedef struct {
  svlc_remux *remux;
  AVFormatContext *out;
  AVPacket *converted;
  int64_t first;   // the first kept packet's time (AV_TIME_BASE units), or AV_NOPTS_VALUE
  int64_t zero;    // how far times move back, or AV_NOPTS_VALUE
  int guessed_dts; // libVLC's Matroska file: its video's decoding times left to the muxer
  svlc_remux_result result;
} copy_state;

/// Writes `packet` of input stream `stream` (shown at `at`, AV_TIME_BASE units) through its
/// route: 0 to go on, 1 when the copy ends (state->result says how). Takes the packet.
static int write_kept(copy_state *state, route_t *route, const AVStream *stream,
                      AVPacket *packet, int64_t at) {
  svlc_remux *remux = state->remux;
  int64_t first = state->first;
  int64_t since = first == AV_NOPTS_VALUE || at == AV_NOPTS_VALUE ? AV_NOPTS_VALUE : at - first;
  if (!svlc_remux_config_held(route, packet, since) || svlc_remux_cut_short(route, packet)) {
    av_packet_unref(packet);
    return 0;
  }
  if (at != AV_NOPTS_VALUE && first != AV_NOPTS_VALUE) {
    atomic_store(&remux->position, at - first);
    int64_t end = at - first + av_rescale_q(packet->duration, stream->time_base, AV_TIME_BASE_Q);
    if (end > remux->copied_end) remux->copied_end = end;
  }
  if (route->written == 0 && stream->codecpar->codec_type == AVMEDIA_TYPE_AUDIO) {
    size_t size = 0;
    const uint8_t *skip = av_packet_get_side_data(packet, AV_PKT_DATA_SKIP_SAMPLES, &size);
    if (skip && size >= 4) route->encoder_delay = AV_RL32(skip);
  }
  AVPacket *writing = packet;
  if (route->text.encoder) {
    if (!svlc_text_conversion_packet(&route->text, packet, state->converted)) {
      av_packet_unref(packet);
      return 0;
    }
    av_packet_unref(packet);
    writing = state->converted;
  }
  AVStream *target = state->out->streams[route->output];
  if (state->zero != AV_NOPTS_VALUE) {
    int64_t offset = av_rescale_q(state->zero, AV_TIME_BASE_Q, stream->time_base);
    if (writing->pts != AV_NOPTS_VALUE) writing->pts -= offset;
    if (writing->dts != AV_NOPTS_VALUE) writing->dts -= offset;
  }
  av_packet_rescale_ts(writing, stream->time_base, target->time_base);
  // Matroska stores no decoding times, and libavformat's demuxer guesses a reordered
  // video's from its first presentation times (a B-frame's as its own): libVLC's Matroska
  // file's are left to the muxer, which derives them from the presentation times and the
  // stream's reordering delay.
  if (state->guessed_dts && stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO &&
      stream->codecpar->video_delay > 0)
    writing->dts = AV_NOPTS_VALUE;
  // Times that overlap the previous packet's by a little (joined recordings), moved on as
  // ffmpeg's copy moves them.
  if (route->written > 0 && writing->dts != AV_NOPTS_VALUE && writing->dts <= route->last_dts) {
    writing->dts = route->last_dts + 1;
    if (writing->pts != AV_NOPTS_VALUE && writing->pts < writing->dts) writing->pts = writing->dts;
  }
  int64_t dts = writing->dts;
  int aac = stream->codecpar->codec_id == AV_CODEC_ID_AAC;
  writing->stream_index = route->output;
  writing->pos = -1;
  int status = av_interleaved_write_frame(state->out, writing);
  av_packet_unref(writing);
  // A packet whose times the muxer refuses is left out and counted (named afterwards), and
  // so is one its conversion cannot read (an ADTS frame damaged in a live stream, which
  // Matroska and MP4 store without its header).
  if (status == AVERROR(EINVAL))
    route->refused++;
  else if (status == AVERROR_INVALIDDATA && aac)
    route->damaged++;
  else if (status >= 0) {
    route->written++;
    if (dts != AV_NOPTS_VALUE) route->last_dts = dts;
  }
  if (status == AVERROR_EXIT && atomic_load(&remux->stop)) {
    state->result = SVLC_REMUX_STOPPED; // a pipe's reader took nothing after the stop
    return 1;
  }
  if (status < 0 && status != AVERROR(EINVAL) && !(status == AVERROR_INVALIDDATA && aac)) {
    // The caller says "cannot write" and names the file: the reason alone.
    state->result = svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, NULL, status);
    return 1;
  }
  return 0;
}

/// Writes the pictures `route` holds back (shown past the end, decoded before it), in their
/// decoding order: a picture shown before the end came after them and may refer to them.
/// 0 to go on, 1 when the copy ends.
static int release_held(copy_state *state, route_t *route, const AVStream *stream) {
  int ended = 0;
  for (int i = 0; i < route->held_count; i++) {
    AVPacket *held = route->held[i];
    int64_t when = held->pts != AV_NOPTS_VALUE ? held->pts : held->dts;
    int64_t at = when != AV_NOPTS_VALUE
                     ? av_rescale_q(when, stream->time_base, AV_TIME_BASE_Q)
                     : AV_NOPTS_VALUE;
    if (!ended) ended = write_kept(state, route, stream, held, at);
    av_packet_free(&route->held[i]);
  }
  route->held_count = 0;
  return ended;
}

svlc_remux_result svlc_remux_copy_packets(svlc_remux *remux, AVFormatContext *in,
                                          AVFormatContext *out, route_t *routes,
                                          unsigned routes_count, int64_t start, int64_t zero) {
  AVPacket *packet = av_packet_alloc();
  AVPacket *converted = av_packet_alloc();
  if (!packet || !converted) {
    av_packet_free(&packet);
    av_packet_free(&converted);
    return svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, "out of memory", AVERROR(ENOMEM));
  }
  copy_state state = {
      .remux = remux,
      .out = out,
      .converted = converted,
      .first = start,
      .zero = zero,
      .guessed_dts = remux->join_since > 0 && strcmp(in->iformat->name, "matroska,webm") == 0,
      .result = SVLC_REMUX_OK,
  };
  svlc_timeline line;
  int read_status =
      svlc_timeline_init(&line, in, remux->join_since, remux->leads, remux->lead_count);
  while (read_status >= 0 && (read_status = av_read_frame(in, packet)) >= 0) {
    if (atomic_load(&remux->stop)) {
      state.result = SVLC_REMUX_STOPPED;
      av_packet_unref(packet);
      break;
    }
    if ((unsigned)packet->stream_index >= routes_count) {
      av_packet_unref(packet); // a stream that appeared after the header was written
      continue;
    }
    svlc_timeline_join(&line, in, packet);
    const AVStream *stream = in->streams[packet->stream_index];
    route_t *route = &routes[packet->stream_index];
    // libVLC's file of an MP3 file: its encoder's header frame came as the first audio, the
    // audio after it one frame late (svlc_remux_vbr_header): left out, the rest moved back.
    if (remux->join_since > 0 && route->written == 0 && svlc_remux_vbr_header(stream, packet)) {
      route->header_shift = packet->duration > 0 ? packet->duration : 0;
      av_packet_unref(packet);
      continue;
    }
    if (packet->pts != AV_NOPTS_VALUE) packet->pts -= route->header_shift;
    if (packet->dts != AV_NOPTS_VALUE) packet->dts -= route->header_shift;
    int64_t when = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
    int64_t at = when != AV_NOPTS_VALUE ? av_rescale_q(when, stream->time_base, AV_TIME_BASE_Q)
                                        : AV_NOPTS_VALUE;
    int video = stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO;
    int keep = route->output >= 0;
    if (keep && !route->started) {
      // Video starts at a keyframe; the rest at the video's start.
      if (video && start != AV_NOPTS_VALUE)
        route->started = (packet->flags & AV_PKT_FLAG_KEY) && at != AV_NOPTS_VALUE && at >= start;
      else
        route->started = start == AV_NOPTS_VALUE || (at != AV_NOPTS_VALUE && at >= start);
      keep = route->started;
    }
    if (keep && at != AV_NOPTS_VALUE && state.first == AV_NOPTS_VALUE) state.first = at;
    int64_t first = state.first;
    // Video is cut in decoding order: a B-frame shown before the end refers to a picture
    // shown after it but decoded before it, which a cut by showing time left out (ffmpeg then
    // could not decode the last pictures: "Could not find ref with POC").
    int64_t cut_at = at;
    if (video && packet->dts != AV_NOPTS_VALUE)
      cut_at = av_rescale_q(packet->dts, stream->time_base, AV_TIME_BASE_Q);
    int past = 0; // shown at or after the end
    if (keep && remux->duration > 0 && cut_at != AV_NOPTS_VALUE && first != AV_NOPTS_VALUE) {
      if (cut_at - first >= remux->duration) {
        keep = 0;
        // Past the end by more than muxers interleave: done.
        if (at - first >= remux->duration + 10 * (int64_t)AV_TIME_BASE) {
          av_packet_unref(packet);
          break;
        }
      }
      past = at != AV_NOPTS_VALUE && at - first >= remux->duration;
    }
    if (!keep) {
      av_packet_unref(packet);
      continue;
    }
    // A picture shown past the end but decoded before it is held back: written when a
    // picture shown before the end follows (which may refer to it), else left out, so that
    // a copy of 2 s ends at 2 s and not at the last reordered picture (2.221 s).
    if (video && past) {
      if (route->held_count == SVLC_HELD_MOST && release_held(&state, route, stream)) {
        av_packet_unref(packet);
        break;
      }
      AVPacket *held = av_packet_clone(packet);
      av_packet_unref(packet);
      if (held) {
        route->held[route->held_count++] = held;
        continue;
      }
      state.result = svlc_remux_fail(remux, SVLC_REMUX_UNWRITABLE, "out of memory",
                                     AVERROR(ENOMEM));
      break;
    }
    if (video && route->held_count > 0 && release_held(&state, route, stream)) {
      av_packet_unref(packet);
      break;
    }
    if (write_kept(&state, route, stream, packet, at)) break;
  }
  // Pictures still held were shown past the end and referred to by none written: left out.
  for (unsigned i = 0; i < routes_count; i++) {
    for (int h = 0; h < routes[i].held_count; h++) av_packet_free(&routes[i].held[h]);
    routes[i].held_count = 0;
  }
  // A read error is not the input's end: a copy cut short must not replace its input.
  if (state.result == SVLC_REMUX_OK && read_status < 0 && read_status != AVERROR_EOF) {
    state.result =
        svlc_remux_fail(remux, SVLC_REMUX_UNREADABLE, "cannot read the input", read_status);
  }
  svlc_timeline_free(&line);
  av_packet_free(&packet);
  av_packet_free(&converted);
  return state.result;
}
