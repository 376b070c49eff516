// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// A program may exit right after dropping a playing player: the exit waits for the release
/// that runs on the player's queue (``PendingReleases``) instead of unloading the libraries
/// under it. Without that wait about one exit in thirty crashed (SIGSEGV in libstdc++, on the
/// queue releasing the MKV demuxer): 16 exits catch it in about two runs of five. The wait
/// must also run before the destructors of the libraries libVLC loads later (TagLib): with
/// the wait registered once, at the first release, 2 or more of every 16 exits crashed in
/// libtag.
@Suite("Exiting while a player is released", .sharesTheMachine)
struct ProcessExitTests {
  @Test("a process exiting just after dropping a playing player exits cleanly", arguments: 0..<16)
  func exitAfterDrop(run: Int) async {
    await #expect(processExitsWith: .success) {
      await inOwnProcess {
        let instance = try headlessInstance()
        var player: Player? = Player(instance: instance)
        try player?.play(Media(path: Fixture.tracksMKV.path, instance: instance))
        try await Task.sleep(for: .milliseconds(300))
        player = nil
        // The player's deinit runs on the main actor: let it start the release, then return
        // (the process exits).
        for _ in 0..<20 { await Task.yield() }
      }
    }
  }

  @Test(
    "a process exiting while dropped services stop, after its media loaded TagLib late, exits cleanly",
    arguments: 0..<8)
  func exitAfterLateLoad(run: Int) async {
    await #expect(processExitsWith: .success) {
      await inOwnProcess {
        let instance = try headlessInstance()
        // A first release, before any media plugin is loaded: the exit wait was registered
        // here, and so ran after the destructors of every library loaded later.
        _ = try Media(path: Fixture.sineWAV.path, instance: instance)
        // A WAV has no tags of its own demuxer's: libVLC reads them with TagLib, loaded now.
        var player: Player? = Player(instance: instance)
        try player?.play(Media(path: Fixture.sineWAV.path, instance: instance))
        try await Task.sleep(for: .milliseconds(300))
        player = nil
        // Discovery services dropped while running stop on their queues: releases still in
        // flight when the process exits.
        for _ in 0..<20 {
          let dropped = try MediaDiscoverer(name: "video_dir", instance: instance)
          try await dropped.start()
        }
        for _ in 0..<20 { await Task.yield() }
      }
    }
  }
}
