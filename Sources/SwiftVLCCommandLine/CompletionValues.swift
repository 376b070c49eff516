// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// What a shell completion offers for an option's value or a command's operands, read from the
/// names the command table shows in help, so that completions follow the table.
package enum CompletionValues: Equatable, Sendable {
  /// Free text, such as a time or a number: nothing to offer.
  case none
  /// File names (a SOURCE may also be a URL, which the shell cannot list).
  case files
  /// One of these words.
  case words([String])

  /// For an option's value: a name with "FILE" offers files ("FILE|URL" too), "ts|mp4|mkv"
  /// offers those words.
  package init(valueName: String) {
    if valueName.contains("FILE") {
      self = .files
    } else if valueName.contains("|") {
      self = .words(valueName.split(separator: "|").map(String.init))
    } else {
      self = .none
    }
  }

  /// For a command's operands: COMMAND offers the command names, SOURCE offers files.
  package init(operands: CommandSpec.Operands, commands: [CommandSpec]) {
    switch operands.name {
    case nil: self = .none
    case "COMMAND": self = .words(commands.map(\.name))
    default: self = .files
    }
  }
}

extension CommandSpec {
  /// The command's options as completions and the man page list them: the table's options, then
  /// the `-h, --help` every command accepts.
  package var documentedOptions: [Option] {
    options + [.flag("help", short: "h", "Show this help")]
  }
}
