import Foundation
import SwiftVLC
import Testing

// No disc-menu fixture can be made on this machine (no dvdauthor, no mkvmerge, and libVLC's
// Matroska menus need mkvmerge's DVD-menu codec): these tests check navigation's contract on
// media without menus.
@Suite("Menu navigation and chapters", .sharesTheMachine)
@MainActor
struct PlayerNavigationTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("menu keys with nothing playing are refused")
  func idle() {
    let player = Player(instance: instance)
    #expect(throws: VLCError.self) { try player.navigate(.activate) }
  }

  @Test("menu keys on a file without menus leave titles and playback as they were")
  func noMenus() async throws {
    let player = Player(instance: instance)
    try player.play(Media(path: Fixture.tracksMKV.path, instance: instance))
    try await waitUntil("playing with its chapters", within: .seconds(30)) {
      player.state == .playing && player.chapters.count == 2
    }
    let titles = player.titles
    #expect(player.menuTitles.isEmpty)
    for key in MenuNavigation.allCases { try player.navigate(key) }
    let before = player.currentTime
    try await waitUntil("playback to go on") { player.currentTime > before + .milliseconds(300) }
    #expect(player.state == .playing)
    #expect(player.titles == titles)
    await player.stop()
  }

  @Test("nextChapter moves to the next chapter and stops at the last")
  func nextChapter() async throws {
    let player = Player(instance: instance)
    try player.play(Media(path: Fixture.tracksMKV.path, instance: instance))
    player.pause()
    try await waitUntil("paused with two chapters", within: .seconds(30)) {
      player.state == .paused && player.chapters.count == 2 && player.currentChapter == 0
    }
    player.nextChapter()
    #expect(player.currentChapter == 1)
    player.resume()
    try await waitUntil("time in the second chapter") { player.currentTime >= .seconds(2) }
    player.nextChapter()  // already at the last: nothing happens
    #expect(player.currentChapter == 1)
    await player.stop()
  }

  @Test("a file's single title can be selected again, and a missing one is refused")
  func selectTitle() async throws {
    let player = Player(instance: instance)
    try player.play(Media(path: Fixture.tracksMKV.path, instance: instance))
    try await waitUntil("playing with its title list", within: .seconds(30)) {
      player.state == .playing && !player.titles.isEmpty
    }
    #expect(player.titles.count == 1)
    #expect(player.titles.first?.isMenu == false)
    try player.selectTitle(0)
    #expect(throws: VLCError.invalidInput("no title 3 (the media has 1)")) {
      try player.selectTitle(3)
    }
    let before = player.currentTime
    try await waitUntil("playback to go on") { player.currentTime > before + .milliseconds(200) }
    await player.stop()
  }
}
