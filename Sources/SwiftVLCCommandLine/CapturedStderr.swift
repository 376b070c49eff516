// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// What the terminal player replays on stderr of what libraries printed while it drew.
///
/// libVLC 3's libass plugin leaves libass's default message callback in place, which prints
/// libass's banner ("[ass] libass API version: …" and a few more lines, each starting with
/// "[ass] ") on stderr when an SSA/ASS subtitle decoder starts; libVLC offers no way to route
/// it and SwiftVLC patches no other component. Those lines say nothing to the tool's user, so
/// the tool leaves them out of its replay; everything else (a crash report, a plugin's
/// complaint) is kept.
public enum CapturedStderr {
  /// `captured` without its lines that start with libass's prefix "[ass] ". Bytes, not text:
  /// what a library printed need not be UTF-8.
  public static func withoutLibassBanner(_ captured: [UInt8]) -> [UInt8] {
    let prefix = Array("[ass] ".utf8)
    var kept: [UInt8] = []
    kept.reserveCapacity(captured.count)
    var lineStart = captured.startIndex
    while lineStart < captured.endIndex {
      let newline = captured[lineStart...].firstIndex(of: UInt8(ascii: "\n"))
      let lineEnd = newline.map { $0 + 1 } ?? captured.endIndex
      let line = captured[lineStart..<lineEnd]
      if !line.starts(with: prefix) { kept.append(contentsOf: line) }
      lineStart = lineEnd
    }
    return kept
  }
}
