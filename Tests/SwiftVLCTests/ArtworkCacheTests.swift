// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

/// libVLC 3's art finder looks in its cache by artist and album: probed after a file with
/// the same tags and a cover, a file with none reported that file's cover, so a probe's
/// answer hung on what had been probed before (a user's tour). The tool runs with its own
/// cache folder (`XDG_CACHE_HOME`), not the user's.
@Suite("Artwork from libVLC's cache", .sharesTheMachine)
struct ArtworkCacheTests {
  @Test("an MP3 or FLAC file without a picture has no artwork, whatever was probed before")
  func noBorrowedCover() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let tags = ["-metadata", "artist=Art Tester", "-metadata", "album=Cache Leak"]
    let covered = try await media.make(
      "covered.mp3",
      [
        "-f", "lavfi", "-i", "sine=d=1", "-f", "lavfi", "-i", "testsrc=s=64x64:d=0.04",
        "-map", "0", "-map", "1", "-c:a", "libmp3lame", "-c:v", "png", "-frames:v", "1",
        "-id3v2_version", "3", "-disposition:v", "attached_pic",
      ] + tags)
    let plain = try await media.make(
      "plain.mp3", ["-f", "lavfi", "-i", "sine=d=1", "-c:a", "libmp3lame"] + tags)
    let flac = try await media.make(
      "plain.flac", ["-f", "lavfi", "-i", "sine=d=1", "-c:a", "flac"] + tags)
    let cache = media.folder.appendingPathComponent("cache").path
    func artwork(_ path: String) async throws -> String? {
      let run = try await runTool(
        ["probe", "--json", path], environment: ["XDG_CACHE_HOME": cache], within: .seconds(20))
      #expect(run.status == 0, "\(run.stderr)")
      let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
      let probed = (object as? [[String: Any]])?.first ?? (object as? [String: Any])
      let metadata = probed?["metadata"] as? [String: Any]
      return metadata?["artworkURL"] as? String
    }
    // The cover is libVLC's copy in the cache.
    let own = try #require(try await artwork(covered))
    #expect(own.contains("/vlc/art/artistalbum/"), "\(own)")
    #expect(try await artwork(plain) == nil)
    #expect(try await artwork(flac) == nil)
    #expect(try await artwork(covered) == own)
  }
}
