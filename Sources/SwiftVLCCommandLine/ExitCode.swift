// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The tool's exit statuses.
package enum ExitCode: Int32, Sendable {
  /// Everything worked.
  case success = 0
  /// A source could not be opened, parsed, played or written.
  case mediaError = 1
  /// The command line is wrong.
  case usage = 2
  /// Interrupted by SIGINT, SIGTERM or SIGHUP (128 + SIGINT, as shells report it).
  case interrupted = 130
}
