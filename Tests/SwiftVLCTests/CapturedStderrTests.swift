// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import SwiftVLCCommandLine
import Testing

/// The terminal player's replay of what libraries printed on stderr while it drew.
@Suite("Captured stderr")
struct CapturedStderrTests {
  @Test("libass's banner lines are left out; every other line, bytes as written, is kept")
  func libassBannerLeftOut() {
    let captured =
      Array(
        ("[ass] libass API version: 0x1701000\n[ass] libass source: tarball\n"
          + "a plugin's complaint\n[ass] Raster: FreeType 2.12.1\nnot [ass] at the start\n"
          + "[ass]no space\nlast line without a newline").utf8) + [0xFF, 0x0A]
    let kept = CapturedStderr.withoutLibassBanner(captured)
    #expect(
      kept
        == Array(
          "a plugin's complaint\nnot [ass] at the start\n[ass]no space\nlast line without a newline"
            .utf8) + [0xFF, 0x0A])
  }

  @Test("nothing captured stays nothing; a banner alone leaves nothing")
  func emptyCases() {
    #expect(CapturedStderr.withoutLibassBanner([]).isEmpty)
    #expect(CapturedStderr.withoutLibassBanner(Array("[ass] Shaper: FriBidi\n".utf8)).isEmpty)
  }
}
