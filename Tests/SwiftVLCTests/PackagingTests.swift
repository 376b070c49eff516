// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLCCommandLine

/// The man page and the shell completions `make install` ships are generated from the command
/// table; these tests read each generated file back and compare what it offers with the table,
/// so that a generator that drops or invents an option fails. The installed binary, `make deb`
/// and the package's contents are checked by scripts/test-packaging.sh (it needs the release
/// build).
@Suite("Packaging", .sharesTheMachine)
struct PackagingTests {
  /// Every option of every command as "CMD -o --output FILE": the table's view.
  private var tableOptions: Set<String> {
    var options = Set(HelpText.toolOptions.map { describe("", $0) })
    for spec in CommandSpec.all {
      options.formUnion(spec.documentedOptions.map { describe(spec.name, $0) })
    }
    return options
  }

  private func describe(_ command: String, _ option: CommandSpec.Option) -> String {
    let short = option.short.map { "-\($0) " } ?? ""
    return "\(command) \(short)--\(option.long)" + (option.valueName.map { " \($0)" } ?? "")
  }

  @Test("the man page lists exactly the table's commands and options, with their help and notes")
  func manPage() throws {
    let page = ManPage.render()
    var command = ""
    var found = Set<String>()
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (index, line) in lines.enumerated() {
      if line == ".SH OPTIONS" { command = "" }
      if line.hasPrefix(".SS ") { command = String(line.dropFirst(4)) }
      guard line == ".TP", index + 2 < lines.count, lines[index + 1].contains("\\fB\\-") else {
        continue
      }
      let tag = unroff(lines[index + 1]).replacingOccurrences(of: ",", with: "")
      found.insert("\(command) \(tag)")
      #expect(!lines[index + 2].hasPrefix("."), "option \(tag) of \(command) has no help")
    }
    #expect(found == tableOptions)
    let text = unroff(page)
    #expect(text.contains("swiftvlc - \(HelpText.tagline)"))
    #expect(text.contains("\"swiftvlc \(ToolVersion.current)\""))
    #expect(text.contains(HelpText.exitStatus))
    for spec in CommandSpec.all {
      #expect(lines.contains(".SS \(spec.name)"))
      #expect(text.contains(spec.summary + "."))
      for option in spec.options { #expect(text.contains(option.help)) }
      for line in spec.notes.split(separator: "\n") {
        let trimmed = line.hasPrefix(" ") ? String(line.dropFirst(2)) : String(line)
        #expect(text.contains(trimmed), "\(spec.name)'s note line is missing: \(trimmed)")
      }
    }
  }

  @Test("groff formats the man page without a warning")
  func manPageFormats() async throws {
    let page = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-\(UUID().uuidString).1")
    try ManPage.render().write(to: page, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: page) }
    let result = try await runShell(["/usr/bin/groff", "-man", "-Tutf8", "-ww", "-z", page.path])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test("bash completes the table's commands, each command's options and their values")
  func bashCompletion() async throws {
    let shell = try BashCompleter()
    defer { shell.remove() }
    let commands = CommandSpec.all.map(\.name)
    #expect(try await shell.complete(["swiftvlc", ""]) == Set(commands))
    #expect(try await shell.complete(["swiftvlc", "pr"]) == ["probe"])
    #expect(try await shell.complete(["swiftvlc", "-"]) == ["--help", "-h", "--version", "-V"])
    for spec in CommandSpec.all {
      let spellings = spec.documentedOptions.flatMap { option in
        ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
      }
      #expect(
        try await shell.complete(["swiftvlc", spec.name, "-"]) == Set(spellings), "\(spec.name)")
    }
    // Values and operands, by what the table names them.
    #expect(
      try await shell.complete(["swiftvlc", "record", "--container", ""]) == ["ts", "mp4", "mkv"])
    #expect(
      try await shell.complete(["swiftvlc", "record", "--container", "=", "m"]) == ["mp4", "mkv"])
    #expect(try await shell.complete(["swiftvlc", "thumbnail", "-o", ""]) == shell.files)
    #expect(try await shell.complete(["swiftvlc", "thumbnail", "a.mkv", "--at", ""]) == [])
    #expect(try await shell.complete(["swiftvlc", "probe", "--json", ""]) == shell.files)
    #expect(try await shell.complete(["swiftvlc", "play", "clip.m"]) == ["clip.mkv"])
    #expect(try await shell.complete(["swiftvlc", "devices", ""]) == [])
    #expect(try await shell.complete(["swiftvlc", "help", "p"]) == ["play", "probe"])
  }

  @Test("zsh's completion function lists the table's commands and options")
  func zshCompletion() async throws {
    let file = ZshCompletion.render()
    #expect(file.hasPrefix("#compdef swiftvlc\n"))
    var command = ""
    var found = Set<String>()
    for line in file.split(separator: "\n").map(String.init) {
      if line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(")") {
        command = String(line.dropFirst(2).dropLast())
      }
      if line.hasPrefix("            _arguments ") { command = "" }
      found.formUnion(zshOptions(in: line).map { "\(command) \($0)" })
    }
    #expect(found == tableOptions)
    for spec in CommandSpec.all {
      #expect(
        file.contains("'\(spec.name):\(spec.summary.replacingOccurrences(of: "'", with: "'\\''"))'")
      )
    }
    try await checkSyntax(file, shell: "/usr/bin/zsh", arguments: ["-n"])
  }

  @Test("fish completes the table's commands and options")
  func fishCompletion() async throws {
    let file = FishCompletion.render()
    var found = Set<String>()
    var commands = Set<String>()
    for line in file.split(separator: "\n").map(String.init) where line.hasPrefix("complete") {
      let words = line.split(separator: " ").map(String.init)
      let value = { (flag: String) in words.firstIndex(of: flag).map { words[$0 + 1] } }
      let command =
        line.contains("__fish_use_subcommand")
        ? "" : value("'__fish_seen_subcommand_from")?.replacingOccurrences(of: "'", with: "")
      if line.contains("__fish_use_subcommand"), let name = value("-a") { commands.insert(name) }
      guard let command, let long = value("-l") else { continue }
      let short = value("-s").map { "-\($0) " } ?? ""
      let takesValue = words.contains("-x") || words.contains("-r")
      let option = CommandSpec.all.first { $0.name == command }?.option(named: long)
      let valueName = takesValue ? " " + (option?.valueName ?? "?") : ""
      found.insert("\(command) \(short)--\(long)\(valueName)")
    }
    #expect(commands == Set(CommandSpec.all.map(\.name)))
    #expect(found == tableOptions)
    try await checkSyntax(file, shell: "/usr/bin/fish", arguments: ["--no-execute"])
  }

  @Test("swiftvlc --generate prints each file as generated, and refuses an unknown name")
  func generateFromTheTool() async throws {
    for file in GeneratedFile.allCases {
      let result = try await runTool(["--generate", file.rawValue])
      #expect(result.status == 0)
      #expect(result.stdout == file.contents, "\(file.rawValue)")
    }
    let unknown = try await runTool(["--generate", "html"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("man|bash-completion|zsh-completion|fish-completion"))
    #expect(!HelpText.overview().contains("generate"))
  }

  @Test("--version prints the one version number, and CHANGELOG.md has its section")
  func version() async throws {
    let result = try await runTool(["--version"])
    #expect(result.stdoutLines.first == "swiftvlc \(ToolVersion.current)")
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let changelog = try String(
      contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    // Between releases ("0.3.0-dev") the changes are under "Unreleased".
    let section =
      ToolVersion.current.hasSuffix("-dev") ? "\n## Unreleased\n" : "\n## \(ToolVersion.current) — "
    #expect(changelog.contains(section))
  }

  /// "-o, --output FILE" and "--json" in a zsh `_arguments` line, as "-o --output FILE".
  private func zshOptions(in line: String) -> [String] {
    var options: [String] = []
    let pattern = /(\{-(\w)\+?,--([\w-]+)=?\}|--([\w-]+)(=?))'?\[[^\]]*\](:([^:]*):)?/
    for match in line.matches(of: pattern) {
      let short = match.output.2.map { "-\($0) " } ?? ""
      let long = String(match.output.3 ?? match.output.4 ?? "")
      let value = match.output.7.map { " " + $0.replacingOccurrences(of: "\\", with: "") } ?? ""
      options.append("\(short)--\(long)\(value)")
    }
    return options
  }

  /// Roff text as a reader sees it: fonts dropped, escapes undone.
  private func unroff(_ text: String) -> String {
    text.replacingOccurrences(of: #"\\f[BIR]"#, with: "", options: .regularExpression)
      .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\(em", with: "—")
      .replacingOccurrences(of: "\\&", with: "").replacingOccurrences(of: "\\e", with: "\\")
  }

  /// Parses `text` with `shell`, without running it.
  private func checkSyntax(_ text: String, shell: String, arguments: [String]) async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: shell),
      "\(shell) is missing: scripts/install-deps.sh installs it")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try await runShell([shell] + arguments + [file.path])
    #expect(result.status == 0, "\(shell): \(result.stderr)")
  }
}

/// Sources the generated bash completion in a fresh bash and asks `_swiftvlc` for the words it
/// offers, in a temporary directory holding two files.
private struct BashCompleter {
  let directory: URL
  let files: Set<String> = ["clip.mkv", "still.png"]
  /// Beside the directory, so that file completion in it lists only `files`.
  var script: URL { directory.appendingPathExtension("bash") }

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for file in files {
      let path = directory.appendingPathComponent(file).path
      try Data().write(to: URL(fileURLWithPath: path))
    }
    try BashCompletion.render().write(to: script, atomically: true, encoding: .utf8)
  }

  /// The words offered when the command line is `words`, the cursor at the end of the last.
  func complete(_ words: [String]) async throws -> Set<String> {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = """
      cd '\(directory.path)' && source '\(script.path)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _swiftvlc
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try await runShell(["/bin/bash", "--norc", "--noprofile", "-c", program])
    guard result.status == 0, result.stderr.isEmpty else {
      throw TimedOut(what: "bash completion of \(words): \(result.stderr)")
    }
    return Set(result.stdout.split(separator: "\n").map(String.init))
  }

  func remove() {
    try? FileManager.default.removeItem(at: directory)
    try? FileManager.default.removeItem(at: script)
  }
}

/// Runs a short program to its end (a hang fails after 10 s) and returns its output. Suspends
/// meanwhile: a blocked thread of the cooperative pool would stall every other test.
private func runShell(_ arguments: [String]) async throws -> (
  status: Int32, stdout: String, stderr: String
) {
  let run = try await runProgram(arguments[0], Array(arguments.dropFirst()), within: .seconds(10))
  return (run.status, String(decoding: run.stdout, as: UTF8.self), run.stderr)
}
