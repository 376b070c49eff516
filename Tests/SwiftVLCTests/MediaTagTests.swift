// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Writing tags", .sharesTheMachine)
struct MediaTagTests {
  /// The format tags ffprobe reads from `path`, keys lowercased.
  static func probedTags(_ path: String) async throws -> [String: String] {
    let data = try await runProgram(
      "ffprobe", ["-v", "error", "-show_entries", "format_tags", "-of", "json", path]
    ).stdout
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let tags = (json?["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
    return Dictionary(uniqueKeysWithValues: tags.map { ($0.key.lowercased(), $0.value) })
  }

  @Test(
    "title, artist and album written to an MP3, FLAC and MP4 read back",
    arguments: ["mp3", "flac", "m4a"])
  func roundTrip(format: String) async throws {
    let instance = try headlessInstance()
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let path = try await generated.make(
      "tone.\(format)", GeneratedMedia.audio(silent: false, seconds: 1))
    let media = try Media(path: path, instance: instance)
    media.setMetadata("Written Title", for: .title)
    media.setMetadata("Written Artist", for: .artist)
    media.setMetadata("Written Album", for: .album)
    try await media.saveMetadata()
    let tags = try await Self.probedTags(path)
    #expect(tags["title"] == "Written Title")
    #expect(tags["artist"] == "Written Artist")
    #expect(tags["album"] == "Written Album")
    // And libVLC reads them back from a fresh media.
    let reread = try Media(path: path, instance: instance)
    let info = try await reread.parse()
    #expect(info.metadata[.title] == "Written Title")
  }

  @Test("a Matroska file is refused with the reason, and left untouched")
  func unsupportedFormat() async throws {
    let instance = try headlessInstance()
    let before = try Data(contentsOf: Fixture.tracksMKV.url)
    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    media.setMetadata("Nope", for: .title)
    await #expect(
      throws: VLCError.operationFailed(
        "libVLC's tag writer (TagLib) cannot write .mkv files (\(Fixture.tracksMKV.path))")
    ) { try await media.saveMetadata() }
    #expect(try Data(contentsOf: Fixture.tracksMKV.url) == before)
  }

  @Test("a remote source is refused")
  func remote() async throws {
    let instance = try headlessInstance()
    let media = try Media(
      url: #require(URL(string: "http://127.0.0.1:1/a.mp3")), instance: instance)
    await #expect(throws: VLCError.self) { try await media.saveMetadata() }
  }
}
