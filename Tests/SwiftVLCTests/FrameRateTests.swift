// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// A track's frame rate is the file's, as ffprobe and MediaInfo give it: libVLC 3's Matroska
/// demuxer reads a frame duration cut to whole microseconds (29.971 for 30000/1001).
@Suite("Frame rates", .sharesTheMachine)
struct FrameRateTests {
  @Test(
    "a Matroska file's NTSC and whole frame rates are ffprobe's",
    arguments: [
      "30000/1001", "24000/1001", "60000/1001", "25", "50",
    ])
  func matroskaRates(rate: String) async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let path = try await media.make(
      "rate.mkv",
      ["-f", "lavfi", "-i", "testsrc=s=64x48:r=\(rate):d=1", "-c:v", "libx264"])
    let probed = try await FFprobeReport.probe(path)
    let expected = try #require(probed.streams.first?.frameRate)
    let instance = try headlessInstance()
    for depth in [ParseDepth.container, .decoded] {
      let info = try await within(.seconds(20), "parsing \(path)") {
        try await Media(path: path, instance: instance).parse(timeout: .seconds(8), depth: depth)
      }
      let found = try #require(info.tracks.first?.frameRate, "\(depth)")
      // It was 29.971 for 29.970, 59.941 for 59.940.
      #expect(abs(found - expected) < 0.000_1, "\(rate) at \(depth): \(found), ffprobe \(expected)")
    }
  }

  @Test("only a rate within 1/10,000 of a common one is taken for it")
  func commonRates() {
    #expect(Track.commonRate(1_000_000 / 33_366.0) == 30_000 / 1_001.0)
    #expect(Track.commonRate(1_000_000 / 8_341.0) == 120_000 / 1_001.0)
    #expect(Track.commonRate(1_000_000 / 33_333.0) == 30)
    #expect(Track.commonRate(29.5) == 29.5)
    #expect(Track.commonRate(12.345) == 12.345)
  }
}
