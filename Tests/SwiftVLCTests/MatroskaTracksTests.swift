// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// A Matroska file's tracks are named by its own codec ids and track names where libVLC 3
/// names them less precisely: MP3 was "MP2" (`mpga`), and over a server without ranges (where
/// libVLC reads the file with libavformat) a SubRip track was `undf` and no track had its name.
@Suite("Matroska tracks", .sharesTheMachine)
struct MatroskaTracksTests {
  @Test("MP3 and SubRip tracks and their names are ffprobe's at both depths, over HTTP too")
  func codecsAndNames() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let subtitles = media.folder.appendingPathComponent("text.srt")
    try "1\n00:00:00,000 --> 00:00:01,000\nHello\n".write(
      to: subtitles, atomically: true, encoding: .utf8)
    let path = try await media.make(
      "mp3.mkv",
      [
        "-f", "lavfi", "-i", "sine=duration=2", "-i", subtitles.path, "-map", "0", "-map", "1",
        "-c:a", "libmp3lame", "-c:s", "srt", "-metadata:s:a:0", "title=Music",
        "-metadata:s:s:0", "title=Words",
      ])
    let probed = try await FFprobeReport.probe(path)
    #expect(probed.streams.map(\.codec) == ["mp3", "subrip"])
    let plain = try await TestServer(plainServing: media.folder)  // no range requests
    defer { plain.stop() }
    for (place, info) in try await parsedOnEveryPath(file: path, urls: [plain.url("mp3.mkv")]) {
      #expect(info.tracks.map(\.commonCodecName) == ["MP3", "SubRip"], "\(place)")
      #expect(info.tracks.map(\.name) == probed.streams.map(\.title), "\(place)")
    }
  }

  @Test(
    "a track mkvmerge tags with an IETF language has ffprobe's ISO 639-2 one",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mkvmerge"),
      "mkvmerge is not installed"))
  func ietfLanguage() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let source = try await media.make(
      "source.mka", ["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "libvorbis"])
    let path = media.folder.appendingPathComponent("tagged.mka").path
    let merged = try await runProgram(
      "mkvmerge", ["-q", "-o", path, "--language", "0:ja", source])
    #expect(merged.status == 0, "\(merged.stderr)")
    let probed = try await FFprobeReport.probe(path)
    #expect(probed.streams.first?.language == "jpn")
    for (place, info) in try await parsedOnEveryPath(file: path, urls: []) {
      // libVLC's demuxer said "ja" (the IETF element), where ffprobe says "jpn".
      #expect(info.tracks.first?.language == "jpn", "\(place)")
    }
  }

  /// mkvmerge leaves the ISO 639-2 language out for English, the element's default, and
  /// writes the IETF "en": a probe said "en" beside "ger", and a player's lists named the
  /// MP3 track `mpga` ("de") where a probe said `mp3` ("ger").
  @Test(
    "a player's track lists name a Matroska file's tracks as a probe does (English default)",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mkvmerge"),
      "mkvmerge is not installed"))
  @MainActor
  func playerAgreesWithProbe() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let source = try await media.make(
      "source.mkv",
      [
        "-f", "lavfi", "-i", "sine=duration=3", "-f", "lavfi", "-i", "sine=f=600:duration=3",
        "-map", "0", "-map", "1", "-c:a:0", "aac", "-c:a:1", "libmp3lame",
      ])
    let path = media.folder.appendingPathComponent("merged.mkv").path
    let merged = try await runProgram(
      "mkvmerge", ["-q", "-o", path, "--language", "0:eng", "--language", "1:ger", source])
    #expect(merged.status == 0, "\(merged.stderr)")
    let probed = try await FFprobeReport.probe(path)
    #expect(probed.streams.map(\.language) == ["eng", "ger"])
    let instance = try headlessInstance()
    let info = try await Media(path: path, instance: instance).parse(timeout: .seconds(10))
    #expect(info.tracks.map(\.language) == ["eng", "ger"])
    #expect(info.tracks.map(\.codec) == ["mp4a", "mp3"])
    // A player of a media never parsed.
    let player = Player(instance: instance)
    try player.play(Media(path: path, instance: instance))
    try await waitUntil("two audio tracks", within: .seconds(10)) {
      player.audioTracks.count == 2 && player.audioTracks.allSatisfy { !$0.codec.isEmpty }
    }
    #expect(player.audioTracks.map(\.language) == ["eng", "ger"])
    #expect(player.audioTracks.map(\.codec) == ["mp4a", "mp3"])
    await player.stop()
  }
}
