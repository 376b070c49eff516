// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// An Ogg or FLAC file's album artist and totals are read over HTTP as from the file: libVLC
/// 3's demuxers keep ALBUMARTIST and TRACKTOTAL as extras, and only its TagLib meta reader,
/// which reads local files, maps them.
@Suite("Vorbis comment tags", .sharesTheMachine)
struct VorbisCommentTagsTests {
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
    let instance = try headlessInstance()
    let sources: [(Media, Bool)] = [
      (try Media(path: path, instance: instance), false),
      (try Media(url: plain.url(name), instance: instance), true),
    ]
    for (source, network) in sources {
      let info = try await within(.seconds(20), "parsing \(source.mrl)") {
        try await source.parse(timeout: .seconds(8), network: network)
      }
      // Over HTTP both were missing.
      #expect(info.metadata[.albumArtist] == "Band", "\(source.mrl)")
      #expect(info.metadata[.trackTotal] == "12", "\(source.mrl)")
      #expect(info.metadata.artist == "Singer", "\(source.mrl)")
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
}
