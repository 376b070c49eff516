// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc record`: copies a source's streams into a file until the source ends, the
/// duration is reached, or the user interrupts.
///
/// The first SIGINT, SIGTERM or SIGHUP stops the recording cleanly: a line on stderr says so,
/// the file is finished (MP4 gets its index), the summary is printed, and the status is 130,
/// so a script can tell a recording cut short on request from one that ran its course. When
/// libVLC cannot close the source within ``interruptLimit`` (a stalled network read), or on a
/// second signal, the tool says so and leaves with the file unfinished.
@MainActor
enum RecordCommand {
  /// How long the first Ctrl-C may take to finish the file (documented in the help).
  static let interruptLimit: Duration = .seconds(5)

  static func run(_ options: Command.Record) async -> ExitCode {
    let recording: Recording
    // A channel list's first channel is recorded, as `play` plays it: its failure names the
    // channel's location, not the list's.
    var named = options.source
    do {
      let source = try MediaSource.parse(options.source)
      let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
      // Before a channel list over HTTP is read (up to its 10 s): an unusable -o is said at
      // once, as for any other source. The recording checks it again as it creates the file.
      _ = try OutputPath.checked(options.output)
      let list = await ChannelsCommand.channelList(at: source)
      named = list?.channels.first?.location ?? named
      recording = try Recording.start(
        try source.media(on: instance, list: list), to: options.output,
        options: RecordingOptions(
          container: options.container.outputContainer, duration: options.duration,
          stallTimeout: options.stallTimeout ?? RecordingOptions().stallTimeout))
    } catch {
      Console.error("record: \(words(error, source: named, output: options.output))")
      return .mediaError
    }

    let progress = ProgressLine()
    let reports = recording.progress
    let drawing = Task {
      for await report in reports {
        progress.update(
          ProgressText.recording(
            elapsed: report.elapsed, bytes: report.bytesWritten, mediaTime: report.mediaTime,
            waitingForKeyframe: report.waitingForKeyframe))
      }
    }
    let path = recording.path
    let writing = recording.writingPath
    let interruption = Interruption(command: "record", limit: interruptLimit)
    let signals = SignalWatcher([SIGINT, SIGTERM, SIGHUP]) { _ in
      progress.clear()
      interruption.handle(
        message: "interrupted, finishing \(path)",
        timeoutMessage: "libVLC did not finish \(path) within "
          + "\(TimeText.seconds(interruptLimit)) s; it is left unfinished",
        againMessage: "interrupted again; \(path) is left unfinished",
        // libVLC is stuck: the unfinished file goes where it was asked for.
        beforeLeaving: { _ = rename(writing, path) }
      ) {
        Task { _ = try? await recording.stop() }
      }
    }
    defer { signals.cancel() }

    let outcome: Result<RecordingResult, VLCError>
    do {
      outcome = .success(try await recording.result())
    } catch {
      outcome = .failure(error)
    }
    interruption.disarm()
    drawing.cancel()
    progress.clear()
    let status: ExitCode
    // The recording went to stdout (`/dev/stdout`, a link to it, the file stdout was sent to).
    let intoStdout = Recording.isSameFile(options.output, "/dev/stdout")
    switch outcome {
    case .success(let result):
      // The summary would end the recording.
      // Standard output that is not a file (a pipe, a terminal) is named so, not as the link
      // it resolves to (/proc/self/fd/1, "bytes 0"); a file it was sent to by its path.
      let named = intoStdout && FileKind(path: result.path) != .regular ? "standard output" : nil
      summarize(result, named: named, into: intoStdout ? STDERR_FILENO : STDOUT_FILENO)
      status = .success
    case .failure(let error):
      Console.error("record: \(words(error, source: named, output: options.output, path))")
      status = .mediaError
    }
    return interruption.isRequested ? .interrupted : status
  }

  /// `error` in words, naming the source as given and standard output as the user gave it
  /// (`-o -`), not as the link it resolves to (`/dev/stdout` before the recording starts,
  /// `/proc/self/fd/1` once it writes: `written`).
  private static func words(
    _ error: any Error, source: String, output: String, _ written: String? = nil
  ) -> String {
    var words = FailureWords.of(error, source: source)
    guard Recording.isSameFile(output, "/dev/stdout") else { return words }
    for path in Set([output, written].compactMap { $0 }) {
      words = words.replacing("cannot write \(path)", with: "cannot write to standard output")
    }
    return words
  }

  /// Prints the summary of `result` on `descriptor`, a line at a time, naming the file
  /// `named` when given (then without its size, which a pipe does not keep).
  private static func summarize(_ result: RecordingResult, named: String?, into descriptor: Int32) {
    let say = { (text: String) in Console.write(Array((text + "\n").utf8), to: descriptor) }
    say("file \(named ?? result.path)")
    if named == nil { say("bytes \(result.bytes)") }
    say("duration \(TimeText.seconds(result.duration))")
    for (index, track) in result.droppedTracks.enumerated() {
      let reason = index < result.droppedReasons.count ? " (\(result.droppedReasons[index]))" : ""
      say("dropped \(track.kind.name) \(track.label)\(reason)")
    }
    if result.droppedChapters > 0 {
      say("dropped chapters \(result.droppedChapters) (MPEG-TS holds no chapters)")
    }
    for field in result.droppedFields {
      let owner = field.track.map { "\($0.kind.name) \($0.label)" }
      let what = owner.map { "\(field.name) of \($0)" } ?? "metadata \(field.name)"
      say("dropped \(what) \(TrackText.quoted(field.value)) (\(field.reason))")
    }
  }
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

extension TrackKind {
  /// "video", "audio", "subtitle" or "data" (a data stream, an attached file: what ffprobe
  /// calls data), as `dropped` lines print it.
  fileprivate var name: String {
    switch self {
    case .video: "video"
    case .audio: "audio"
    case .subtitle: "subtitle"
    case .unknown: "data"
    }
  }
}

extension Track {
  /// "3:subt:eng": id, codec and language, as event lines print tracks.
  fileprivate var label: String {
    ([String(id), codec.isEmpty ? "?" : codec] + (language.map { [$0] } ?? []))
      .joined(separator: ":").replacing(" ", with: "_")
  }
}
