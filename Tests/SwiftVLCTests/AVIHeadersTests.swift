// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// libVLC 3 gives an AVI file its video's length: 5.000 s where the MP3 audio runs to 5.042 s
/// (ffprobe, mediainfo and a recording of it), which the probe's 50 ms tolerance let pass.
@Suite("AVI stream headers")
struct AVIHeadersTests {
  @Test("an AVI file lasts as long as its longest stream, as ffprobe says")
  func longestStream() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let file = try await generated.make(
      "clip.avi",
      [
        "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=5", "-f", "lavfi", "-i",
        "sine=duration=5", "-c:v", "mpeg4", "-c:a", "libmp3lame", "-ac", "2",
      ])
    let oracle = try #require(
      Double(try await ffprobeLines(file, "format=duration").first ?? ""))
    let info = try await Media(path: file, instance: headlessInstance()).parse(
      timeout: .seconds(10))
    let parsed = try #require(info.duration)
    #expect(abs(Double(parsed.inMilliseconds) / 1_000 - oracle) < 0.005, "\(parsed), \(oracle)")
    #expect(parsed > .seconds(5.02), "the video's 5.000 s")
  }

  @Test("an OpenDML or damaged header gives no length of its own")
  func noLength() throws {
    let scratch = try ScratchDirectory("avi-headers")
    defer { scratch.remove() }
    func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
      Array(id.utf8) + withUnsafeBytes(of: UInt32(body.count).littleEndian, Array.init) + body
    }
    var strh = [UInt8](repeating: 0, count: 56)
    strh[20] = 1  // scale 1
    strh[24] = 25  // rate 25
    strh[32] = 100  // 100 frames: 4 s
    let strl = chunk("LIST", Array("strl".utf8) + chunk("strh", strh))
    for (name, hdrl, expected) in [
      ("plain.avi", strl, Duration?.some(.seconds(4))),
      ("odml.avi", strl + chunk("LIST", Array("odml".utf8)), nil),
      ("cut.avi", Array(strl.prefix(30)), nil),
    ] {
      let list = chunk("LIST", Array("hdrl".utf8) + hdrl)
      let riff = chunk("RIFF", Array("AVI ".utf8) + list)
      let path = scratch.path(name)
      try Data(riff).write(to: URL(fileURLWithPath: path))
      guard let file = ReadOnlyFile(path: path) else {
        Issue.record("\(name) cannot be read")
        continue
      }
      #expect(AVIHeaders.length(file) == expected, "\(name)")
    }
  }
}
