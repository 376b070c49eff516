// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// One line on stderr that is rewritten in place while a command works, and erased when it
/// is done. Drawn only when stderr is a terminal: a pipe or a log file gets no progress noise.
@MainActor
final class ProgressLine {
  private let isShown = Console.isTerminal(STDERR_FILENO)
  private var isDrawn = false

  /// Replaces the line with `text`.
  func update(_ text: String) {
    guard isShown else { return }
    write("\r\u{1B}[2K" + text)
    isDrawn = true
  }

  /// Erases the line, leaving the cursor where it began.
  func clear() {
    guard isDrawn else { return }
    write("\r\u{1B}[2K")
    isDrawn = false
  }

  private func write(_ text: String) {
    Console.write(Array(text.utf8), to: STDERR_FILENO)
  }
}
