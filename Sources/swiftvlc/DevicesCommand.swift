import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc devices`: libVLC's audio outputs.
enum DevicesCommand {
  static func run() -> ExitCode {
    do {
      let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
      let outputs = instance.audioOutputs()
      let width = outputs.map(\.name.count).max() ?? 0
      print("Audio outputs:")
      for output in outputs {
        let name = output.name + String(repeating: " ", count: width - output.name.count)
        print("  \(name)  \(output.description)")
      }
      // TODO(lead): list each output's devices here once the audio-device API lands.
      return .success
    } catch {
      Console.error("devices: \(error)")
      return .mediaError
    }
  }
}
