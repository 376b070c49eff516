// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

/// The probe oracle's corpus: small files (1–3 s) that ffmpeg writes at test time, one per
/// container case of issue 15. Each test gets its copy in its own temporary folder and
/// removes it afterwards.
enum ProbeCorpus: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case mp4 = "h264-aac-mono.mp4"
  case mp4TwoAudio = "h264-aac-stereo-mono.mp4"
  case mov = "h264-aac.mov"
  case mkv = "tracks-chapters.mkv"
  case mkvHEVC = "hevc-eac3-webvtt.mkv"
  case webm = "vp9-opus.webm"
  case tsOneProgram = "one-program.ts"
  case tsTwoPrograms = "two-programs.ts"
  case tsSharedVideo = "two-programs-one-video.ts"
  case tsWithoutNames = "two-programs-no-sdt.ts"
  case tsTwoLanguages = "one-program-two-languages.ts"
  case ogg = "theora-vorbis.ogg"
  case oggAudio = "vorbis-tags.ogg"
  case flac = "tagged.flac"
  case mp3CBR = "cbr64.mp3"
  case mp3VBR = "vbr-xing.mp3"
  case mp3VBRWithoutXing = "vbr-no-xing.mp3"
  case wav = "pcm.wav"
  case m4aMono = "aac-mono.m4a"
  case avi = "mpeg4-mp3.avi"
  // Real-world-like files of many encoders and containers (``realWorldRecipe(in:)``).
  case mp3ID3 = "id3-cbr128.mp3"
  case mp3Mono22k = "mono-22k.mp3"
  case mp3Shine = "shine-stereo.mp3"
  case adts = "adts.aac"
  case adts51 = "aac-5.1.aac"
  case m4a51 = "aac-5.1.m4a"
  case mp4AAC51 = "h264-aac-5.1.mp4"
  case m4bChapters = "book-chapters.m4b"
  case m4aQuickTimeChapters = "quicktime-chapters.m4a"
  case m4bNeroChapters = "nero-chapters.m4b"
  case threeGP = "aac-mono.3gp"
  case flacStereo = "stereo.flac"
  case flac51 = "5.1.flac"
  case opusStereo = "stereo.opus"
  case opusMono = "mono.opus"
  case vorbis51 = "vorbis-5.1.ogg"
  case speex = "speex.spx"
  case wavPack = "wavpack.wv"
  case tta = "tta.tta"
  case mkvSubtitlesOnly = "subtitles-only.mkv"
  case ac3 = "5.1.ac3"
  case eac3 = "stereo.eac3"
  case wav24 = "pcm24.wav"
  case aiff = "pcm.aiff"
  case mkaFLAC = "flac.mka"
  case webmVorbis = "vorbis.webm"
  case alac = "alac.m4a"
  case wma = "wma.wma"
  case tsLateVideo = "late-video.ts"
  case tsMidGOP = "recording-mid-gop.ts"
  // What more encoders write, and what this libVLC cannot play (``encoderRecipe(in:)``).
  case mp3VBRI = "vbri.mp3"
  case mp2TwoLAME = "twolame.mp2"
  case gsmWAV = "gsm.wav"
  case au = "pcm.au"
  case caf = "alac.caf"
  case musepack = "musepack.mpc"
  case wma1 = "wmav1.wma"
  case dts = "5.1.dts"
  case trueHD = "truehd.mka"
  case mkaOpusChapters = "opus-chapters.mka"
  case oggFLAC = "flac.oga"
  case speexStereo = "speex-32k-stereo.spx"
  case mp4TwoVideo = "two-video.mp4"
  case mkvVFR = "vfr.mkv"
  case tsInterlaced = "interlaced-mpeg2.ts"
  case m2ts = "bdav.m2ts"
  case hevc10 = "hevc-10bit.mp4"
  case av1 = "av1.mkv"
  case mjpegAVI = "mjpeg-pcm.avi"
  case flv = "flv1-mp3.flv"
  case mpegPS = "mpeg1.mpg"
  case mpeg2InMPEG1System = "mpeg2-in-mpeg1-system.mpg"
  case wmv = "wmv2-wma.wmv"
  case mp4Opus = "opus.mp4"
  case dsf = "dsd.dsf"
  case dff = "dsd.dff"
  case midi = "tune.mid"
  case mp4MP3 = "h264-mp3-mono.mp4"
  case tsMP2MP3 = "mpeg2-mp2-mp3.ts"

  var testDescription: String { rawValue }

  /// Writes the file into `folder` and returns its path. ffmpeg makes each file once per
  /// test process; later calls copy it (``MediaCache``).
  func make(in folder: URL) async throws -> String {
    let destination = folder.appendingPathComponent(rawValue)
    try await MediaCache.copy(.init(recipe: ["probe corpus", rawValue]), to: destination) {
      try await generate(in: $0)
    }
    return destination.path
  }

  /// Runs ffmpeg writing the file into `folder`, with what it reads (subtitles, chapters).
  private func generate(in folder: URL) async throws -> String {
    let path = folder.appendingPathComponent(rawValue).path
    if isHandMade {
      try handMade(at: path)
      return path
    }
    let recipe = realWorldRecipe(in: folder) ?? encoderRecipe(in: folder)
    var arguments =
      ["-hide_banner", "-loglevel", "error", "-y"] + (recipe?.inputs ?? inputs(in: folder))
    // What ffmpeg writes before a rewrite keeps the extension that chooses its muxer.
    let written =
      self == .tsWithoutNames
      ? path + ".full.ts"
      : rewrittenSource(of: path) ?? encodedSource.map { path + ".source." + $0 } ?? path
    // One encoder thread: the tests run beside others on a small machine.
    arguments += (recipe?.encoding ?? encoding) + ["-threads", "1", written]
    let output = try await runProgram("ffmpeg", arguments)
    guard output.status == 0 else {
      throw FFprobeFailed(path: path, message: "ffmpeg: \(output.stderr)")
    }
    try rewrite(written, to: path)
    if written != path, encodedSource != nil { try await rewriteEncoded(written, to: path) }
    if self == .tsWithoutNames {
      // ffmpeg always writes an SDT; dropping its packets (PID 0x11) leaves the programs
      // without names, as many captures are.
      try removeTransportPackets(pid: 0x11, from: path + ".full.ts", to: path)
    }
    return path
  }

  static let video = ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2"]
  static func tone(_ rate: Int, seconds: Int = 2) -> [String] {
    ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(rate):duration=\(seconds)"]
  }
  static let x264 = ["-c:v", "libx264", "-preset", "ultrafast"]

  private func inputs(in folder: URL) -> [String] {
    switch self {
    case .mp4, .mov, .webm, .ogg, .avi, .tsOneProgram: Self.video + Self.tone(48_000)
    case .mkv:
      Self.video + Self.tone(48_000) + Self.tone(44_100)
        + ["-i", subtitles(in: folder), "-i", subtitles(in: folder), "-i", chapters(in: folder)]
    case .mkvHEVC: Self.video + Self.tone(48_000) + ["-i", subtitles(in: folder)]
    case .mp4TwoAudio, .tsTwoLanguages, .tsSharedVideo:
      Self.video + Self.tone(48_000) + Self.tone(44_100)
    case .tsTwoPrograms, .tsWithoutNames:
      Self.video + Self.tone(48_000)
        + ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=2"] + Self.tone(44_100)
    case .oggAudio, .flac, .wav: Self.tone(48_000)
    case .mp3CBR, .mp3VBR, .mp3VBRWithoutXing: Self.tone(44_100, seconds: 3)
    case .m4aMono: Self.tone(44_100)
    default: []
    }
  }

  private var encoding: [String] {
    switch self {
    case .mp4:
      Self.x264 + [
        "-c:a", "aac", "-metadata", "title=MP4 Title", "-metadata:s:a:0", "language=eng",
      ]
    case .mov: Self.x264 + ["-c:a", "aac"]
    case .mp4TwoAudio:
      // The second track is mono; MP4 declares both as stereo, and only the first plays.
      ["-map", "0", "-map", "1", "-map", "2"] + Self.x264 + ["-c:a", "aac", "-ac:a:0", "2"]
        + ["-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fre"]
    case .tsTwoLanguages:
      ["-map", "0", "-map", "1", "-map", "2", "-c:v", "mpeg2video", "-c:a:0", "mp2"]
        + ["-c:a:1", "ac3", "-ac:a:1", "2"]
        + ["-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fre"]
    case .mkv:
      ["-map", "0", "-map", "1", "-map", "2", "-map", "3", "-map", "4"]
        + ["-map_metadata", "5", "-map_chapters", "5"] + Self.x264
        + ["-c:a:0", "aac", "-c:a:1", "ac3", "-ac:a:1", "6", "-c:s:0", "srt", "-c:s:1", "ass"]
        + ["-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fre"]
        + ["-metadata:s:a:1", "title=French 5.1"]
        + ["-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=ger"]
    case .mkvHEVC:
      ["-map", "0", "-map", "1", "-map", "2", "-c:v", "libx265", "-preset", "ultrafast"]
        + [
          "-x265-params", "log-level=none:pools=1:frame-threads=1", "-c:a", "eac3", "-ac", "2",
          "-c:s", "webvtt",
        ]
    case .webm:
      ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus"]
    case .tsOneProgram:
      ["-c:v", "mpeg2video", "-c:a", "mp2", "-metadata", "service_name=Channel One"]
        + ["-metadata", "service_provider=SwiftVLC"]
    case .tsTwoPrograms, .tsWithoutNames:
      ["-map", "0:v", "-map", "1:a", "-map", "2:v", "-map", "3:a"] + Self.x264
        + ["-c:a", "aac", "-program", "title=First:program_num=1:st=0:st=1"]
        + ["-program", "title=Second:program_num=2:st=2:st=3", "-metadata:s:a:1", "language=fra"]
    case .tsSharedVideo:
      // Both programs list the video's packet id: libVLC makes a stream of it per program.
      ["-map", "0:v", "-map", "1:a", "-map", "2:a"] + Self.x264
        + ["-c:a", "aac", "-program", "title=First:program_num=1:st=0:st=1"]
        + ["-program", "title=Second:program_num=2:st=0:st=2"]
    case .ogg: ["-c:v", "libtheora", "-c:a", "libvorbis"]
    case .oggAudio:
      ["-c:a", "libvorbis", "-metadata", "title=Ogg Audio", "-metadata", "artist=Someone"]
        // Vorbis-comment chapters: the last one's end is the media's (libVLC gives no length).
        + ["-metadata", "CHAPTER01=00:00:00.000", "-metadata", "CHAPTER01NAME=Start"]
        + ["-metadata", "CHAPTER02=00:00:01.200", "-metadata", "CHAPTER02NAME=Later"]
    case .flac: ["-c:a", "flac", "-metadata", "title=Lossless"]
    case .mp3CBR: ["-c:a", "libmp3lame", "-b:a", "64k"]
    case .mp3VBR: ["-c:a", "libmp3lame", "-q:a", "4"]
    case .mp3VBRWithoutXing: ["-c:a", "libmp3lame", "-q:a", "4", "-write_xing", "0"]
    case .wav: ["-c:a", "pcm_s16le"]
    case .m4aMono: ["-ac", "1", "-c:a", "aac"]
    case .avi: ["-c:v", "mpeg4", "-c:a", "libmp3lame"]
    default: []
    }
  }

  func subtitles(in folder: URL) -> String {
    let url = folder.appendingPathComponent("subtitles.srt")
    let text =
      "1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\nWorld\n"
    try? Data(text.utf8).write(to: url)
    return url.path
  }

  func chapters(in folder: URL) -> String {
    let url = folder.appendingPathComponent("chapters.txt")
    let text = """
      ;FFMETADATA1
      title=Chaptered
      [CHAPTER]
      TIMEBASE=1/1000
      START=0
      END=1000
      title=Intro
      [CHAPTER]
      TIMEBASE=1/1000
      START=1000
      END=2000
      title=Main

      """
    try? Data(text.utf8).write(to: url)
    return url.path
  }
}

/// Copies the 188-byte packets of a transport stream except those of `pid`.
private func removeTransportPackets(pid: Int, from source: String, to destination: String) throws {
  let data = try Data(contentsOf: URL(fileURLWithPath: source))
  var kept = Data(capacity: data.count)
  var offset = 0
  while offset + 188 <= data.count {
    let packet = data[offset..<offset + 188]
    let packetPID = Int(packet[offset + 1] & 0x1F) << 8 | Int(packet[offset + 2])
    if packetPID != pid { kept.append(packet) }
    offset += 188
  }
  try kept.write(to: URL(fileURLWithPath: destination))
}
