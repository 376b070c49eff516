// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Files cut short whose container declares no length (Ogg; a fragmented MP4 without a
/// fragment duration): every length of them is that of what they hold, so a probe, a player
/// and a recording must each tell the cut from the file's pages or boxes. Before, a probe of
/// a Vorbis file cut at half read the granule position of a page it did not hold (2.0 s of
/// the 1.0 s there) and noted nothing, and a player and a recording of it ended well, as
/// they did for a cut fragmented MP4 that a probe called cut.
@Suite("Files cut short that declare no length", .sharesTheMachine)
@MainActor
struct UndeclaredCutTests {
  /// The first half of the file at `path`, written beside it.
  private func half(_ path: String) throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = path + ".cut" + URL(fileURLWithPath: path).pathExtension
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
    return cut
  }

  /// The last whole page of an Ogg file cut at half ends its data; the file cut where a
  /// page ends, without the last page's end-of-stream flag, is not known cut.
  @Test("Ogg and fragmented MP4 extents: whole, cut in a page or box, cut between pages")
  func extents() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let vorbis = try await media.make(
      "tone.ogg", ["-f", "lavfi", "-i", "sine=d=6", "-c:a", "libvorbis"])
    let theora = try await media.make(
      "clip.ogv", GeneratedMedia.video(seconds: 4) + ["-c:v", "libtheora", "-c:a", "libvorbis"])
    let fragmented = try await media.make(
      "fragments.mp4",
      GeneratedMedia.video(seconds: 4) + ["-movflags", "frag_keyframe+empty_moov"])
    let plain = try await media.make("plain.mp4", GeneratedMedia.video(seconds: 2))
    for path in [vorbis, theora, fragmented] {
      let whole = ContainerExtent.read(path: path)
      #expect(whole.isComplete == true, "\(path)")
      #expect(whole.declaresNoLength, "\(path)")
      #expect(ContainerExtent.read(path: try half(path)).isCut, "\(path)")
    }
    #expect(!ContainerExtent.read(path: plain).declaresNoLength)
    // Cut where a page ends: whole pages, none the stream's last.
    let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: vorbis)))
    var offset = 0
    var boundaries: [Int] = []
    while let page = OggPages.page(data, at: offset) {
      offset += page.length
      boundaries.append(offset)
    }
    #expect(offset == data.count, "the walk of the whole file")
    let boundary = boundaries[boundaries.count / 2]
    let between = media.folder.appendingPathComponent("between.ogg")
    try Data(data.prefix(boundary)).write(to: between)
    #expect(ContainerExtent.read(path: between.path).isComplete == nil)
    // A whole file with bytes appended that begin like a page, or a page header cut short.
    for (name, appended) in [("og", Array("Og".utf8)), ("header", Array("OggS".utf8) + [0, 0])] {
      let path = media.folder.appendingPathComponent("\(name).ogg")
      try Data(data + appended).write(to: path)
      #expect(
        ContainerExtent.read(path: path.path).isComplete == (name == "og" ? nil : false), "\(name)")
    }
  }

  @Test("a probe, a player and a recording of a cut Vorbis file all say it is cut")
  func cutOgg() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let whole = try await media.make(
      "tone.ogg", ["-f", "lavfi", "-i", "sine=d=6", "-c:a", "libvorbis"])
    let cut = try half(whole)
    let instance = try headlessInstance()
    let info = try await Media(path: cut, instance: instance).parse(timeout: .seconds(10))
    #expect(info.unknowns.contains(ContainerExtent.cutShortUndeclared), "\(info.unknowns)")
    // ffprobe reads 1.012 s: the last whole page's granule position.
    let duration = try #require(info.duration)
    #expect(duration > .seconds(0.5) && duration < .seconds(1.5), "\(duration)")
    let wholeInfo = try await Media(path: whole, instance: instance).parse(timeout: .seconds(10))
    #expect(wholeInfo.unknowns.isEmpty, "\(wholeInfo.unknowns)")
    try await expectCut(cut, on: instance)
  }

  @Test("a player and a recording of a cut fragmented MP4 say it is cut, as a probe does")
  func cutFragmentedMP4() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let whole = try await media.make(
      "fragments.mp4",
      GeneratedMedia.video(seconds: 4) + ["-movflags", "frag_keyframe+empty_moov"])
    let instance = try headlessInstance()
    let cut = try half(whole)
    let info = try await Media(path: cut, instance: instance).parse(timeout: .seconds(10))
    #expect(info.unknowns.contains(ContainerExtent.cutShortUndeclared), "\(info.unknowns)")
    try await expectCut(cut, on: instance)
    // A recording that ends before the cut, at the duration asked, is whole.
    let short = try await within(.seconds(30), "recording the first second") {
      try await Recording.record(
        Media(path: cut, instance: instance), to: cut + ".1s.mkv",
        options: RecordingOptions(container: .mkv, duration: .seconds(1)))
    }
    #expect(short.duration < .seconds(1.5), "\(short.duration)")
  }

  /// Plays and records `path` and expects both to fail naming the cut.
  private func expectCut(_ path: String, on instance: VLCInstance) async throws {
    let player = Player(instance: instance)
    let events = player.events
    try player.play(Media(path: path, instance: instance))
    _ = try await collectEvents(events, within: .seconds(30)) {
      $0 == .stateChanged(.ended) || $0 == .stateChanged(.error)
    }
    guard case .failed(.playbackFailed(let reason)) = player.outcome else {
      Issue.record("the player's outcome: \(String(describing: player.outcome))")
      return
    }
    #expect(reason.hasPrefix("the file is cut short: "), "\(reason)")
    let copy = path + ".copy.mkv"
    do {
      _ = try await within(.seconds(30), "recording the cut file") {
        try await Recording.record(
          Media(path: path, instance: instance), to: copy,
          options: RecordingOptions(container: .mkv))
      }
      Issue.record("the recording of a cut file succeeded")
    } catch let error as VLCError {
      #expect("\(error)".contains("the source ended early: the file is cut short"), "\(error)")
      #expect("\(error)".hasSuffix("; \(copy) was not written"), "\(error)")
    }
    #expect(!FileManager.default.fileExists(atPath: copy))
  }
}
