// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CLibVLC
import Foundation
import Testing

@testable import SwiftVLC

/// libVLC 3 frees an input's titles as the input ends, while a chapter or title read of that
/// input may still be copying them (docs/libvlc3-findings.md). The player reads them on its
/// queue, on libVLC's events; here the queue reads them without pause while inputs end, and
/// memory freed in the child is filled with a pattern (glibc's `M_PERTURB`), so a read of
/// freed titles crashes instead of copying stale bytes that happen to be intact. Reading
/// without the running-input check, the child crashed in 4 of 5 runs.
@Suite("Chapters of inputs that end", .sharesTheMachine)
struct EndingChaptersTests {
  @Test("chapters and titles read without pause while inputs end are never freed memory")
  func readsWhileEnding() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let clip = try await chapteredClip(in: media)
    await #expect(processExitsWith: .success) { [clip = clip as String] in
      await inOwnProcess {
        // Under AddressSanitizer its own allocator (no mallopt) reports a read of freed memory.
        try #require(
          perturbFreedMemory() || StressLevel.underSanitizer, "glibc's mallopt(M_PERTURB)")
        let instance = try headlessInstance()
        try await withThrowingTaskGroup { group in
          for _ in 0..<4 {
            group.addTask { try await replay(clip, instance: instance, times: 8) }
          }
          for try await chaptersSeen in group {
            // The reads saw the chapters while the input ran, not only empty lists.
            #expect(chaptersSeen > 0)
          }
        }
      }
    }
  }

  /// A 0.4 s MKV with three chapters, made with ffmpeg.
  private func chapteredClip(in media: GeneratedMedia) async throws -> String {
    let metadata = media.folder.appendingPathComponent("chapters.txt")
    let chapters = [("One", 0), ("Two", 130), ("Three", 260)].map { name, start in
      "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(start)\nEND=\(start + 130)\ntitle=\(name)\n"
    }
    try (";FFMETADATA1\n" + chapters.joined()).write(
      to: metadata, atomically: true, encoding: .utf8)
    return try await media.make(
      "chapters.mkv",
      [
        "-f", "lavfi", "-i", "testsrc=size=64x48:rate=25", "-f", "lavfi", "-i", "sine",
        "-i", metadata.path, "-map", "0:v", "-map", "1:a", "-map_chapters", "2", "-t", "0.4",
        "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "libvorbis",
      ])
  }
}

/// Sets glibc's `M_PERTURB` (fill freed memory with a pattern) in this process; `false` when
/// the C library has no `mallopt`.
private func perturbFreedMemory() -> Bool {
  guard let symbol = dlsym(nil, "mallopt") else { return false }  // nil: RTLD_DEFAULT
  typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
  let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
  let perturb: Int32 = -6  // M_PERTURB in <malloc.h>
  return mallopt(perturb, 0x55) == 1
}

/// Plays `clip` to its end `times` times on one native player, reading its chapters and
/// titles on the queue in batches of 100 every 2 ms meanwhile, and 20 batches in a row once
/// it has ended.
/// Returns how many batches saw the clip's three chapters.
private func replay(_ clip: String, instance: VLCInstance, times: Int) async throws
  -> Int
{
  let native = NativePlayer(instance: instance)
  defer { native.shutDown() }
  var chaptersSeen = 0
  for round in 0..<times {
    let media = try Media(path: clip, instance: instance)
    await native.run { player in
      native.setMedia(media)
      _ = libvlc_media_player_play(player)
    }
    let deadline = ContinuousClock.now + .seconds(30)
    // Reading goes on a while after the end is reported: the input frees its titles after
    // it reports Ended, as its streams are removed (when the player reads them again).
    var readsAfterEnd = 0
    while readsAfterEnd < 20 {
      let (state, chapters) = await native.run { player in
        var chapters = 0
        for _ in 0..<100 {
          chapters = max(chapters, readNativeChapters(player).count)
          _ = readNativeTitles(player)
        }
        return (libvlc_media_player_get_state(player), chapters)
      }
      if chapters == 3 { chaptersSeen += 1 }
      if state == libvlc_Ended || state == libvlc_Error {
        readsAfterEnd += 1
      } else {
        try await Task.sleep(for: .milliseconds(2))  // the hazard is at the end
      }
      guard ContinuousClock.now < deadline else { throw TimedOut(what: "round \(round)") }
    }
  }
  return chaptersSeen
}
