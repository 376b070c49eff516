// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

#ifndef CREMUX_H
#define CREMUX_H

#include <stdint.h>

/// Copies the elementary streams of one media file into another container with libavformat,
/// keeping what libVLC 3's muxers lose: the streams' order, languages, titles, default and
/// forced flags, the chapters and the global tags. Text subtitles are converted to the text
/// format the container holds (mov_text in MP4, SubRip in Matroska); what the container
/// cannot hold is left out and listed. One object per run; `svlc_remux_stop` and
/// `svlc_remux_position` may be called from any thread while `svlc_remux_run` blocks on
/// another.
typedef struct svlc_remux svlc_remux;

typedef enum {
  /// The file was written.
  SVLC_REMUX_OK = 0,
  /// libavformat cannot open or read the input.
  SVLC_REMUX_UNREADABLE = 1,
  /// The output cannot be created or written (`svlc_remux_error` says why).
  SVLC_REMUX_UNWRITABLE = 2,
  /// `svlc_remux_stop` was called: the output is finished with what was copied.
  SVLC_REMUX_STOPPED = 3,
  /// Nothing the container can hold was found in the input.
  SVLC_REMUX_EMPTY = 4,
  /// With `svlc_remux_set_refuse_unheld`: an audio or video stream the container cannot hold
  /// was found (listed as dropped); nothing was written.
  SVLC_REMUX_REFUSED = 5,
} svlc_remux_result;

/// A run from `input` to `output` in `format` (libavformat's muxer name: "mpegts", "mp4",
/// "matroska"). Returns NULL when out of memory or when FFmpeg's libraries cannot be loaded
/// (svlc_remux_unavailable says so). An `output` of "pipe:FD" writes the open
/// descriptor FD (a pipe, left open) once, in order: chapters go with the header, nothing is
/// read back, track marks that need a second look are noted lost, and a reader that has
/// gone fails the write (EPIPE) instead of raising SIGPIPE.
svlc_remux *svlc_remux_new(const char *input, const char *output, const char *format);
/// Why no copy can be made in this process ("libavformat.so.59 could not be loaded: …"), or
/// NULL when FFmpeg's libraries are loaded. Loads them at its first call; any thread.
const char *svlc_remux_unavailable(void);
void svlc_remux_free(svlc_remux *remux);

/// Whether a copy into `format` (as `svlc_remux_new` takes it) holds a stream of libVLC's
/// codec `fourcc` (trailing spaces trimmed) as it is: 1 yes, 0 no, -1 unknown (a code the
/// copy does not know: the copy itself decides).
int svlc_remux_format_holds(const char *format, const char *fourcc);

/// Copies at most this much, in microseconds, from the first copied packet on (0: all).
void svlc_remux_set_duration(svlc_remux *remux, int64_t microseconds);
/// Starts every stream at the first keyframe of the video: what comes before cannot be shown.
void svlc_remux_set_start_at_keyframe(svlc_remux *remux, int enabled);
/// With `enabled`, an audio or video stream the container cannot hold fails the copy before
/// anything is written (SVLC_REMUX_REFUSED) rather than being left out.
void svlc_remux_set_refuse_unheld(svlc_remux *remux, int enabled);
/// With `since` > 0, the input's times may jump once onto libVLC's clock, in any format:
/// libVLC 3's file, whose stream output gets times converted to the system clock once its
/// input clock runs (its muxers write their own before: CLOCK_MONOTONIC; a Matroska
/// download with chapters read through its avformat demuxer held 0.2 s at 0 s and the rest
/// 7 hours on, the machine's uptime). The first forward jump of an audio or video stream by
/// more than 10 s that lands on that clock at or after `since` (microseconds: when the
/// recording started, less a margin; libVLC stamps presentation times, ahead of its clock) is
/// joined: every time from where it landed on
/// (less 1 s, for reordered pictures) is moved back to follow what came before. A real gap
/// lands elsewhere and is kept.
void svlc_remux_set_join_jumps(svlc_remux *remux, int64_t since);
/// Up to `most` streams of an MPEG-TS input that repeat another (the same codec and first
/// packets' bytes: a stream two programs of the source share, held once per program) are left
/// out, unnamed; of a stream and its repeat, the one with fewer packets goes.
void svlc_remux_set_drop_repeats(svlc_remux *remux, int most);
/// Describes the source's next stream, in the source's order (kind: 'v', 'a' or 's'; codec:
/// libVLC's four-character code, "" when unknown). With sources given, the output follows
/// their order: input streams take, in passes over all of them, the first unused source of
/// their kind, language and codec, then of their kind and codec, then of their kind; and that
/// source's language, title and flags (1 set, 0 clear, -1 unknown: the input's flag stays).
/// Without, the output keeps the input's order and tags.
void svlc_remux_add_source(svlc_remux *remux, char kind, const char *codec, const char *language,
                           const char *title, int is_default, int is_forced);
/// The sample rate (Hz) of the source described last, when known: among streams of one kind
/// and codec (two AAC tracks libVLC's file holds without their languages), the one of that
/// rate takes it first.
void svlc_remux_set_source_rate(svlc_remux *remux, int rate);
/// How far a player turns the pictures of the video described last clockwise (90, 180, 270):
/// its output stream gets that display matrix when the input's has none (libVLC's muxers
/// write none).
void svlc_remux_set_source_rotation(svlc_remux *remux, int rotation);
/// A local Matroska input copied as it is: `kinds` gives its track entries' kinds in file order
/// ('v', 'a', 's', 'd'), and `disabled` those it marks unusable (FlagEnabled 0, which
/// libavformat's demuxer does not read). When the input's streams are those entries (the same
/// kinds in the same order), each such stream is marked so in the output (Matroska's
/// FlagEnabled, MP4's track "enabled" flag) or, in MPEG-TS, which has no such mark, listed as
/// lost ("enabled", "no").
void svlc_remux_set_matroska_tracks(svlc_remux *remux, const char *kinds, const char *disabled);

/// A tag of the source's own (libavformat's generic key: "title", "artist", "track", …) for
/// the output, where the input lacks it under any key (libVLC's muxers write no tags).
void svlc_remux_add_tag(svlc_remux *remux, const char *key, const char *value);

/// The title libVLC read for the source's next track of `kind` ('v', 'a', 's'; "" for none),
/// in libVLC's order: an input stream of that kind without a title takes it, where the input
/// has as many streams of the kind (libavformat 5.1 does not read an MP4 track's `udta/name`,
/// which ffmpeg writes and libVLC reads).
void svlc_remux_add_title(svlc_remux *remux, char kind, const char *title);

/// A chapter as libVLC plays the source, in microseconds from its start; `title` may be NULL.
/// Chapters given here are written instead of the input's: libVLC's muxers write none, and
/// libavformat reads a Matroska file's chapters otherwise than libVLC plays them (every
/// edition, hidden chapters, nesting lost).
void svlc_remux_add_chapter(svlc_remux *remux, int64_t start, int64_t end, const char *title);

/// Copies; blocks until done.
svlc_remux_result svlc_remux_run(svlc_remux *remux);
/// Makes a running or later `svlc_remux_run` finish the output and return soon.
void svlc_remux_stop(svlc_remux *remux);
/// How far the copy has got, in microseconds of media time. Any thread.
int64_t svlc_remux_position(const svlc_remux *remux);

/// Why the run failed, after `svlc_remux_run`; "" when it did not.
const char *svlc_remux_error(const svlc_remux *remux);
/// Whether the run failed because the program reading its pipe ("pipe:FD") has exited.
int svlc_remux_reader_gone(const svlc_remux *remux);
/// The input's streams left out, after `svlc_remux_run`.
int svlc_remux_dropped_count(const svlc_remux *remux);
/// The input index, kind ('v', 'a', 's', 'd'), codec, language ("" for none) and reason of a
/// stream left out.
int svlc_remux_dropped_index(const svlc_remux *remux, int at);
char svlc_remux_dropped_kind(const svlc_remux *remux, int at);
const char *svlc_remux_dropped_codec(const svlc_remux *remux, int at);
/// Whether libavformat has no codec for that stream (a data stream; its codec above is its
/// tag, or "").
int svlc_remux_dropped_unnamed(const svlc_remux *remux, int at);
/// Whether that stream is an attached picture (a cover), which libVLC lists as no track.
int svlc_remux_dropped_cover(const svlc_remux *remux, int at);
const char *svlc_remux_dropped_language(const svlc_remux *remux, int at);
const char *svlc_remux_dropped_reason(const svlc_remux *remux, int at);
/// Chapters of the input the container could not hold (MPEG-TS holds none).
int svlc_remux_dropped_chapters(const svlc_remux *remux);
/// Fields of the streams kept, and of the file, that the finished output does not hold
/// (read back): count, then each one's input index (-1: the file's metadata), kind ('v', 'a',
/// 's', 'd'; 0 for the file), language, field ("title", "language", "default", "forced", or a
/// metadata key) and the value written ("yes"/"no" for flags).
int svlc_remux_lost_count(const svlc_remux *remux);
int svlc_remux_lost_index(const svlc_remux *remux, int at);
char svlc_remux_lost_kind(const svlc_remux *remux, int at);
const char *svlc_remux_lost_language(const svlc_remux *remux, int at);
const char *svlc_remux_lost_field(const svlc_remux *remux, int at);
const char *svlc_remux_lost_value(const svlc_remux *remux, int at);
/// Where the copy started when it waited for a keyframe: microseconds of the input cut off.
int64_t svlc_remux_skipped(const svlc_remux *remux);
/// How far the copy moved its times back to start at 0: microseconds (0 when not moved).
int64_t svlc_remux_shift(const svlc_remux *remux);

/// Watches a file that is being written (a live recording's) for its first video keyframe:
/// one reader, from the start, that reads each byte once and waits (inotify) while the writer
/// is behind. `svlc_keyframe_watch_run` blocks until a keyframe, an unreadable file, or
/// `svlc_keyframe_watch_stop` (any thread); `svlc_keyframe_watch_state` may be read from any
/// thread meanwhile. Memory stays bounded: every packet is dropped once looked at.
typedef struct svlc_keyframe_watch svlc_keyframe_watch;

typedef enum {
  /// No keyframe yet (or the run has not started).
  SVLC_KEYFRAME_WAITING = 0,
  /// A video keyframe was read.
  SVLC_KEYFRAME_FOUND = 1,
  /// The file cannot be read as `format`, or ended (an error) before a keyframe.
  SVLC_KEYFRAME_UNREADABLE = 2,
  /// Stopped before a keyframe came.
  SVLC_KEYFRAME_STOPPED = 3,
} svlc_keyframe_state;

/// A watch of the file at `path` in libavformat's demuxer `format` ("mpegts", "matroska";
/// "" to probe). NULL when the file cannot be opened or out of memory.
svlc_keyframe_watch *svlc_keyframe_watch_new(const char *path, const char *format);
/// Reads until a keyframe, an error or a stop; blocks.
void svlc_keyframe_watch_run(svlc_keyframe_watch *watch);
/// Makes a running or later `svlc_keyframe_watch_run` return within about 100 ms.
void svlc_keyframe_watch_stop(svlc_keyframe_watch *watch);
/// One of svlc_keyframe_state. Any thread.
int svlc_keyframe_watch_state(const svlc_keyframe_watch *watch);
/// Frees a watch whose run has returned (or never started).
void svlc_keyframe_watch_free(svlc_keyframe_watch *watch);

#endif
