// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The help the tool prints, rendered from the command table so it cannot drift from the parser.
package enum HelpText {
  /// What the tool is, in one line: the overview's title and the man page's NAME.
  package static let tagline = "play, probe, thumbnail and record media with libVLC"

  /// The exit statuses, as the overview and the man page state them (see ``ExitCode``).
  package static let exitStatus = "0 success, 1 media error, 2 usage error, 130 interrupted"

  /// The options `swiftvlc` takes without a command.
  package static let toolOptions: [CommandSpec.Option] = [
    .flag("help", short: "h", "Show this help"),
    .flag("version", short: "V", "Print the versions of swiftvlc and libVLC"),
  ]

  /// `swiftvlc --help`: what the tool does, its commands and its exit statuses.
  package static func overview(_ commands: [CommandSpec] = CommandSpec.all) -> String {
    let width = commands.map(\.name.count).max() ?? 0
    let rows = commands.map { "  \(pad($0.name, to: width))  \($0.summary)" }
    return """
      swiftvlc — \(tagline)

      Usage: swiftvlc COMMAND [OPTIONS] [ARGUMENTS]
             swiftvlc --version | --help

      Commands:
      \(rows.joined(separator: "\n"))

      Run 'swiftvlc COMMAND --help' for a command's options.
      Exit status: \(exitStatus).

      """
  }

  /// `swiftvlc COMMAND --help`: usage, summary, options and notes.
  package static func command(_ spec: CommandSpec) -> String {
    let options = spec.documentedOptions
    let labels = options.map(label)
    let width = labels.map(\.count).max() ?? 0
    let rows = zip(labels, options).map { "  \(pad($0, to: width))  \($1.help)" }
    let operands = spec.operands.usage
    var text = """
      Usage: swiftvlc \(spec.name) [OPTIONS]\(operands.isEmpty ? "" : " " + operands)

      \(spec.summary).

      Options:
      \(rows.joined(separator: "\n"))

      """
    if !spec.notes.isEmpty { text += "\n" + spec.notes + "\n" }
    return text
  }

  /// "-o, --output FILE" or "    --json".
  private static func label(_ option: CommandSpec.Option) -> String {
    let short = option.short.map { "-\($0), " } ?? "    "
    let value = option.valueName.map { " \($0)" } ?? ""
    return "\(short)--\(option.long)\(value)"
  }

  private static func pad(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(width - text.count, 0))
  }
}
