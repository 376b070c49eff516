// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// How a recording or stream re-encodes its source, as typed values. Without a `Transcode`, the
/// source's audio and video are copied unchanged.
///
/// A field left `nil` keeps libVLC's default; a stream kind without a codec is copied as is,
/// so a bitrate or scale needs the matching codec. Maps the options of libVLC's `#transcode`
/// stream output.
public struct Transcode: Sendable, Hashable {
  /// A video encoder available in Debian's libVLC 3.0.
  public enum VideoCodec: String, Sendable, Hashable, CaseIterable {
    /// H.264 / AVC (x264).
    case h264
    /// H.265 / HEVC (x265).
    case h265
    /// MPEG-4 Part 2 (libavcodec).
    case mpeg4
    /// MPEG-2 video (libavcodec).
    case mpeg2
    /// VP8 (libavcodec); Matroska only.
    case vp8
    /// Theora; Matroska only.
    case theora

    /// libVLC's four-character code for the encoder.
    var fourCC: String {
      switch self {
      case .h264: "h264"
      case .h265: "hevc"
      case .mpeg4: "mp4v"
      case .mpeg2: "mp2v"
      case .vp8: "VP80"
      case .theora: "theo"
      }
    }
  }

  /// An audio encoder available in Debian's libVLC 3.0.
  public enum AudioCodec: String, Sendable, Hashable, CaseIterable {
    /// AAC-LC (libavcodec).
    case aac
    /// MPEG-1 Layer III.
    case mp3
    /// Opus; MPEG-TS and Matroska.
    case opus
    /// Vorbis; Matroska only.
    case vorbis
    /// FLAC, lossless; Matroska only.
    case flac
    /// AC-3 / Dolby Digital (libavcodec).
    case ac3
    /// MPEG-1 Layer II.
    case mp2

    /// libVLC's four-character code for the encoder.
    var fourCC: String {
      switch self {
      case .aac: "mp4a"
      case .mp3: "mp3"
      case .opus: "opus"
      case .vorbis: "vorb"
      case .flac: "flac"
      case .ac3: "a52"
      case .mp2: "mpga"
      }
    }
  }

  /// The video encoder; `nil` copies the source's video unchanged.
  public var videoCodec: VideoCodec?
  /// The target video bitrate in kbit/s, 1…100 000.
  public var videoBitrate: Int?
  /// A factor applied to the picture size, 0 < scale ≤ 4 (0.5 halves width and height).
  public var scale: Double?
  /// The audio encoder; `nil` copies the source's audio unchanged.
  public var audioCodec: AudioCodec?
  /// The target audio bitrate in kbit/s, 1…100 000.
  public var audioBitrate: Int?
  /// The number of audio channels, 1…8.
  public var audioChannels: Int?
  /// The audio sample rate in Hz, 8 000…192 000.
  public var sampleRate: Int?

  /// Creates transcoding settings; every argument is optional.
  public init(
    videoCodec: VideoCodec? = nil, videoBitrate: Int? = nil, scale: Double? = nil,
    audioCodec: AudioCodec? = nil, audioBitrate: Int? = nil, audioChannels: Int? = nil,
    sampleRate: Int? = nil
  ) {
    self.videoCodec = videoCodec
    self.videoBitrate = videoBitrate
    self.scale = scale
    self.audioCodec = audioCodec
    self.audioBitrate = audioBitrate
    self.audioChannels = audioChannels
    self.sampleRate = sampleRate
  }

  /// Throws ``VLCError/invalidInput(_:)`` for a value out of range, a setting without its
  /// codec, or a codec that `container` cannot carry.
  func validate(for container: OutputContainer) throws(VLCError) {
    try Self.check(videoBitrate, in: 1...100_000, "video bitrate (kbit/s)")
    try Self.check(audioBitrate, in: 1...100_000, "audio bitrate (kbit/s)")
    try Self.check(audioChannels, in: 1...8, "audio channel count")
    try Self.check(sampleRate, in: 8_000...192_000, "sample rate (Hz)")
    if let scale, !(scale.isFinite && scale > 0 && scale <= 4) {
      throw .invalidInput("scale \(scale) is not within 0 < scale ≤ 4")
    }
    if videoCodec == nil && (videoBitrate != nil || scale != nil) {
      throw .invalidInput("a video bitrate or scale needs a video codec")
    }
    if audioCodec == nil && (audioBitrate != nil || audioChannels != nil || sampleRate != nil) {
      throw .invalidInput("an audio bitrate, channel count or sample rate needs an audio codec")
    }
    if let videoCodec, !container.carries(videoCodec) {
      throw .invalidInput("\(container.displayName) cannot carry \(videoCodec.rawValue) video")
    }
    if let audioCodec, !container.carries(audioCodec) {
      throw .invalidInput("\(container.displayName) cannot carry \(audioCodec.rawValue) audio")
    }
  }

  /// The `transcode{…}` chain element, or `nil` when nothing is re-encoded.
  var chainElement: String? {
    var options: [String] = []
    if let videoCodec {
      options.append("vcodec=\(videoCodec.fourCC)")
      if let videoBitrate { options.append("vb=\(videoBitrate)") }
      if let scale { options.append("scale=\(scale)") }
    }
    if let audioCodec {
      options.append("acodec=\(audioCodec.fourCC)")
      if let audioBitrate { options.append("ab=\(audioBitrate)") }
      if let audioChannels { options.append("channels=\(audioChannels)") }
      if let sampleRate { options.append("samplerate=\(sampleRate)") }
    }
    return options.isEmpty ? nil : "transcode{\(options.joined(separator: ","))}"
  }

  private static func check(_ value: Int?, in range: ClosedRange<Int>, _ what: String)
    throws(VLCError)
  {
    if let value, !range.contains(value) {
      throw .invalidInput("\(what) \(value) is not within \(range.lowerBound)…\(range.upperBound)")
    }
  }
}
