// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Common names for libVLC 3's codec four-character codes and demuxer modules, as people and
/// ffprobe's long names know them ("H.264", "AC-3", "Matroska").
enum CodecNames {
  /// The common name of a codec, from its fourcc as ``Track/codec`` holds it; `nil` for codes
  /// not in the table.
  static func common(fourCC code: String) -> String? {
    table[code] ?? table[code.lowercased()]
  }

  /// The common name of a container, from the demuxer module libVLC chose; the module name
  /// itself for modules not in the table.
  static func container(module: String, codecs: [String]) -> String {
    switch module {
    case "es":
      // The elementary-stream demuxer reads raw audio and video streams.
      if codecs == ["mp3"] { return "MP3" }
      if codecs == ["mpga"] { return "MPEG audio" }
      if codecs == ["a52"] { return "AC-3" }
      if codecs == ["eac3"] { return "E-AC-3" }
      if codecs == ["dts"] { return "DTS" }
      if codecs == ["mp4a"] { return "ADTS AAC" }
      return "Elementary stream"
    default:
      return containers[module] ?? module
    }
  }

  private static let containers: [String: String] = [
    "mp4": "MP4/QuickTime", "mkv": "Matroska/WebM", "ts": "MPEG-TS", "ps": "MPEG-PS",
    "avi": "AVI", "ogg": "Ogg", "flacsys": "FLAC", "wav": "WAV", "adaptive": "HLS/DASH",
    "asf": "ASF", "avformat": "libavformat", "mpgv": "MPEG video", "h26x": "H.264/HEVC stream",
    "aiff": "AIFF", "au": "Sun AU", "caf": "CAF", "voc": "VOC", "nsv": "NSV", "mod": "Tracker",
    "subtitle": "Subtitles", "image": "Image", "rawvid": "Raw video", "rawdv": "DV",
    "mkv_webm": "WebM", "smf": "MIDI", "vobsub": "VobSub", "ty": "TiVo", "xa": "XA",
    "playlist": "Playlist", "directory": "Directory", "webvtt": "WebVTT",
    "mpc": "Musepack",
  ]

  private static let table: [String: String] = [
    // video
    "h264": "H.264", "avc1": "H.264", "hevc": "HEVC", "h265": "HEVC", "hvc1": "HEVC",
    "VP80": "VP8", "VP90": "VP9", "av01": "AV1", "mpgv": "MPEG-2", "mp2v": "MPEG-2",
    "mp1v": "MPEG-1", "mp4v": "MPEG-4", "DIVX": "MPEG-4", "XVID": "MPEG-4", "theo": "Theora",
    "h263": "H.263", "MJPG": "Motion JPEG", "mjpg": "Motion JPEG", "WMV3": "WMV3",
    "WVC1": "VC-1", "VC-1": "VC-1", "dvsd": "DV", "prores": "ProRes", "apcn": "ProRes",
    "AVdn": "DNxHD", "CFHD": "CineForm",
    "ffv1": "FFV1", "png ": "PNG", "png": "PNG", "jpeg": "JPEG", "gif": "GIF", "bmp": "BMP",
    "webp": "WebP", "tiff": "TIFF", "RV32": "Raw video",
    "I420": "Raw video", "J420": "Raw video", "yuv2": "Raw video", "dirac": "Dirac",
    "drac": "Dirac", "hfyu": "HuffYUV", "cvid": "Cinepak", "FLV1": "Sorenson H.263",
    "WMV1": "WMV1", "WMV2": "WMV2",
    // audio
    "mp4a": "AAC", "a52": "AC-3", "a52 ": "AC-3", "eac3": "E-AC-3", "dts": "DTS", "dts ": "DTS",
    "Opus": "Opus", "opus": "Opus", "vorb": "Vorbis", "flac": "FLAC", "mp3": "MP3",
    "mp3 ": "MP3", "mpga": "MP2", "mp2": "MP2", "mp2a": "MP2", "alac": "ALAC", "spx": "Speex",
    "spx ": "Speex", "wma1": "WMA", "wma2": "WMA", "wmap": "WMA Pro", "samr": "AMR-NB",
    "sawb": "AMR-WB", "mlp": "MLP", "trhd": "TrueHD", "ape": "Monkey's Audio",
    "WVPK": "WavPack", "TTA1": "TTA", "s16l": "PCM", "s16b": "PCM", "s24l": "PCM", "s24b": "PCM",
    "s32l": "PCM", "s32b": "PCM", "f32l": "PCM", "f32b": "PCM", "f64l": "PCM", "u8": "PCM",
    "s8": "PCM", "araw": "PCM", "twos": "PCM", "sowt": "PCM", "lpcm": "PCM", "alaw": "A-law",
    "ulaw": "µ-law", "ms": "ADPCM", "ima4": "ADPCM", "gsm": "GSM", "agsm": "GSM",
    "MPC7": "Musepack", "MPC8": "Musepack", "dsd": "DSD",
    // subtitles
    "subt": "SubRip", "ssa": "ASS/SSA", "ssa ": "ASS/SSA", "wvtt": "WebVTT", "tx3g": "MP4 text",
    "dvbs": "DVB subtitles", "telx": "Teletext", "cc1": "Closed captions",
    "c608": "CEA-608", "c708": "CEA-708", "spu": "DVD subtitles", "spu ": "DVD subtitles",
    "pgs": "PGS", "pgs ": "PGS", "kate": "Kate", "usf": "USF", "ttml": "TTML",
    "scte": "SCTE-27", "arba": "ARIB",
  ]
}
