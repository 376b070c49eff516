// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// A recording is a faithful copy: each output container × source, compared stream by stream
/// with ffprobe (order, codecs, languages, titles, dispositions, chapters, global title).
@Suite("Recording fidelity", .sharesTheMachine)
struct RecordingFidelityTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// One expected output stream: kind, codec, language, title, default, forced.
  struct Expected: CustomStringConvertible {
    var kind: String
    var codec: String
    var language: String?
    var title: String?
    var isDefault: Bool?
    var isForced: Bool?
    var description: String { "\(kind) \(codec) \(language ?? "-") \(title ?? "-")" }
  }

  /// A 3 s 160×120 picture and a tone, with `extra` inputs after them (inputs 2…).
  static func videoWith(_ extra: [String]) -> [String] {
    ["-f", "lavfi", "-i", "testsrc2=s=160x120:r=25", "-f", "lavfi", "-i", "sine=f=330"] + extra
      + ["-t", "3", "-pix_fmt", "yuv420p", "-preset", "veryfast"]
  }

  /// Video, English mono AAC ("English mono", default), French stereo AC3 ("Français"), an
  /// English SRT ("English subs") and a Japanese ASS (forced), two chapters, a title and an
  /// artist: the source of issue 32.
  static func makeMKV(_ generated: GeneratedMedia) async throws -> String {
    let folder = generated.folder
    let srt = folder.appendingPathComponent("en.srt")
    try "1\n00:00:00,500 --> 00:00:02,000\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n"
      .write(to: srt, atomically: true, encoding: .utf8)
    let ass = folder.appendingPathComponent("ja.ass")
    try GeneratedMedia.writeASS(to: ass, from: "0:00:01.00", to: "0:00:02.50", text: "こんにちは")
    let meta = folder.appendingPathComponent("meta.txt")
    try """
    ;FFMETADATA1
    title=Fidelity
    artist=SwiftVLC
    [CHAPTER]
    TIMEBASE=1/1000
    START=0
    END=2000
    title=One
    [CHAPTER]
    TIMEBASE=1/1000
    START=2000
    END=4000
    title=Two

    """.write(to: meta, atomically: true, encoding: .utf8)
    return try await generated.make(
      "fidelity.mkv",
      [
        "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=4", "-f", "lavfi", "-i",
        "sine=f=440:duration=4", "-f", "lavfi", "-i", "sine=f=660:duration=4", "-i", srt.path,
        "-i", ass.path, "-i", meta.path, "-map", "0", "-map", "1", "-map", "2", "-map", "3",
        "-map", "4", "-map_metadata", "5", "-map_chapters", "5", "-c:v", "libx264", "-g", "25",
        "-c:a:0", "aac", "-ac:a:0", "1", "-c:a:1", "ac3", "-ac:a:1", "2", "-c:s:0", "srt",
        "-c:s:1", "ass", "-metadata:s:a:0", "language=eng", "-metadata:s:a:0",
        "title=English mono", "-metadata:s:a:1", "language=fre", "-metadata:s:a:1",
        "title=Français", "-metadata:s:s:0", "language=eng", "-metadata:s:s:0",
        "title=English subs", "-metadata:s:s:1", "language=jpn", "-disposition:a:0", "default",
        "-disposition:a:1", "0", "-disposition:s:0", "0", "-disposition:s:1", "forced",
      ])
  }

  @Test(
    "an MKV with two audio, two subtitle tracks and chapters keeps them",
    arguments: [
      OutputContainer.mkv, .mp4, .ts,
    ])
  func matroskaSource(_ container: OutputContainer) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await Self.makeMKV(generated)
    let (result, probe) = try await Self.record(source, container, instance: instance)
    var expected = [
      Expected(kind: "video", codec: "h264"),
      Expected(
        kind: "audio", codec: "aac", language: "eng", title: "English mono", isDefault: true),
      Expected(kind: "audio", codec: "ac3", language: "fre", title: "Français", isDefault: false),
    ]
    switch container {
    case .mkv:
      expected += [
        Expected(kind: "subtitle", codec: "subrip", language: "eng", title: "English subs"),
        Expected(kind: "subtitle", codec: "ass", language: "jpn", isForced: true),
      ]
    case .mp4:
      expected += [
        // No subtitle default, as in the source: libavformat's muxer enables the first.
        Expected(kind: "subtitle", codec: "mov_text", language: "eng", isDefault: false),
        Expected(
          kind: "subtitle", codec: "mov_text", language: "jpn", isDefault: false, isForced: true),
      ]
    case .ts:
      #expect(result.droppedTracks.map(\.language) == ["eng", "jpn"])
      #expect(
        result.droppedReasons == [
          "MPEG-TS cannot hold SubRip subtitle", "MPEG-TS cannot hold ASS (Advanced SSA) subtitle",
        ])
      #expect(result.droppedChapters == 2)
      // What MPEG-TS cannot keep of what it holds is named too; the default flag of the first
      // audio track is not (players pick it anyway), nor the title (the service's name).
      let fields = result.droppedFields.map { field in
        let owner = field.track.map { "\($0.kind) \($0.language ?? "-")" } ?? "file"
        return "\(owner) \(field.name)=\(field.value): \(field.reason)"
      }
      #expect(
        fields == [
          "audio eng title=English mono: MPEG-TS keeps no track title",
          "audio fre title=Français: MPEG-TS keeps no track title",
          "file artist=SwiftVLC: MPEG-TS keeps no artist metadata",
        ])
    }
    // MPEG-TS has no place for titles or default/forced flags.
    Self.expectStreams(
      probe, expected, titles: container == .mkv, handlers: container == .mp4,
      flags: container != .ts)
    if container != .ts {
      #expect(result.droppedTracks.isEmpty)
      // The Japanese ASS track becomes mov_text in MP4, without its styling.
      #expect(
        result.droppedFields.map { "\($0.name)=\($0.value)" }
          == (container == .mp4 ? ["styling=ASS"] : []), "\(result.droppedFields)")
      #expect(probe.chapters.map(\.title) == ["One", "Two"])
      #expect(probe.chapters.map(\.start) == [0, 2])
      #expect(probe.title == "Fidelity")
    }
  }

  @Test(
    "a Matroska track marked unusable stays so: FlagEnabled in Matroska, the track's enabled flag in MP4, named in MPEG-TS",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mkvpropedit"),
      "mkvpropedit is not installed"))
  func unusableTrack() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let scratch = try ScratchDirectory("fidelity-unusable")
    defer { scratch.remove() }
    let source = try await generated.make(
      "unusable.mkv",
      Self.videoWith(["-f", "lavfi", "-i", "sine=f=550"]) + [
        "-map", "0:v", "-map", "1:a", "-map", "2:a", "-c:v", "libx264", "-c:a", "aac",
        "-metadata:s:a:1", "language=fre", "-disposition:a:1", "default",
      ])
    // The French track, default too, marked unusable (libavformat's demuxer ignores the mark),
    // and a cover (libavformat's attached picture, a video stream after the tracks).
    let cover = try await generated.make(
      "cover.jpg", ["-f", "lavfi", "-i", "testsrc=size=64x64", "-frames:v", "1"])
    let edited = try await runProgram(
      "mkvpropedit",
      [
        "-q", source, "--edit", "track:3", "--set", "flag-enabled=0", "--attachment-mime-type",
        "image/jpeg", "--add-attachment", cover,
      ])
    #expect(edited.status == 0, "\(edited.stderr)")
    for container in OutputContainer.allCases {
      let result = try await within(.seconds(30), "recording into \(container)") {
        try await Recording.record(
          try Media(path: source, instance: instance),
          to: scratch.path("out.\(container.fileExtension)"),
          options: RecordingOptions(container: container))
      }
      let enabled = result.droppedFields.filter { $0.name == "enabled" }
      switch container {
      case .mkv:
        // Our reader and mkvinfo agree: the mark was left out before.
        let entries = try #require(FileHeaders.read(path: result.path)?.matroskaTracks)
        #expect(entries.map(\.isEnabled) == [true, true, false])
        let info = try await runProgram("mkvinfo", [result.path])
        let text = String(decoding: info.stdout, as: UTF8.self)
        #expect(text.components(separatedBy: "\"Enabled\" flag: 0").count == 2, "\(text)")
        #expect(enabled.isEmpty)
      case .mp4:
        // libavformat's muxer enables the default audio track (the first, not default, not).
        #expect(try Self.mp4EnabledFlags(result.path) == [true, false, false])
        #expect(enabled.isEmpty)
      case .ts:
        #expect(enabled.map { "\($0.track?.language ?? "-")=\($0.value)" } == ["fre=no"])
        // The cover is named as itself, not as the source's only video (h264).
        #expect(result.droppedTracks.map(\.codec) == ["mjpeg"], "\(result.droppedReasons)")
      }
    }
  }

  /// Each track's "enabled" flag in the MP4 at `path` (its tkhd boxes, after its moov box).
  static func mp4EnabledFlags(_ path: String) throws -> [Bool] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let moov = try #require(
      bytes.indices.last { Array(bytes[$0..<min($0 + 4, bytes.count)]) == Array("moov".utf8) })
    return (moov..<(bytes.count - 8)).filter { Array(bytes[$0..<($0 + 4)]) == Array("tkhd".utf8) }
      .map { bytes[$0 + 7] & 1 == 1 }
  }

  @Test("a Matroska recording gives its video a frame duration, as the source had")
  func matroskaFrameDuration() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let scratch = try ScratchDirectory("fidelity-duration")
    defer { scratch.remove() }
    let source = try await Self.makeMKV(generated)
    let result = try await within(.seconds(30), "recording") {
      try await Recording.record(
        try Media(path: source, instance: instance), to: scratch.path("out.mkv"),
        options: RecordingOptions(container: .mkv))
    }
    // DefaultDuration (0x23E383): without it libVLC 3 stops its clock short of the end.
    let defaultDuration: [UInt8] = [0x23, 0xE3, 0x83]
    for path in [source, result.path] {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(64 << 10))
      let found = (0..<bytes.count - 3).contains {
        bytes[$0..<$0 + 3].elementsEqual(defaultDuration)
      }
      #expect(found, "\(path) has no DefaultDuration")
    }
  }

  @Test(
    "an MP4 with mov_text subtitles keeps them as the container's text",
    arguments: [
      OutputContainer.mkv, .mp4, .ts,
    ])
  func mp4Source(_ container: OutputContainer) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let srt = generated.folder.appendingPathComponent("fr.srt")
    try "1\n00:00:00,500 --> 00:00:02,000\nBonjour\n".write(
      to: srt, atomically: true, encoding: .utf8)
    // Chapters make ffmpeg add a QuickTime chapter track, which libavformat reads back as a
    // data stream and as the chapters; a track's title is its handler name in MP4.
    let meta = generated.folder.appendingPathComponent("chapters.txt")
    try ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1500\ntitle=Un\n[CHAPTER]\n"
      .appending("TIMEBASE=1/1000\nSTART=1500\nEND=3000\ntitle=Deux\n")
      .write(to: meta, atomically: true, encoding: .utf8)
    let source = try await generated.make(
      "movtext.mp4",
      Self.videoWith(["-i", srt.path, "-i", meta.path]) + [
        "-map", "0:v", "-map", "1:a", "-map", "2", "-map_chapters", "3", "-c:v", "libx264",
        "-c:a", "aac", "-c:s", "mov_text", "-metadata:s:a:0", "language=ger",
        "-metadata:s:a:0", "handler_name=Deutsch", "-metadata:s:s:0", "language=fre",
      ])
    let (result, probe) = try await Self.record(source, container, instance: instance)
    var expected = [
      Expected(kind: "video", codec: "h264"),
      Expected(kind: "audio", codec: "aac", language: "ger", title: "Deutsch"),
    ]
    switch container {
    case .mkv: expected.append(Expected(kind: "subtitle", codec: "subrip", language: "fre"))
    case .mp4: expected.append(Expected(kind: "subtitle", codec: "mov_text", language: "fre"))
    case .ts: #expect(result.droppedReasons == ["MPEG-TS cannot hold MOV text"])
    }
    // The chapter track is no lost stream: its chapters are kept (MPEG-TS holds none).
    if container != .ts {
      #expect(result.droppedTracks.isEmpty, "\(result.droppedReasons)")
      #expect(probe.chapters.map(\.title) == ["Un", "Deux"])
    }
    // Matroska names the audio track as MP4 did (its handler name; generic ones are not
    // names: the video's "VideoHandler" gives no title).
    Self.expectStreams(probe, expected, titles: container == .mkv)
  }

  @Test(
    "teletext in MPEG-TS stays in MPEG-TS and is named where it cannot go",
    arguments: [
      OutputContainer.ts, .mkv,
    ])
  func teletextSource(_ container: OutputContainer) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let teletext = try await RecordingBitmapSubtitleTests.scripted(
      generated, "teletext-ts.py", "teletext-only.ts", ["--seconds", "3"])
    let source = try await generated.make(
      "teletext.ts",
      Self.videoWith(["-i", teletext]) + [
        "-map", "0:v", "-map", "1:a", "-map", "2:0", "-c:v", "libx264", "-c:a",
        "mp2", "-c:s", "copy", "-metadata:s:a:0", "language=swe",
      ])
    let (result, probe) = try await Self.record(source, container, instance: instance)
    var expected = [
      Expected(kind: "video", codec: "h264"),
      Expected(kind: "audio", codec: "mp2", language: "swe"),
    ]
    if container == .ts {
      // Two teletext pages, both English: ffprobe lists one language per page.
      expected.append(Expected(kind: "subtitle", codec: "dvb_teletext", language: "eng,eng"))
    } else {
      #expect(result.droppedReasons == ["Matroska cannot hold DVB teletext"])
    }
    Self.expectStreams(probe, expected)
  }

  @Test(
    "an Ogg file's comments are the file's tags of its Matroska and MP4 copies",
    arguments: [OutputContainer.mkv, .mp4])
  func oggComments(container: OutputContainer) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.make(
      "tagged.opus",
      [
        "-f", "lavfi", "-i", "sine=duration=2", "-c:a", "libopus", "-metadata", "title=Song",
        "-metadata", "artist=Singer", "-metadata", "album=Record", "-metadata", "date=2016",
      ])
    let scratch = try ScratchDirectory("fidelity-ogg")
    defer { scratch.remove() }
    let result = try await within(.seconds(30), "recording \(container)") {
      try await Recording.record(
        try Media(path: source, instance: instance),
        to: scratch.path("out.\(container.fileExtension)"),
        options: RecordingOptions(container: container))
    }
    let tags = try await FFprobeReport.formatTags(result.path)
    // libavformat reads an Ogg file's comments as its stream's: the copy's file had none but
    // its encoder, and a probe of it no title, artist or date.
    #expect(tags["title"] == "Song" && tags["artist"] == "Singer", "\(tags)")
    #expect(tags["album"] == "Record" && tags["date"] == "2016", "\(tags)")
  }

  /// Records `source` to `container` in a scratch folder and probes the result.
  static func record(
    _ source: String, _ container: OutputContainer, instance: VLCInstance
  ) async throws -> (RecordingResult, FFprobeReport) {
    let scratch = try ScratchDirectory("fidelity")
    defer { scratch.remove() }
    let media = try Media(path: source, instance: instance)
    let result = try await within(.seconds(30), "recording \(container)") {
      try await Recording.record(
        media, to: scratch.path("out.\(container.fileExtension)"),
        options: RecordingOptions(container: container))
    }
    return (result, try await FFprobeReport.probe(result.path))
  }

  /// Checks the probed streams against `expected`, in order; MP4's chapter track (a data
  /// stream libavformat adds for QuickTime players) is not counted.
  static func expectStreams(
    _ probe: FFprobeReport, _ expected: [Expected], titles: Bool = false, handlers: Bool = false,
    flags: Bool = true
  ) {
    let streams = probe.streams.filter { $0.kind != "data" && $0.codec != "bin_data" }
    #expect(
      streams.map { "\($0.kind) \($0.codec) \($0.language ?? "-")" }
        == expected.map { "\($0.kind) \($0.codec) \($0.language ?? "-")" })
    for (stream, want) in zip(streams, expected) {
      if titles { #expect(stream.title == want.title, "\(want)") }
      if handlers, let title = want.title { #expect(stream.handler == title, "\(want)") }
      if flags, let isDefault = want.isDefault {
        #expect(stream.isDefault == isDefault, "\(want)")
      }
      if flags, let isForced = want.isForced { #expect(stream.isForced == isForced, "\(want)") }
    }
  }
}
