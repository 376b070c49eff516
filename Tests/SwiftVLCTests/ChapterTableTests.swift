// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Whether mkvmerge is installed: it writes the editions, nesting and hidden chapters FFmpeg
/// cannot.
private let hasMkvmerge = FileManager.default.isExecutableFile(atPath: "/usr/bin/mkvmerge")

/// Chapters read from a Matroska or Ogg file at container depth are those libVLC 3 plays: the
/// same indices, names, starts and lengths as ``Player/chapters``.
@Suite("Chapter tables read from files", .sharesTheMachine)
struct ChapterTableTests {
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

  /// A 4 s Matroska file with ``chapters``, written by mkvmerge into `media`'s folder.
  static func editions(in media: GeneratedMedia) async throws -> String {
    let base = try await media.make(
      "base.mkv", ["-f", "lavfi", "-i", "testsrc=s=64x64:r=25:d=4", "-c:v", "libx264"])
    let xml = media.folder.appendingPathComponent("chapters.xml")
    try chapters.write(to: xml, atomically: true, encoding: .utf8)
    let path = media.folder.appendingPathComponent("chapters.mkv").path
    _ = try await runProgram("mkvmerge", ["-q", "-o", path, "--chapters", xml.path, base])
    return path
  }

  @Test(
    "a container-depth parse lists a Matroska file's chapters as the player plays them",
    .enabled(if: hasMkvmerge, "mkvmerge is not installed"))
  @MainActor
  func matroska() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await Self.editions(in: media)
    try await compareWithPlayer(path, names: ["Intro", "+ Scene", "Ünïcode"])
  }

  /// The copy's list is flat, one name each: the chapters libVLC plays, named as the file
  /// names them (they were written "+ Scene", libVLC's name of a nested chapter), and what
  /// the list cannot hold is reported (it was lost without a word).
  @Test(
    "a recording of a Matroska file with editions writes the chapters libVLC plays",
    .enabled(if: hasMkvmerge, "mkvmerge is not installed"))
  func recordedEditions() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await Self.editions(in: media)
    let instance = try headlessInstance()
    for container in [OutputContainer.mkv, .mp4] {
      let result = try await media.record(path, container, on: instance)
      let out = media.folder.appendingPathComponent("out.\(container.fileExtension)").path
      // libavformat read every edition and the hidden chapter, and lost the nested one:
      // "Other edition", "Intro", "Hidden", "Ünïcode".
      let written = try await FFprobeReport.probe(out).chapters
      #expect(written.map(\.title) == ["Intro", "Scene", "Ünïcode"], "\(container)")
      #expect(written.map(\.start) == [0, 0.5, 2.5], "\(container)")
      let played = try await Media(path: out, instance: instance).parse(depth: .container)
      #expect(played.chapters.map(\.name) == ["Intro", "Scene", "Ünïcode"], "\(container)")
      let structure = result.droppedFields.first { $0.name == "chapter structure" }
      #expect(
        structure?.value == "1 other edition, 1 hidden chapter, the nesting of 1 chapter",
        "\(container): \(result.droppedFields)")
    }
  }

  @Test("a container-depth parse lists an MP4's chapters as the player plays them")
  @MainActor
  func mp4() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    // Chapters that end before the next one (and the media) do: ffmpeg writes them as Nero's
    // list and as a text track whose samples end there. libVLC plays Nero's list (only
    // starts); the text track's ends said the last one lasted 0.5 s, not 1.5 s.
    let metadata = media.folder.appendingPathComponent("chapters.txt")
    try """
    ;FFMETADATA1
    [CHAPTER]
    TIMEBASE=1/1000
    START=0
    END=1000
    title=One
    [CHAPTER]
    TIMEBASE=1/1000
    START=2500
    END=3000
    title=Two
    """.write(to: metadata, atomically: true, encoding: .utf8)
    let path = try await media.make(
      "chapters.mp4",
      [
        "-f", "lavfi", "-i", "testsrc=s=64x64:r=25:d=4", "-i", metadata.path, "-map", "0",
        "-map_chapters", "1", "-c:v", "libx264",
      ])
    try await compareWithPlayer(path, names: ["One", "Two"])
  }

  @Test("a container-depth parse lists Ogg and FLAC CHAPTER comments as the player plays them")
  @MainActor
  func ogg() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    // Out of order, in lower case, one without a name, one without a time, and "01.5": libVLC
    // (and FFmpeg) count the digits after the point as milliseconds.
    let comments = [
      "CHAPTER02=00:00:03.250", "chapter001=00:00:01.5", "CHAPTER001NAME=Half way",
      "CHAPTER000=00:00:00.000", "CHAPTER000NAME=Start", "CHAPTER003NAME=No time",
    ]
    let path = try await media.make(
      "chapters.ogg",
      ["-f", "lavfi", "-i", "sine=d=5", "-c:a", "libvorbis"]
        + comments.flatMap { ["-metadata:s:a:0", $0] })
    try await compareWithPlayer(path, names: ["Start", "Half way", nil, "No time"])
    // The chapters of a stream after the first (Vorbis after Theora) are listed too.
    let second = try await media.make(
      "second.ogg",
      [
        "-f", "lavfi", "-i", "testsrc=s=64x64:d=3", "-f", "lavfi", "-i", "sine=d=3", "-c:v",
        "libtheora", "-c:a", "libvorbis", "-metadata:s:a:0", "CHAPTER01=00:00:01.000",
        "-metadata:s:a:0", "CHAPTER01NAME= Audio ",
      ])
    try await compareWithPlayer(second, names: ["Audio"])
    // A native FLAC file's VORBIS_COMMENT block says the same (a folder probe said none).
    let flac = try await media.make(
      "chapters.flac",
      [
        "-f", "lavfi", "-i", "sine=d=3", "-c:a", "flac", "-metadata", "CHAPTER001=00:00:00.000",
        "-metadata", "CHAPTER001NAME=Alpha", "-metadata", "CHAPTER002=00:00:01.500",
        "-metadata", "CHAPTER002NAME=Beta",
      ])
    try await compareWithPlayer(flac, names: ["Alpha", "Beta"])
  }

  @Test("damaged Matroska and Ogg chapter tables read as none or some, never a crash")
  func damagedTables() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let mkv = try await media.chaptered("damage.mkv", seconds: 1, chapters: [("A", 0, 500)])
    let ogg = try await media.make(
      "damage.ogg",
      ["-f", "lavfi", "-i", "sine=d=1", "-c:a", "libvorbis", "-metadata:s:a:0", "CHAPTER1=x"])
    // A seek head sending the chapters to the last byte a 64-bit offset can name.
    let seekHead: [UInt8] =
      [0x1A, 0x45, 0xDF, 0xA3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01]
      + [UInt8](repeating: 0xFF, count: 7) + [0x11, 0x4D, 0x9B, 0x74, 0x95, 0x4D, 0xBB, 0x92]
      + [0x53, 0xAB, 0x84, 0x10, 0x43, 0xA7, 0x70, 0x53, 0xAC, 0x88]
      + [UInt8](repeating: 0xFF, count: 8)
    let crafted = media.folder.appendingPathComponent("far.mkv")
    try Data(seekHead).write(to: crafted)
    #expect(matroskaChapters(crafted.path) == nil)
    let damaged = media.folder.appendingPathComponent("damaged")
    for (path, isMatroska) in [(mkv, true), (ogg, false)] {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
      for round in 0..<300 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var copy = Array(bytes.prefix(Int(seed >> 33) % bytes.count + 1))
        for flip in 0..<(round % 8) {
          let at = Int((seed >> UInt64(flip * 3)) % UInt64(min(copy.count, 4_096)))
          copy[at] ^= UInt8(truncatingIfNeeded: seed >> UInt64(flip * 5))
        }
        if isMatroska {
          try Data(copy).write(to: damaged)
          _ = matroskaChapters(damaged.path)
        } else {
          _ = FileHeaders.read(head: copy)
        }
      }
    }
  }

  /// Parses `path` at container depth, expects chapters named `names`, and compares them with
  /// the chapters a player of it lists.
  @MainActor
  func compareWithPlayer(_ path: String, names: [String?]) async throws {
    let instance = try headlessInstance()
    let info = try await Media(path: path, instance: instance).parse(depth: .container)
    #expect(info.chapters.map(\.name) == names)
    #expect(!info.unknowns.contains { $0.hasPrefix("chapters") }, "\(info.unknowns)")

    let player = Player(instance: instance)
    let playing = try Media(path: path, instance: instance)
    playing.addOption(":input-repeat=65535")
    try player.play(playing)
    player.pause()
    try await waitUntil("the player lists its chapters", within: .seconds(30)) {
      player.chapters.count == names.count
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

/// The chapters ``MatroskaChapters`` reads from the file at `path`.
private func matroskaChapters(_ path: String) -> [Chapter]? {
  guard let file = ReadOnlyFile(path: path) else { return nil }
  return MatroskaChapters.read(file)
}
