// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// A command line that cannot be run as written. The tool prints it on one line of stderr and
/// exits with ``ExitCode/usage``.
package struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, such as "unknown option --foo".
  package var message: String
  /// The subcommand it concerns, for the pointer to its help.
  package var command: String?

  /// Creates an error about `command` (or about the tool as a whole when `nil`).
  package init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  /// One line: the message and where to read more.
  package var description: String {
    let help = command.map { "swiftvlc \($0) --help" } ?? "swiftvlc --help"
    return "\(message) (see '\(help)')"
  }
}
