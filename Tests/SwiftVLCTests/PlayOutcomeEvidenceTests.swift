// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Outcomes decided from what the demuxer read and the decoders decoded, not from libVLC's
/// clock: real files whose clock stays still end `.ended`, files nothing could decode fail
/// naming the codec, cut files still fail.
@Suite("Play outcomes from evidence", .sharesTheMachine)
@MainActor
struct PlayOutcomeEvidenceTests {
  /// Plays `path` on `instance` to its outcome; returns the player, ended or failed.
  func played(_ path: String, on instance: VLCInstance, limit: Duration = .seconds(30))
    async throws -> Player
  {
    let player = Player(instance: instance)
    let events = player.events
    try player.play(Media(path: path, instance: instance))
    _ = try await collectEvents(events, within: limit) {
      $0 == .stateChanged(.ended) || $0 == .stateChanged(.error)
    }
    return player
  }

  /// Plays the first `numerator`/`denominator` of `whole`'s bytes, as a download cut short
  /// leaves it, and returns the reason it failed with ("ended early at …"), or records an
  /// issue and returns `nil` when it did not fail so.
  func earlyEnd(
    of whole: String, keeping numerator: Int, in denominator: Int, media: GeneratedMedia,
    on instance: VLCInstance
  ) async throws -> String? {
    let data = try Data(contentsOf: URL(fileURLWithPath: whole))
    let name = URL(fileURLWithPath: whole).lastPathComponent
    let cut = media.folder.appendingPathComponent("cut-" + name)
    try data.prefix(data.count * numerator / denominator).write(to: cut)
    let player = try await played(cut.path, on: instance)
    guard case .failed(.playbackFailed(let reason)) = player.outcome else {
      Issue.record("\(name): outcome \(String(describing: player.outcome))")
      return nil
    }
    #expect(reason.hasPrefix("ended early at "), "\(reason)")
    return reason
  }

  /// Its first 4 KiB are the tag's picture: the end read them alone and named no container,
  /// and a file that decoded nothing (its audio turned off) was "not a media file".
  @Test("an MP3 behind a large cover picture, its audio turned off, ends as asked")
  func coveredMP3WithoutAudio() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await media.make(
      "covered.mp3",
      [
        "-f", "lavfi", "-i", "sine=d=2", "-f", "lavfi", "-i",
        "nullsrc=s=320x240:d=0.04,geq=random(1)*255:128:128", "-map", "0", "-map", "1",
        "-c:a", "libmp3lame", "-c:v", "png", "-frames:v", "1", "-id3v2_version", "3",
        "-disposition:v", "attached_pic",
      ])
    #expect(
      FileHeaders.id3Length(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) > 16_384)
    let instance = try VLCInstance(arguments: ["--no-audio", "--no-video"])
    let player = try await played(path, on: instance)
    #expect(player.outcome == .ended, "\(String(describing: player.outcome))")
  }

  @Test(
    "an instance without outputs plays a chaptered M4A unpaced to .ended, chapters listed")
  func unpacedInstance() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await chapteredM4A(in: media)
    let instance = try VLCInstance(arguments: ["--no-audio", "--no-video"])
    let player = try await played(path, on: instance)
    #expect(player.outcome == .ended)
    // Read from the file just after the end: libVLC's input ended before it listed them.
    try await waitUntil("the chapters", within: .seconds(5)) { !player.chapters.isEmpty }
    #expect(player.chapters.map(\.name) == ["Intro", "Main"])
  }

  @Test("a DSF file, which no decoder of this libVLC reads, fails naming DSD")
  func dsdFails() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = media.folder.appendingPathComponent("silence.dsf")
    try dsfSilence(seconds: 1).write(to: path)
    // Bounded: nothing is decoded, so nothing paces the input.
    let player = try await played(path.path, on: try headlessInstance(), limit: .seconds(10))
    guard case .failed(let error) = player.outcome else {
      Issue.record("outcome \(String(describing: player.outcome))")
      return
    }
    #expect("\(error)".contains("no decoder for DSD"), "\(error)")
  }

  @Test("a MIDI file, which no synthesizer of this libVLC plays, fails naming MIDI")
  func midiFails() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = media.folder.appendingPathComponent("note.mid")
    try midiNote().write(to: path)
    let player = try await played(path.path, on: try headlessInstance(), limit: .seconds(10))
    guard case .failed(let error) = player.outcome else {
      Issue.record("outcome \(String(describing: player.outcome))")
      return
    }
    #expect("\(error)".contains("no decoder for MIDI"), "\(error)")
  }

  @Test(
    "a file played with its only stream turned off ends .ended though libVLC's clock stays 0")
  func clockStaysStill() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await media.make(
      "tone.m4a", GeneratedMedia.audio(silent: false, seconds: 12) + ["-c:a", "aac"])
    let instance = try headlessInstance()
    let player = Player(instance: instance)
    let events = player.events
    let file = try Media(path: path, instance: instance)
    file.addOption(":no-audio")
    try player.play(file)
    _ = try await collectEvents(events) {
      $0 == .stateChanged(.ended) || $0 == .stateChanged(.error)
    }
    #expect(player.outcome == .ended)
  }

  @Test("a cut file still fails as ended early, at the point it reached")
  func cutFileFails() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let whole = try await media.make(
      "whole.m4a",
      GeneratedMedia.audio(silent: false, seconds: 10) + [
        "-c:a", "aac", "-movflags", "+faststart",
      ])
    let reason = try await earlyEnd(
      of: whole, keeping: 1, in: 2, media: media, on: try headlessInstance())
    #expect(reason?.contains("of 10.0 s") == true, "\(reason ?? "")")
  }

  /// libVLC 3's MP4 demuxer ends this one (index first, cut at half its bytes) within 0.1 s,
  /// before its clock moved, having read the whole file: it "ended" while a recording of it
  /// failed as ended early at 1.0 s and a probe called it cut short.
  @Test("a cut file whose end comes before the clock moved fails as ended early")
  func cutBeforeClock() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let whole = try await media.make(
      "whole.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i", "sine",
        "-t", "2", "-c:v", "libx264", "-g", "25", "-c:a", "aac", "-movflags", "+faststart",
      ])
    let reason = try await earlyEnd(
      of: whole, keeping: 1, in: 2, media: media, on: try headlessInstance())
    #expect(reason?.contains("of 2.0 s") == true, "\(reason ?? "")")
  }

  /// An AVI cut before its index (`idx1`, written last): libVLC 3 gives no length, and its
  /// positions are shares of the bytes (1.0 at the cut). It "ended", with no length, while a
  /// probe said 6.040 s and the file cut short, and a recording ended early at 1.0 s.
  @Test("an AVI cut before its index has its headers' length and fails as ended early")
  func cutAVI() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let whole = try await media.make(
      "clip.avi",
      [
        "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i", "sine",
        "-t", "6", "-c:v", "mpeg4", "-c:a", "libmp3lame",
      ])
    let instance = try headlessInstance()
    #expect(try await played(whole, on: instance).outcome == .ended)
    let reason = try await earlyEnd(of: whole, keeping: 3, in: 10, media: media, on: instance)
    #expect(reason?.contains("of 6.0 s") == true, "\(reason ?? "")")
  }

  /// An MP3 cut short keeps its Xing/Info header, which counts the stream's frames and
  /// bytes: it passed for a whole 1.8 s file everywhere (probe counted the frames there are),
  /// where ffprobe and mediainfo say 6.024 s. A WAV keeps its `data` chunk's size; libVLC 3
  /// gives the length of what it holds, and a player's end 0.3 s before it "ended early at
  /// 1.5 s of 1.8 s" while a recording of it ended well. A FLAC file declares its samples,
  /// not its bytes: its last frame's header says where its data end (no probe noted it cut).
  @Test(
    "an MP3, WAV or FLAC cut short has its header's length, is noted cut, and ends early",
    arguments: [("tune.mp3", "libmp3lame"), ("tune.wav", "pcm_s16le"), ("tune.flac", "flac")])
  func cutAudio(name: String, codec: String) async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let whole = try await media.make(
      name, GeneratedMedia.audio(silent: false, seconds: 6) + ["-c:a", codec])
    let instance = try headlessInstance()
    let info = try await Media(path: whole, instance: instance).parse(timeout: .seconds(10))
    #expect(!info.unknowns.contains(ContainerExtent.cutShort))
    let reason = try await earlyEnd(of: whole, keeping: 3, in: 10, media: media, on: instance)
    #expect(reason?.contains("of 6.0 s") == true, "\(reason ?? "")")
    let cut = media.folder.appendingPathComponent("cut-" + name).path
    let cutInfo = try await Media(path: cut, instance: instance).parse(timeout: .seconds(10))
    #expect(cutInfo.unknowns.contains(ContainerExtent.cutShort), "\(cutInfo.unknowns)")
    #expect(cutInfo.duration == info.duration, "\(String(describing: cutInfo.duration))")
    #expect(ContainerExtent.read(path: whole).isComplete == true)
  }

  /// Short files whose container names more bytes than they hold: the end's gap to the
  /// length is under the 2 s libVLC may stop short of a whole file, but the file is known cut.
  @Test(
    "a short file cut at three quarters fails as ended early; whole, it ends",
    arguments: ["clip.mkv", "clip.mp4"])
  func shortCutFileFails(name: String) async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let whole = try await media.make(
      name,
      GeneratedMedia.video(seconds: 3)
        + (name.hasSuffix(".mp4") ? ["-movflags", "+faststart"] : []))
    let instance = try headlessInstance()
    #expect(try await played(whole, on: instance).outcome == .ended)
    _ = try await earlyEnd(of: whole, keeping: 3, in: 4, media: media, on: instance)
  }

  @Test("decoded depth: files with no decodable stream are unplayable with the reason, at once")
  func decodedDepthUndecodable() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let dsf = media.folder.appendingPathComponent("silence.dsf")
    try dsfSilence(seconds: 1).write(to: dsf)
    let midi = media.folder.appendingPathComponent("note.mid")
    try midiNote().write(to: midi)
    let cut = media.folder.appendingPathComponent("cut.mp4")
    let seek = try Data(contentsOf: URL(fileURLWithPath: Fixture.seekMP4.path))
    try seek.prefix(seek.count / 3).write(to: cut)
    // A timeout far above what the passes take: a pass that waited for it says so in its
    // unknowns ("did not all report before the time limit").
    let probe = try BatchProbe(instances: 2, timeout: .seconds(60), depth: .decoded)
    for result in await probe.probe([dsf, midi, cut]) {
      let info = try result.outcome.get()
      // The cut file decodes its first second: playable, its pass ended by the read-through.
      guard result.source != cut else { continue }
      #expect(
        !info.unknowns.contains { $0.contains("time limit") },
        "\(result.source.lastPathComponent): \(info.unknowns)")
      #expect(!info.isPlayable, "\(result.source.lastPathComponent)")
      #expect(
        info.unknowns.contains {
          $0.contains("cannot decode") || $0.contains("decoded nothing")
            || $0.contains("no decoder for")
        }, "\(result.source.lastPathComponent): \(info.unknowns)")
    }
  }

  /// libVLC 3 read a DSD file through libavformat, packet by packet, to list a codec it could
  /// not name (`undf`); both depths now answer from the file's header, as ffprobe reads it.
  @Test("a DSD file is unplayable at both depths for want of a decoder, with its header's facts")
  func dsdFromHeader() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let dsf = media.folder.appendingPathComponent("silence.dsf")
    try dsfSilence(seconds: 2).write(to: dsf)
    let probed = try await runProgram(
      "ffprobe",
      [
        "-v", "error", "-show_entries", "stream=channels,sample_rate:format=duration", "-of",
        "default=nw=1", dsf.path,
      ])
    let fields = Dictionary(
      String(decoding: probed.stdout, as: UTF8.self).split(separator: "\n").compactMap {
        line -> (String, String)? in
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
      }, uniquingKeysWith: { first, _ in first })
    let instance = try headlessInstance()
    for depth in [ParseDepth.container, .decoded] {
      let info = try await Media(path: dsf.path, instance: instance).parse(depth: depth)
      #expect(!info.isPlayable, "\(depth)")
      #expect(info.unknowns == ["no decoder for DSD audio in this libVLC"], "\(depth)")
      #expect(info.container == "DSF")
      let track = try #require(info.tracks.first)
      #expect(info.tracks.count == 1 && track.codec == "dsd" && track.commonCodecName == "DSD")
      #expect(track.channels.map(String.init) == fields["channels"], "\(fields)")
      #expect(track.sampleRate.map(String.init) == fields["sample_rate"], "\(fields)")
      let seconds = try #require(info.duration).inMilliseconds / 1_000
      #expect(abs(seconds - (Double(fields["duration"] ?? "") ?? 0)) < 0.02, "\(fields)")
    }
    // A recording says the same (it tried libavformat's Matroska muxer: "cannot start the
    // file: Invalid argument"), and writes nothing.
    let copy = media.folder.appendingPathComponent("copy.mkv").path
    await #expect(
      throws: VLCError.parseFailed(
        reason:
          "no playable stream in \(dsf.absoluteString): no decoder for DSD audio in this libVLC")
    ) {
      try await Recording.record(
        Media(path: dsf.path, instance: instance), to: copy,
        options: RecordingOptions(container: .mkv))
    }
    #expect(!FileManager.default.fileExists(atPath: copy))
  }

  /// A 12 s AAC M4A with two chapters (QuickTime text chapters, as ffmpeg writes them).
  private func chapteredM4A(in media: GeneratedMedia) async throws -> String {
    let metadata = media.folder.appendingPathComponent("chapters.txt")
    let text =
      ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=6000\ntitle=Intro\n"
      + "[CHAPTER]\nTIMEBASE=1/1000\nSTART=6000\nEND=12000\ntitle=Main\n"
    try text.write(to: metadata, atomically: true, encoding: .utf8)
    return try await media.make(
      "chapters.m4a",
      [
        "-f", "lavfi", "-i", "sine=f=440:r=48000", "-i", metadata.path, "-map", "0:a",
        "-map_chapters", "1", "-t", "12", "-c:a", "aac",
      ])
  }
}

/// A DSF file (Sony's DSD stream file, DSF 1.01) of stereo 2.8224 MHz DSD silence (the
/// 0x69 idle pattern), written by hand: ffmpeg reads DSF but writes none.
func dsfSilence(seconds: Int) -> Data {
  let blockSize = 4096
  let bytesPerChannel = 2_822_400 / 8 * seconds
  let blocks = (bytesPerChannel + blockSize - 1) / blockSize
  let dataSize = blocks * blockSize * 2
  var data = Data()
  func u32(_ value: Int) {
    withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) }
  }
  func u64(_ value: Int) {
    withUnsafeBytes(of: UInt64(value).littleEndian) { data.append(contentsOf: $0) }
  }
  data.append(contentsOf: Array("DSD ".utf8))
  u64(28)
  u64(28 + 52 + 12 + dataSize)
  u64(0)  // no metadata chunk
  data.append(contentsOf: Array("fmt ".utf8))
  u64(52)
  u32(1)  // format version
  u32(0)  // DSD raw
  u32(2)  // channel type: stereo
  u32(2)  // channels
  u32(2_822_400)
  u32(1)  // bits per sample: LSB first
  u64(bytesPerChannel * 8)  // samples per channel
  u32(blockSize)
  u32(0)
  data.append(contentsOf: Array("data".utf8))
  u64(12 + dataSize)
  data.append(Data(repeating: 0x69, count: dataSize))
  return data
}

/// A standard MIDI file (format 0, 96 ticks a quarter note): middle C held for four quarter
/// notes, 2 s at the default 120 beats a minute.
func midiNote() -> Data {
  let track: [UInt8] = [
    0x00, 0x90, 0x3C, 0x40,  // note on
    0x83, 0x00, 0x80, 0x3C, 0x40,  // 384 ticks later, note off
    0x00, 0xFF, 0x2F, 0x00,  // end of track
  ]
  var data = Data(Array("MThd".utf8))
  data.append(contentsOf: [0, 0, 0, 6, 0, 0, 0, 1, 0, 96])
  data.append(contentsOf: Array("MTrk".utf8))
  data.append(contentsOf: [0, 0, 0, UInt8(track.count)])
  data.append(contentsOf: track)
  return data
}
