#ifndef CFRAMEDECODER_H
#define CFRAMEDECODER_H

#include <stddef.h>
#include <stdint.h>

/// Finds and decodes one picture of a media file with libavformat and libavcodec, knowing the
/// presentation time of every frame (libVLC 3 gives its pictures none): the thumbnailer's
/// exact path. A video stream that is only a cover picture does not count as video. One decoder object per picture; `svlc_frame_decoder_stop` may be called from
/// any thread while `svlc_frame_decoder_run` blocks on another.
typedef struct svlc_frame_decoder svlc_frame_decoder;

typedef enum {
  /// A picture was found.
  SVLC_FRAME_OK = 0,
  /// libavformat cannot open the file or find a video stream with timestamps in it: the
  /// caller may try another way.
  SVLC_FRAME_UNREADABLE = 1,
  /// The file opened but no picture could be decoded at that time.
  SVLC_FRAME_FAILED = 2,
  /// `svlc_frame_decoder_stop` was called.
  SVLC_FRAME_STOPPED = 3,
  /// The time limit passed.
  SVLC_FRAME_TIMED_OUT = 4,
  /// The time is at or past the end of the file (`svlc_frame_decoder_duration` tells it).
  SVLC_FRAME_PAST_END = 5,
} svlc_frame_result;

svlc_frame_decoder *svlc_frame_decoder_new(void);
void svlc_frame_decoder_free(svlc_frame_decoder *decoder);
/// Makes a running or later `svlc_frame_decoder_run` return `SVLC_FRAME_STOPPED` soon.
void svlc_frame_decoder_stop(svlc_frame_decoder *decoder);

/// Blocks until the picture of `path` at `time_us` (microseconds from the file's start, as
/// `ffmpeg -ss` counts) is decoded: with `keyframe_only`, the latest keyframe presented at or
/// before that time; otherwise the latest frame presented at or before it. At most `limit_us`
/// of wall time. `message` receives a reason on failure.
svlc_frame_result svlc_frame_decoder_run(svlc_frame_decoder *decoder, const char *path,
                                         int64_t time_us, int keyframe_only, int64_t limit_us,
                                         char *message, size_t message_size);

/// The decoded picture's size in pixels and its presentation time in microseconds from the
/// file's start; zeros before a successful run.
void svlc_frame_decoder_picture(const svlc_frame_decoder *decoder, int *width, int *height,
                                int64_t *time_us);

/// The file's duration in microseconds as its container declares it, or 0 when unknown;
/// known after `svlc_frame_decoder_run` opened the file.
int64_t svlc_frame_decoder_duration(const svlc_frame_decoder *decoder);

/// Converts the decoded picture to `width`×`height` RGBA (bicubic, the picture's own colour
/// matrix and range) into `rgba` (`width * height * 4` bytes). Returns 0 on success.
int svlc_frame_decoder_rgba(const svlc_frame_decoder *decoder, int width, int height,
                            uint8_t *rgba);

#endif
