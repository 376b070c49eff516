// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// The thumbnailer's exact path: libavformat knows the presentation time of every packet, which
// libVLC 3 never hands out (see docs/libvlc3-findings.md, "Thumbnails").
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "pass.h"

#include <CFFmpeg.h>

int svlc_halted(void *opaque) {
  svlc_frame_decoder *decoder = opaque;
  return atomic_load(&decoder->stop) || av_gettime_relative() > decoder->deadline;
}

static svlc_frame_result halt_reason(svlc_frame_decoder *decoder) {
  return atomic_load(&decoder->stop) ? SVLC_FRAME_STOPPED : SVLC_FRAME_TIMED_OUT;
}

static void say(char *message, size_t size, const char *format, ...) {
  if (!message || size == 0) return;
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(message, size, format, arguments);
  va_end(arguments);
}

svlc_frame_decoder *svlc_frame_decoder_new(void) {
  svlc_frame_decoder *decoder = calloc(1, sizeof *decoder);
  if (decoder) atomic_init(&decoder->stop, 0);
  return decoder;
}

void svlc_frame_decoder_free(svlc_frame_decoder *decoder) {
  if (!decoder) return;
  // Both are NULL unless a run loaded FFmpeg.
  if (decoder->picture) av_frame_free(&decoder->picture);
  if (decoder->scaler) sws_freeContext(decoder->scaler);
  free(decoder);
}

void svlc_frame_decoder_geometry(const svlc_frame_decoder *decoder, int *aspect_width,
                                 int *aspect_height, int *rotation) {
  *aspect_width = decoder->picture_aspect.num;
  *aspect_height = decoder->picture_aspect.den;
  *rotation = decoder->rotation;
}

int64_t svlc_frame_decoder_duration(const svlc_frame_decoder *decoder) {
  return decoder->duration;
}

void svlc_frame_decoder_counts(const svlc_frame_decoder *decoder, int *packets_sent,
                               int *seeks) {
  *packets_sent = decoder->packets_sent;
  *seeks = decoder->seeks;
}

void svlc_frame_decoder_stop(svlc_frame_decoder *decoder) { atomic_store(&decoder->stop, 1); }

void svlc_frame_decoder_picture(const svlc_frame_decoder *decoder, int *width, int *height,
                                int64_t *time_us) {
  int shown = decoder->picture && decoder->picture->buf[0];
  *width = shown ? decoder->picture->width : 0;
  *height = shown ? decoder->picture->height : 0;
  *time_us = shown ? decoder->picture_time : 0;
}

/// How far ahead of the latest packet read a time must lie for the pass to seek there when
/// the index cannot tell where the keyframes are (MPEG-TS): reading a few seconds of packets
/// costs less than a seek, and decodes nothing.
static const int64_t SEEK_DISTANCE = 10 * (int64_t)AV_TIME_BASE;

/// Whether the pass seeks to reach `target` rather than read on: when no run is open, or when
/// the latest keyframe at or before the target lies beyond the next keyframe (whole groups of
/// pictures lie between; reading on decodes nothing before the target's keyframe, but reads
/// every packet).
static int needs_seek(const frame_pass *pass, int64_t target) {
  if (!pass->in_run) return 1;
  if (pass->at_end) return 0;
  AVStream *video = pass->format->streams[pass->stream];
  // An index that reaches the target (MP4, MKV cues, AVI) knows its keyframe.
  int entries = avformat_index_get_entries_count(video);
  const AVIndexEntry *last = entries > 0 ? avformat_index_get_entry(video, entries - 1) : NULL;
  if (last && last->timestamp >= target) {
    int index = av_index_search_timestamp(video, target, AVSEEK_FLAG_BACKWARD);
    int next = av_index_search_timestamp(video, pass->last_read + 1, 0);
    return index >= 0 && next >= 0 && index > next;
  }
  return target - pass->last_read > av_rescale_q(SEEK_DISTANCE, AV_TIME_BASE_Q, video->time_base);
}

/// Seeks to the keyframe before time `index` and collects its run. Some demuxers land after
/// it (MPEG-TS seeks by PCR, and its muxers send video ahead of the PCR): then seeks further
/// back, at last to well before the start (a seek to the start itself lands after the first
/// keyframe too). Returns SVLC_FRAME_OK or the failure, with its reason in `message`.
static svlc_frame_result seek_to(frame_pass *pass, const int64_t *times_us, int index,
                                 char *message, size_t message_size) {
  int64_t target = pass->targets[index];
  int64_t time_us = times_us[index];
  AVStream *video = pass->format->streams[pass->stream];
  int64_t start = av_rescale_q(pass->start, video->time_base, AV_TIME_BASE_Q);
  pass->decoder->seeks++;
  // The times before this one are all collected: their run ends here.
  int kept = svlc_pass_end_run(pass, target);
  int64_t back = 0;
  while (kept >= 0) {
    int last_try = back >= time_us;
    int64_t seek = last_try ? start - 10 * (int64_t)AV_TIME_BASE : start + time_us - back;
    if (av_seek_frame(pass->format, pass->stream,
                      av_rescale_q(seek, AV_TIME_BASE_Q, video->time_base),
                      AVSEEK_FLAG_BACKWARD) < 0 &&
        (!last_try ||
         avformat_seek_file(pass->format, -1, INT64_MIN, INT64_MIN, INT64_MIN, 0) < 0)) {
      if (svlc_halted(pass->decoder)) return halt_reason(pass->decoder);
      say(message, message_size, "libavformat cannot seek in the file");
      return SVLC_FRAME_UNREADABLE;
    }
    av_packet_free(&pass->carry);
    svlc_list_clear(&pass->pending);
    pass->at_end = 0;
    pass->in_run = 0;
    pass->last_read = INT64_MIN;
    kept = svlc_pass_collect(pass, target, last_try);
    if (kept > 0) return SVLC_FRAME_OK;
    if (kept == 0 && last_try) {
      say(message, message_size, "no keyframe in the video stream");
      return SVLC_FRAME_FAILED;
    }
    back = back ? back * 2 : 1000000;
  }
  if (svlc_halted(pass->decoder) && !pass->refused) return halt_reason(pass->decoder);
  if (pass->refused) return SVLC_FRAME_STOPPED;
  if (kept == AVERROR_INVALIDDATA) {
    say(message, message_size, "the file's data end before %.3f s (a cut file?)", time_us / 1e6);
  } else {
    say(message, message_size, "reading the file failed: %s", av_err2str(kept));
  }
  return SVLC_FRAME_FAILED;
}

/// The pass over an open file: each time's packets collected (by reading on, or by a seek),
/// then decoded; the last run drained at the end.
static svlc_frame_result pass_over(frame_pass *pass, const int64_t *times_us, char *message,
                                   size_t message_size) {
  for (int index = 0; index < pass->count; index++) {
    // Frames decoded for earlier times can settle later ones.
    if (index < pass->resolved) continue;
    int64_t target = pass->targets[index];
    int status = 0;
    if (needs_seek(pass, target)) {
      svlc_frame_result result = seek_to(pass, times_us, index, message, message_size);
      if (result != SVLC_FRAME_OK) return result;
    } else {
      status = svlc_pass_collect(pass, target, 0);
    }
    if (status >= 0) status = svlc_pass_send(pass, target);
    if (status < 0) {
      if (pass->refused) return SVLC_FRAME_STOPPED;
      if (svlc_halted(pass->decoder)) return halt_reason(pass->decoder);
      if (status == AVERROR_INVALIDDATA) {
        say(message, message_size, "the file's data end before %.3f s (a cut file?)",
            times_us[index] / 1e6);
      } else {
        say(message, message_size, "reading the file failed: %s", av_err2str(status));
      }
      return SVLC_FRAME_FAILED;
    }
  }
  int status = svlc_pass_end_run(pass, INT64_MAX);
  if (pass->refused) return SVLC_FRAME_STOPPED;
  if (status < 0 || pass->resolved < pass->count) {
    if (svlc_halted(pass->decoder)) return halt_reason(pass->decoder);
    say(message, message_size, "no picture could be decoded");
    return SVLC_FRAME_FAILED;
  }
  return SVLC_FRAME_OK;
}

/// Opens `path` for the pass: libavformat limited to single-file demuxers, the video stream
/// alone, and its decoder. Returns SVLC_FRAME_OK or the failure.
static svlc_frame_result open_file(frame_pass *pass, const char *path, int threads,
                                   char *message, size_t message_size) {
  svlc_frame_decoder *decoder = pass->decoder;
  AVFormatContext *format = avformat_alloc_context();
  if (!format) return SVLC_FRAME_FAILED;
  format->interrupt_callback = (AVIOInterruptCB){.callback = svlc_halted, .opaque = decoder};
  // Only demuxers of single media files, reading only local files: playlist and
  // concatenating demuxers (HLS, DASH, concat) open further inputs, and libavformat 5.1's
  // HLS demuxer loops on a playlist that lists itself without asking the interrupt callback.
  // Anything else is libVLC's to picture.
  format->format_whitelist = av_strdup(
      "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,mpegts,avi,flv,ogg,asf,mpeg,mpegvideo,m4v,h264,"
      "hevc,mxf,nut,ivf,rm,dv,wtv");
  format->protocol_whitelist = av_strdup("file");
  if (!format->format_whitelist || !format->protocol_whitelist) {
    avformat_free_context(format);
    return SVLC_FRAME_FAILED;
  }
  if (avformat_open_input(&format, path, NULL, NULL) < 0) {
    if (svlc_halted(decoder)) return halt_reason(decoder);
    say(message, message_size, "libavformat cannot open the file");
    return SVLC_FRAME_UNREADABLE;
  }
  pass->format = format;
  if (avformat_find_stream_info(format, NULL) < 0) {
    say(message, message_size, "libavformat cannot read the streams");
    return svlc_halted(decoder) ? halt_reason(decoder) : SVLC_FRAME_UNREADABLE;
  }
  // libVLC plays the first program of an MPEG-TS with several: its video, not the largest
  // of all (a sheet headed "program 1" showed program 2's pictures).
  int related = -1;
  for (unsigned p = 0; p < format->nb_programs && format->nb_programs > 1 && related < 0; p++) {
    const AVProgram *program = format->programs[p];
    for (unsigned i = 0; i < program->nb_stream_indexes && related < 0; i++) {
      const AVStream *member = format->streams[program->stream_index[i]];
      if (member->codecpar->codec_type == AVMEDIA_TYPE_VIDEO) related = (int)program->stream_index[i];
    }
  }
  const AVCodec *found = NULL;
  int stream = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, related, &found, 0);
  if (stream < 0 || !found ||
      (format->streams[stream]->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
    say(message, message_size, "libavformat finds no video stream it can decode");
    return SVLC_FRAME_UNREADABLE;
  }
  for (unsigned index = 0; index < format->nb_streams; index++) {
    if ((int)index != stream) format->streams[index]->discard = AVDISCARD_ALL;
  }
  pass->stream = stream;
  AVStream *video = format->streams[stream];
  decoder->duration = format->duration > 0 ? format->duration : 0;
  // Times count from the file's start, as libVLC's do (an MPEG-TS whose clock starts at
  // 1.4 s shows 0 there); a start below 0 is an audio codec's delay (Opus pre-skip: -7 ms),
  // which libVLC's clock does not count, so the pictures keep their own times.
  int64_t start = format->start_time != AV_NOPTS_VALUE && format->start_time > 0
                      ? format->start_time : 0;
  pass->start = av_rescale_q(start, AV_TIME_BASE_Q, video->time_base);

  AVCodecContext *codec = avcodec_alloc_context3(found);
  pass->codec = codec;
  if (!codec || avcodec_parameters_to_context(codec, video->codecpar) < 0) {
    return SVLC_FRAME_FAILED;
  }
  codec->pkt_timebase = video->time_base;
  // A keyframe alone needs no threads; a run of frames decodes faster with them.
  codec->thread_count = pass->keyframe_only ? 1 : threads;
  // Silent: a library prints nothing its user did not ask for (damaged streams make the
  // decoders talk); the offset moves every message of this context past any log level (levels
  // are taken modulo 256: 100 keeps them all between 100 and 156).
  codec->log_level_offset = 100;
  if (avcodec_open2(codec, found, NULL) < 0) {
    say(message, message_size, "libavcodec cannot open the %s decoder", found->name);
    return SVLC_FRAME_UNREADABLE;
  }
  return SVLC_FRAME_OK;
}

static svlc_frame_result run(frame_pass *pass, const char *path, const int64_t *times_us,
                             int threads, char *message, size_t message_size) {
  svlc_frame_result result = open_file(pass, path, threads, message, message_size);
  if (result != SVLC_FRAME_OK) return result;
  svlc_frame_decoder *decoder = pass->decoder;
  if (decoder->duration > 0 && times_us[pass->count - 1] >= decoder->duration) {
    return SVLC_FRAME_PAST_END;
  }
  AVRational base = pass->format->streams[pass->stream]->time_base;
  int64_t start = av_rescale_q(pass->start, base, AV_TIME_BASE_Q);
  int64_t *targets = malloc(sizeof *targets * (size_t)pass->count);
  if (!targets) return SVLC_FRAME_FAILED;
  for (int index = 0; index < pass->count; index++) {
    // Rounded down: at 1.3 s in a time base of 1/25 s the frame at 32 (1.28 s) is shown, not
    // the one at 33.
    targets[index] = av_rescale_q_rnd(start + times_us[index], AV_TIME_BASE_Q, base,
                                      AV_ROUND_DOWN | AV_ROUND_PASS_MINMAX);
  }
  pass->targets = targets;
  result = pass_over(pass, times_us, message, message_size);
  free(targets);
  return result;
}

svlc_frame_result svlc_frame_decoder_run(svlc_frame_decoder *decoder, const char *path,
                                         const int64_t *times_us, int count, int keyframe_only,
                                         int threads, int64_t limit_us,
                                         svlc_frame_callback callback, void *context,
                                         char *message, size_t message_size) {
  if (count <= 0) return SVLC_FRAME_OK;
  if (svlc_ffmpeg_load() != 0) {
    say(message, message_size, "%s", svlc_ffmpeg_error());
    return SVLC_FRAME_UNREADABLE;
  }
  for (int index = 1; index < count; index++) {
    if (times_us[index] < times_us[index - 1]) {
      say(message, message_size, "the times are not in ascending order");
      return SVLC_FRAME_FAILED;
    }
  }
  // A damaged file makes the demuxers talk: quiet on this thread (CFFmpeg).
  svlc_ffmpeg_quiet_begin();
  decoder->deadline = av_gettime_relative() + limit_us;
  av_frame_free(&decoder->picture);
  decoder->packets_sent = 0;
  decoder->seeks = 0;
  frame_pass pass = {
      .decoder = decoder,
      .count = count,
      .keyframe_only = keyframe_only,
      .limit = limit_us,
      .callback = callback,
      .context = context,
      .latest_end = INT64_MIN,
      .last_read = INT64_MIN,
  };
  decoder->picture = av_frame_alloc();
  pass.candidate = av_frame_alloc();
  pass.frame = av_frame_alloc();
  svlc_frame_result result = SVLC_FRAME_FAILED;
  if (decoder->picture && pass.candidate && pass.frame) {
    result = run(&pass, path, times_us, threads, message, message_size);
  }
  svlc_pass_free(&pass);
  avcodec_free_context(&pass.codec);
  avformat_close_input(&pass.format);
  svlc_ffmpeg_quiet_end();
  return result;
}

int svlc_frame_decoder_rgba(svlc_frame_decoder *decoder, int width, int height, uint8_t *rgba) {
  const AVFrame *picture = decoder->picture;
  if (!picture || !picture->buf[0] || width <= 0 || height <= 0) return -1;
  // Kept for the next picture: the pictures of one pass share their size and format.
  decoder->scaler =
      sws_getCachedContext(decoder->scaler, picture->width, picture->height, picture->format,
                           width, height, AV_PIX_FMT_RGBA, SWS_BICUBIC, NULL, NULL, NULL);
  if (!decoder->scaler) return -1;
  // The picture's own matrix and range, as ffmpeg's scale filter uses them.
  int matrix = picture->colorspace == AVCOL_SPC_UNSPECIFIED ? SWS_CS_DEFAULT : picture->colorspace;
  int full = picture->color_range == AVCOL_RANGE_JPEG;
  sws_setColorspaceDetails(decoder->scaler, sws_getCoefficients(matrix), full,
                           sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
  uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
  int strides[4] = {width * 4, 0, 0, 0};
  int rows = sws_scale(decoder->scaler, (const uint8_t *const *)picture->data, picture->linesize,
                       0, picture->height, planes, strides);
  return rows == height ? 0 : -1;
}
