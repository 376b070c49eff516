// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import SwiftVLC
import SwiftVLCCommandLine

/// Runs one command line and returns the exit status.
@MainActor
enum Tool {
  static func run(_ arguments: [String]) async -> ExitCode {
    let command: Command
    do {
      command = try CommandLineParser.parse(arguments)
    } catch {
      Console.error(error.description)
      return .usage
    }
    switch command {
    case .help(let topic):
      if let topic, let spec = CommandSpec.all.first(where: { $0.name == topic }) {
        print(HelpText.command(spec), terminator: "")
      } else {
        print(HelpText.overview(), terminator: "")
      }
      return .success
    case .version:
      return printVersion()
    case .generate(let file):
      print(file.contents, terminator: "")
      return .success
    case .play(let options):
      return await PlayCommand.run(options)
    case .probe(let options):
      return await ProbeCommand.run(options)
    case .devices:
      return DevicesCommand.run()
    case .thumbnail(let options):
      return await ThumbnailCommand.run(options)
    case .record(let options):
      return await RecordCommand.run(options)
    case .discover(let options):
      return await DiscoverCommand.run(options)
    case .channels(let options):
      return await ChannelsCommand.run(options)
    }
  }

  private static func printVersion() -> ExitCode {
    do {
      let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
      print("swiftvlc \(ToolVersion.current)")
      print("libVLC \(instance.version)")
      return .success
    } catch {
      Console.error(error.description)
      return .mediaError
    }
  }
}
