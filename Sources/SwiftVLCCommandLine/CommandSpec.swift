// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// One row of the command table: a subcommand's name, its operands, its options, its help, and
/// how its parsed arguments become a typed ``Command``.
package struct CommandSpec: Sendable {
  /// An option a command accepts: a flag (`--json`) or an option with a value (`--at TIME`).
  package struct Option: Sendable, Equatable {
    /// The long name, without the dashes: "at" for `--at`.
    package var long: String
    /// The one-letter name, without the dash: "o" for `-o`.
    package var short: Character?
    /// The placeholder shown in help for the value ("TIME"); `nil` for a flag.
    package var valueName: String?
    /// One line of help.
    package var help: String

    /// A flag: present or absent, never with a value.
    package static func flag(_ long: String, short: Character? = nil, _ help: String) -> Option {
      Option(long: long, short: short, valueName: nil, help: help)
    }

    /// An option that takes a value, written `--long VALUE` or `--long=VALUE`.
    package static func value(
      _ long: String, short: Character? = nil, _ valueName: String, _ help: String
    ) -> Option {
      Option(long: long, short: short, valueName: valueName, help: help)
    }

    /// Whether the option takes a value.
    package var takesValue: Bool { valueName != nil }
  }

  /// How many operands (non-option arguments) a command takes, and what they are called.
  package struct Operands: Sendable, Equatable {
    /// The name shown in usage ("SOURCE").
    package var name: String?
    /// The fewest operands accepted.
    package var minimum: Int
    /// The most operands accepted; `nil` for no limit.
    package var maximum: Int?

    /// No operands.
    package static let none = Operands(name: nil, minimum: 0, maximum: 0)
    /// Exactly one operand.
    package static func one(_ name: String) -> Operands {
      Operands(name: name, minimum: 1, maximum: 1)
    }
    /// Zero or one operand.
    package static func optional(_ name: String) -> Operands {
      Operands(name: name, minimum: 0, maximum: 1)
    }
    /// One or more operands.
    package static func oneOrMore(_ name: String) -> Operands {
      Operands(name: name, minimum: 1, maximum: nil)
    }

    /// The operands as usage shows them: "SOURCE", "[SOURCE]", "SOURCE...".
    package var usage: String {
      guard let name else { return "" }
      switch (minimum, maximum) {
      case (0, 1): return "[\(name)]"
      case (_, nil): return "\(name)..."
      default: return name
      }
    }
  }

  /// The subcommand's name, as typed after `swiftvlc`.
  package var name: String
  /// One line: what the command does.
  package var summary: String
  /// The operands it takes.
  package var operands: Operands
  /// The options it takes (`--help` is implied and not listed here).
  package var options: [Option]
  /// Paragraphs shown after the options in the command's help (keys, output format, examples).
  package var notes: String
  /// Turns the parsed arguments into a typed command, validating values.
  package var build: @Sendable (ParsedArguments) throws(UsageError) -> Command

  /// The option with long name `long`.
  package func option(named long: String) -> Option? {
    options.first { $0.long == long }
  }

  /// The option with the one-letter name `short`.
  package func option(short: Character) -> Option? {
    options.first { $0.short == short }
  }
}
