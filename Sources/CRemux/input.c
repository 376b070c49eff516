// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Reading the input of a copy: see include/CRemux.h.
#include "input.h"

#include "CRemux.h"

#include <CFFmpeg.h>

#include <pthread.h>
#include <stdarg.h>
#include <string.h>

/// The time of the first video keyframe (in AV_TIME_BASE units): the earliest of those read
/// within a second of decoding time after the first one, of streams not discarded; by
/// reading from the start; AV_NOPTS_VALUE when there is none. Streams that start late (a
/// live recording's video) are found on the way. Leaves the input where it stopped.
int64_t svlc_remux_first_keyframe(AVFormatContext *in, int64_t clock_since,
                                  const svlc_lead *leads, unsigned lead_count) {
  AVPacket *packet = av_packet_alloc();
  int64_t found = AV_NOPTS_VALUE, first_read = AV_NOPTS_VALUE;
  // The times the copy will see: libVLC's clock jump joined as it joins it.
  svlc_timeline line;
  if (svlc_timeline_init(&line, in, clock_since, leads, lead_count) < 0) av_packet_free(&packet);
  while (packet && av_read_frame(in, packet) >= 0) {
    svlc_timeline_join(&line, in, packet);
    const AVStream *stream = in->streams[packet->stream_index];
    int hit = stream->codecpar->codec_type == AVMEDIA_TYPE_VIDEO &&
              stream->discard != AVDISCARD_ALL &&
              !(stream->disposition & AV_DISPOSITION_ATTACHED_PIC) &&
              (packet->flags & AV_PKT_FLAG_KEY);
    int64_t pts = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
    int64_t dts = packet->dts != AV_NOPTS_VALUE ? packet->dts : packet->pts;
    int64_t read = dts != AV_NOPTS_VALUE
                       ? av_rescale_q(dts, stream->time_base, AV_TIME_BASE_Q) : AV_NOPTS_VALUE;
    av_packet_unref(packet);
    // Another video's first keyframe may come a little later in the file and earlier in
    // time (libVLC's file interleaves by decoding time): the earliest within a second read.
    if (first_read != AV_NOPTS_VALUE && read != AV_NOPTS_VALUE && read > first_read + AV_TIME_BASE)
      break;
    if (!hit || pts == AV_NOPTS_VALUE) continue;
    int64_t at = av_rescale_q(pts, stream->time_base, AV_TIME_BASE_Q);
    if (found == AV_NOPTS_VALUE || at < found) found = at;
    if (first_read == AV_NOPTS_VALUE) first_read = read != AV_NOPTS_VALUE ? read : at;
  }
  svlc_timeline_free(&line);
  av_packet_free(&packet);
  return found;
}

int svlc_remux_rewind(AVFormatContext **in, const char *path) {
  // Matroska's demuxer takes a byte seek as one in time, and lands on a later cluster.
  if (strcmp((*in)->iformat->name, "mpegts") == 0 &&
      avformat_seek_file(*in, -1, INT64_MIN, 0, INT64_MAX, AVSEEK_FLAG_BYTE) >= 0)
    return 0;
  avformat_close_input(in);
  return svlc_remux_open_input(path, in);
}

/// Takes the parameter sets of a video stream's first keyframe as its extradata.
static void take_extradata(AVBSFContext *bsf, AVStream *stream, const AVPacket *packet) {
  AVPacket *copy = av_packet_clone(packet);
  if (copy && av_bsf_send_packet(bsf, copy) == 0) {
    while (av_bsf_receive_packet(bsf, copy) == 0) {
      size_t size = 0;
      uint8_t *data = av_packet_get_side_data(copy, AV_PKT_DATA_NEW_EXTRADATA, &size);
      if (data && size > 0 && stream->codecpar->extradata_size == 0) {
        stream->codecpar->extradata = av_mallocz(size + AV_INPUT_BUFFER_PADDING_SIZE);
        if (stream->codecpar->extradata) {
          memcpy(stream->codecpar->extradata, data, size);
          stream->codecpar->extradata_size = (int)size;
        }
      }
      av_packet_unref(copy);
    }
  }
  av_packet_free(&copy);
}

/// Fills in the size, pixel format and parameter sets of a video stream libavformat could
/// not probe (a live video that libVLC's MPEG-TS muxer announced long before its first
/// keyframe): decodes from that keyframe on, reading from where the input is.
void svlc_remux_fill_video(AVFormatContext *in, AVStream *stream) {
  const AVCodec *codec = avcodec_find_decoder(stream->codecpar->codec_id);
  AVCodecContext *context = codec ? avcodec_alloc_context3(codec) : NULL;
  const AVBitStreamFilter *filter = av_bsf_get_by_name("extract_extradata");
  AVBSFContext *bsf = NULL;
  AVPacket *packet = av_packet_alloc();
  AVFrame *frame = av_frame_alloc();
  if (!context || !packet || !frame ||
      avcodec_parameters_to_context(context, stream->codecpar) < 0 ||
      avcodec_open2(context, codec, NULL) < 0)
    goto done;
  if (filter && av_bsf_alloc(filter, &bsf) == 0) {
    avcodec_parameters_copy(bsf->par_in, stream->codecpar);
    bsf->time_base_in = stream->time_base;
    if (av_bsf_init(bsf) < 0) av_bsf_free(&bsf);
  }
  int started = 0, found = 0, reads = 0;
  while (!found && reads++ < 100000 && av_read_frame(in, packet) >= 0) {
    if (packet->stream_index == stream->index &&
        (started || (packet->flags & AV_PKT_FLAG_KEY))) {
      started = 1;
      if (bsf && stream->codecpar->extradata_size == 0) take_extradata(bsf, stream, packet);
      if (avcodec_send_packet(context, packet) >= 0 && avcodec_receive_frame(context, frame) >= 0) {
        stream->codecpar->width = frame->width;
        stream->codecpar->height = frame->height;
        stream->codecpar->format = frame->format;
        found = 1;
      }
    }
    av_packet_unref(packet);
  }
done:
  av_frame_free(&frame);
  av_packet_free(&packet);
  av_bsf_free(&bsf);
  avcodec_free_context(&context);
}

/// Opens `path`, reading far enough to find streams that start late (a live recording's
/// video appears with its first keyframe).
int svlc_remux_open_input(const char *path, AVFormatContext **in) {
  AVDictionary *options = NULL;
  av_dict_set(&options, "probesize", "50000000", 0);
  av_dict_set(&options, "analyzeduration", "30000000", 0);
  int status = avformat_open_input(in, path, NULL, &options);
  av_dict_free(&options);
  if (status < 0) return status;
  // AVI stores no presentation times: with B-frames they are made from the decode order (as
  // ffmpeg's -fflags +genpts), or Matroska and MPEG-TS refuse the packets.
  (*in)->flags |= AVFMT_FLAG_GENPTS;
  (*in)->probesize = 50000000;
  (*in)->max_analyze_duration = 30 * (int64_t)AV_TIME_BASE;
  return avformat_find_stream_info(*in, NULL);
}

int svlc_timeline_init(svlc_timeline *line, const AVFormatContext *in, int64_t clock_since,
                       const svlc_lead *leads, unsigned lead_count) {
  *line = (svlc_timeline){.count = in->nb_streams, .jump_at = AV_NOPTS_VALUE,
                          .latest = AV_NOPTS_VALUE};
  if (leads && lead_count > 0) {
    line->seen = av_calloc(lead_count, sizeof(*line->seen));
    if (!line->seen) return AVERROR(ENOMEM);
    line->leads = leads;
    line->lead_count = lead_count;
  }
  // libVLC stamps presentation times: its clock plus the input's buffering, and a file read
  // faster than real time runs ahead of it by up to its length. No end is set to them.
  line->clock_from = clock_since > 0 ? clock_since : 0;
  line->next = av_malloc_array(in->nb_streams ? in->nb_streams : 1, sizeof(*line->next));
  if (!line->next) return AVERROR(ENOMEM);
  for (unsigned i = 0; i < in->nb_streams; i++) line->next[i] = AV_NOPTS_VALUE;
  return 0;
}

void svlc_timeline_free(svlc_timeline *line) {
  av_freep(&line->next);
  av_freep(&line->seen);
}

/// Puts the stream's first packets where its lead says (svlc_lead).
static void move_lead(svlc_timeline *line, const AVStream *stream, AVPacket *packet) {
  unsigned index = (unsigned)packet->stream_index;
  if (index >= line->lead_count || line->leads[index].count <= 0) return;
  const svlc_lead *lead = &line->leads[index];
  int seen = line->seen[index]++;
  if (seen >= lead->count) return;
  packet->pts = av_rescale_q(lead->pts[seen], AV_TIME_BASE_Q, stream->time_base);
  packet->dts = lead->dts[seen] == AV_NOPTS_VALUE
                    ? AV_NOPTS_VALUE
                    : av_rescale_q(lead->dts[seen], AV_TIME_BASE_Q, stream->time_base);
}

/// libVLC's clock jump (svlc_remux_set_join_jumps): found on the first audio or video time
/// on libVLC's clock that lands more than 10 s past the latest so far of any, or comes first;
/// then every time from 1 s before where it landed on is moved back by as much.
static void join_clock(svlc_timeline *line, const AVStream *stream, AVPacket *packet) {
  AVRational base = stream->time_base;
  enum AVMediaType type = stream->codecpar->codec_type;
  int64_t when = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
  if (line->jump_at == AV_NOPTS_VALUE && when != AV_NOPTS_VALUE &&
      (type == AVMEDIA_TYPE_AUDIO || type == AVMEDIA_TYPE_VIDEO)) {
    int64_t at = av_rescale_q(when, base, AV_TIME_BASE_Q);
    int64_t *latest = &line->latest;
    // The first time on the clock may also come before those that are not (a cluster of
    // audio read first): it then follows 0.
    if ((*latest == AV_NOPTS_VALUE || at > *latest + 10 * (int64_t)AV_TIME_BASE) &&
        at >= line->clock_from) {
      int64_t step = packet->duration > 0 ? av_rescale_q(packet->duration, base, AV_TIME_BASE_Q)
                                          : 0;
      line->jump_at = at - AV_TIME_BASE;
      line->jump_by = (*latest != AV_NOPTS_VALUE ? *latest + step : 0) - at;
    } else if (*latest == AV_NOPTS_VALUE || at > *latest) {
      *latest = at;
    }
  }
  if (line->jump_at == AV_NOPTS_VALUE) return;
  int64_t *times[] = {&packet->pts, &packet->dts};
  for (int i = 0; i < 2; i++) {
    if (*times[i] == AV_NOPTS_VALUE) continue;
    if (av_rescale_q(*times[i], base, AV_TIME_BASE_Q) >= line->jump_at)
      *times[i] += av_rescale_q(line->jump_by, AV_TIME_BASE_Q, base);
  }
}

/// svlc_timeline_join without the lead.
static void join(svlc_timeline *line, const AVFormatContext *in, AVPacket *packet) {
  // libVLC's file, in any format: one jump onto its clock. Once found, its times are its
  // clock's, continuous whatever the source's were: in its MPEG-TS file (an MP4 from a server
  // without ranges) an audio stream that starts after the jump has no time of its own to join
  // from, and was left on the clock (a 5 s file ran 9 hours), and a picture before it was
  // taken for a jump back (the rest moved 0.6 s after the audio). Without one (a live
  // source's file, relative to its first time), MPEG-TS's own jumps are joined.
  if (line->clock_from > 0) {
    join_clock(line, in->streams[packet->stream_index], packet);
    if (line->jump_at != AV_NOPTS_VALUE) return;
  }
  if (!(in->iformat->flags & AVFMT_TS_DISCONT)) return;
  AVRational base = in->streams[packet->stream_index]->time_base;
  int64_t *next = &line->next[packet->stream_index];
  if ((in->iformat->flags & AVFMT_TS_DISCONT) && packet->dts != AV_NOPTS_VALUE) {
    int64_t dts = av_rescale_q(packet->dts, base, AV_TIME_BASE_Q) + line->offset;
    if (*next != AV_NOPTS_VALUE &&
        (dts < *next - AV_TIME_BASE / 10 || dts > *next + 10 * (int64_t)AV_TIME_BASE)) {
      line->offset += *next - dts;
      dts = *next;
    }
    int64_t duration = packet->duration > 0 ? av_rescale_q(packet->duration, base, AV_TIME_BASE_Q)
                                            : 0;
    *next = dts + duration;
  }
  if (line->offset == 0) return;
  int64_t shift = av_rescale_q(line->offset, AV_TIME_BASE_Q, base);
  if (packet->pts != AV_NOPTS_VALUE) packet->pts += shift;
  if (packet->dts != AV_NOPTS_VALUE) packet->dts += shift;
}

void svlc_timeline_join(svlc_timeline *line, const AVFormatContext *in, AVPacket *packet) {
  if ((unsigned)packet->stream_index >= line->count) return;
  join(line, in, packet);
  move_lead(line, in->streams[packet->stream_index], packet);
}

/// FNV-1a over a packet's bytes.
static uint64_t packet_hash(const AVPacket *packet) {
  uint64_t hash = 14695981039346656037ULL;
  for (int i = 0; i < packet->size; i++) hash = (hash ^ packet->data[i]) * 1099511628211ULL;
  return hash;
}

typedef struct {
  unsigned stream;
  int size;
  uint64_t hash;
} signature_t;

/// Whether stream `j`'s first `run` packets in `seen` are, in order, packets of stream `i`.
static int repeats(const signature_t *seen, int count, unsigned i, unsigned j, int run) {
  for (int start = 0; start < count; start++) {
    if (seen[start].stream != i) continue;
    int a = start, b = 0, matched = 0;
    while (matched < run) {
      while (a < count && seen[a].stream != i) a++;
      while (b < count && seen[b].stream != j) b++;
      if (a >= count || b >= count) break;
      if (seen[a].size != seen[b].size || seen[a].hash != seen[b].hash) break;
      matched++, a++, b++;
    }
    if (matched == run) return 1;
  }
  return 0;
}

/// Whether stream `j`'s first `run` packets in `seen` are not all the same bytes.
static int varied(const signature_t *seen, int count, unsigned j, int run) {
  uint64_t first = 0;
  int found = 0;
  for (int e = 0; e < count && found < run; e++) {
    if (seen[e].stream != j) continue;
    if (found++ == 0)
      first = seen[e].hash;
    else if (seen[e].hash != first)
      return 1;
  }
  return 0;
}

int svlc_remux_discard_repeats(AVFormatContext *in, int most) {
  enum { limit = 2000, run = 8 };
  unsigned streams = in->nb_streams; // streams found during the read are not judged
  signature_t *seen = av_calloc(limit, sizeof(*seen));
  int *counts = av_calloc(streams, sizeof(*counts));
  AVPacket *packet = av_packet_alloc();
  int count = 0, discarded = 0;
  while (seen && counts && packet && count < limit && av_read_frame(in, packet) >= 0) {
    if ((unsigned)packet->stream_index < streams) {
      seen[count++] = (signature_t){(unsigned)packet->stream_index, packet->size,
                                    packet_hash(packet)};
      counts[packet->stream_index]++;
    }
    av_packet_unref(packet);
  }
  // A repeat's packets are its original's, in order, at other times (libVLC gives each
  // program's copy its own clock): its first `run` of them, not all alike (two tracks that
  // start in silence), found in another stream.
  for (unsigned j = 0; j < streams && seen && counts && discarded < most; j++) {
    if (counts[j] < run || !varied(seen, count, j, run)) continue;
    for (unsigned i = 0; i < streams; i++) {
      const AVCodecParameters *a = in->streams[i]->codecpar, *b = in->streams[j]->codecpar;
      // Of a stream and its repeat, the one with more packets stays (the other's program
      // started later), the first of equals.
      if (i == j || in->streams[i]->discard == AVDISCARD_ALL || a->codec_type != b->codec_type ||
          a->codec_id != b->codec_id || counts[j] > counts[i] || (counts[j] == counts[i] && j < i))
        continue;
      if (repeats(seen, count, i, j, run)) {
        in->streams[j]->discard = AVDISCARD_ALL;
        discarded++;
        break;
      }
    }
  }
  av_packet_free(&packet);
  av_free(counts);
  av_free(seen);
  return discarded;
}
