import Foundation
import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc record`: copies a source's streams into a file until the source ends, the
/// duration is reached, or the user interrupts.
///
/// The first SIGINT, SIGTERM or SIGHUP stops the recording cleanly: the file is finished
/// (MP4 gets its index), the summary is printed, and the status is 130, so a script can tell
/// a recording cut short on request from one that ran its course. A second signal leaves at
/// once, without finishing the file.
@MainActor
enum RecordCommand {
  static func run(_ options: Command.Record) async -> ExitCode {
    let recording: Recording
    do {
      let source = try MediaSource.parse(options.source)
      let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
      recording = try Recording.start(
        try source.media(on: instance), to: options.output,
        options: RecordingOptions(
          container: options.container.outputContainer, duration: options.duration))
    } catch {
      Console.error("record: \(error)")
      return .mediaError
    }

    let progress = ProgressLine()
    let reports = recording.progress
    let drawing = Task {
      for await report in reports {
        progress.update(
          ProgressText.recording(
            elapsed: report.elapsed, bytes: report.bytesWritten, mediaTime: report.mediaTime))
      }
    }
    let interruption = Interruption()
    let signals = SignalWatcher([SIGINT, SIGTERM, SIGHUP]) { _ in
      if interruption.isRequested {
        progress.clear()
        fflush(nil)
        _exit(ExitCode.interrupted.rawValue)
      }
      interruption.isRequested = true
      Task { _ = try? await recording.stop() }
    }
    defer { signals.cancel() }

    let outcome: Result<RecordingResult, VLCError>
    do {
      outcome = .success(try await recording.result())
    } catch {
      outcome = .failure(error)
    }
    drawing.cancel()
    progress.clear()
    let status: ExitCode
    switch outcome {
    case .success(let result):
      Console.line("file \(result.path)")
      Console.line("bytes \(result.bytes)")
      Console.line("duration \(TimeText.seconds(result.duration))")
      status = .success
    case .failure(let error):
      Console.error("record: \(error)")
      status = .mediaError
    }
    return interruption.isRequested ? .interrupted : status
  }
}

/// Whether the user asked to stop, as seen by the signal handler.
@MainActor
private final class Interruption {
  var isRequested = false
}

extension Command.Container {
  /// The library's container of the same name.
  fileprivate var outputContainer: OutputContainer {
    switch self {
    case .ts: .ts
    case .mp4: .mp4
    case .mkv: .mkv
    }
  }
}
