// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Private to CRemux: reading the input of a copy (input.c).
#ifndef CREMUX_INPUT_H
#define CREMUX_INPUT_H

#include <ffmpeg_functions.h>

struct svlc_lead;

/// Opens `path`, reading far enough to find streams that start late.
int svlc_remux_open_input(const char *path, AVFormatContext **in);
/// The first video keyframe's time (AV_TIME_BASE units) or AV_NOPTS_VALUE: the earliest of
/// those read within a second of decoding time after the first (several videos); reads on
/// from where the input is and stays where it stopped. Times as the copy sees them: with
/// `clock_since` > 0, libVLC's clock jump joined (svlc_timeline_init).
int64_t svlc_remux_first_keyframe(AVFormatContext *in, int64_t clock_since,
                                  const struct svlc_lead *leads, unsigned lead_count);
/// Whether `packet` of MP3 `stream` is an encoder's header frame (Xing, Info or VBRI: the
/// stream's length and seek table, no audio), which libVLC 3's MPEG audio demuxer passes on
/// over the network as the first frame (ffmpeg's demuxer reads it as the file's header).
int svlc_remux_vbr_header(const AVStream *stream, const AVPacket *packet);
/// Fills in a video stream's size and parameter sets by decoding its first keyframe, read from
/// where the input is.
void svlc_remux_fill_video(AVFormatContext *in, AVStream *stream);
/// Discards (AVDISCARD_ALL) at most `most` streams that repeat another: the same kind and
/// codec, and its first 8 packets' bytes (not all alike), in order, the other's, at other
/// times, as libVLC 3's MPEG-TS recording holds a stream that two programs of its source
/// share, once per program; of the two, the one with fewer packets goes. Reads at most 2,000
/// packets from where the input is and stays where it stopped. Returns how many it discarded.
int svlc_remux_discard_repeats(AVFormatContext *in, int most);
/// Moves `*in` back to its start: a seek to byte 0 in MPEG-TS (which keeps the streams found
/// late), `path` opened again otherwise (Matroska's and MP4's seeks are by time, to a
/// keyframe, past packets of other streams written before it). Negative on failure.
int svlc_remux_rewind(AVFormatContext **in, const char *path);

/// Where the first `count` packets of a video stream of libVLC 3's file belong: presentation
/// times `pts` and decoding times `dts` (AV_TIME_BASE units, as the copy sees them; a `dts`
/// of AV_NOPTS_VALUE: none). libVLC 3's MP4 demuxer gives a decoding time below 0 (a track's
/// edit list starts it later: B-frames, an encoder's delay) as 0, and so a presentation time
/// off by as much (`MP4_TrackGetDTS`, modules/demux/mp4/mp4.c: "if( i_dts < 0 ) i_dts =
/// 0;"): the first pictures came on later ones' times. Before its input clock runs libVLC
/// stamps nothing, and after a jump onto its clock was joined the pictures before it were
/// off by a fraction of a second (svlc_remux_set_join_jumps).
enum { SVLC_LEAD_MOST = 8 };
typedef struct svlc_lead {
  int count;
  int64_t pts[SVLC_LEAD_MOST], dts[SVLC_LEAD_MOST];
  int64_t first; // the stream's earliest time read, as the copy sees it; AV_NOPTS_VALUE: none
} svlc_lead;

/// For libVLC's file of a file, not of a live source (whose copy starts at its first keyframe).
/// Reads at most the first 48 packets of each video stream of `in` (at most 4,000 packets in
/// all) from where the input is, with its times as the copy sees them (`clock_since`:
/// libVLC's clock jump joined), and finds each one's lead: none (count 0) when the times
/// are distinct and one frame apart but for the last few (a picture of a later group may be
/// missing among them); else the shortest first run (at most SVLC_LEAD_MOST) after which they
/// are, put in the frame slots the rest leaves free: the first packet (a keyframe) below the
/// rest, the others in the rest's holes, then below, in the order of their times. Returns a
/// lead for each stream known when it starts (`*count` of them; av_free them), or NULL, each
/// with its stream's earliest time read (`first`, of any stream; AV_NOPTS_VALUE for one
/// without a packet read). Stays where it stopped.
svlc_lead *svlc_lead_scan(AVFormatContext *in, int64_t clock_since, unsigned *count);

/// The times of an input whose format allows jumps (MPEG-TS: two recordings joined, a
/// broadcast's clock reset), made continuous as ffmpeg's copy does.
typedef struct {
  int64_t offset; // added to every time from the last jump on (AV_TIME_BASE units)
  int64_t clock_from; // where libVLC's clock may start (svlc_remux_set_join_jumps); 0: no
                      // clock jump is joined
  int64_t jump_at;   // where that jump landed (AV_TIME_BASE units), or AV_NOPTS_VALUE
  int64_t jump_by;   // and what it added
  int64_t latest;    // the latest audio or video time before it, or AV_NOPTS_VALUE
  int64_t *next;  // per input stream: where its next packet is expected, or AV_NOPTS_VALUE
  unsigned count;
  const struct svlc_lead *leads; // per input stream, lead_count of them (svlc_lead), or NULL
  unsigned lead_count;
  int *seen; // per lead: packets of its stream seen so far
} svlc_timeline;

/// A timeline for `in`'s streams, joining the jumps of a format that allows them (MPEG-TS),
/// and with `clock_since` > 0 one jump onto libVLC's clock from then on, in any format
/// (svlc_remux_set_join_jumps); svlc_timeline_free releases it.
int svlc_timeline_init(svlc_timeline *line, const AVFormatContext *in, int64_t clock_since,
                       const svlc_lead *leads, unsigned lead_count);
void svlc_timeline_free(svlc_timeline *line);
/// Moves `packet`'s times by the offset; a packet of a stream that goes back more than 0.1 s
/// or forward more than 10 s from where it was expected moves the offset to continue there.
/// Then a stream's first packets are put where its lead says (svlc_lead).
void svlc_timeline_join(svlc_timeline *line, const AVFormatContext *in, AVPacket *packet);

#endif
