// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// The finished file's verdict: a recording is neither much shorter than the source it copied
/// (2 s and 10 %) nor hours longer (a minute, and three times as long).
@Suite("Recording verdict")
struct RecordingVerdictTests {
  private func verdict(written seconds: Double, expected: Double) -> VLCError? {
    let tracks = [Track(id: 0, kind: .audio, codec: "mp4a")]
    let written = MediaInfo(
      duration: .milliseconds(Int64(seconds * 1_000)), metadata: Metadata([:]), tracks: tracks,
      isPlayable: true)
    return RecordingCheck.verdict(
      path: "/tmp/x.mkv", written: written, bytes: 1_000,
      expected: .milliseconds(Int64(expected * 1_000)), source: tracks, container: .mkv,
      transcode: nil, sourceReason: nil)
  }

  @Test("a file whose times run hours past its source fails, naming both lengths")
  func tooLong() {
    // libVLC 3 stamped a download read through its avformat demuxer with its system clock.
    guard case .operationFailed(let message)? = verdict(written: 25_284.5, expected: 5.0) else {
      Issue.record("a 7-hour file of a 5 s source passed")
      return
    }
    #expect(message.contains("25284.5 s for 5.0 s of source"), "\(message)")
    // libVLC measures a source short (two TS files joined end to end: 2.1 s of 4).
    #expect(verdict(written: 4.1, expected: 2.1) == nil)
    #expect(verdict(written: 50, expected: 5) == nil)
    #expect(verdict(written: 70, expected: 5) != nil)
    #expect(verdict(written: 290, expected: 100) == nil)
    #expect(verdict(written: 310, expected: 100) != nil)
    guard case .playbackFailed? = verdict(written: 2.0, expected: 5.0) else {
      Issue.record("a short file passed")
      return
    }
  }
}
