// The thumbnailer's exact path: libavformat knows the presentation time of every packet, which
// libVLC 3 never hands out (see docs/libvlc3-findings.md, "Thumbnails").
#include "CFrameDecoder.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/time.h>
#include <libswscale/swscale.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

struct svlc_frame_decoder {
  atomic_int stop;
  int64_t deadline;  // on av_gettime_relative()'s clock
  AVFrame *picture;
  int64_t picture_time;  // microseconds from the file's start
  int64_t duration;      // microseconds, 0 when unknown
};

/// The packets of the video stream from one keyframe on, in decode order.
typedef struct {
  AVPacket **items;
  int count;
  int capacity;
} packet_list;

static void list_clear(packet_list *list) {
  for (int index = 0; index < list->count; index++) av_packet_free(&list->items[index]);
  list->count = 0;
}

static int list_push(packet_list *list, AVPacket *packet) {
  if (list->count == list->capacity) {
    int capacity = list->capacity ? list->capacity * 2 : 64;
    AVPacket **items = realloc(list->items, sizeof *items * (size_t)capacity);
    if (!items) return -1;
    list->items = items;
    list->capacity = capacity;
  }
  list->items[list->count++] = packet;
  return 0;
}

/// Whether this thread is decoding for a thumbnail: libavformat's messages (a damaged file
/// makes the demuxers talk) are dropped there. A library prints nothing its user did not ask
/// for, and AVFormatContext, unlike AVCodecContext, has no per-context log level.
static _Thread_local int quiet_thread;

static void filtered_log(void *context, int level, const char *format, va_list arguments) {
  if (quiet_thread) return;
  av_log_default_callback(context, level, format, arguments);
}

static void install_log_filter(void) { av_log_set_callback(filtered_log); }

static pthread_once_t log_filter_once = PTHREAD_ONCE_INIT;

static int halted(void *opaque) {
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
  av_frame_free(&decoder->picture);
  free(decoder);
}

int64_t svlc_frame_decoder_duration(const svlc_frame_decoder *decoder) {
  return decoder->duration;
}

void svlc_frame_decoder_stop(svlc_frame_decoder *decoder) { atomic_store(&decoder->stop, 1); }

void svlc_frame_decoder_picture(const svlc_frame_decoder *decoder, int *width, int *height,
                                int64_t *time_us) {
  *width = decoder->picture ? decoder->picture->width : 0;
  *height = decoder->picture ? decoder->picture->height : 0;
  *time_us = decoder->picture ? decoder->picture_time : 0;
}

static int64_t presentation_time(const AVPacket *packet) {
  return packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
}

/// How many packets presented after the time are still read when the container gives no
/// decode times (Matroska): B-frames presented before it can follow them in decode order, and
/// H.264 reorders over at most 16 pictures.
enum { REORDER_LIMIT = 16 };

/// Reads the video packets from the demuxer's position up to the last one that can be
/// presented at or before `target`, keeping only those from the latest keyframe presented at
/// or before `target`. A packet decoded after one whose decode time is past `target` is
/// presented later too (pts >= dts), so reading stops there. With `first_key_fallback`, when
/// no such keyframe comes, keeps the first keyframe alone. Returns the number of packets kept
/// (0: no suitable keyframe), or a negative AVERROR (AVERROR_INVALIDDATA when the data ends
/// before the time that the stream's header says it reaches: a cut file).
static int collect(AVFormatContext *format, int stream, int64_t target, int first_key_fallback,
                   packet_list *list) {
  list_clear(list);
  int64_t latest_presentation_end = INT64_MIN;
  int64_t *latest_end = &latest_presentation_end;
  int past = 0;
  for (;;) {
    AVPacket *packet = av_packet_alloc();
    if (!packet) return AVERROR(ENOMEM);
    int status = av_read_frame(format, packet);
    if (status < 0) {
      av_packet_free(&packet);
      if (status != AVERROR_EOF) return status;
      // The data ends before the time although the stream's header says it lasts longer:
      // the file is cut, and the frame at the time is missing.
      AVStream *video = format->streams[stream];
      if (video->duration != AV_NOPTS_VALUE && video->duration > 0 &&
          (video->start_time == AV_NOPTS_VALUE ? 0 : video->start_time) + video->duration >
              target &&
          *latest_end <= target) {
        return AVERROR_INVALIDDATA;
      }
      return list->count;
    }
    if (packet->stream_index != stream || presentation_time(packet) == AV_NOPTS_VALUE) {
      av_packet_free(&packet);
      continue;
    }
    int64_t end = presentation_time(packet) + (packet->duration > 0 ? packet->duration : 1);
    if (end > *latest_end) *latest_end = end;
    int key = (packet->flags & AV_PKT_FLAG_KEY) != 0;
    int early = presentation_time(packet) <= target;
    int finished = packet->dts != AV_NOPTS_VALUE ? packet->dts > target
                                                 : !early && ++past > REORDER_LIMIT;
    if (list->count == 0) {
      if (key && (early || first_key_fallback)) {
        if (list_push(list, packet) < 0) break;
        if (!early) return list->count;  // the fallback keyframe alone
        continue;
      }
      av_packet_free(&packet);
      if (finished && !first_key_fallback) return 0;
      continue;
    }
    if (finished) {
      av_packet_free(&packet);
      return list->count;
    }
    if (key && early) {
      list_clear(list);
      past = 0;
    }
    if (list_push(list, packet) < 0) break;
  }
  return AVERROR(ENOMEM);
}

/// Takes the frames the decoder has ready; keeps in `decoder->picture` the latest one presented
/// at or before `target` (or, with `keyframe_only`, the first). Returns 1 when the picture is
/// final, 0 when the decoder wants more input or has no more.
static int take(svlc_frame_decoder *decoder, AVCodecContext *codec, AVFrame *frame,
                int64_t key_time, int64_t target, int keyframe_only) {
  while (avcodec_receive_frame(codec, frame) >= 0) {
    int64_t time = frame->best_effort_timestamp;
    if (time == AV_NOPTS_VALUE) time = frame->pts;
    // Leading pictures of an open GOP refer to the GOP before: not shown from here.
    if (time != AV_NOPTS_VALUE && time < key_time) {
      av_frame_unref(frame);
      continue;
    }
    int later = time != AV_NOPTS_VALUE && time > target;
    if (later && decoder->picture->buf[0]) {
      av_frame_unref(frame);
      return 1;
    }
    // The first picture after the keyframe is kept even when later than the target: the
    // time is before the first frame of the file.
    av_frame_unref(decoder->picture);
    av_frame_move_ref(decoder->picture, frame);
    decoder->picture_time = time;
    if (later || keyframe_only) return 1;
  }
  return 0;
}

/// Decodes `list` (from its keyframe) into `decoder->picture`. Returns 0, or a negative
/// AVERROR.
static int decode(svlc_frame_decoder *decoder, AVCodecContext *codec, const packet_list *list,
                  int64_t target, int keyframe_only) {
  int64_t key_time = presentation_time(list->items[0]);
  int sent = keyframe_only ? 1 : list->count;
  // The frame to show: the latest presented at or before the target. Pictures no other
  // picture refers to are not decoded unless they are that frame (as libVLC's decoder skips
  // them while prerolling): up to half the work with B-frames.
  // Only where every packet carries its own presentation time (not so for B-frames packed
  // in AVI): the frame is then known before decoding.
  int64_t shown = key_time;
  int may_skip = 1;
  for (int index = 0; index < sent; index++) {
    int64_t time = presentation_time(list->items[index]);
    if (time <= target && time > shown) shown = time;
    if (list->items[index]->pts == AV_NOPTS_VALUE) may_skip = 0;
  }
  AVFrame *frame = av_frame_alloc();
  if (!frame) return AVERROR(ENOMEM);
  int status = 0;
  // The last round sends no packet: the decoder then hands out the pictures it still holds.
  for (int index = 0; index <= sent; index++) {
    if (halted(decoder)) {
      status = AVERROR_EXIT;
      break;
    }
    const AVPacket *packet = index < sent ? list->items[index] : NULL;
    int needed = !may_skip || !packet || presentation_time(packet) == shown;
    codec->skip_frame = needed ? AVDISCARD_DEFAULT : AVDISCARD_NONREF;
    while ((status = avcodec_send_packet(codec, packet)) == AVERROR(EAGAIN)) {
      if (take(decoder, codec, frame, key_time, target, keyframe_only)) goto done;
    }
    // A damaged packet is skipped; the pictures that follow may still decode.
    if (take(decoder, codec, frame, key_time, target, keyframe_only)) goto done;
  }
done:
  av_frame_free(&frame);
  if (decoder->picture->buf[0]) return 0;
  return status < 0 && status != AVERROR_EOF ? status : AVERROR_INVALIDDATA;
}

static svlc_frame_result run(svlc_frame_decoder *decoder, const char *path, int64_t time_us,
                             int keyframe_only, int64_t limit_us, char *message,
                             size_t message_size);

svlc_frame_result svlc_frame_decoder_run(svlc_frame_decoder *decoder, const char *path,
                                         int64_t time_us, int keyframe_only, int64_t limit_us,
                                         char *message, size_t message_size) {
  pthread_once(&log_filter_once, install_log_filter);
  quiet_thread = 1;
  svlc_frame_result result =
      run(decoder, path, time_us, keyframe_only, limit_us, message, message_size);
  quiet_thread = 0;
  return result;
}

static svlc_frame_result run(svlc_frame_decoder *decoder, const char *path, int64_t time_us,
                             int keyframe_only, int64_t limit_us, char *message,
                             size_t message_size) {
  decoder->deadline = av_gettime_relative() + limit_us;
  av_frame_free(&decoder->picture);
  decoder->picture = av_frame_alloc();
  if (!decoder->picture) return SVLC_FRAME_FAILED;

  svlc_frame_result result = SVLC_FRAME_UNREADABLE;
  AVCodecContext *codec = NULL;
  packet_list list = {0};
  AVFormatContext *format = avformat_alloc_context();
  if (!format) return SVLC_FRAME_FAILED;
  format->interrupt_callback = (AVIOInterruptCB){.callback = halted, .opaque = decoder};
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
    if (halted(decoder)) return halt_reason(decoder);
    say(message, message_size, "libavformat cannot open the file");
    return SVLC_FRAME_UNREADABLE;
  }
  if (avformat_find_stream_info(format, NULL) < 0) {
    result = halted(decoder) ? halt_reason(decoder) : SVLC_FRAME_UNREADABLE;
    say(message, message_size, "libavformat cannot read the streams");
    goto end;
  }
  const AVCodec *found = NULL;
  int stream = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &found, 0);
  if (stream < 0 || !found ||
      (format->streams[stream]->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
    say(message, message_size, "libavformat finds no video stream it can decode");
    goto end;
  }
  for (unsigned index = 0; index < format->nb_streams; index++) {
    if ((int)index != stream) format->streams[index]->discard = AVDISCARD_ALL;
  }
  AVStream *video = format->streams[stream];
  decoder->duration = format->duration > 0 ? format->duration : 0;
  if (decoder->duration > 0 && time_us >= decoder->duration) {
    result = SVLC_FRAME_PAST_END;
    goto end;
  }
  int64_t start = format->start_time != AV_NOPTS_VALUE ? format->start_time : 0;
  // Rounded down: at 1.3 s in a time base of 1/25 s the frame at 32 (1.28 s) is shown, not
  // the one at 33.
  int64_t target = av_rescale_q_rnd(start + time_us, AV_TIME_BASE_Q, video->time_base,
                                    AV_ROUND_DOWN | AV_ROUND_PASS_MINMAX);

  // Seek to the keyframe before the time. Some demuxers land after it (MPEG-TS seeks by
  // PCR, and its muxers send video ahead of the PCR): then seek further back, at last to
  // well before the start (a seek to the start itself lands after the first keyframe too).
  int64_t back = 0;
  for (;;) {
    int last_try = back >= time_us;
    int64_t seek = last_try ? start - 10 * (int64_t)AV_TIME_BASE : start + time_us - back;
    if (av_seek_frame(format, stream, av_rescale_q(seek, AV_TIME_BASE_Q, video->time_base),
                      AVSEEK_FLAG_BACKWARD) < 0 &&
        (!last_try || avformat_seek_file(format, -1, INT64_MIN, INT64_MIN, INT64_MIN, 0) < 0)) {
      result = halted(decoder) ? halt_reason(decoder) : SVLC_FRAME_UNREADABLE;
      say(message, message_size, "libavformat cannot seek in the file");
      goto end;
    }
    int kept = collect(format, stream, target, last_try, &list);
    if (kept < 0) {
      result = halted(decoder) ? halt_reason(decoder) : SVLC_FRAME_FAILED;
      if (kept == AVERROR_INVALIDDATA) {
        say(message, message_size, "the file's data ends before that time (a cut file?)");
      } else {
        say(message, message_size, "reading the file failed: %s", av_err2str(kept));
      }
      goto end;
    }
    if (kept > 0) break;
    if (last_try) {
      result = SVLC_FRAME_FAILED;
      say(message, message_size, "no keyframe in the video stream");
      goto end;
    }
    back = back ? back * 2 : 1000000;
  }

  codec = avcodec_alloc_context3(found);
  if (!codec || avcodec_parameters_to_context(codec, video->codecpar) < 0) goto end;
  codec->pkt_timebase = video->time_base;
  // One keyframe needs no threads; a run of frames decodes faster with them.
  codec->thread_count = keyframe_only ? 1 : 0;
  // Silent: a library prints nothing its user did not ask for (damaged streams make the
  // decoders talk); the offset moves every message of this context past any log level (levels are
  // taken modulo 256: 100 keeps them all between 100 and 156).
  codec->log_level_offset = 100;
  if (avcodec_open2(codec, found, NULL) < 0) {
    say(message, message_size, "libavcodec cannot open the %s decoder", found->name);
    goto end;
  }
  int status = decode(decoder, codec, &list, target, keyframe_only);
  if (status < 0) {
    result = halted(decoder) ? halt_reason(decoder) : SVLC_FRAME_FAILED;
    say(message, message_size, "no picture could be decoded: %s", av_err2str(status));
    goto end;
  }
  decoder->picture_time = av_rescale_q(decoder->picture_time, video->time_base, AV_TIME_BASE_Q)
                          - start;
  result = SVLC_FRAME_OK;

end:
  list_clear(&list);
  free(list.items);
  avcodec_free_context(&codec);
  avformat_close_input(&format);
  return result;
}

int svlc_frame_decoder_rgba(const svlc_frame_decoder *decoder, int width, int height,
                            uint8_t *rgba) {
  const AVFrame *picture = decoder->picture;
  if (!picture || !picture->buf[0] || width <= 0 || height <= 0) return -1;
  struct SwsContext *scaler =
      sws_getContext(picture->width, picture->height, picture->format, width, height,
                     AV_PIX_FMT_RGBA, SWS_BICUBIC, NULL, NULL, NULL);
  if (!scaler) return -1;
  // The picture's own matrix and range, as ffmpeg's scale filter uses them.
  int matrix = picture->colorspace == AVCOL_SPC_UNSPECIFIED ? SWS_CS_DEFAULT : picture->colorspace;
  int full = picture->color_range == AVCOL_RANGE_JPEG;
  sws_setColorspaceDetails(scaler, sws_getCoefficients(matrix), full,
                           sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16);
  uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
  int strides[4] = {width * 4, 0, 0, 0};
  int rows = sws_scale(scaler, (const uint8_t *const *)picture->data, picture->linesize, 0,
                       picture->height, planes, strides);
  sws_freeContext(scaler);
  return rows == height ? 0 : -1;
}
