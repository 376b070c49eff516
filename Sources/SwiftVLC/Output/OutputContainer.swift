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

  /// libVLC's muxer name for a file destination.
  var fileMuxer: String { rawValue }

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

  /// A human-readable name for error messages.
  var displayName: String {
    switch self {
    case .ts: "MPEG-TS"
    case .mp4: "MP4"
    case .mkv: "Matroska"
    }
  }
}
