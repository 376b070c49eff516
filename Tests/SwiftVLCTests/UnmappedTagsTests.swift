// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Tags libVLC 3's demuxers do not map are read over HTTP as from the file: they keep an Ogg
/// or FLAC file's ALBUMARTIST and TRACKTOTAL as extras and skip an MP3's TRCK and TDRC, and
/// only its TagLib meta reader, which reads local files, maps them; an MP4's track and disc
/// numbers libVLC reads from no file.
@Suite("Unmapped tags", .sharesTheMachine)
struct UnmappedTagsTests {
  @Test(
    "album artist and track total are the same over HTTP as from the file",
    arguments: [("tagged.opus", "libopus"), ("tagged.ogg", "libvorbis"), ("tagged.flac", "flac")])
  func overHTTP(name: String, codec: String) async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await media.make(
      name,
      [
        "-f", "lavfi", "-i", "sine=duration=1", "-c:a", codec, "-metadata", "artist=Singer",
        "-metadata", "album_artist=Band", "-metadata", "TRACKTOTAL=12",
      ])
    let plain = try await TestServer(plainServing: media.folder)  // no range requests
    defer { plain.stop() }
    // Over HTTP both were missing.
    for (place, info) in try await parsedOnEveryPath(
      file: path, urls: [plain.url(name)], depths: [.container])
    {
      #expect(info.metadata[.albumArtist] == "Band", "\(place)")
      #expect(info.metadata[.trackTotal] == "12", "\(place)")
      #expect(info.metadata.artist == "Singer", "\(place)")
    }
  }

  @Test("only the keys libVLC's demuxers leave out are taken, the first value of each")
  func keys() {
    let tags = VorbisCommentTags.tags([
      "ARTIST=Singer", "albumartist=Band", "ALBUMARTIST=Other", "TOTALTRACKS=9", "DISCNUMBER=",
      "no equals sign",
    ])
    #expect(tags == [.albumArtist: "Band", .trackTotal: "9"])
  }

  @Test(
    "an MP3's date, track number and total are the same over HTTP as from the file",
    arguments: [3, 4])
  func id3(version: Int) async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let name = "id3v2.\(version).mp3"
    let path = try await media.make(
      name,
      [
        "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "libmp3lame", "-id3v2_version",
        "\(version)", "-metadata", "date=2014", "-metadata", "track=4/10", "-metadata",
        "title=Ünïcode",
      ])
    let plain = try await TestServer(plainServing: media.folder)  // no range requests
    defer { plain.stop() }
    // Over HTTP the three were missing, and a UTF-16 title began with its byte-order mark.
    for (place, info) in try await parsedOnEveryPath(
      file: path, urls: [plain.url(name)], depths: [.container])
    {
      #expect(info.metadata.date == "2014", "\(place)")
      #expect(info.metadata.trackNumber == "4", "\(place)")
      #expect(info.metadata[.trackTotal] == "10", "\(place)")
      #expect(info.metadata.title == "Ünïcode", "\(place)")
    }
  }

  @Test("an MP3 whose cover picture runs past the first bytes is MP3, with its tags, on every path")
  func id3WithCover() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    // A noise picture of about 250 KB between the text frames and the first audio frame.
    let cover = try await media.make(
      "cover.png",
      [
        "-f", "lavfi", "-i", "nullsrc=size=300x300,geq=random(1)*255:128:128", "-frames:v", "1",
      ])
    let path = try await media.make(
      "cover.mp3",
      [
        "-f", "lavfi", "-i", "sine=duration=2", "-i", cover, "-map", "0", "-map", "1",
        "-c:a", "libmp3lame", "-c:v", "copy", "-id3v2_version", "3", "-metadata",
        "title=Covered", "-metadata", "artist=Painter", "-metadata", "album=Gallery",
      ])
    let ranged = try await TestServer(root: media.folder)
    defer { ranged.stop() }
    let plain = try await TestServer(plainServing: media.folder)
    defer { plain.stop() }
    // The container was "unknown" at container depth; over HTTP the three tags were missing.
    for (place, info) in try await parsedOnEveryPath(
      file: path, urls: [ranged.url("files/cover.mp3"), plain.url("cover.mp3")])
    {
      #expect(info.container == "MP3", "\(place)")
      #expect(info.metadata.title == "Covered" && info.metadata.artist == "Painter", "\(place)")
      #expect(info.metadata.album == "Gallery", "\(place)")
    }
  }

  @Test("an M4A's track and disc numbers and totals are ffprobe's, from the file and over HTTP")
  func mp4Numbers() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await media.make(
      "numbered.m4a",
      [
        "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", "-metadata", "track=3/12",
        "-metadata", "disc=1/2", "-movflags", "+faststart",
      ])
    let tags = try await FFprobeReport.formatTags(path)
    #expect(tags["track"] == "3/12" && tags["disc"] == "1/2", "\(tags)")
    let ranged = try await TestServer(root: media.folder)
    defer { ranged.stop() }
    for (place, info) in try await parsedOnEveryPath(
      file: path, urls: [ranged.url("files/numbered.m4a")], depths: [.container])
    {
      let numbers = [MetadataKey.trackNumber, .trackTotal, .discNumber, .discTotal].map {
        info.metadata[$0] ?? "-"
      }
      #expect(numbers == ["3", "12", "1", "2"], "\(place)")
    }
  }

  @Test("an MP4 whose meta box is shorter than its version and flags is read without numbers")
  func shortMetaBox() throws {
    for length in 0..<4 {
      // It stopped the process ("Range requires lowerBound <= upperBound").
      let file =
        mp4Box("ftyp", Array("isom".utf8) + [0, 0, 0, 0])
        + mp4Box("moov", mp4Box("udta", mp4Box("meta", Array(repeating: 0, count: length))))
      let bytes = DownloadedBytes(parts: [(0, Data(file))], total: UInt64(file.count))
      let movie = try #require(MP4Movie.read(bytes), "meta of \(length) bytes")
      #expect(movie.numberTags.isEmpty)
    }
  }

  @Test("ID3v2 text frames are read in each encoding, and only whole frames")
  func id3Frames() {
    func frame(_ id: String, _ body: [UInt8]) -> [UInt8] {
      Array(id.utf8) + [0, 0, 0, UInt8(body.count), 0, 0] + body
    }
    let frames =
      frame("TRCK", [0] + Array("3/12".utf8))  // ISO 8859-1
      + frame("TYER", [1, 0xFF, 0xFE, 0x32, 0, 0x30, 0, 0x32, 0, 0x31, 0])  // UTF-16 LE
      + frame("TPOS", [3] + Array("2".utf8))  // UTF-8
    let tag = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, UInt8(frames.count)] + frames
    #expect(
      ID3Tags.read(tag).tags == [
        .trackNumber: "3", .trackTotal: "12", .date: "2021", .discNumber: "2",
      ])
    // Cut inside the last frame: the frames before it are kept.
    #expect(
      ID3Tags.read(Array(tag.dropLast(1))).tags == [
        .trackNumber: "3", .trackTotal: "12", .date: "2021",
      ])
    #expect(ID3Tags.read(Array("ID3".utf8)).tags.isEmpty)
  }
}
