// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// The kind of an elementary stream. Maps `libvlc_track_type_t`.
public enum TrackKind: Sendable, Hashable {
  /// Sound (`libvlc_track_audio`).
  case audio
  /// Pictures (`libvlc_track_video`).
  case video
  /// Subtitles or teletext (`libvlc_track_text`).
  case subtitle
  /// Anything else (`libvlc_track_unknown`).
  case unknown

  init(native: libvlc_track_type_t) {
    switch native {
    case libvlc_track_audio: self = .audio
    case libvlc_track_video: self = .video
    case libvlc_track_text: self = .subtitle
    default: self = .unknown
    }
  }
}

/// One elementary stream of a media: an audio, video or subtitle track.
///
/// Fields libVLC does not know are `nil`. Maps `libvlc_media_track_t`.
public struct Track: Sendable, Hashable, Identifiable {
  /// In a player's track lists, libVLC's elementary-stream id: what the selection APIs take.
  /// In a parse's ``MediaInfo``, the id libVLC's media gives a track (an MP4's are 0, 1, …
  /// in `trak` order, not its `track_ID`s), except for tracks libVLC does not list, which are
  /// numbered after its own (an MPEG-TS's data streams and other programs' streams, read from
  /// its tables), and for an MPEG-TS whose programs share a stream: that stream is listed
  /// once and the tracks are numbered 0, 1, … in table order, as ffprobe numbers its streams.
  public var id: Int
  /// Audio, video or subtitle.
  public var kind: TrackKind
  /// The codec's four-character code, trimmed, such as "h264" or "mp4a".
  public var codec: String
  /// libVLC's human-readable codec name, such as "H264 - MPEG-4 AVC (part 10)".
  public var codecName: String?
  /// The codec's common name, such as "H.264", "HEVC", "AAC", "AC-3", "Opus", "SubRip" or
  /// "DVB subtitles"; `nil` for codes SwiftVLC has no name for.
  public var commonCodecName: String? { CodecNames.common(fourCC: codec) }
  /// The MPEG-TS program this track belongs to (``MediaProgram/number``), or `nil`.
  public var program: Int?
  /// The language code from the container, such as "eng" or "fre"; `nil` when the container
  /// has none or says "und" (undetermined).
  public var language: String?
  /// The track's label (the container's title, or the player's description).
  public var name: String?
  /// Bits per second, when the container declares it.
  public var bitrate: Int?
  /// Audio channel count.
  public var channels: Int?
  /// Audio samples per second (Hz).
  public var sampleRate: Int?
  /// Video width in pixels.
  public var width: Int?
  /// Video height in pixels.
  public var height: Int?
  /// Video frames per second.
  public var frameRate: Double?
  /// The shape of a video's stored pixels, width to height, when they are not square (64:45
  /// for a 16:9 picture stored as 720×576: players show it 1024 pixels wide); `nil` for
  /// square or unknown pixels.
  public var sampleAspectRatio: AspectRatio?
  /// How far a player turns a video's stored picture clockwise to show it, in degrees (90, 180
  /// or 270: a phone's portrait video stored sideways), from the container's display matrix;
  /// `nil` when it is shown as stored (or mirrored, which this does not describe).
  public var displayRotation: Int?

  /// `rate`, or the common rate within 1/10,000 of it: a whole number, or NTSC's n × 1000/1001
  /// for n of 24, 30, 48, 60, 120 and 240.
  /// libVLC 3's Matroska demuxer takes the rate from a frame duration cut to whole
  /// microseconds (33,366 µs for 30000/1001: 29.971 where ffprobe and MediaInfo say 29.970).
  static func commonRate(_ rate: Double) -> Double {
    let candidates = [rate.rounded()] + [24, 30, 48, 60, 120, 240].map { $0 * 1_000 / 1_001.0 }
    return candidates.first { $0 > 0 && abs(rate - $0) <= $0 / 10_000 } ?? rate
  }

  /// Creates a track description.
  public init(
    id: Int, kind: TrackKind, codec: String, codecName: String? = nil, language: String? = nil,
    name: String? = nil, bitrate: Int? = nil, channels: Int? = nil, sampleRate: Int? = nil,
    width: Int? = nil, height: Int? = nil, frameRate: Double? = nil
  ) {
    self.id = id
    self.kind = kind
    self.codec = codec
    self.codecName = codecName
    self.language = language
    self.name = name
    self.bitrate = bitrate
    self.channels = channels
    self.sampleRate = sampleRate
    self.width = width
    self.height = height
    self.frameRate = frameRate
  }

  /// The clockwise turn that shows a picture libVLC 3 says is stored so (its orientation
  /// names how the stored picture lies: "left bottom" is turned 90° clockwise, shown by a
  /// 270° turn); `nil` for upright or mirrored.
  static func rotation(of orientation: libvlc_video_orient_t) -> Int? {
    switch orientation {
    case libvlc_video_orient_bottom_right: 180
    case libvlc_video_orient_left_bottom: 270
    case libvlc_video_orient_right_top: 90
    default: nil
    }
  }

  /// Copies one `libvlc_media_track_t`.
  init(native track: libvlc_media_track_t) {
    let kind = TrackKind(native: track.i_type)
    self.init(
      id: Int(track.i_id), kind: kind, codec: fourCC(track.i_codec),
      codecName: codecDescription(track.i_type, track.i_codec),
      language: nonEmpty(track.psz_language).flatMap { $0 == "und" ? nil : $0 },
      name: nonEmpty(track.psz_description),
      bitrate: track.i_bitrate > 0 ? Int(track.i_bitrate) : nil)
    switch kind {
    case .audio:
      if let audio = track.audio?.pointee {
        channels = audio.i_channels > 0 ? Int(audio.i_channels) : nil
        sampleRate = audio.i_rate > 0 ? Int(audio.i_rate) : nil
      }
    case .video:
      if let video = track.video?.pointee {
        width = video.i_width > 0 ? Int(video.i_width) : nil
        height = video.i_height > 0 ? Int(video.i_height) : nil
        if video.i_sar_num != video.i_sar_den {
          sampleAspectRatio = AspectRatio(
            width: Int(video.i_sar_num), height: Int(video.i_sar_den))
        }
        displayRotation = Self.rotation(of: video.i_orientation)
        if video.i_frame_rate_den > 0 && video.i_frame_rate_num > 0 {
          frameRate = Self.commonRate(
            Double(video.i_frame_rate_num) / Double(video.i_frame_rate_den))
        }
      }
    case .subtitle, .unknown:
      break
    }
  }
}

/// What an added slave input carries. Maps `libvlc_media_slave_type_t`.
public enum SlaveKind: Sendable, Hashable {
  /// A subtitle file (`libvlc_media_slave_type_subtitle`).
  case subtitle
  /// An audio file (`libvlc_media_slave_type_audio`).
  case audio

  var native: libvlc_media_slave_type_t {
    switch self {
    case .subtitle: libvlc_media_slave_type_subtitle
    case .audio: libvlc_media_slave_type_audio
    }
  }
}

/// A four-character code as text: "h264", "mp4a", "subt"; trailing spaces removed.
func fourCC(_ code: UInt32) -> String {
  let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> ($0 * 8)) }
  let printable = bytes.map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") }
  return String(decoding: printable, as: UTF8.self).trimmingTrailingSpaces()
}

/// libVLC's name for the codec `code` of a track of `type` ("H264 - MPEG-4 AVC (part 10)"),
/// or `nil` where it has none.
func codecDescription(_ type: libvlc_track_type_t, _ code: UInt32) -> String? {
  nonEmpty(libvlc_media_get_codec_description(type, code))
}

/// A C string copied into Swift, or `nil` when it is NULL or empty.
func nonEmpty(_ string: UnsafePointer<CChar>?) -> String? {
  guard let string, string.pointee != 0 else { return nil }
  return String(cString: string)
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
