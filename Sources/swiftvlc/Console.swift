// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import Synchronization

/// Where the tool writes: results on stdout, one-line errors on stderr.
enum Console {
  /// Prints `message` as one line on stderr, prefixed with "swiftvlc: ". Newlines inside the
  /// message are flattened so a script always reads one line per error.
  static func error(_ message: String) {
    let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    write(Array("swiftvlc: \(line)\n".utf8), to: STDERR_FILENO)
  }

  /// Writes `text` and a newline to stdout at once, unbuffered, so a pipe sees each event line
  /// as it happens.
  static func line(_ text: String) {
    write(Array((text + "\n").utf8), to: STDOUT_FILENO)
  }

  /// Writes all of `bytes` to `descriptor` at once, unbuffered (retrying short writes and
  /// interruptions; a closed pipe ends the attempt).
  static func write(_ bytes: [UInt8], to descriptor: Int32) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        if descriptor == STDOUT_FILENO {
          outputError.store(count < 0 ? errno : EIO, ordering: .relaxed)
        }
        return
      }
      written += count
    }
  }

  /// The error of the last write to stdout that failed (0: none): the exit status says so.
  static let outputError = Atomic<Int32>(0)

  /// Whether a file descriptor is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}
