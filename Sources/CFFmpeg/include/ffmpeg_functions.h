// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

// Every FFmpeg function SwiftVLC's C modules call, reached through a table that
// svlc_ffmpeg_load() fills at first use (dlopen of the sonames the headers name), so that no
// program maps FFmpeg's libraries and their dependency trees before it decodes an exact frame
// or copies a recording (CLibraryLoader.h says why). The C files of CFFmpeg, CFrameDecoder and
// CRemux include this instead of FFmpeg's headers: it includes each FFmpeg header they use,
// then renames each function to its pointer in the table, so that a call reads as FFmpeg's
// own (an FFmpeg header included after it would have its declarations renamed too). Calling
// one before svlc_ffmpeg_load() returned 0 calls NULL. A function used without its line here
// fails the link, as does an inline function of FFmpeg's headers that calls one (no target
// links FFmpeg).
#ifndef SVLC_FFMPEG_FUNCTIONS_H
#define SVLC_FFMPEG_FUNCTIONS_H

#include <libavcodec/avcodec.h>
#include <libavcodec/bsf.h>
#include <libavformat/avformat.h>
#include <libavutil/avstring.h>
#include <libavutil/crc.h>
#include <libavutil/dict.h>
#include <libavutil/display.h>
#include <libavutil/intreadwrite.h>
#include <libavutil/log.h>
#include <libavutil/mathematics.h>
#include <libavutil/mem.h>
#include <libavutil/time.h>
#include <libswscale/swscale.h>

/// X(name) for each function, in the order the table holds them. An X that uses `name`
/// other than with # or ## gets the #define below, not the name.
#define SVLC_FFMPEG_FUNCTIONS(X) \
  X(av_bsf_alloc) \
  X(av_bsf_free) \
  X(av_bsf_get_by_name) \
  X(av_bsf_init) \
  X(av_bsf_receive_packet) \
  X(av_bsf_send_packet) \
  X(av_calloc) \
  X(av_codec_get_tag) \
  X(av_crc) \
  X(av_crc_get_table) \
  X(av_dict_copy) \
  X(av_dict_free) \
  X(av_dict_get) \
  X(av_dict_set) \
  X(av_display_rotation_get) \
  X(av_display_rotation_set) \
  X(av_dynarray_add_nofree) \
  X(av_find_best_stream) \
  X(av_find_input_format) \
  X(av_frame_alloc) \
  X(av_frame_free) \
  X(av_frame_move_ref) \
  X(av_frame_ref) \
  X(av_frame_unref) \
  X(av_free) \
  X(av_freep) \
  X(av_gettime_relative) \
  X(av_guess_format) \
  X(av_guess_sample_aspect_ratio) \
  X(av_index_search_timestamp) \
  X(av_interleaved_write_frame) \
  X(av_log_default_callback) \
  X(av_log_set_callback) \
  X(av_malloc) \
  X(av_malloc_array) \
  X(av_mallocz) \
  X(av_new_packet) \
  X(av_new_program) \
  X(av_packet_alloc) \
  X(av_packet_clone) \
  X(av_packet_free) \
  X(av_packet_get_side_data) \
  X(av_packet_rescale_ts) \
  X(av_packet_unref) \
  X(av_program_add_stream_index) \
  X(av_read_frame) \
  X(av_rescale_q) \
  X(av_rescale_q_rnd) \
  X(av_seek_frame) \
  X(av_strcasecmp) \
  X(av_strdup) \
  X(av_stream_get_side_data) \
  X(av_stream_new_side_data) \
  X(av_strerror) \
  X(av_strlcat) \
  X(av_strlcpy) \
  X(av_write_trailer) \
  X(avcodec_alloc_context3) \
  X(avcodec_decode_subtitle2) \
  X(avcodec_descriptor_get) \
  X(avcodec_encode_subtitle) \
  X(avcodec_find_decoder) \
  X(avcodec_find_encoder) \
  X(avcodec_flush_buffers) \
  X(avcodec_free_context) \
  X(avcodec_get_name) \
  X(avcodec_get_type) \
  X(avcodec_open2) \
  X(avcodec_parameters_copy) \
  X(avcodec_parameters_from_context) \
  X(avcodec_parameters_to_context) \
  X(avcodec_receive_frame) \
  X(avcodec_send_packet) \
  X(avformat_alloc_context) \
  X(avformat_alloc_output_context2) \
  X(avformat_close_input) \
  X(avformat_find_stream_info) \
  X(avformat_free_context) \
  X(avformat_get_mov_video_tags) \
  X(avformat_get_riff_audio_tags) \
  X(avformat_get_riff_video_tags) \
  X(avformat_index_get_entries_count) \
  X(avformat_index_get_entry) \
  X(avformat_new_stream) \
  X(avformat_open_input) \
  X(avformat_query_codec) \
  X(avformat_seek_file) \
  X(avformat_write_header) \
  X(avio_alloc_context) \
  X(avio_closep) \
  X(avio_context_free) \
  X(avio_flush) \
  X(avio_open) \
  X(avsubtitle_free) \
  X(sws_freeContext) \
  X(sws_getCachedContext) \
  X(sws_getCoefficients) \
  X(sws_scale) \
  X(sws_setColorspaceDetails)

/// The table: one pointer per function, of the function's own type, named p_ and the function.
struct svlc_ffmpeg_functions {
#define SVLC_FFMPEG_POINTER(name) __typeof__(name) *p_##name;
  SVLC_FFMPEG_FUNCTIONS(SVLC_FFMPEG_POINTER)
#undef SVLC_FFMPEG_POINTER
};

extern struct svlc_ffmpeg_functions svlc_ff;

#define av_bsf_alloc svlc_ff.p_av_bsf_alloc
#define av_bsf_free svlc_ff.p_av_bsf_free
#define av_bsf_get_by_name svlc_ff.p_av_bsf_get_by_name
#define av_bsf_init svlc_ff.p_av_bsf_init
#define av_bsf_receive_packet svlc_ff.p_av_bsf_receive_packet
#define av_bsf_send_packet svlc_ff.p_av_bsf_send_packet
#define av_calloc svlc_ff.p_av_calloc
#define av_codec_get_tag svlc_ff.p_av_codec_get_tag
#define av_crc svlc_ff.p_av_crc
#define av_crc_get_table svlc_ff.p_av_crc_get_table
#define av_dict_copy svlc_ff.p_av_dict_copy
#define av_dict_free svlc_ff.p_av_dict_free
#define av_dict_get svlc_ff.p_av_dict_get
#define av_dict_set svlc_ff.p_av_dict_set
#define av_display_rotation_get svlc_ff.p_av_display_rotation_get
#define av_display_rotation_set svlc_ff.p_av_display_rotation_set
#define av_dynarray_add_nofree svlc_ff.p_av_dynarray_add_nofree
#define av_find_best_stream svlc_ff.p_av_find_best_stream
#define av_find_input_format svlc_ff.p_av_find_input_format
#define av_frame_alloc svlc_ff.p_av_frame_alloc
#define av_frame_free svlc_ff.p_av_frame_free
#define av_frame_move_ref svlc_ff.p_av_frame_move_ref
#define av_frame_ref svlc_ff.p_av_frame_ref
#define av_frame_unref svlc_ff.p_av_frame_unref
#define av_free svlc_ff.p_av_free
#define av_freep svlc_ff.p_av_freep
#define av_gettime_relative svlc_ff.p_av_gettime_relative
#define av_guess_format svlc_ff.p_av_guess_format
#define av_guess_sample_aspect_ratio svlc_ff.p_av_guess_sample_aspect_ratio
#define av_index_search_timestamp svlc_ff.p_av_index_search_timestamp
#define av_interleaved_write_frame svlc_ff.p_av_interleaved_write_frame
#define av_log_default_callback svlc_ff.p_av_log_default_callback
#define av_log_set_callback svlc_ff.p_av_log_set_callback
#define av_malloc svlc_ff.p_av_malloc
#define av_malloc_array svlc_ff.p_av_malloc_array
#define av_mallocz svlc_ff.p_av_mallocz
#define av_new_packet svlc_ff.p_av_new_packet
#define av_new_program svlc_ff.p_av_new_program
#define av_packet_alloc svlc_ff.p_av_packet_alloc
#define av_packet_clone svlc_ff.p_av_packet_clone
#define av_packet_free svlc_ff.p_av_packet_free
#define av_packet_get_side_data svlc_ff.p_av_packet_get_side_data
#define av_packet_rescale_ts svlc_ff.p_av_packet_rescale_ts
#define av_packet_unref svlc_ff.p_av_packet_unref
#define av_program_add_stream_index svlc_ff.p_av_program_add_stream_index
#define av_read_frame svlc_ff.p_av_read_frame
#define av_rescale_q svlc_ff.p_av_rescale_q
#define av_rescale_q_rnd svlc_ff.p_av_rescale_q_rnd
#define av_seek_frame svlc_ff.p_av_seek_frame
#define av_strcasecmp svlc_ff.p_av_strcasecmp
#define av_strdup svlc_ff.p_av_strdup
#define av_stream_get_side_data svlc_ff.p_av_stream_get_side_data
#define av_stream_new_side_data svlc_ff.p_av_stream_new_side_data
#define av_strerror svlc_ff.p_av_strerror
#define av_strlcat svlc_ff.p_av_strlcat
#define av_strlcpy svlc_ff.p_av_strlcpy
#define av_write_trailer svlc_ff.p_av_write_trailer
#define avcodec_alloc_context3 svlc_ff.p_avcodec_alloc_context3
#define avcodec_decode_subtitle2 svlc_ff.p_avcodec_decode_subtitle2
#define avcodec_descriptor_get svlc_ff.p_avcodec_descriptor_get
#define avcodec_encode_subtitle svlc_ff.p_avcodec_encode_subtitle
#define avcodec_find_decoder svlc_ff.p_avcodec_find_decoder
#define avcodec_find_encoder svlc_ff.p_avcodec_find_encoder
#define avcodec_flush_buffers svlc_ff.p_avcodec_flush_buffers
#define avcodec_free_context svlc_ff.p_avcodec_free_context
#define avcodec_get_name svlc_ff.p_avcodec_get_name
#define avcodec_get_type svlc_ff.p_avcodec_get_type
#define avcodec_open2 svlc_ff.p_avcodec_open2
#define avcodec_parameters_copy svlc_ff.p_avcodec_parameters_copy
#define avcodec_parameters_from_context svlc_ff.p_avcodec_parameters_from_context
#define avcodec_parameters_to_context svlc_ff.p_avcodec_parameters_to_context
#define avcodec_receive_frame svlc_ff.p_avcodec_receive_frame
#define avcodec_send_packet svlc_ff.p_avcodec_send_packet
#define avformat_alloc_context svlc_ff.p_avformat_alloc_context
#define avformat_alloc_output_context2 svlc_ff.p_avformat_alloc_output_context2
#define avformat_close_input svlc_ff.p_avformat_close_input
#define avformat_find_stream_info svlc_ff.p_avformat_find_stream_info
#define avformat_free_context svlc_ff.p_avformat_free_context
#define avformat_get_mov_video_tags svlc_ff.p_avformat_get_mov_video_tags
#define avformat_get_riff_audio_tags svlc_ff.p_avformat_get_riff_audio_tags
#define avformat_get_riff_video_tags svlc_ff.p_avformat_get_riff_video_tags
#define avformat_index_get_entries_count svlc_ff.p_avformat_index_get_entries_count
#define avformat_index_get_entry svlc_ff.p_avformat_index_get_entry
#define avformat_new_stream svlc_ff.p_avformat_new_stream
#define avformat_open_input svlc_ff.p_avformat_open_input
#define avformat_query_codec svlc_ff.p_avformat_query_codec
#define avformat_seek_file svlc_ff.p_avformat_seek_file
#define avformat_write_header svlc_ff.p_avformat_write_header
#define avio_alloc_context svlc_ff.p_avio_alloc_context
#define avio_closep svlc_ff.p_avio_closep
#define avio_context_free svlc_ff.p_avio_context_free
#define avio_flush svlc_ff.p_avio_flush
#define avio_open svlc_ff.p_avio_open
#define avsubtitle_free svlc_ff.p_avsubtitle_free
#define sws_freeContext svlc_ff.p_sws_freeContext
#define sws_getCachedContext svlc_ff.p_sws_getCachedContext
#define sws_getCoefficients svlc_ff.p_sws_getCoefficients
#define sws_scale svlc_ff.p_sws_scale
#define sws_setColorspaceDetails svlc_ff.p_sws_setColorspaceDetails

// av_err2str's inline helper (av_make_error_string) calls av_strerror by its name, renamed
// only after it: this one calls it through the table.
static inline char *svlc_ffmpeg_error_string(char *buffer, size_t size, int code) {
  av_strerror(code, buffer, size);
  return buffer;
}
#undef av_err2str
#define av_err2str(code)                                                                     \
  svlc_ffmpeg_error_string((char[AV_ERROR_MAX_STRING_SIZE]){0}, AV_ERROR_MAX_STRING_SIZE, code)

#endif
