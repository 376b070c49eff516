// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc probe`: files, URLs and the media files of folders, parsed by batch probes (one
/// per depth), each result printed in order as soon as those before it are.
@MainActor
enum ProbeCommand {
  /// One source to probe: the text shown for it, how deep to read it, and its URL (or why it
  /// has none).
  struct Job {
    var text: String
    var depth: Command.ProbeDepth
    var url: Result<URL, VLCError>
  }

  static func run(_ options: Command.Probe) async -> ExitCode {
    let jobs = options.sources.flatMap { expand($0, options: options) }
    // Made first: its progress bar is drawn when stderr is a terminal.
    let printer = ProbePrinter(options: options, total: jobs.count)
    // A decoded probe opens SSA/ASS subtitle decoders, whose libass prints a banner.
    StderrFilter.install()
    defer { StderrFilter.remove() }
    let (finished, continuation) = AsyncStream.makeStream(of: (Int, ProbeReport).self)
    let feeding = Task.detached {
      await withTaskGroup(of: Void.self) { group in
        for depth in Command.ProbeDepth.allCases {
          let indexes = jobs.indices.filter { jobs[$0].depth == depth }
          guard !indexes.isEmpty else { continue }
          group.addTask {
            await probe(indexes.map { jobs[$0] }, depth: depth, timeout: options.timeout) {
              continuation.yield((indexes[$0], $1))
            }
          }
        }
      }
      continuation.finish()
    }
    for await (index, report) in finished { printer.add(report, at: index) }
    await feeding.value
    return printer.finish()
  }

  /// The jobs one SOURCE argument stands for: itself, or the media files of a folder.
  private static func expand(_ text: String, options: Command.Probe) -> [Job] {
    let source: MediaSource
    do {
      source = try MediaSource.parse(text)
    } catch {
      return [Job(text: text, depth: options.depth ?? .decoded, url: .failure(error))]
    }
    if let error = source.schemelessURLError {
      return [Job(text: text, depth: options.depth ?? .decoded, url: .failure(error))]
    }
    switch source {
    case .url(let url):
      return [Job(text: text, depth: options.depth ?? .decoded, url: .success(url))]
    case .file(let path) where MediaFolder.isFolder(path):
      let entries = MediaFolder.entries(in: path, recursive: options.recursive)
      guard !entries.isEmpty else {
        // Said, as a failed source is: nothing printed and exit status 0 looked like success.
        let what = options.recursive ? "no media files in it or below" : "no media files in it"
        return [
          Job(
            text: text, depth: options.depth ?? .container,
            url: .failure(.mediaCreationFailed(source: "\(text): \(what)")))
        ]
      }
      return entries.map { entry in
        switch entry {
        case .file(let file):
          Job(
            text: file, depth: options.depth ?? .container,
            url: .success(URL(fileURLWithPath: file)))
        case .unreadable(let folder, let reason):
          Job(
            text: folder, depth: options.depth ?? .container,
            url: .failure(.mediaCreationFailed(source: "\(folder): \(reason)")))
        }
      }
    case .file(let path):
      return [
        Job(
          text: text, depth: options.depth ?? .decoded,
          url: .success(URL(fileURLWithPath: path)))
      ]
    }
  }

  /// Probes `jobs` at `depth` and hands each report, with its place in `jobs`, to `deliver`
  /// as it finishes.
  private nonisolated static func probe(
    _ jobs: [Job], depth: Command.ProbeDepth, timeout: Duration,
    deliver: (Int, ProbeReport) -> Void
  ) async {
    let valid = jobs.indices.compactMap { index in
      (try? jobs[index].url.get()).map { (index, $0) }
    }
    for (index, job) in jobs.enumerated() {
      if case .failure(let error) = job.url {
        deliver(index, ProbeReport(source: job.text, error: error))
      }
    }
    let batch: BatchProbe
    do {
      batch = try BatchProbe(
        timeout: timeout, network: true, depth: depth == .decoded ? .decoded : .container)
    } catch {
      for (index, _) in valid {
        deliver(index, ProbeReport(source: jobs[index].text, error: error))
      }
      return
    }
    for await result in batch.results(for: valid.map(\.1), order: .completion) {
      let (index, text) = (valid[result.index].0, jobs[valid[result.index].0].text)
      switch result.outcome {
      case .success(let info) where info.isPlayable:
        deliver(index, ProbeReport(source: text, mrl: result.mrl ?? "", info: info))
      case .success(let info):
        // What the decoders said, when they were run, is the reason.
        let error = info.unplayableError(source: text, words: ProbeReport.toolWords)
        deliver(index, ProbeReport(source: text, error: error))
      case .failure(let error):
        deliver(index, ProbeReport(source: text, error: error))
      }
    }
  }
}
