// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// The corpus files of issue 31: what many encoders and containers write (LAME, Shine, ADTS,
/// M4A/M4B/3GP with QuickTime or Nero chapters, mono and 5.1 AAC, FLAC, Opus, Vorbis, Speex,
/// WavPack, TTA, ALAC, WMA, AC-3, a Matroska file with only subtitles) and two TS
/// recordings whose video starts late.
extension ProbeCorpus {
  /// The ffmpeg inputs and encoding of the files added for issue 31; `nil` for the others.
  func realWorldRecipe(in folder: URL) -> (inputs: [String], encoding: [String])? {
    let tone = Self.tone(44_100)
    let tone48 = Self.tone(48_000)
    let chaptered = tone + ["-i", chapters(in: folder)]
    let withChapters = ["-map", "0", "-map_metadata", "1", "-map_chapters", "1"]
    switch self {
    case .mp3ID3:
      return (
        tone,
        ["-c:a", "libmp3lame", "-b:a", "128k", "-metadata", "title=Tagged", "-id3v2_version", "3"]
      )
    case .mp3Mono22k: return (Self.tone(22_050), ["-c:a", "libmp3lame", "-q:a", "6"])
    case .mp3Shine: return (Self.tone(44_100, seconds: 3), ["-ac", "2", "-c:a", "libshine"])
    case .adts: return (tone, ["-c:a", "aac", "-f", "adts"])
    case .adts51: return (tone48, ["-ac", "6", "-c:a", "aac", "-f", "adts"])
    case .m4a51: return (tone48, ["-ac", "6", "-c:a", "aac"])
    case .mp4AAC51: return (Self.video + tone48, Self.x264 + ["-ac", "6", "-c:a", "aac"])
    case .m4bChapters, .m4bNeroChapters:
      return (chaptered, withChapters + ["-ac", "1", "-c:a", "aac"])
    case .m4aQuickTimeChapters:
      return (chaptered, withChapters + ["-c:a", "aac", "-movflags", "disable_chpl"])
    case .threeGP: return (Self.tone(22_050), ["-c:a", "aac", "-f", "3gp"])
    case .flacStereo: return (tone, ["-ac", "2", "-c:a", "flac"])
    case .flac51: return (tone48, ["-ac", "6", "-c:a", "flac"])
    case .opusStereo: return (tone48, ["-ac", "2", "-c:a", "libopus"])
    case .opusMono: return (tone48, ["-c:a", "libopus"])
    case .vorbis51: return (tone48, ["-ac", "6", "-c:a", "libvorbis"])
    case .speex: return (Self.tone(16_000), ["-c:a", "libspeex"])
    case .wavPack: return (tone, ["-ac", "2", "-c:a", "wavpack"])
    case .tta: return (tone, ["-ac", "2", "-c:a", "tta"])
    case .mkvSubtitlesOnly: return (["-i", subtitles(in: folder)], ["-c:s", "srt"])
    case .ac3: return (tone48, ["-ac", "6", "-c:a", "ac3"])
    case .eac3: return (tone48, ["-ac", "2", "-c:a", "eac3"])
    case .wav24: return (tone, ["-ac", "2", "-c:a", "pcm_s24le"])
    case .aiff: return (tone, ["-ac", "2", "-c:a", "pcm_s16be"])
    case .mkaFLAC: return (tone, ["-ac", "2", "-c:a", "flac"])
    case .webmVorbis: return (tone48, ["-ac", "2", "-c:a", "libvorbis"])
    case .alac: return (tone, ["-ac", "2", "-c:a", "alac"])
    case .wma: return (tone, ["-c:a", "wmav2"])
    case .tsLateVideo:
      // The picture starts a second after the sound.
      return (
        Self.tone(48_000, seconds: 3) + ["-itsoffset", "1"] + Self.video,
        ["-map", "0", "-map", "1", "-c:a", "mp2"] + Self.x264
      )
    case .tsMidGOP:
      // Keyframes every 2 s; the rewrite cuts the file 0.6 s in, as a recording of a live
      // stream starts: the first picture that decodes is 1.4 s in.
      return (
        Self.tone(48_000, seconds: 4)
          + ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=4"],
        ["-map", "0", "-map", "1", "-c:a", "mp2"] + Self.x264 + ["-g", "50", "-sc_threshold", "0"]
      )
    default:
      return nil
    }
  }

  /// Where ffmpeg writes a file that ``rewrite(_:to:)`` then changes; `nil` for the others.
  func rewrittenSource(of path: String) -> String? {
    switch self {
    case .m4bNeroChapters, .tsMidGOP:
      path + ".source." + URL(fileURLWithPath: path).pathExtension
    default: nil
    }
  }

  /// Writes `path` from what ffmpeg wrote to `source`: the Nero file without its QuickTime
  /// chapter track, the recording from its cut.
  func rewrite(_ source: String, to path: String) throws {
    guard rewrittenSource(of: path) != nil else { return }
    var data = try Data(contentsOf: URL(fileURLWithPath: source))
    switch self {
    case .m4bNeroChapters: hideChapterTrack(&data)
    case .tsMidGOP:
      let cut = data.count * 15 / 100 / 188 * 188
      data = data.subdata(in: cut..<data.count)
    default: break
    }
    try data.write(to: URL(fileURLWithPath: path))
    try FileManager.default.removeItem(atPath: source)
  }
}

/// Turns an MP4's text (chapter) track and the `tref` boxes pointing at it into `free`
/// boxes, as in M4B files with only Nero (`chpl`) chapters; the sizes stay.
private func hideChapterTrack(_ data: inout Data) {
  let bytes = [UInt8](data)
  func children(_ range: Range<Int>) -> [(type: String, start: Int, body: Range<Int>)] {
    var found: [(type: String, start: Int, body: Range<Int>)] = []
    var offset = range.lowerBound
    while offset + 8 <= range.upperBound {
      let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      guard size >= 8, offset + size <= range.upperBound else { break }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      found.append((type, offset, (offset + 8)..<(offset + size)))
      offset += size
    }
    return found
  }
  func markFree(_ start: Int) {
    data.replaceSubrange((start + 4)..<(start + 8), with: Array("free".utf8))
  }
  guard let moov = children(0..<bytes.count).first(where: { $0.type == "moov" }) else { return }
  for trak in children(moov.body) where trak.type == "trak" {
    let mdia = children(trak.body).first { $0.type == "mdia" }
    let hdlr = mdia.flatMap { children($0.body).first { $0.type == "hdlr" } }
    if let hdlr,
      String(
        decoding: bytes[(hdlr.body.lowerBound + 8)..<(hdlr.body.lowerBound + 12)], as: UTF8.self)
        == "text"
    {
      markFree(trak.start)
    }
    for tref in children(trak.body) where tref.type == "tref" { markFree(tref.start) }
  }
}
