// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// What the parser read for one command, before the command's own validation: operands in
/// order, flags that were given, and option values by long name.
package struct ParsedArguments: Sendable, Equatable {
  /// The command's name.
  package var command: String
  /// The non-option arguments, in order.
  package var operands: [String] = []
  /// The flags given, by long name.
  package var flags: Set<String> = []
  /// The values given, by the option's long name.
  package var values: [String: String] = [:]

  /// Creates an empty result for `command`.
  package init(command: String) { self.command = command }

  /// Whether the flag `long` was given.
  package func flag(_ long: String) -> Bool { flags.contains(long) }

  /// The raw value of option `long`, if given.
  package func value(_ long: String) -> String? { values[long] }

  /// A usage error about this command.
  package func error(_ message: String) -> UsageError {
    UsageError(message, command: command)
  }

  /// The value of option `long` read as a time ("90", "1:30", "00:01:30.5", "2.5s"), if given.
  package func time(_ long: String) throws(UsageError) -> Duration? {
    guard let text = values[long] else { return nil }
    guard let time = TimeText.parse(text) else {
      throw error(
        "invalid value '\(text)' for --\(long) (a time from 0 to 999999999s: \(TimeText.forms))")
    }
    return time
  }

  /// The value of option `long` read as a time that must be more than 0, if given.
  package func positiveTime(_ long: String) throws(UsageError) -> Duration? {
    guard let text = values[long] else { return nil }
    guard let time = TimeText.parse(text), time > .zero else {
      throw error(
        "invalid value '\(text)' for --\(long) (a time more than 0, to 999999999s: "
          + "\(TimeText.forms))")
    }
    return time
  }

  /// The value of `--stall-timeout`, a time of at least 0.5 s, if given.
  package func stallTimeout() throws(UsageError) -> Duration? {
    guard let text = values["stall-timeout"] else { return nil }
    // One range in one message, for 0 as for 0.1 (0 said "more than 0").
    guard let limit = TimeText.parse(text), limit >= .milliseconds(500) else {
      throw error(
        "invalid value '\(text)' for --stall-timeout (a time of at least 0.5s, to "
          + "999999999s: \(TimeText.forms))")
    }
    return limit
  }

  /// The value of option `long` read as a whole number in `range`, if given.
  package func integer(_ long: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = values[long] else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw error(
        "invalid value '\(text)' for --\(long) (a whole number from \(range.lowerBound) to "
          + "\(range.upperBound))")
    }
    return number
  }

  /// The value of option `long` as one of `choices`, if given.
  package func choice<Choice>(_ long: String, _ choices: KeyValuePairs<String, Choice>)
    throws(UsageError) -> Choice?
  {
    guard let text = values[long] else { return nil }
    guard let match = choices.first(where: { $0.key == text }) else {
      let names = choices.map(\.key).joined(separator: ", ")
      throw error("invalid value '\(text)' for --\(long) (one of: \(names))")
    }
    return match.value
  }

  /// The value of option `long`, which the command cannot do without.
  package func required(_ long: String) throws(UsageError) -> String {
    guard let text = values[long] else { throw error("missing --\(long)") }
    return text
  }
}
