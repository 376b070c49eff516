// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Private to CRemux: the copy's state (object.c, remux.c) and its text subtitle conversion
// (subtitle.c).
#ifndef CREMUX_REMUX_H
#define CREMUX_REMUX_H

#include "CRemux.h"

#include <ffmpeg_functions.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>

/// A text subtitle stream decoded and encoded again in another text format.
typedef struct {
  AVCodecContext *decoder;
  AVCodecContext *encoder;
} svlc_text_conversion;

#define MAX_SOURCES 64
#define MAX_DROPPED 64
#define MAX_LOST 64

typedef struct {
  char kind;
  char codec[8];
  char language[16];
  char *title;
  int is_default, is_forced;
  int rate; // Hz, 0 when not known
  int rotation; // degrees a player turns the picture clockwise, 0 when none or not known
  int used;
} source_t;

typedef struct {
  int index;
  char kind;
  char codec[32];
  int unnamed;  // libavformat has no codec for it (a data stream)
  int cover;    // an attached picture
  char language[16];
  char reason[96];
} dropped_t;

/// A field written into the output that reading it back did not find.
typedef struct {
  int index;       // input stream index, -1 for the file's metadata
  char kind;       // 'v', 'a', 's', 'd'; 0 for the file
  char language[16];
  char field[64];  // "title", "language", "default", "forced", or a metadata key
  char value[128]; // what was written ("yes"/"no" for flags)
} lost_t;

/// How many pictures shown past a copy's end (decoded before it) a route holds back at most.
#define SVLC_HELD_MOST 16

typedef struct {
  int output;              // output stream index, -1 when left out
  svlc_text_conversion text; // text subtitles converted to another text format
  int started;             // a keyframe (video) or a packet past the start was seen
  int64_t written, refused; // packets written, and refused by the muxer (their times)
  int64_t damaged;          // packets the muxer's conversion could not read (damaged ones)
  int64_t encoder_delay;    // samples the first packet says to skip (an encoder's priming)
  int64_t header_shift;     // an MP3 header frame's duration, left out (input time base)
  int64_t last_dts;         // of the last packet written (output time base), if written > 0
  int watch_config;         // AAC into a container that holds one configuration per track
  int config;               // the first packet's ADTS configuration, -1 before
  int64_t changed;          // packets left out for another configuration than the first's
  int64_t changed_at;       // when that was (AV_TIME_BASE units from the copy's start)
  int changed_to;           // and its configuration
  AVPacket *held[SVLC_HELD_MOST]; // pictures shown past a copy's end, decoded before it
  int held_count;
} route_t;

/// Copies the packets from `start` on (AV_NOPTS_VALUE: all), moving their times back by `zero`
/// (AV_NOPTS_VALUE: as they are), through `routes` (one per input stream); copy.c.
svlc_remux_result svlc_remux_copy_packets(svlc_remux *remux, AVFormatContext *in,
                                          AVFormatContext *out, route_t *routes,
                                          unsigned routes_count, int64_t start, int64_t zero);
/// Sets the copy's error from `what` ("cannot create the file"; NULL for none) and FFmpeg's
/// words for `status`, notes a pipe's reader gone (EPIPE), and returns `result`.
svlc_remux_result svlc_remux_fail(svlc_remux *remux, svlc_remux_result result, const char *what,
                                  int status);

struct svlc_remux {
  char *input, *output, *format;
  int streamed; // the output is a pipe ("pipe:FD"): written once, in order, never read back
  int64_t duration;
  int start_at_keyframe;
  int refuse_unheld; // audio or video the container cannot hold fails the copy
  int drop_repeats;  // at most this many streams that repeat another are left out
  int64_t join_since; // svlc_remux_set_join_jumps, 0: no clock jump joined
  int no_keyframe;  // starting at a keyframe, and none came: the video is left out
  AVDictionary *tags; // the source's tags, for an input that lacks them
  AVChapter **chapters; // the source's chapters (time base 1/1000000), for an input without
  int chapter_count;
  source_t sources[MAX_SOURCES];
  int source_count;
  int sources_dropped; // the last source described did not fit
  struct {
    char kind;
    char *title;
  } titles[MAX_SOURCES]; // svlc_remux_add_title
  int title_count;
  char *track_kinds, *track_disabled; // svlc_remux_set_matroska_tracks
  struct svlc_lead *leads; // per input stream of libVLC's file, lead_count of them (input.h)
  unsigned lead_count;
  atomic_int stop;
  atomic_llong stop_at; // av_gettime_relative() when svlc_remux_stop was called
  atomic_llong position;
  int64_t copied_end; // the end of the last packet copied, from the first (AV_TIME_BASE units)
  char error[256];
  int reader_gone; // a write to the pipe failed with EPIPE: its reader has exited
  dropped_t dropped[MAX_DROPPED];
  int dropped_count;
  int dropped_chapters;
  lost_t lost[MAX_LOST];
  int lost_count;
  int64_t skipped;
  int64_t shift;
};

/// How far a player turns a video clockwise to show it (its display matrix): 0, 90, 180, 270.
int svlc_remux_rotation(const AVStream *stream);
/// 'v', 'a', 's' or 'd' for a stream's type.
char svlc_remux_kind_of(enum AVMediaType type);
/// libavcodec's codec for libVLC's four-character code (trailing spaces trimmed), or
/// AV_CODEC_ID_NONE when the table does not know it.
enum AVCodecID svlc_remux_codec_of(const char *fourcc);
void svlc_remux_codec_name(const AVStream *stream, char *name, size_t size);
/// Lists input stream `stream` as left out, for `reason`.
void svlc_remux_drop(svlc_remux *remux, const AVStream *stream, const char *reason);

/// The order in which input streams are written: the described sources' order, then the
/// rest. `order` and `source_of` hold one entry per input stream; `source_of[i]` is input
/// stream i's source, or -1.
void svlc_remux_plan_order(svlc_remux *remux, AVFormatContext *in, int *order, int *source_of);
/// Gives the input's streams without a title the titles libVLC read (svlc_remux_add_title),
/// kind by kind, where the counts of the kind agree.
void svlc_remux_fill_titles(const svlc_remux *remux, AVFormatContext *in);
/// Whether a described source's default flag is unknown (-1).
int svlc_remux_flags_unknown(const svlc_remux *remux);
/// Gives output stream `out` its source's language, title and known flags.
void svlc_remux_apply_source(AVStream *out, const source_t *source);

/// The container's name as the library's messages give it (``OutputContainer/displayName``).
const char *svlc_remux_display_name(const svlc_remux *remux);
/// Why data stream `in` is left out, or NULL when what it holds is kept another way: a
/// QuickTime timecode track, whose start libavformat also gives the video stream as its
/// "timecode" tag, which is copied (MP4 writes a timecode track from it, Matroska keeps the
/// tag); MPEG-TS has no place for it. Other reasons are written into `reason`.
const char *svlc_remux_data_reason(const svlc_remux *remux, const AVStream *in, char *reason,
                                   size_t size);
/// Adds input stream `in`, a cover picture (an attached picture), where the container keeps
/// one, or lists it as left out; -1 when out of memory.
int svlc_remux_add_cover(svlc_remux *remux, AVFormatContext *out, const AVStream *in,
                         route_t *route);
/// Gives `out` the source's tags (svlc_remux_add_tag) the input lacks, under their key or any
/// other.
void svlc_remux_add_source_tags(const svlc_remux *remux, AVFormatContext *out);
/// An Ogg file's tags are its streams' comments (libavformat reads none for the file): those
/// of its first stream that has any are given to `out` as the file's, as MediaInfo and libVLC
/// read them.
void svlc_remux_lift_stream_tags(const AVFormatContext *in, AVFormatContext *out);
/// Copies the input's chapters (or, when it has none, the source's: svlc_remux_add_chapter)
/// that start before the end of what was copied, or counts them as left out where the
/// container holds none. Called before the trailer.
void svlc_remux_copy_chapters(svlc_remux *remux, const AVFormatContext *in, AVFormatContext *out);

/// Adds the output stream for input stream `in` (with its described source, or NULL) and sets
/// `route->output`, or leaves it out with a reason (`route->output` -1); -1 when out of memory.
int svlc_remux_add_stream(svlc_remux *remux, AVFormatContext *out, const AVStream *in,
                          route_t *route, const source_t *source);
/// Gives the output the input's programs: MPEG-TS each program with a copied stream, under its
/// number and tags; Matroska and MP4 hold one, so more than one is listed lost ("programs").
/// `routes` holds one entry per input stream. -1 when out of memory.
int svlc_remux_copy_programs(svlc_remux *remux, const AVFormatContext *in, AVFormatContext *out,
                             const route_t *routes, unsigned count);
/// Sets `route` to watch AAC input stream `in` for a configuration change (sample rate or
/// channels) where the output holds one per track (Matroska, MP4: decoders would read the
/// rest at the first one's rate, too slow or fast and out of tune; MPEG-TS keeps each frame's).
void svlc_remux_watch_config(const svlc_remux *remux, const AVStream *in, route_t *route);
/// Whether `packet` (at `at`) is in the route's configuration, the first packet's: one in
/// another is left out (counted, the first's time and configuration kept).
int svlc_remux_config_held(route_t *route, const AVPacket *packet, int64_t at);
/// Whether `packet`, an ADTS frame of a route into a container that holds AAC without its
/// header (Matroska, MP4), is shorter than its header says (libVLC 3's MPEG-TS muxer cut the
/// last one of a recording short: decoders fail on it); counted as damaged, left out.
int svlc_remux_cut_short(route_t *route, const AVPacket *packet);
/// Lists each route's packets left out for another configuration as its lost "configuration".
void svlc_remux_note_config(svlc_remux *remux, const AVFormatContext *out, const route_t *routes,
                            unsigned count);
/// Lists `field` of input stream `index` (written as `stream`; -1 and NULL for the file) as not
/// kept, with the value written.
void svlc_remux_note_lost(svlc_remux *remux, int index, const AVStream *stream, const char *field,
                          const char *value);
/// Lists, for each input stream some of whose packets the muxer refused (`routes`, one per input
/// stream), how many ("34 of 100") as its lost "packets", and those it could not read as its
/// lost "damaged packets".
void svlc_remux_note_refused(svlc_remux *remux, const AVFormatContext *out, const route_t *routes,
                             unsigned count);
/// Lists each audio route's encoder delay (samples its first packet says to skip) as its lost
/// "encoder delay" where the output has no place for it: MP4 keeps it in an edit list,
/// Matroska and MPEG-TS an Opus pre-skip given as the stream's initial padding only; the copy
/// is that much longer.
void svlc_remux_note_delay(svlc_remux *remux, const AVFormatContext *out, const route_t *routes,
                           unsigned count);
/// The value of `key` in `metadata`, or NULL when it has none or an empty one.
const char *svlc_remux_tag(const AVDictionary *metadata, const char *key);
/// Whether `dictionary` holds `value` under any key (muxers rename keys both ways).
int svlc_remux_holds_value(const AVDictionary *dictionary, const char *value);
/// Reads the finished output back and lists, in `lost`, the tracks' titles, languages and
/// flags and the file's metadata that `out` was given and the file does not hold.
/// `input_of[i]` is output stream i's input stream.
void svlc_remux_read_back(svlc_remux *remux, const AVFormatContext *out, const int *input_of);
/// In a finished MP4 whose `out` marks no subtitle track default, clears the "enabled" flag
/// libavformat's muxer set on the first one.
void svlc_remux_mp4_subtitles_as_written(const char *path, const AVFormatContext *out);
/// Marks the output streams `disabled[i]` (output order) unusable in the finished file at
/// `path`: Matroska's FlagEnabled 0 (written over the FlagLacing 0 libavformat's muxer writes
/// in each track, with the Tracks element's CRC-32 made again), MP4's track "enabled" flag
/// cleared. Each stream it cannot mark (MPEG-TS has no such flag) is listed as lost.
void svlc_remux_write_disabled(svlc_remux *remux, const AVFormatContext *out, const int *disabled,
                               const int *input_of);
/// Clears the "enabled" flag of MP4 track `index` (0-based, in moov order) of `file` (`end`:
/// its size); 0 when done.
int svlc_mp4_clear_enabled(FILE *file, int64_t end, unsigned index);

/// Whether `id` is a text subtitle codec.
int svlc_text_subtitle(enum AVCodecID id);
/// Opens a decoder for the input's text subtitles and an encoder for `target`; -1 on failure
/// (close it anyway).
int svlc_text_conversion_open(svlc_text_conversion *conversion, const AVStream *in,
                              enum AVCodecID target);
/// Converts one packet into `converted`; 0 when there is nothing to write.
int svlc_text_conversion_packet(svlc_text_conversion *conversion, AVPacket *packet,
                                AVPacket *converted);
/// Frees the decoder and encoder.
void svlc_text_conversion_close(svlc_text_conversion *conversion);

/// Whether input stream `index` is marked unusable by its Matroska track entry (enabled.c).
int svlc_remux_is_disabled(const svlc_remux *remux, const AVFormatContext *in, int index);

/// Holds SIGPIPE on the calling thread while it writes a pipe (pipe.c): a write to a pipe
/// whose reader has gone then fails with EPIPE instead of ending the process. `previous`
/// keeps the thread's mask for `svlc_pipe_guard_end`, which takes the signals the writes
/// left pending and restores it (as libVLC's `vlc_writev` does).
void svlc_pipe_guard_begin(sigset_t *previous);
void svlc_pipe_guard_end(const sigset_t *previous);
/// Opens `out`'s writer on the pipe ("pipe:FD"), which waits for room in the pipe without
/// blocking, so that a stop ends the writes a reader does not take within 2 s (they fail
/// with AVERROR_EXIT).
int svlc_pipe_open(svlc_remux *remux, AVFormatContext *out);
/// Flushes and closes `out`'s writer, a file's or a pipe's; 0 or a negative AVERROR.
int svlc_output_close(const svlc_remux *remux, AVFormatContext *out);
/// Lists the styling of input stream `in`, converted into `out`, as lost where the target
/// format has no place for it (ASS/SSA and WebVTT as mov_text or SubRip).
void svlc_text_conversion_note(svlc_remux *remux, const AVStream *in, const AVStream *out);

#endif
