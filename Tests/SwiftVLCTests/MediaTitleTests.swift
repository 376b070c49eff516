// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("A media's title for the screen", .sharesTheMachine)
@MainActor
struct MediaTitleTests {
  @Test(
    "displayTitle is the title tag once playback has read it, the file name without one")
  func titleFromTags() async throws {
    let instance = try headlessInstance()
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let tagged = try await generated.make(
      "tagged song.mp3",
      GeneratedMedia.audio(silent: false, seconds: 2) + ["-metadata", "title=Song Title"])
    // Long enough to be seen playing: a short one can play out while a loaded run keeps the
    // main actor from looking.
    let plain = try await generated.make(
      "plain song.mp3", GeneratedMedia.audio(silent: false, seconds: 30))
    let player = Player(instance: instance)
    let media = try Media(path: tagged, instance: instance)
    // Before anything is read libVLC's title is the file name, which is not a title.
    #expect(media.currentMetadata.title == nil)
    #expect(media.displayTitle == "tagged song.mp3")
    try player.play(media)
    try await waitUntil("the title tag read by playback") {
      player.currentMedia?.displayTitle == "Song Title"
    }
    #expect(media.currentMetadata.title == "Song Title")
    let untagged = try Media(path: plain, instance: instance)
    try player.play(untagged)
    try await waitUntil("playing the untagged file") { player.state == .playing }
    #expect(untagged.currentMetadata.title == nil)
    #expect(untagged.displayTitle == "plain song.mp3")
    await player.stop()
  }
}
