// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The file format a recording or a stream is written in: libVLC's stream-output muxer.
public enum OutputContainer: String, Sendable, Hashable, CaseIterable {
  /// MPEG transport stream (`mux=ts`): written as it goes, readable even when cut short, the
  /// usual choice for live sources and HTTP streaming.
  case ts
  /// MP4 (`mux=mp4`; `mux=mp4frag`, fragmented, when streamed over HTTP). A recording is
  /// readable only once finished: the index is written when the recording stops.
  case mp4
  /// Matroska (`mux=mkv`, libavformat's muxer): carries every codec SwiftVLC can encode.
  case mkv

  /// The usual file-name extension, without the dot.
  public var fileExtension: String { rawValue }

  /// libVLC's muxer for a file destination. Its MPEG-TS muxer holds back its last 200 ms
  /// (its default "shaping") and drops them when the recording ends: one frame's worth here.
  var fileMuxer: String { self == .ts ? "ts{shaping=40}" : rawValue }

  /// libVLC's muxer name for a destination that cannot seek back (HTTP).
  var streamMuxer: String { self == .mp4 ? "mp4frag" : rawValue }

  /// Whether this container can carry `codec` (checked against libVLC 3.0's muxers).
  func carries(_ codec: Transcode.VideoCodec) -> Bool {
    switch codec {
    case .h264, .h265, .mpeg4, .mpeg2: true
    case .vp8, .theora: self == .mkv
    }
  }

  /// Whether this container can carry `codec` (checked against libVLC 3.0's muxers).
  func carries(_ codec: Transcode.AudioCodec) -> Bool {
    switch codec {
    case .aac, .mp3, .ac3, .mp2: true
    case .opus: self != .mp4
    case .vorbis, .flac: self == .mkv
    }
  }

  /// Whether this container's libVLC 3 muxer takes `track` as it is (copied, not
  /// re-encoded). The lists are those of the 3.0 sources: `mp4mux_CanMux`
  /// (modules/mux/mp4/libmp4mux.c) and `FillPMTESParams` (modules/mux/mpeg/tables.c);
  /// Matroska goes through libavformat (modules/demux/avformat/mux.c), which takes the audio
  /// and video libavformat's Matroska muxer writes (``FFmpegRemuxer/holds(codec:in:)``: with
  /// its own ids, a RIFF or a QuickTime tag; not WebP, which it owned to, then failed to start
  /// the file) and refuses every subtitle track.
  func copies(_ track: Track) -> Bool {
    switch (self, track.kind) {
    case (.mkv, .audio), (.mkv, .video): FFmpegRemuxer.holds(codec: track.codec, in: .mkv) != false
    case (.mkv, _): false
    case (.mp4, _): Self.mp4Codecs.contains(track.codec)
    case (.ts, _): Self.tsCodecs.contains(track.codec)
    }
  }

  /// Whether a recording into this container, written by libVLC first as `intermediate`
  /// (``Recording``'s network path) and then copied by libavformat, holds `track` as it is:
  /// libVLC's `intermediate` muxer takes it (``copies(_:)``) and, where the copy changes the
  /// container, so does libavformat's muxer of this one (a codec the copy does not know is
  /// left to the copy, which names what it leaves out).
  func holds(_ track: Track, writtenFirstAs intermediate: OutputContainer) -> Bool {
    guard intermediate.copies(track) else { return false }
    return intermediate == self || FFmpegRemuxer.holds(codec: track.codec, in: self) != false
  }

  /// Whether only libVLC's muxer of this container writes `track` so that libVLC reads it
  /// back: libVLC's takes it and CRemux's copy does not (DTS in MPEG-TS, which libavformat
  /// writes in a way libVLC 3 reads as subtitles). Such a recording keeps libVLC's file.
  func isWrittenOnlyByLibVLC(_ track: Track) -> Bool {
    FFmpegRemuxer.holds(codec: track.codec, in: self) == false && copies(track)
  }

  /// libVLC fourCCs (trailing spaces trimmed) the MP4 muxer takes. HEVC only with its
  /// parameter sets out of band (not from MPEG-TS), which a track does not tell, so it is
  /// listed and left to the check of the written file.
  private static let mp4Codecs: Set<String> = [
    "a52", "dts", "eac3", "mp4a", "mp4v", "mpga", "mp3", "mpgv", "mp2v", "mp1v", "MJPG", "mjpb",
    "SVQ1", "SVQ3", "h263", "samr", "sawb", "YV12", "YUY2", "WVC1", "WMAP", "h264", "hevc",
    "subt",
  ]

  /// libVLC fourCCs (trailing spaces trimmed) the MPEG-TS muxer takes.
  private static let tsCodecs: Set<String> = [
    "mpgv", "mp2v", "mp1v", "mp4v", "hevc", "h264", "h263", "I263", "WMV3", "WMV2", "WMV1",
    "DIV3", "DIV2", "DIV1", "MJPG", "drac", "mpga", "mp2", "mp3", "a52", "lpcm", "Opus", "eac3",
    "dts", "mp4a", "spu", "subt", "dvbs", "telx",
  ]

  /// A human-readable name for error messages.
  var displayName: String {
    switch self {
    case .ts: "MPEG-TS"
    case .mp4: "MP4"
    case .mkv: "Matroska"
    }
  }

  /// The text subtitle format a copy converts other text subtitles to (see CRemux); MPEG-TS
  /// holds none.
  var textSubtitleName: String {
    switch self {
    case .ts: "none"
    case .mp4: "mov_text"
    case .mkv: "SubRip"
    }
  }
}
