// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Whole files whose headers are easy to misread as cut, and cut files whose headers are
/// easy to miss: a player's end before nine tenths fails on a file known cut, so a whole one
/// read as cut fails to play (found by a review of the change that made them so).
@Suite("Container extents of files easy to misread")
struct ContainerExtentTests {
  /// Writes the first `share` of the file at `path` beside it, and returns its path.
  private func cut(_ path: String, keeping share: Double) throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = path + ".cut"
    try data.prefix(Int(Double(data.count) * share)).write(to: URL(fileURLWithPath: cut))
    return cut
  }

  /// Expects the file at `path` whole, and its first `share` cut and declaring `length`.
  private func expectWholeThenCut(_ path: String, keeping share: Double, declaring length: Duration)
    throws
  {
    #expect(ContainerExtent.read(path: path).isComplete == true)
    let cut = try cut(path, keeping: share)
    #expect(ContainerExtent.read(path: cut).isComplete == false)
    let declared = try #require(ContainerExtent.read(path: cut).declaredLength)
    #expect(abs((declared - length).inSeconds) < 0.05, "\(declared)")
  }

  @Test("a FLAC file ending in silence, whose last frame is a dozen bytes, is whole")
  func silentFLAC() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let mono = try await media.make(
      "silent.flac",
      ["-f", "lavfi", "-i", "anullsrc=r=44100:cl=mono", "-t", "3", "-c:a", "flac"])
    let stereo = try await media.make(
      "padded.flac",
      [
        "-f", "lavfi", "-i", "sine=d=2,apad", "-ac", "2", "-af", "atrim=end_sample=138240",
        "-c:a", "flac",
      ])
    for path in [mono, stereo] {
      #expect(ContainerExtent.read(path: path).isComplete == true, "\(path)")
      #expect(
        ContainerExtent.read(path: try cut(path, keeping: 0.5)).isComplete == false, "\(path)")
    }
  }

  @Test("an MP3 behind an ID3v2 tag with a cover picture is known cut, and its length declared")
  func taggedMP3() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await media.make(
      "cover.mp3",
      [
        "-f", "lavfi", "-i", "sine=d=6", "-f", "lavfi", "-i", "testsrc=s=320x240:d=1",
        "-map", "0", "-map", "1", "-c:a", "libmp3lame", "-c:v", "png", "-frames:v", "1",
        "-id3v2_version", "3", "-disposition:v", "attached_pic",
      ])
    try expectWholeThenCut(path, keeping: 0.55, declaring: .seconds(6))
  }

  /// The first 4 KiB held the tag and the frame's header but not the Xing/Info counts after
  /// it: the cut went unseen (a probe gave the length it holds, a recording succeeded).
  @Test("an MP3 whose ID3v2 tag ends just before 4 KiB is known cut, its length declared")
  func tagEndingNear4KiB() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let raw = try await media.make(
      "raw.mp3",
      [
        "-f", "lavfi", "-i", "sine=d=6", "-c:a", "libmp3lame", "-b:a", "128k", "-id3v2_version",
        "0",
      ])
    let size = 4_060 - 10  // the tag's body: it ends at byte 4,060
    var tag: [UInt8] = Array("ID3".utf8) + [3, 0, 0]
    tag += [21, 14, 7, 0].map { UInt8((size >> $0) & 0x7F) }
    tag += [UInt8](repeating: 0, count: size)  // padding
    let whole = tag + [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    let path = media.folder.appendingPathComponent("tagged.mp3").path
    try Data(whole).write(to: URL(fileURLWithPath: path))
    try expectWholeThenCut(path, keeping: 0.6, declaring: .seconds(6))
  }

  @Test("an AVI written to a pipe declares no length (ffmpeg's placeholder read 11,930 hours)")
  func pipedAVI() async throws {
    let scratch = try ScratchDirectory("piped-avi")
    defer { scratch.remove() }
    let data = try await runForData(
      "ffmpeg",
      [
        "-v", "error", "-f", "lavfi", "-i", "sine=d=2", "-f", "lavfi", "-i",
        "testsrc=s=160x120:d=2", "-c:v", "mpeg4", "-c:a", "libmp3lame", "-f", "avi", "pipe:1",
      ])
    let path = scratch.path("piped.avi")
    try data.write(to: URL(fileURLWithPath: path))
    guard let file = ReadOnlyFile(path: path) else {
      Issue.record("cannot open \(path)")
      return
    }
    #expect(AVIHeaders.length(file) == nil)
    #expect(ContainerExtent.read(path: path).isComplete == nil)
    #expect(FileHeaders.read(path: path)?.duration == nil)
  }
}
