// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@testable import SwiftVLCCommandLine

@Suite("swiftvlc play --timeshift")
struct TimeshiftCommandTests {
  @Test("--timeshift is read, l decodes as jump to live")
  func parsing() throws {
    var expected = Command.Play(source: "tv.m3u")
    expected.timeshift = true
    #expect(try CommandLineParser.parse(["play", "tv.m3u", "--timeshift"]) == .play(expected))
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("l \u{1B}[D".utf8)) == [.jumpToLive, .togglePause, .seekBackward])
  }

  @Test("the status line shows how far behind live, or live, in place of the time")
  func statusLine() {
    func shown(_ behind: Duration) -> String {
      var status = PlaybackStatus(
        state: .playing, time: .seconds(3), duration: nil, volume: 1, isMuted: false,
        audio: "1", subtitle: "off")
      status.behindLive = behind
      status.buffered = .seconds(100)
      return StatusLine.render(status, width: 80).replacing(
        /\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
    }
    #expect(shown(.seconds(42)).hasPrefix(" playing  -0:42 "))
    #expect(shown(.milliseconds(1_500)).hasPrefix(" playing  live "))
  }
}
