// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Whether mkvmerge is installed: it writes the editions, nesting and hidden chapters FFmpeg
/// cannot.
private let hasMkvmerge = FileManager.default.isExecutableFile(atPath: "/usr/bin/mkvmerge")

/// Matroska chapters read from the file at container depth are those libVLC 3 plays: the same
/// indices, names, starts and lengths as ``Player/chapters``.
@Suite(
  "Matroska chapters", .sharesTheMachine, .enabled(if: hasMkvmerge, "mkvmerge is not installed"))
struct MatroskaChapterTests {
  /// Two editions, the second the default, with a sub-chapter, a hidden chapter and an end
  /// time before the next chapter's start.
  static let chapters = """
    <?xml version="1.0"?>
    <Chapters>
      <EditionEntry>
        <ChapterAtom><ChapterTimeStart>00:00:00.000</ChapterTimeStart>
          <ChapterDisplay><ChapterString>Other edition</ChapterString></ChapterDisplay>
        </ChapterAtom>
      </EditionEntry>
      <EditionEntry>
        <EditionFlagDefault>1</EditionFlagDefault>
        <ChapterAtom><ChapterTimeStart>00:00:00.000</ChapterTimeStart>
          <ChapterDisplay><ChapterString>Intro</ChapterString></ChapterDisplay>
          <ChapterAtom><ChapterTimeStart>00:00:00.500</ChapterTimeStart>
            <ChapterDisplay><ChapterString>Scene</ChapterString></ChapterDisplay>
          </ChapterAtom>
        </ChapterAtom>
        <ChapterAtom><ChapterTimeStart>00:00:01.000</ChapterTimeStart>
          <ChapterFlagHidden>1</ChapterFlagHidden>
          <ChapterDisplay><ChapterString>Hidden</ChapterString></ChapterDisplay>
        </ChapterAtom>
        <ChapterAtom><ChapterTimeStart>00:00:02.500</ChapterTimeStart>
          <ChapterTimeEnd>00:00:03.000</ChapterTimeEnd>
          <ChapterDisplay><ChapterString>Ünïcode</ChapterString></ChapterDisplay>
        </ChapterAtom>
      </EditionEntry>
    </Chapters>
    """

  @Test("a container-depth parse lists the chapters the player plays, without decoding")
  @MainActor
  func containerDepthMatchesThePlayer() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let base = try await media.make(
      "base.mkv", ["-f", "lavfi", "-i", "testsrc=s=64x64:r=25:d=4", "-c:v", "libx264"])
    let xml = media.folder.appendingPathComponent("chapters.xml")
    try Self.chapters.write(to: xml, atomically: true, encoding: .utf8)
    let path = media.folder.appendingPathComponent("chapters.mkv").path
    _ = try await runProgram("mkvmerge", ["-q", "-o", path, "--chapters", xml.path, base])
    let instance = try headlessInstance()

    let info = try await Media(path: path, instance: instance).parse(depth: .container)
    #expect(info.chapters.map(\.name) == ["Intro", "+ Scene", "Ünïcode"])
    #expect(!info.unknowns.contains { $0.hasPrefix("chapters") }, "\(info.unknowns)")

    let player = Player(instance: instance)
    let playing = try Media(path: path, instance: instance)
    playing.addOption(":input-repeat=65535")
    try player.play(playing)
    player.pause()
    try await waitUntil("the player lists its chapters", within: .seconds(30)) {
      player.chapters.count == 3
    }
    let played = player.chapters
    await player.stop()
    for (read, shown) in zip(info.chapters, played) {
      #expect(read.index == shown.index && read.name == shown.name, "\(read) \(shown)")
      #expect(read.start == shown.start, "\(read) \(shown)")
      let gap = abs((read.duration - shown.duration).inMilliseconds)
      #expect(gap <= 50, "\(read) lasts \(read.duration), played \(shown.duration)")
    }
  }
}
