// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// A Matroska file's tags mean what FFmpeg, which wrote them, and MediaInfo read: libVLC 3
/// read an untargeted `ARTIST` as the album artist and `PART_NUMBER` as the episode, and no
/// `DATE` or `ALBUM_ARTIST` at all.
@Suite("Matroska tags", .sharesTheMachine)
struct MatroskaTagsTests {
  @Test("artist, album artist, track number and date are ffprobe's at both depths, over HTTP too")
  func ffmpegTags() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await media.make(
      "song.mka",
      [
        "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "libvorbis",
        "-metadata", "artist=Ann Artist", "-metadata", "album_artist=Various",
        "-metadata", "date=2019-05-01", "-metadata", "track=7", "-metadata", "album=Album",
        // A track's own tags (targeted at its UID) say nothing of the file.
        "-metadata:s:a:0", "artist=Stream Artist", "-metadata:s:a:0", "DATE=1999",
      ])
    let tags = try await FFprobeReport.formatTags(path)
    #expect(tags["artist"] == "Ann Artist" && tags["track"] == "7", "\(tags)")
    let ranged = try await TestServer(root: media.folder)
    defer { ranged.stop() }
    let plain = try await TestServer(plainServing: media.folder)  // no range requests
    defer { plain.stop() }
    for (place, info) in try await parsedOnEveryPath(
      file: path, urls: [ranged.url("files/song.mka"), plain.url("song.mka")])
    {
      let found = info.metadata
      // libVLC said albumArtist "Stream Artist" (the track's tag, read last), episode 7, and
      // no artist or date.
      #expect(found.artist == tags["artist"], "\(place)")
      #expect(found[.albumArtist] == tags["album_artist"], "\(place)")
      #expect(found.trackNumber == tags["track"], "\(place)")
      #expect(found.date == tags["date"], "\(place)")
      #expect(found.album == tags["album"], "\(place)")
      #expect(found[.episode] == nil, "\(place)")
      // libVLC's Matroska demuxer dropped FFmpeg's ENCODER tag; its avformat demuxer (the
      // server without ranges) called it the setting.
      #expect(found[.encodedBy] == tags["encoder"] && found[.setting] == nil, "\(place)")
    }
  }

  @Test("a Matroska file from a server without ranges has its tags read beyond its first bytes")
  func tagsWithoutRanges() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    // About 1 MB, with chapters: its tags come after them, past the first bytes, and the
    // server sends more only when asked for more.
    let chapters = try media.chapterFile(
      tags: [("artist", "Singer"), ("album_artist", "Band")], names: ("One", "Two"))
    let path = try await media.make(
      "large.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=4", "-f", "lavfi", "-i",
        "sine=duration=4", "-i", chapters, "-map", "0", "-map", "1", "-map_metadata", "2",
        "-map_chapters", "2", "-c:v", "libx264", "-c:a", "libvorbis",
      ])
    let plain = try await TestServer(plainServing: media.folder)  // no range requests
    defer { plain.stop() }
    for (place, info) in try await parsedOnEveryPath(
      file: path, urls: [plain.url("large.mkv")], depths: [.container])
    {
      // Over the server libVLC's reading stood: album artist "Singer", no artist.
      #expect(info.metadata.artist == "Singer", "\(place)")
      #expect(info.metadata[.albumArtist] == "Band", "\(place)")
    }
  }

  @Test(
    "tags that name their target type keep libVLC's reading: an episode is no track number",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mkvmerge"),
      "mkvmerge is not installed"))
  func namedTargets() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let base = try await media.make(
      "base.mkv", ["-f", "lavfi", "-i", "testsrc=s=64x64:r=25:d=2", "-c:v", "libx264"])
    let xml = media.folder.appendingPathComponent("tags.xml")
    try """
    <?xml version="1.0"?>
    <Tags><Tag>
      <Targets><TargetTypeValue>50</TargetTypeValue><TargetType>EPISODE</TargetType></Targets>
      <Simple><Name>PART_NUMBER</Name><String>4</String></Simple>
      <Simple><Name>DATE_RELEASED</Name><String>2001</String></Simple>
    </Tag></Tags>
    """.write(to: xml, atomically: true, encoding: .utf8)
    let path = media.folder.appendingPathComponent("episode.mkv").path
    let merged = try await runProgram(
      "mkvmerge", ["-q", "-o", path, "--global-tags", xml.path, base])
    #expect(merged.status == 0, "\(merged.stderr)")
    let instance = try headlessInstance()
    let info = try await within(.seconds(20), "parsing \(path)") {
      try await Media(path: path, instance: instance).parse(timeout: .seconds(8))
    }
    // A tag that names its level's meaning is read as libVLC reads it: an episode's number.
    #expect(info.metadata[.episode] == "4")
    #expect(info.metadata.trackNumber == nil)
    #expect(info.metadata.date == "2001")
  }

  @Test(
    "global tags mkvpropedit writes at level 50 give the title, not the album",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mkvpropedit"),
      "mkvpropedit is not installed"))
  func globalTitle() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await media.make(
      "global.mkv", ["-f", "lavfi", "-i", "testsrc=s=64x64:r=25:d=2", "-c:v", "libx264"])
    let xml = media.folder.appendingPathComponent("tags.xml")
    try """
    <?xml version="1.0"?>
    <Tags><Tag>
      <Targets><TargetTypeValue>50</TargetTypeValue></Targets>
      <Simple><Name>TITLE</Name><String>Global Title</String></Simple>
      <Simple><Name>ARTIST</Name><String>Global Artist</String></Simple>
    </Tag></Tags>
    """.write(to: xml, atomically: true, encoding: .utf8)
    let edited = try await runProgram("mkvpropedit", [path, "--tags", "global:\(xml.path)"])
    #expect(edited.status == 0, "\(edited.stderr)")
    let tags = try await FFprobeReport.formatTags(path)
    let instance = try headlessInstance()
    let info = try await within(.seconds(20), "parsing \(path)") {
      try await Media(path: path, instance: instance).parse(timeout: .seconds(8))
    }
    // libVLC said album "Global Title", albumArtist "Global Artist", and no title or artist.
    #expect(info.metadata.title == tags["title"] && info.metadata.title == "Global Title")
    #expect(info.metadata.artist == tags["artist"])
    #expect(info.metadata.album == nil && info.metadata[.albumArtist] == nil)
  }

  @Test("the reader keeps file-level tags only, and nothing of a cut element")
  func reader() {
    let targeted = element(
      [0x73, 0x73],
      element([0x63, 0xC0], element([0x63, 0xC5], [0x01])) + simple("ARTIST", "x"))
    let levelThirty = element(
      [0x73, 0x73], element([0x63, 0xC0], element([0x68, 0xCA], [30])) + simple("ARTIST", "z"))
    let file = element([0x73, 0x73], simple("ARTIST", "y") + simple("DATE", "2"))
    let tags = MatroskaTags.tags(in: targeted + levelThirty + file)
    #expect(tags.values == [.artist: "y", .date: "2"])
    #expect(!tags.namesTargetTypes)
    // Cut short: what is whole is kept, nothing invented.
    let cut = MatroskaTags.tags(in: Array((targeted + file).dropLast(3)))
    #expect(cut.values.isEmpty)
  }

  /// An EBML element of `id` around `body` (a short one: a one-byte size).
  private func element(_ id: [UInt8], _ body: [UInt8]) -> [UInt8] {
    id + [0x80 | UInt8(body.count)] + body
  }

  /// A `SimpleTag` element of `name` and `value`.
  private func simple(_ name: String, _ value: String) -> [UInt8] {
    element(
      [0x67, 0xC8],
      element([0x45, 0xA3], Array(name.utf8)) + element([0x44, 0x87], Array(value.utf8)))
  }
}
