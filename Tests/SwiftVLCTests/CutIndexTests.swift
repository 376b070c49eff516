// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// An MP4 file cut before its index (written last), as a download cut short leaves it:
/// libVLC 3's MP4 demuxer discards it, and a fallback demuxer read its coded bytes as three
/// MPEG-2 videos and three MPEG audios, to an end without an error. Probe, thumbnail and
/// record said "no playable stream"; a channel check said "alive", and a player "ended".
@Suite("An MP4 file without its index")
@MainActor
struct CutIndexTests {
  /// A 20 s H.264/AAC MP4 with its index at the end, cut after 145,000 bytes, and its whole
  /// self and a copy with the index first.
  private func files(_ generated: GeneratedMedia) async throws -> (
    cut: String, whole: String, fastStart: String
  ) {
    let arguments = [
      "-f", "lavfi", "-i", "testsrc=size=640x480:rate=25:duration=20", "-f", "lavfi", "-i",
      "sine=duration=20", "-c:v", "libx264", "-preset", "veryfast", "-g", "250", "-bf", "3",
      "-c:a", "aac",
    ]
    let whole = try await generated.make("whole.mp4", arguments)
    let fastStart = try await generated.make(
      "faststart.mp4", arguments + ["-movflags", "+faststart"])
    let cut = generated.folder.appendingPathComponent("cut.mp4").path
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(145_000)
    try bytes.write(to: URL(fileURLWithPath: cut))
    return (cut, whole, fastStart)
  }

  @Test("the index is missing from the cut file only")
  func lacksIndex() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let (cut, whole, fastStart) = try await files(generated)
    #expect(ContainerExtent.read(path: cut).lacksIndex)
    #expect(!ContainerExtent.read(path: whole).lacksIndex)
    #expect(!ContainerExtent.read(path: fastStart).lacksIndex)
    #expect(!ContainerExtent.read(path: Fixture.shortTS.path).lacksIndex)
    // A HEIF picture: `ftyp`, `meta`, `mdat`, no movie; and a file cut in a 64-bit size.
    let heif = generated.folder.appendingPathComponent("picture.heic")
    try Data(
      box("ftyp", Array("heic\0\0\0\0mif1heic".utf8)) + box("meta", [0, 0, 0, 0])
        + box("mdat", [1, 2])
    )
    .write(to: heif)
    #expect(!ContainerExtent.read(path: heif.path).lacksIndex)
    let cutInSize = generated.folder.appendingPathComponent("cut-size.mp4")
    try Data(
      box("ftyp", Array("isom\0\0\0\0isom".utf8)) + [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0]
    )
    .write(to: cutInSize)
    #expect(ContainerExtent.read(path: cutInSize.path).lacksIndex)
    // One walk answers both questions: the file cut in a box's size is cut, the picture whole.
    #expect(ContainerExtent.read(path: cutInSize.path).isComplete == false)
    #expect(ContainerExtent.read(path: heif.path).isComplete == true)
    #expect(ContainerExtent.read(path: fastStart).isComplete == true)
    // Bytes after the last box that are no box (a few bytes of padding, an ID3v1 tag) do not
    // make a whole file cut: a player's end before its clock moved failed on them.
    let wholeBytes = try Data(contentsOf: URL(fileURLWithPath: fastStart))
    for (name, tail) in [
      ("padded.mp4", Data(count: 3)), ("tagged.mp4", Data("TAG".utf8) + Data(count: 125)),
    ] {
      let path = generated.folder.appendingPathComponent(name).path
      try (wholeBytes + tail).write(to: URL(fileURLWithPath: path))
      #expect(ContainerExtent.read(path: path).isComplete != false, "\(name)")
      #expect(!ContainerExtent.read(path: path).lacksIndex, "\(name)")
    }
    #expect(
      !ContainerExtent.read(path: generated.folder.appendingPathComponent("no").path).lacksIndex)
  }

  /// An MP4 box: its 32-bit size, its type and `body`.
  private func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
    let size = UInt32(8 + body.count)
    return withUnsafeBytes(of: size.bigEndian, Array.init) + Array(type.utf8) + body
  }

  @Test("a player, a channel check and a parse fail with the same words")
  func sameWords() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let (cut, _, _) = try await files(generated)
    let words = ContainerExtent.missingIndex

    let player = Player(instance: try headlessInstance())
    let media = try Media(path: cut, instance: player.instance)
    try player.play(media)
    try await waitUntil("the cut file to end", within: .seconds(20)) { !player.state.isActive }
    #expect(player.outcome == .failed(.sourceFailed(.other(words), source: media.mrl)))
    await player.stop()

    let channel = Channel(id: 1, name: "Cut", location: cut)
    let check = try #require(
      try await ChannelChecker(concurrency: 1, timeout: .seconds(10)).check([channel]).first)
    #expect(check.status == .dead(.failed(words)), "\(check.status)")

    let info = try await Media(path: cut, instance: player.instance).parse(timeout: .seconds(10))
    #expect(!info.isPlayable)
    // It was "no playable stream in cut.mp4" alone.
    #expect(
      info.unplayableError(source: "cut.mp4")
        == .parseFailed(reason: "no playable stream in cut.mp4: \(words)"))
  }
}
