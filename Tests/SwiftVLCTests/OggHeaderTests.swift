// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// A Theora picture size read from the identification header, and only when the header is
/// sound.
@Suite("Ogg headers", .sharesTheMachine)
struct OggHeaderTests {
  /// The first 4 KiB of a Theora file of `width`×`height`, made by ffmpeg.
  private func head(_ generated: GeneratedMedia, width: Int, height: Int) async throws -> [UInt8] {
    let path = try await generated.make(
      "t\(width)x\(height).ogv",
      ["-f", "lavfi", "-i", "testsrc=size=\(width)x\(height):d=1", "-c:v", "libtheora"])
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(FileHeaders.headLength))
  }

  /// Where the identification header's fields start: after the page header, its one
  /// lacing value and the "\u{80}theora" magic.
  private func fields(_ bytes: [UInt8]) throws -> Int {
    let magic: [UInt8] = [0x80] + Array("theora".utf8)
    let start = try #require(
      (0..<(bytes.count - magic.count)).first { bytes[$0..<$0 + magic.count].elementsEqual(magic) })
    return start + magic.count + 3  // after the version
  }

  @Test("the picture size is the header's PICW × PICH, within the coded frame")
  func pictureSize() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let bytes = try await head(generated, width: 320, height: 180)
    #expect(FileHeaders.read(head: bytes).pictureSizes == [.init(width: 320, height: 180)])
    let at = try fields(bytes)
    // Frame 20×12 macroblocks: 320×192.
    #expect(Array(bytes[at..<at + 4]) == [0, 20, 0, 12])
    // A picture larger than its frame (PICW 0xFFFFFF), or none: no size, rather than a wrong
    // one (16777215×16777215 was said at both depths).
    var huge = bytes
    huge.replaceSubrange((at + 4)..<(at + 7), with: [0xFF, 0xFF, 0xFF])
    #expect(FileHeaders.read(head: huge).pictureSizes.isEmpty)
    var empty = bytes
    empty.replaceSubrange((at + 7)..<(at + 10), with: [0, 0, 0])
    #expect(FileHeaders.read(head: empty).pictureSizes.isEmpty)
    // Shifted past the frame's edge by its offset.
    var shifted = bytes
    shifted[at + 11] = 20  // PICY: 180 + 20 > 192
    #expect(FileHeaders.read(head: shifted).pictureSizes.isEmpty)
  }
}
