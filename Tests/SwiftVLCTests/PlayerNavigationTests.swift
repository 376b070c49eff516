// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

// Menus are tested on a DVD-Video folder authored at test time (Support/DVDMenuDisc.swift);
// the other tests check navigation's contract on media without menus.
@Suite("Menu navigation and chapters", .mostlyWaits)
@MainActor
struct PlayerNavigationTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("menu keys with nothing playing are refused")
  func idle() {
    let player = Player(instance: instance)
    #expect(throws: VLCError.self) { try player.navigate(.activate) }
  }

  @Test(
    "a DVD starts in its menu; down and activate play the second button's title, whose end and selecting the menu title bring the menu back",
    .enabled(if: DVDMenuDisc.canAuthor, "dvdauthor, spumux or ffmpeg is not installed"))
  func dvdMenu() async throws {
    let disc = try await DVDMenuDisc.folder()
    let player = Player(instance: instance)
    let frames = try player.videoFrames(format: .rgba, width: 72, height: 48, buffering: 100)
    // What each picture shows at its centre, as it changes, noted off the main actor: a busy
    // main actor reading the stream itself could miss title 2's 3 s of blue (it keeps the
    // newest few pictures).
    let shown = Recorder<String>()
    let watching = Task.detached {
      for await frame in frames {
        let (red, green, blue) = frame.rgb(x: frame.width / 2, y: frame.height / 2)
        let grey = [red, green, blue].allSatisfy { (40...90).contains($0) }
        let kind = grey ? "menu" : "\(frame.centreHue)"
        if shown.values.last != kind { shown.append(kind) }
      }
    }
    defer { watching.cancel() }
    var seenBefore = 0  // pictures up to the last one awaited, which do not count for the next
    func picture(_ kind: String, _ what: String) async throws {
      try await waitUntil(what, within: .seconds(15)) {
        shown.values.dropFirst(seenBefore).contains(kind)
      }
      // Pictures after it count for the next wait: on a busy machine title 1 (3 s) can end
      // and bring the menu back before the test selects the menu title itself.
      let values = shown.values
      seenBefore = (values.indices.dropFirst(seenBefore).first { values[$0] == kind } ?? 0) + 1
    }
    // Activates the highlighted button until `title` plays: a key that reaches libdvdnav
    // before it has read the menu's navigation pack finds no button and is lost (usually
    // that pack comes before the menu's picture; on a busy machine not always).
    func activate(until title: Int, _ what: String) async throws {
      for attempt in 1...5 {
        try player.navigate(.activate)
        do {
          return try await waitUntil(what, within: .seconds(attempt < 5 ? 4 : 15)) {
            player.currentTitle == title
          }
        } catch  where attempt < 5 {
          continue
        }
      }
    }
    try player.play(Media(url: DVDMenuDisc.location(disc), instance: instance))
    try await waitUntil("the disc's titles, in its menu", within: .seconds(30)) {
      player.titles.count == 3 && player.currentTitle == 0
    }
    #expect(player.menuTitles.map(\.index) == [0])
    #expect(player.titles.map(\.isMenu) == [true, false, false])
    // The menu's background is grey: neither the red nor the blue title plays. Its buttons
    // exist once libdvdnav has read the menu's navigation pack, which comes before its
    // picture: a key sent earlier finds no button and is lost.
    try await picture("menu", "the grey menu")
    #expect(player.currentTitle == 0)

    // Title 2 lasts 3 s: its start is taken from the events (subscribed before the key), as
    // a busy main actor could look at `currentTitle` only once the menu is back.
    let titleEvents = player.events
    try player.navigate(.down)  // from "red" to "blue"
    try player.navigate(.activate)
    _ = try await titleEvents.first(within: .seconds(30), "title 2 (blue)") {
      $0 == .titleChanged(2)
    }
    try await picture("blue", "a blue picture of title 2")

    // Title 2 calls the menu when it ends (3 s); the highlight starts again on "red".
    try await waitUntil("the menu again after title 2", within: .seconds(20)) {
      player.currentTitle == 0
    }
    try await picture("menu", "the menu's picture after title 2")
    try await activate(until: 1, "title 1 (red)")
    try await picture("red", "a red picture of title 1")

    // libVLC 3's DVD module ignores popup; selecting the menu title shows the root menu.
    try player.selectTitle(0)
    try await waitUntil("the menu after selecting title 0") { player.currentTitle == 0 }
    try await picture("menu", "the menu's picture after selecting title 0")
    try await activate(until: 1, "title 1 from the menu again")
    await player.stop()
  }

  @Test(
    "a DVD's still menu waiting for a key is no stall",
    .enabled(if: DVDMenuDisc.canAuthor, "dvdauthor, spumux or ffmpeg is not installed"))
  func dvdMenuIsNoStall() async throws {
    let disc = try await DVDMenuDisc.folder()
    let player = Player(instance: instance)
    player.stallTimeout = .milliseconds(500)
    try player.play(Media(url: DVDMenuDisc.location(disc), instance: instance))
    try await waitUntil("the disc's menu", within: .seconds(30)) {
      player.state == .playing && player.titles.count == 3 && player.currentTitle == 0
    }
    // A negative check: the menu's 2 s of pictures, then four stall timeouts of its still.
    try await Task.sleep(for: .seconds(4))
    #expect(player.currentTitle == 0)
    #expect(!player.isStalled)
    await player.stop()
  }

  @Test("menu keys on a file without menus leave titles and playback as they were")
  func noMenus() async throws {
    let player = Player(instance: instance)
    // Looped and paused from the start: a busy main actor can first look after the 4 s clip
    // has ended, or too near its end to see 300 ms more of it.
    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    media.addOption(":input-repeat=65535")
    try player.play(media)
    player.pause()
    try await waitUntil("paused with its chapters", within: .seconds(30)) {
      player.state == .paused && player.chapters.count == 2
    }
    let titles = player.titles
    #expect(player.menuTitles.isEmpty)
    for key in MenuNavigation.allCases { try player.navigate(key) }
    player.resume()
    let before = player.currentTime
    try await waitUntil("playback to go on") { player.currentTime > before + .milliseconds(300) }
    #expect(player.state == .playing)
    #expect(player.titles == titles)
    await player.stop()
  }

  @Test("nextChapter moves to the next chapter and stops at the last")
  func nextChapter() async throws {
    let player = Player(instance: instance)
    // Looped: the pause waits for playback to start, and on a busy machine the main actor
    // can get there after the 4 s clip has ended.
    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    media.addOption(":input-repeat=65535")
    try player.play(media)
    player.pause()
    try await waitUntil("paused with two chapters", within: .seconds(30)) {
      player.state == .paused && player.chapters.count == 2 && player.currentChapter != nil
    }
    // A busy machine can get the pause to libVLC after playback has reached chapter 1.
    if player.currentChapter != 0 {
      try player.selectChapter(0)
      try await waitUntil("back in the first chapter") { player.currentTime < .seconds(2) }
    }
    #expect(player.currentChapter == 0)
    player.nextChapter()
    #expect(player.currentChapter == 1)
    player.resume()
    try await waitUntil("time in the second chapter") { player.currentTime >= .seconds(2) }
    player.nextChapter()  // already at the last: nothing happens
    #expect(player.currentChapter == 1)
    await player.stop()
  }

  @Test("selecting a chapter shows its start at once, paused or playing, and playback goes on")
  func selectChapterShowsItsStart() async throws {
    let player = Player(instance: instance)
    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    media.addOption(":input-repeat=65535")  // 4 s, chapters at 0 and 2 s
    try player.play(media)
    try await waitUntil("playing with two chapters", within: .seconds(30)) {
      player.state == .playing && player.chapters.count == 2
    }
    player.pause()
    try await waitUntil("paused") { player.state == .paused }
    try player.selectChapter(1)
    #expect(player.currentTime == .seconds(2))
    try player.selectChapter(0)
    #expect(player.currentTime == .zero)
    // libVLC's own readings agree once it has jumped: still in the first chapter, paused.
    try await Task.sleep(for: .milliseconds(500))
    #expect(player.currentTime < .seconds(2), "\(player.currentTime)")
    player.resume()
    try player.selectChapter(1)
    #expect(player.currentTime == .seconds(2))
    try await waitUntil("time past the second chapter's start") {
      player.currentTime > .milliseconds(2_300)
    }
    await player.stop()
  }

  @Test("a file's single title can be selected again, and a missing one is refused")
  func selectTitle() async throws {
    let player = Player(instance: instance)
    // Looped and paused from the start, as in `noMenus`.
    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    media.addOption(":input-repeat=65535")
    try player.play(media)
    player.pause()
    try await waitUntil("paused with its title list", within: .seconds(30)) {
      player.state == .paused && !player.titles.isEmpty
    }
    #expect(player.titles.count == 1)
    #expect(player.titles.first?.isMenu == false)
    try player.selectTitle(0)
    #expect(throws: VLCError.invalidInput("no title 3 (the media has 1)")) {
      try player.selectTitle(3)
    }
    player.resume()
    let before = player.currentTime
    try await waitUntil("playback to go on") { player.currentTime > before + .milliseconds(200) }
    await player.stop()
  }
}
