// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Reads `swiftvlc`'s arguments against the command table (``CommandSpec/all``).
///
/// Syntax: `swiftvlc COMMAND [ARGUMENTS]`, where options and operands may be mixed; options are
/// `--name`, `--name VALUE`, `--name=VALUE`, `-x` or `-x VALUE`; `--` ends the options; `-h` or
/// `--help` anywhere before `--` asks for the command's help. An option given twice, a value
/// that looks like an option (a negative number, "-5", is a value, so its own check can say
/// what range is allowed), a flag given a value, an empty operand and an empty value are errors.
package enum CommandLineParser {
  /// Parses the arguments after the program name.
  ///
  /// - Throws: ``UsageError`` describing the first problem found.
  package static func parse(
    _ arguments: [String], commands: [CommandSpec] = CommandSpec.all
  ) throws(UsageError) -> Command {
    guard let first = arguments.first else {
      throw UsageError("missing command")
    }
    switch first {
    case "-h", "--help":
      return .help(nil)
    case "-V", "--version":
      return .version
    case "--generate":
      // Hidden: the Makefile writes the man page and the shell completions with it.
      guard arguments.count == 2, let file = GeneratedFile(rawValue: arguments[1]) else {
        let names = GeneratedFile.allCases.map(\.rawValue).joined(separator: "|")
        throw UsageError("--generate needs one of \(names)")
      }
      return .generate(file)
    default:
      break
    }
    if first.hasPrefix("-") {
      throw UsageError("unknown option \(first)")
    }
    guard let spec = commands.first(where: { $0.name == first }) else {
      throw UsageError("unknown command '\(first)'")
    }
    let rest = Array(arguments.dropFirst())
    if wantsHelp(rest) { return .help(spec.name) }
    return try spec.build(parseArguments(rest, for: spec))
  }

  /// Reads one command's arguments into operands, flags and values, and checks the operand
  /// count. Values are not interpreted here; the command's `build` does that.
  package static func parseArguments(_ arguments: [String], for spec: CommandSpec)
    throws(UsageError) -> ParsedArguments
  {
    var parsed = ParsedArguments(command: spec.name)
    var index = arguments.startIndex
    var optionsEnded = false
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !looksLikeOption(argument) {
        if argument.isEmpty {
          throw parsed.error(
            "empty \(spec.operands.name ?? "argument") (an empty string was given)")
        }
        parsed.operands.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let (option, inlineValue) = try resolve(argument, in: spec, parsed: parsed)
      if parsed.flags.contains(option.long) || parsed.values[option.long] != nil {
        throw parsed.error("option --\(option.long) given more than once")
      }
      guard let valueName = option.valueName else {
        if inlineValue != nil { throw parsed.error("option --\(option.long) takes no value") }
        parsed.flags.insert(option.long)
        continue
      }
      if let inlineValue {
        parsed.values[option.long] = inlineValue
      } else if index < arguments.endIndex
        && (!looksLikeOption(arguments[index]) || looksNegative(arguments[index]))
      {
        parsed.values[option.long] = arguments[index]
        index += 1
      } else {
        throw parsed.error("option --\(option.long) needs a value (\(valueName))")
      }
      // No option takes an empty value (`-o ""` read as a file named '').
      if parsed.values[option.long]?.isEmpty == true {
        throw parsed.error(
          "option --\(option.long) needs a value (\(valueName)): an empty string was given")
      }
    }
    try checkOperandCount(parsed, spec.operands)
    return parsed
  }

  private static func wantsHelp(_ arguments: [String]) -> Bool {
    for argument in arguments {
      if argument == "--" { return false }
      if argument == "-h" || argument == "--help" { return true }
    }
    return false
  }

  /// Whether `argument` is an option (a lone "-" is an operand: standard input, by convention).
  private static func looksLikeOption(_ argument: String) -> Bool {
    argument.hasPrefix("-") && argument != "-"
  }

  /// Whether `argument` is written like a negative number ("-5", "-2.5s", "-.5"): a value
  /// given to an option, which that option's own check then refuses with its range.
  private static func looksNegative(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), let next = argument.dropFirst().first else { return false }
    return next.isNumber || next == "."
  }

  /// The option `argument` names, and the value written after "=" in `--name=value`.
  private static func resolve(_ argument: String, in spec: CommandSpec, parsed: ParsedArguments)
    throws(UsageError) -> (CommandSpec.Option, String?)
  {
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      let name = body.prefix { $0 != "=" }
      let value = body.count > name.count ? String(body.dropFirst(name.count + 1)) : nil
      guard let option = spec.option(named: String(name)) else {
        throw parsed.error("unknown option --\(name)")
      }
      return (option, value)
    }
    guard argument.count == 2, let letter = argument.last, let option = spec.option(short: letter)
    else {
      throw parsed.error("unknown option \(argument)")
    }
    return (option, nil)
  }

  private static func checkOperandCount(_ parsed: ParsedArguments, _ operands: CommandSpec.Operands)
    throws(UsageError)
  {
    if parsed.operands.count < operands.minimum {
      throw parsed.error("missing \(operands.name ?? "argument")")
    }
    if let maximum = operands.maximum, parsed.operands.count > maximum {
      throw parsed.error("unexpected argument '\(parsed.operands[maximum])'")
    }
  }
}
