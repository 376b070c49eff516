// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Files over HTTP read at container depth as local ones are: an MP4's `moov`, Matroska
/// chapters.
extension MediaParseDepthTests {
  @Test("an MP4 over HTTP probes at container depth as the file does: channels, chapters, tracks")
  func remoteMovie() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let metadata = media.folder.appendingPathComponent("chapters.txt")
    try ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1500\ntitle=Start\n"
      .appending("[CHAPTER]\nTIMEBASE=1/1000\nSTART=1500\nEND=3000\ntitle=End\n")
      .write(to: metadata, atomically: true, encoding: .utf8)
    let inputs = [
      "-f", "lavfi", "-i", "testsrc2=s=64x48:r=25:d=3", "-f", "lavfi", "-i", "sine=d=3", "-i",
      metadata.path, "-map", "0", "-map", "1", "-map_chapters", "2", "-c:v", "libx264", "-c:a",
      "aac",
    ]
    // The index after the data (ffmpeg's default), and before it.
    let atEnd = try await media.make("end.mp4", inputs)
    _ = try await media.make("start.mp4", inputs + ["-movflags", "+faststart"])
    let local = try await parse(try Media(path: atEnd, instance: instance), depth: .container)
    #expect(local.tracks.map(\.channels) == [nil, 1])
    #expect(local.chapters.map(\.name) == ["Start", "End"])
    let ranged = try await TestServer(root: media.folder)
    defer { ranged.stop() }
    let plain = try await TestServer(plainServing: media.folder)  // no range requests
    defer { plain.stop() }
    // libVLC's preparse said stereo (the sample entry's 2) and no chapters; over a server
    // without ranges it listed each track twice. (There libavformat's demuxer, which then
    // plays it, lists the chapter track as a subtitle too: so does a player.)
    for url in [
      ranged.url("files/end.mp4"), ranged.url("files/start.mp4"), plain.url("start.mp4"),
    ] {
      let remote = try await parse(
        try Media(url: url, instance: instance), depth: .container, network: true)
      let expected: [TrackKind] =
        url == plain.url("start.mp4") ? [.video, .audio, .subtitle] : [.video, .audio]
      #expect(remote.tracks.map(\.kind) == expected, "\(url): \(remote.tracks)")
      #expect(remote.tracks.filter { $0.kind == .audio }.map(\.channels) == [1], "\(url)")
      #expect(remote.chapters == local.chapters, "\(url)")
    }
  }

  @Test("an MP4 with MP3 from a server without ranges lists each track once at both depths")
  func remoteMovieWithoutRanges() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    _ = try await media.make(
      "mp3.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=s=64x48:r=25:d=3", "-f", "lavfi", "-i", "sine=d=3",
        "-c:v", "libx264", "-c:a", "libmp3lame", "-movflags", "+faststart",
      ])
    let plain = try await TestServer(plainServing: media.folder)  // no range requests
    defer { plain.stop() }
    for depth in [ParseDepth.container, .decoded] {
      let remote = try await parse(
        try Media(url: plain.url("mp3.mp4"), instance: instance), depth: depth, network: true)
      // libVLC's MP4 demuxer's set (mpga) and libavformat's (mp3) were both listed: four
      // tracks at container depth, three (its audio only) at decoded depth.
      #expect(remote.tracks.map(\.kind) == [.video, .audio], "\(depth): \(remote.tracks)")
      #expect(remote.tracks.last?.codec == "mp3", "\(depth)")
    }
  }

  @Test(
    "Matroska chapters over HTTP are read at container depth: at the start, and at the end",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mkvpropedit")))
  func remoteMatroskaChapters() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let metadata = media.folder.appendingPathComponent("chapters.txt")
    try ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=4000\ntitle=Start\n"
      .appending("[CHAPTER]\nTIMEBASE=1/1000\nSTART=4000\nEND=6000\ntitle=Later\n")
      .write(to: metadata, atomically: true, encoding: .utf8)
    // ffmpeg writes the chapters before the first cluster.
    _ = try await media.make(
      "front.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25:d=6", "-i", metadata.path, "-map", "0",
        "-map_chapters", "1", "-c:v", "libx264",
      ])
    // mkvpropedit adds them at the end of a file with no room before; its noise makes it
    // 4 MB, so they are past the first MiB read.
    let back = try await media.make(
      "back.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=6", "-vf", "noise=alls=40:allf=t",
        "-c:v", "libx264",
      ])
    let xml = media.folder.appendingPathComponent("chapters.xml")
    try """
    <?xml version="1.0"?><Chapters><EditionEntry>
    <ChapterAtom><ChapterTimeStart>00:00:00.000</ChapterTimeStart>
    <ChapterDisplay><ChapterString>Start</ChapterString></ChapterDisplay></ChapterAtom>
    <ChapterAtom><ChapterTimeStart>00:00:04.000</ChapterTimeStart>
    <ChapterDisplay><ChapterString>Later</ChapterString></ChapterDisplay></ChapterAtom>
    </EditionEntry></Chapters>
    """.write(to: xml, atomically: true, encoding: .utf8)
    _ = try await runProgram("mkvpropedit", ["-q", back, "--chapters", xml.path])
    let server = try await TestServer(root: media.folder)
    defer { server.stop() }
    for name in ["front.mkv", "back.mkv"] {
      let local = try await parse(
        try Media(path: media.folder.appendingPathComponent(name).path, instance: instance),
        depth: .container)
      #expect(local.chapters.map(\.name) == ["Start", "Later"], "\(name)")
      let remote = try await parse(
        try Media(url: server.url("files/\(name)"), instance: instance), depth: .container,
        network: true)
      // libVLC's preparse lists no Matroska chapters: "unknown" was said.
      #expect(remote.chapters == local.chapters, "\(name): \(remote.unknowns)")
      #expect(!remote.unknowns.contains { $0.contains("chapters") }, "\(name)")
    }
    // Over a server without ranges libVLC plays it with avformat, which lists no chapters,
    // and its end is not read: "unknown", where the decoded probe listed none and said nothing.
    let plain = try await TestServer(plainServing: media.folder)
    defer { plain.stop() }
    let decoded = try await parse(
      try Media(url: plain.url("back.mkv"), instance: instance), depth: .decoded, network: true)
    #expect(decoded.chapters.isEmpty || decoded.chapters.count == 2)
    if decoded.chapters.isEmpty {
      #expect(decoded.unknowns.contains { $0.contains("chapters") }, "\(decoded.unknowns)")
    }
  }

  @Test("an MPEG program stream over HTTP without ranges has no length, not libVLC's guess")
  func programStreamWithoutRanges() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    _ = try await media.make(
      "ps.mpg",
      [
        "-f", "lavfi", "-i", "testsrc2=s=64x48:r=25:d=4", "-f", "lavfi", "-i", "sine=d=4",
        "-c:v", "mpeg2video", "-c:a", "mp2", "-f", "vob",
      ])
    let ranged = try await TestServer(root: media.folder)
    defer { ranged.stop() }
    let plain = try await TestServer(plainServing: media.folder)  // no range requests
    defer { plain.stop() }
    let whole = try await parse(
      try Media(url: ranged.url("files/ps.mpg"), instance: instance), depth: .decoded,
      network: true)
    let length =
      whole.duration.map {
        Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18
      } ?? 0
    #expect(abs(length - 4) < 0.1, "\(length) s")
    // It was 0.3 s: libVLC guessed from the first packets, as it cannot read the end.
    let info = try await parse(
      try Media(url: plain.url("ps.mpg"), instance: instance), depth: .decoded, network: true)
    #expect(info.duration == nil, "\(String(describing: info.duration))")
    #expect(info.unknowns.contains { $0.hasPrefix("the duration: libVLC 3 reads an MPEG program") })
    #expect(info.tracks.map(\.kind).sorted { "\($0)" < "\($1)" } == [.audio, .video])
  }
}
