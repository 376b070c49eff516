// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// One forward pass over a file's video packets: for ascending times, each picture is the latest
// frame presented at or before its time, and a group of pictures is decoded once for all the
// times that fall in it.
#include "pass.h"

#include <CFFmpeg.h>

#include <stdlib.h>

void svlc_list_clear(packet_list *list) {
  for (int index = 0; index < list->count; index++) av_packet_free(&list->items[index]);
  list->count = 0;
}

static int list_push(packet_list *list, AVPacket *packet) {
  if (list->count == list->capacity) {
    int capacity = list->capacity ? list->capacity * 2 : 64;
    AVPacket **items = realloc(list->items, sizeof *items * (size_t)capacity);
    if (!items) return AVERROR(ENOMEM);
    list->items = items;
    list->capacity = capacity;
  }
  list->items[list->count++] = packet;
  return 0;
}

static int64_t presentation_time(const AVPacket *packet) {
  return packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
}

/// How many packets presented after the time are still read when the container gives no
/// decode times (Matroska): B-frames presented before it can follow them in decode order, and
/// H.264 reorders over at most 16 pictures.
enum { REORDER_LIMIT = 16 };

/// Adds a packet to the run, to be sent. Takes the packet in every case.
static int add(frame_pass *pass, AVPacket *packet) {
  // Fast thumbnails decode keyframes alone.
  if (pass->keyframe_only && !(packet->flags & AV_PKT_FLAG_KEY)) {
    av_packet_free(&packet);
    return 0;
  }
  if (pass->run_count == pass->run_capacity) {
    int capacity = pass->run_capacity ? pass->run_capacity * 2 : 64;
    int64_t *times = realloc(pass->run_times, sizeof *times * (size_t)capacity);
    if (!times) {
      av_packet_free(&packet);
      return AVERROR(ENOMEM);
    }
    pass->run_times = times;
    pass->run_capacity = capacity;
  }
  pass->run_times[pass->run_count++] = presentation_time(packet);
  if (packet->pts == AV_NOPTS_VALUE) pass->may_skip = 0;
  int status = list_push(&pass->pending, packet);
  if (status < 0) av_packet_free(&packet);
  return status;
}

/// Starts a run at `key`, ending the current one first (the times before the keyframe are
/// then settled). Takes the packet in every case.
static int start_run(frame_pass *pass, AVPacket *key) {
  int64_t key_time = presentation_time(key);
  int status = svlc_pass_end_run(pass, key_time);
  svlc_list_clear(&pass->pending);
  pass->run_count = 0;
  pass->may_skip = 1;
  pass->in_run = 1;
  pass->key_time = key_time;
  if (status < 0) {
    av_packet_free(&key);
    return status;
  }
  return add(pass, key);
}

/// The next packet: the one carried over, or the next one the demuxer reads.
static int next_packet(frame_pass *pass, AVPacket **packet) {
  if (pass->carry) {
    *packet = pass->carry;
    pass->carry = NULL;
    return 0;
  }
  if (pass->at_end) return AVERROR_EOF;
  *packet = av_packet_alloc();
  if (!*packet) return AVERROR(ENOMEM);
  int status = av_read_frame(pass->format, *packet);
  if (status < 0) {
    av_packet_free(packet);
    if (status == AVERROR_EOF) pass->at_end = 1;
  }
  return status;
}

/// Where the file's data ends, in the video stream's time base: the latest presentation end
/// among the audio and video packets, read from two seconds before the video's last one to the end
/// of the file. INT64_MIN when it cannot be read. Leaves the demuxer at the end.
static int64_t data_end(frame_pass *pass) {
  AVFormatContext *format = pass->format;
  AVRational base = format->streams[pass->stream]->time_base;
  enum AVDiscard *kept = malloc(sizeof *kept * format->nb_streams);
  AVPacket *packet = av_packet_alloc();
  int64_t end = INT64_MIN;
  // From the video's keyframe two seconds before its last packet (the one index a cut
  // Matroska file has).
  int64_t from = pass->latest_end - av_rescale_q(2 * AV_TIME_BASE, AV_TIME_BASE_Q, base);
  if (from < pass->start) from = pass->start;
  // Else from the start (a seek to a Matroska file's first keyframe can fail).
  int sought = kept && packet &&
               (av_seek_frame(format, pass->stream, from, AVSEEK_FLAG_BACKWARD) >= 0 ||
                avformat_seek_file(format, -1, INT64_MIN, INT64_MIN, INT64_MIN, 0) >= 0);
  if (sought) {
    for (unsigned index = 0; index < format->nb_streams; index++) {
      // Sound and pictures: a subtitle's packet can last past the data.
      AVStream *stream = format->streams[index];
      enum AVMediaType type = stream->codecpar->codec_type;
      kept[index] = stream->discard;
      stream->discard = type == AVMEDIA_TYPE_AUDIO || type == AVMEDIA_TYPE_VIDEO
                            ? AVDISCARD_DEFAULT
                            : AVDISCARD_ALL;
    }
    while (!svlc_halted(pass->decoder) && av_read_frame(format, packet) >= 0) {
      int64_t time = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
      if (time != AV_NOPTS_VALUE) {
        int64_t last = time + (packet->duration > 0 ? packet->duration : 0);
        AVRational own = format->streams[packet->stream_index]->time_base;
        int64_t mapped = av_rescale_q(last, own, base);
        if (mapped > end) end = mapped;
      }
      av_packet_unref(packet);
    }
    for (unsigned index = 0; index < format->nb_streams; index++) {
      format->streams[index]->discard = kept[index];
    }
  }
  av_packet_free(&packet);
  free(kept);
  return svlc_halted(pass->decoder) ? INT64_MIN : end;
}

/// Whether the video's data ending before `target` means the file is cut: the file says it
/// lasts past the target (the video stream's header, as MP4's; else the container's length
/// less half a second, as Matroska's), and its audio and video data end before the target.
/// A video that ends before its sound is whole: libavformat gives a Matroska video the
/// container's length when the sound is long, and its last picture is shown on.
static int is_cut_before(frame_pass *pass, int64_t target) {
  if (pass->latest_end > target || pass->latest_end == INT64_MIN) return 0;
  AVStream *video = pass->format->streams[pass->stream];
  int64_t declared;
  if (video->duration != AV_NOPTS_VALUE && video->duration > 0) {
    declared = (video->start_time == AV_NOPTS_VALUE ? 0 : video->start_time) + video->duration;
  } else if (pass->decoder->duration > 0) {
    // libavformat's Matroska length counts from 0 whatever the first time (a file from 10 s
    // to 13 s lasts 13 s), others' from the start: the earlier end is taken.
    int64_t length = av_rescale_q(pass->decoder->duration, AV_TIME_BASE_Q, video->time_base);
    int64_t slack = av_rescale_q(AV_TIME_BASE / 2, AV_TIME_BASE_Q, video->time_base);
    declared = FFMIN(length, pass->start + length) - slack;
  } else {
    return 0;
  }
  if (declared <= target) return 0;
  int64_t end = data_end(pass);
  return end != INT64_MIN && end <= target;
}

int svlc_pass_collect(frame_pass *pass, int64_t target, int first_key_fallback) {
  int past = 0;
  for (;;) {
    AVPacket *packet = NULL;
    int status = next_packet(pass, &packet);
    if (status == AVERROR_EOF) {
      // The data ends before the time although the file says it lasts longer: the file is
      // cut, and the frame at the time is missing.
      if (is_cut_before(pass, target)) return AVERROR_INVALIDDATA;
      return pass->in_run;
    }
    if (status < 0) return status;
    if (packet->stream_index != pass->stream || presentation_time(packet) == AV_NOPTS_VALUE) {
      av_packet_free(&packet);
      continue;
    }
    int64_t time = presentation_time(packet);
    int64_t end = time + (packet->duration > 0 ? packet->duration : 1);
    if (end > pass->latest_end) pass->latest_end = end;
    int64_t decoded = packet->dts != AV_NOPTS_VALUE ? packet->dts : time;
    if (decoded > pass->last_read) pass->last_read = decoded;
    int key = (packet->flags & AV_PKT_FLAG_KEY) != 0;
    int early = time <= target;
    // A packet decoded after one whose decode time is past the target is presented later too
    // (pts >= dts): nothing from here on can be presented at or before the target.
    int finished = packet->dts != AV_NOPTS_VALUE ? packet->dts > target
                                                 : !early && ++past > REORDER_LIMIT;
    if (!pass->in_run) {
      if (key && (early || first_key_fallback)) {
        status = start_run(pass, packet);
        if (status < 0) return status;
        if (!early) return 1;  // the target is before the first frame
        continue;
      }
      av_packet_free(&packet);
      if (finished && !first_key_fallback) return 0;
      continue;
    }
    // Keyframes are presented in decode order: a fast pass stops at the first one after the
    // target, which may start the next target's run.
    if (finished || (key && !early && pass->keyframe_only)) {
      pass->carry = packet;
      return 1;
    }
    status = key && early ? start_run(pass, packet) : add(pass, packet);
    if (status < 0) return status;
  }
}

/// Hands the candidate out as the picture of the next time.
static int hand_out(frame_pass *pass) {
  svlc_frame_decoder *decoder = pass->decoder;
  av_frame_unref(decoder->picture);
  if (av_frame_ref(decoder->picture, pass->candidate) < 0) return AVERROR(ENOMEM);
  AVStream *stream = pass->format->streams[pass->stream];
  AVRational base = stream->time_base;
  decoder->picture_aspect = av_guess_sample_aspect_ratio(pass->format, stream, decoder->picture);
  decoder->rotation = svlc_matrix_rotation(
      (const int32_t *)av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, NULL));
  decoder->picture_time =
      pass->candidate_time == AV_NOPTS_VALUE
          ? INT64_MIN
          : av_rescale_q(pass->candidate_time - pass->start, base, AV_TIME_BASE_Q);
  int index = pass->resolved++;
  if (pass->callback && pass->callback(pass->context, index, decoder) != 0) {
    pass->refused = 1;
    return AVERROR_EXIT;
  }
  av_frame_unref(decoder->picture);
  decoder->deadline = av_gettime_relative() + pass->limit;
  return 0;
}

static void take_candidate(frame_pass *pass, AVFrame *frame, int64_t time) {
  av_frame_unref(pass->candidate);
  av_frame_move_ref(pass->candidate, frame);
  pass->candidate_time = time;
  pass->has_candidate = 1;
}

/// Takes the frames the decoder has ready (in presentation order) and hands out each time a
/// frame presented after it settles. Frames presented at or after `boundary` are dropped.
/// Returns how many frames came, or a negative AVERROR when a hand-out failed (a decoding
/// error only ends the taking: the pictures that follow may still decode).
static int receive(frame_pass *pass, int64_t boundary) {
  AVFrame *frame = pass->frame;
  int received = 0;
  while (avcodec_receive_frame(pass->codec, frame) >= 0) {
    received++;
    int64_t time = frame->best_effort_timestamp;
    if (time == AV_NOPTS_VALUE) time = frame->pts;
    // Leading pictures of an open GOP refer to the GOP before: not shown from here.
    if (time != AV_NOPTS_VALUE && (time < pass->key_time || time >= boundary)) {
      av_frame_unref(frame);
      continue;
    }
    while (time != AV_NOPTS_VALUE && pass->resolved < pass->count &&
           pass->targets[pass->resolved] < time) {
      // Without an earlier picture the time is before the first frame: this one is shown.
      if (!pass->has_candidate) take_candidate(pass, frame, time);
      int status = hand_out(pass);
      if (status < 0) return status;
    }
    if (frame->buf[0] && pass->resolved < pass->count) take_candidate(pass, frame, time);
    av_frame_unref(frame);
  }
  return received;
}

int svlc_pass_send(frame_pass *pass, int64_t target) {
  // The frame to show at the target: the latest presented at or before it. Pictures no other
  // picture refers to are not decoded unless they are that frame (as libVLC's decoder skips
  // them while prerolling), or may be for a later time: up to half the work with B-frames.
  int64_t shown = pass->key_time;
  for (int index = 0; index < pass->run_count; index++) {
    int64_t time = pass->run_times[index];
    if (time <= target && time > shown) shown = time;
  }
  int64_t last = pass->targets[pass->count - 1];
  int status = 0;
  for (int index = 0; index < pass->pending.count && pass->resolved < pass->count; index++) {
    if (svlc_halted(pass->decoder)) {
      status = AVERROR_EXIT;
      break;
    }
    const AVPacket *packet = pass->pending.items[index];
    int64_t time = presentation_time(packet);
    int needed = pass->keyframe_only || !pass->may_skip || time == shown ||
                 (time > target && time <= last);
    pass->codec->skip_frame = needed ? AVDISCARD_DEFAULT : AVDISCARD_NONREF;
    pass->sent++;
    pass->decoder->packets_sent++;
    // A damaged packet is skipped; the pictures that follow may still decode.
    while (avcodec_send_packet(pass->codec, packet) == AVERROR(EAGAIN)) {
      if ((status = receive(pass, INT64_MAX)) <= 0) break;
    }
    if (status < 0 || (status = receive(pass, INT64_MAX)) < 0) break;
    status = 0;
  }
  svlc_list_clear(&pass->pending);
  return status;
}

int svlc_pass_end_run(frame_pass *pass, int64_t boundary) {
  int status = 0;
  if (pass->sent > 0) {
    pass->codec->skip_frame = AVDISCARD_DEFAULT;
    // An empty packet makes the decoder hand out the pictures it still holds.
    if (avcodec_send_packet(pass->codec, NULL) >= 0) status = receive(pass, boundary);
    avcodec_flush_buffers(pass->codec);
    pass->sent = 0;
  }
  // Every frame before the boundary is out: the times before it show the candidate. Without
  // one (nothing decoded), they wait for the next frame.
  if (status > 0) status = 0;
  while (status >= 0 && pass->has_candidate && pass->resolved < pass->count &&
         pass->targets[pass->resolved] < boundary) {
    status = hand_out(pass);
  }
  av_frame_unref(pass->candidate);
  pass->has_candidate = 0;
  return status;
}

void svlc_pass_free(frame_pass *pass) {
  av_packet_free(&pass->carry);
  svlc_list_clear(&pass->pending);
  free(pass->pending.items);
  free(pass->run_times);
  av_frame_free(&pass->candidate);
  av_frame_free(&pass->frame);
}
