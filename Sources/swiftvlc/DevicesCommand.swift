// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc devices`: libVLC's audio outputs, each with the devices it lists.
enum DevicesCommand {
  static func run() -> ExitCode {
    do {
      let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
      let outputs = instance.audioOutputs()
      let width = outputs.map(\.name.count).max() ?? 0
      print("Audio outputs:")
      for output in outputs {
        print("  \(pad(output.name, to: width))  \(output.description)")
        // Not every output can list devices (the null, memory and file ones never do).
        let devices = instance.audioDevices(forOutput: output.name)
        let deviceWidth = devices.map(\.id.count).max() ?? 0
        for device in devices {
          // ALSA descriptions hold line breaks ("HDA Intel PCH\nFront speakers").
          let description = device.description.split(whereSeparator: \.isNewline)
            .joined(separator: ", ")
          print("    \(pad(device.id, to: deviceWidth))  \(description)")
        }
      }
      return .success
    } catch {
      Console.error("devices: \(error)")
      return .mediaError
    }
  }

  private static func pad(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(width - text.count, 0))
  }
}
