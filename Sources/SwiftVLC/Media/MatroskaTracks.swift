// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The codec ids of a Matroska or WebM file's tracks, read from its `Tracks` element (found by
/// ``MatroskaElements``), for the codecs libVLC 3 names less precisely than the file does.
///
/// libVLC's Matroska demuxer gives MPEG audio of every layer one code, `mpga` ("MP2"), where
/// the file says `A_MPEG/L3` (MP3, as ffprobe and MediaInfo read it); and libavformat's
/// demuxer, which libVLC takes for a Matroska file it cannot seek in (a server without
/// ranges), gives text subtitles no code at all (`undf`) and no track its name; libVLC's
/// demuxer gives a track's IETF language ("ja") where the file has one.
enum MatroskaTracks {
  static let tracksID: UInt32 = 0x1654_AE6B

  private typealias EBML = MatroskaElements

  /// One track entry: its kind, codec id (`A_MPEG/L3`, `S_TEXT/UTF8`), name and flags.
  struct Entry: Sendable, Equatable {
    var kind: TrackKind
    var codecID: String
    var name: String?
    /// The ISO 639-2 `Language` ("jpn"), where the entry has one.
    var language: String?
    /// `FlagDefault` (1 when absent) and `FlagForced` (0 when absent).
    var isDefault = true
    var isForced = false
    /// `FlagEnabled` (1 when absent): 0 marks the track unusable (libVLC's demuxer does not
    /// select it; libavformat's does not read the flag).
    var isEnabled = true
  }

  /// Each track's entry, in file order (libVLC's); `nil` when the `Tracks` element cannot be
  /// read.
  static func read<Bytes: RandomAccessBytes & ~Copyable>(_ file: borrowing Bytes) -> [Entry]? {
    guard let body = EBML.body(of: tracksID, in: file), !body.isEmpty else { return nil }
    return EBML.children(body, 0..<body.count).filter { $0.id == 0xAE }.map { entry in
      let fields = EBML.children(body, entry.body)
      let type = fields.first { $0.id == 0x83 }.flatMap { EBML.unsigned(body, $0.body) }
      let codec = fields.first { $0.id == 0x86 }.map { EBML.string(body, $0.body) } ?? ""
      let name = fields.first { $0.id == 0x536E }.map { EBML.string(body, $0.body) }
      let language = fields.first { $0.id == 0x22B5_9C }.map { EBML.string(body, $0.body) }
      let kind: TrackKind =
        switch type {
        case 1: .video
        case 2: .audio
        case 0x11: .subtitle
        default: .unknown
        }
      let flag = { (id: UInt32) in
        fields.first { $0.id == id }.flatMap { EBML.unsigned(body, $0.body) }
      }
      return Entry(
        kind: kind, codecID: codec, name: name?.isEmpty == false ? name : nil,
        language: language?.count == 3 ? language : nil,
        isDefault: (flag(0x88) ?? 1) != 0, isForced: (flag(0x55AA) ?? 0) != 0,
        isEnabled: (flag(0xB9) ?? 1) != 0)
    }
  }

  /// The track libVLC 3 lists for an audio or video entry of Matroska codec id `codecID`
  /// (`V_MPEG4/ISO/AVC` is `h264`), for the questions ``OutputContainer`` answers about
  /// libVLC's codes; `nil` for a codec this names not (VP9, Vorbis, FLAC, …).
  static func libVLCTrack(codecID: String) -> Track? {
    let codes: [(prefix: String, code: String)] = [
      ("V_MPEG4/ISO/AVC", "h264"), ("V_MPEG4/ISO/", "mp4v"), ("V_MPEGH/ISO/HEVC", "hevc"),
      ("V_MPEG1", "mp1v"), ("V_MPEG2", "mp2v"), ("A_AAC", "mp4a"), ("A_AC3", "a52"),
      ("A_EAC3", "eac3"), ("A_DTS", "dts"), ("A_MPEG/L3", "mp3"), ("A_MPEG/", "mpga"),
      ("A_OPUS", "Opus"),
    ]
    guard let code = codes.first(where: { codecID.hasPrefix($0.prefix) })?.code else { return nil }
    return Track(id: 0, kind: codecID.hasPrefix("V_") ? .video : .audio, codec: code)
  }

  /// `tracks` (libVLC's list of the file) with the codes the file's `entries` tell better
  /// (MP3 for layer III MPEG audio, the text subtitle codes libavformat's demuxer leaves out)
  /// and the names libavformat's demuxer leaves out. Only when both list the same kinds in
  /// the same order.
  static func correct(_ tracks: inout [Track], with entries: [Entry]) {
    guard tracks.map(\.kind) == entries.map(\.kind) else { return }
    for (index, entry) in entries.enumerated() {
      let code = code(tracks[index].codec, codecID: entry.codecID)
      if code != tracks[index].codec {
        // libVLC's description was of its own code ("MPEG Audio layer 1/2").
        (tracks[index].codec, tracks[index].codecName) = (code, nil)
      }
      tracks[index].name = tracks[index].name ?? entry.name
      // libVLC's demuxer prefers the IETF tag ("ja"); ffprobe and libavformat's demuxer give
      // the ISO 639-2 one, as the rest of SwiftVLC does. An entry without one is English,
      // the element's default, which mkvmerge leaves out ("en" beside it).
      let language = entry.language ?? (tracks[index].language == "en" ? "eng" : nil)
      if let language, language != "und",
        tracks[index].language?.count == 2 || tracks[index].language == nil
      {
        tracks[index].language = language
      }
    }
  }

  private static func code(_ code: String, codecID: String) -> String {
    switch (code, codecID) {
    case ("mpga", "A_MPEG/L3"): "mp3"
    case ("undf", "S_TEXT/UTF8"): "subt"
    case ("undf", "S_TEXT/ASS"), ("undf", "S_TEXT/SSA"): "ssa"
    case ("undf", "S_TEXT/WEBVTT"): "wvtt"
    default: code
    }
  }
}
