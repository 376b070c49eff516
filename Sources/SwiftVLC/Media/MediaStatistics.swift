// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// Counters of a media while it plays. Maps `libvlc_media_stats_t`.
public struct MediaStatistics: Sendable, Equatable {
  /// Bytes read from the source.
  public var readBytes: Int
  /// Input bitrate, in bytes per millisecond as libVLC reports it.
  public var inputBitrate: Float
  /// Bytes the demuxer read.
  public var demuxReadBytes: Int
  /// Demuxer bitrate, in bytes per millisecond.
  public var demuxBitrate: Float
  /// Corrupted blocks the demuxer saw.
  public var demuxCorrupted: Int
  /// Discontinuities the demuxer saw.
  public var demuxDiscontinuity: Int
  /// Video blocks decoded.
  public var decodedVideo: Int
  /// Audio blocks decoded.
  public var decodedAudio: Int
  /// Pictures shown.
  public var displayedPictures: Int
  /// Pictures dropped.
  public var lostPictures: Int
  /// Audio buffers played.
  public var playedAudioBuffers: Int
  /// Audio buffers dropped.
  public var lostAudioBuffers: Int

  init(native stats: libvlc_media_stats_t) {
    readBytes = Int(stats.i_read_bytes)
    inputBitrate = stats.f_input_bitrate
    demuxReadBytes = Int(stats.i_demux_read_bytes)
    demuxBitrate = stats.f_demux_bitrate
    demuxCorrupted = Int(stats.i_demux_corrupted)
    demuxDiscontinuity = Int(stats.i_demux_discontinuity)
    decodedVideo = Int(stats.i_decoded_video)
    decodedAudio = Int(stats.i_decoded_audio)
    displayedPictures = Int(stats.i_displayed_pictures)
    lostPictures = Int(stats.i_lost_pictures)
    playedAudioBuffers = Int(stats.i_played_abuffers)
    lostAudioBuffers = Int(stats.i_lost_abuffers)
  }
}
