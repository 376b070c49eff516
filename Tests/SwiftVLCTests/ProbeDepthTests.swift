// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Issue 31 item 2: a file reads the same whether it is named or found in a folder, and a
/// decoded parse of a file libVLC cannot decode ends at once with the reason.
@Suite("Probe depths", .sharesTheMachine)
struct ProbeDepthTests {
  /// Files whose container-depth answers were wrong or missing before the file's own
  /// headers were read: FLAC (3 channels), mono and 5.1 AAC in MP4 (2), M4B chapters
  /// (none), a two-program TS (2 of 4 streams), one whose programs share a video (listed
  /// twice when decoded), raw AAC (no container, no duration).
  private static let files: [ProbeCorpus] = [
    .flacStereo, .flac51, .m4aMono, .m4a51, .mp4AAC51, .threeGP, .m4bChapters,
    .m4bNeroChapters, .m4aQuickTimeChapters, .tsTwoPrograms, .tsSharedVideo, .adts,
    .opusStereo, .tta,
  ]

  @Test("swiftvlc probe FOLDER and swiftvlc probe FILE print the same facts")
  func folderAndNamedFilesAgree() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-depths-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for file in Self.files { paths.append(try await file.make(in: folder)) }
    // The chapter and subtitle files ffmpeg read are not media.
    for name in ["chapters.txt", "subtitles.srt"] {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
    let listed = try await runTool(["probe", folder.path, "--json-lines"], within: .seconds(60))
    let named = try await runTool(["probe"] + paths + ["--json-lines"], within: .seconds(90))
    let byFolder = try reports(listed.stdoutLines)
    let byName = try reports(named.stdoutLines)
    #expect(byFolder.count == Self.files.count, "\(listed.stderrLines)")
    for path in paths {
      let container = try #require(byFolder[path], "\(path) not in the folder probe")
      let decoded = try #require(byName[path], "\(path) not named")
      compare(container, decoded, path: (path as NSString).lastPathComponent)
    }
  }

  /// What the container depth says equals what the decoded depth says; a fact it leaves
  /// out needs an "unknown" line.
  private func compare(_ listed: [String: Any], _ named: [String: Any], path: String) {
    let unknown = (listed["unknown"] as? [String]) ?? []
    #expect(listed["error"] == nil && named["error"] == nil, "\(path)")
    // In the tool's words, as its text lines give them (JSON had the library's "depth .decoded").
    #expect(!unknown.contains { $0.contains("depth .decoded") }, "\(path): \(unknown)")
    #expect(listed["container"] as? String == named["container"] as? String, "\(path) container")
    let durations = [listed, named].map { $0["durationMs"] as? Int }
    if let first = durations[0], let second = durations[1] {
      #expect(abs(first - second) <= 50, "\(path) duration \(first) / \(second) ms")
    } else {
      #expect(durations[0] != nil || !unknown.isEmpty, "\(path): no duration, no unknown line")
    }
    let chapters = [listed, named].map { ($0["chapters"] as? [[String: Any]]) ?? [] }
    #expect(
      chapters[0].map { $0["name"] as? String } == chapters[1].map { $0["name"] as? String },
      "\(path) chapters")
    #expect(chapters[0].map { $0["startMs"] as? Int } == chapters[1].map { $0["startMs"] as? Int })
    let programs = [listed, named].map { ($0["programs"] as? [[String: Any]]) ?? [] }
    #expect(
      programs[0].map { "\($0["trackIds"] ?? "-")" }
        == programs[1].map { "\($0["trackIds"] ?? "-")" },
      "\(path) programs")
    let tracks = [listed, named].map { ($0["tracks"] as? [[String: Any]]) ?? [] }
    #expect(tracks[0].count == tracks[1].count, "\(path) tracks")
    for (ours, theirs) in zip(tracks[0], tracks[1]) {
      // A language is never left to the decoders (the second program's, from its PMT).
      #expect(
        ours["language"].map { "\($0)" } == theirs["language"].map { "\($0)" },
        "\(path) track \(ours["id"] ?? "?") language")
      for key in ["kind", "format", "channels", "sampleRate", "width", "height"] {
        let value = ours[key].map { "\($0)" }
        #expect(
          value == theirs[key].map { "\($0)" } || value == nil && !unknown.isEmpty,
          "\(path) track \(ours["id"] ?? "?") \(key): \(value ?? "none") / \(theirs[key] ?? "none")"
        )
      }
    }
  }

  private func reports(_ lines: [String]) throws -> [String: [String: Any]] {
    var found: [String: [String: Any]] = [:]
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      if let source = object["source"] as? String { found[source] = object }
    }
    return found
  }

  @Test("a decoded parse of a file libVLC cannot decode ends at once, saying why")
  func undecodableEndsAtOnce() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    // Sonic: an experimental codec ffmpeg writes into Matroska and libVLC 3 does not know.
    let path = try await media.make(
      "sonic.mkv",
      ["-f", "lavfi", "-i", "sine=sample_rate=44100:duration=2", "-c:a", "sonic", "-strict", "-2"])
    let instance = try headlessInstance()
    let start = ContinuousClock.now
    let info = try await within(.seconds(30), "parsing sonic.mkv") {
      try await Media(path: path, instance: instance).parse(
        timeout: .seconds(20), depth: .decoded)
    }
    let elapsed = ContinuousClock.now - start
    #expect(elapsed < .seconds(8), "took \(elapsed) of a 20 s time limit")
    #expect(!info.isPlayable)
    #expect(info.unknowns.contains { $0.contains("could not identify codec") }, "\(info.unknowns)")
  }

  @Test("a cut file with no stream fails with the same words at both depths")
  func cutFileSameWords() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let whole = try await media.make(
      "whole.ogv", ["-f", "lavfi", "-i", "testsrc=s=64x64:d=1", "-c:v", "libtheora"])
    // The first page only: the container is known, no stream is.
    let cut = media.folder.appendingPathComponent("cut.ogv")
    try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(200).write(to: cut)
    var lines: [String] = []
    for depth in ["container", "decoded"] {
      let run = try await runTool(["probe", "--depth", depth, cut.path], within: .seconds(30))
      #expect(run.status == 1)
      lines += run.stderrLines
    }
    // The container depth added "chapters: libVLC 3 reads Ogg chapters only while playing";
    // both name the cut (its first page runs past the file's end).
    let expected =
      "swiftvlc: probe: could not parse media: no playable stream in \(cut.path): "
      + ContainerExtent.cutShortUndeclared
    #expect(lines == [expected, expected], "\(lines)")
  }

  @Test("a decoded parse of one picture, and of a TS program without sound, ends at once")
  func decodersThatNeverReport() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let picture = ["-f", "lavfi", "-i", "testsrc2=s=64x48:r=25", "-c:v", "libx264"]
    let one = try await media.make("one.mp4", picture + ["-frames:v", "1"])
    // Sound in the first program only: the media lists it for the second too.
    let programs = try await media.make(
      "programs.ts",
      [
        "-f", "lavfi", "-i", "testsrc2=s=64x48:r=25:d=2", "-f", "lavfi", "-i",
        "testsrc2=s=96x48:r=25:d=2", "-f", "lavfi", "-i", "sine=d=2", "-map", "0", "-map", "1",
        "-map", "2", "-c:v", "libx264", "-c:a", "mp2", "-program", "st=0:st=2", "-program",
        "st=1",
      ])
    let instance = try headlessInstance()
    for path in [one, programs] {
      // Each took the whole limit: no picture of one frame comes out (the repeat flushes
      // it), and the second program's pass waited for the first's sound.
      let info = try await within(.seconds(10), "a decoded parse of \(path)") {
        try await Media(path: path, instance: instance).parse(
          timeout: .seconds(20), depth: .decoded)
      }
      #expect(info.isPlayable, "\(path)")
      #expect(info.tracks.contains { $0.kind == .video && $0.width == 64 }, "\(path)")
    }
  }

  @Test(
    "a still picture has no duration or frame rate, says why, and names its format",
    arguments: [
      ("png", "png", "PNG"), ("jpg", "jpeg", "JPEG"), ("gif", "gif", "GIF"),
      ("tif", "tiff", "TIFF"),
    ])
  func stillPicture(_ picture: (extension: String, codec: String, format: String)) async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let file = try await media.make(
      "still.\(picture.extension)", ["-f", "lavfi", "-i", "testsrc2=s=320x240", "-frames:v", "1"])
    let server = try await TestServer(root: URL(fileURLWithPath: file).deletingLastPathComponent())
    defer { server.stop() }
    let name = URL(fileURLWithPath: file).lastPathComponent
    // The same picture from a file and from a server, at both depths: one answer (at
    // container depth, as a folder probe reads it, it was "container unknown", 10 s, RV24).
    let sources = [file, server.url("files/\(name)").absoluteString]
    for (source, depth) in sources.flatMap({ s in [ParseDepth.container, .decoded].map { (s, $0) } }
    ) {
      let media =
        source.hasPrefix("/")
        ? try Media(path: source, instance: headlessInstance())
        : try Media(url: URL(string: source)!, instance: headlessInstance())
      let info = try await within(.seconds(20), "a \(depth) parse of \(source)") {
        try await media.parse(timeout: .seconds(10), network: true, depth: depth)
      }
      #expect(info.container == "Image", "\(source) \(depth)")
      // It was 10 s at 10 fps, 8 kb/s: libVLC's image demuxer's defaults, shown as the file's.
      #expect(info.duration == nil && info.bitrate == nil, "\(source)")
      #expect(info.tracks.map(\.frameRate) == [nil], "\(source)")
      #expect(info.unknowns.contains { $0.contains("a still picture") }, "\(info.unknowns)")
      // It was "RV24" ("24 bits RGB"), the picture libVLC's demuxer decodes it into (over
      // HTTP too, where the format was read from local files only).
      #expect(info.tracks.map(\.codec) == [picture.codec], "\(source)")
      #expect(info.tracks.map(\.commonCodecName) == [picture.format], "\(source)")
    }
  }
}
