import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc probe`: several sources at once, results in argument order.
@MainActor
enum ProbeCommand {
  /// Sources probed at the same time (each opens its own libVLC instance).
  static let concurrency = 4

  static func run(_ options: Command.Probe) async -> ExitCode {
    let prober = MediaProber(timeout: options.timeout)
    let sources = options.sources
    var reports = [ProbeReport?](repeating: nil, count: sources.count)
    await withTaskGroup(of: (Int, ProbeReport).self) { group in
      var next = 0
      func startNext() {
        let index = next
        next += 1
        group.addTask { (index, await prober.probe(sources[index])) }
      }
      while next < min(concurrency, sources.count) { startNext() }
      while let (index, report) = await group.next() {
        reports[index] = report
        if next < sources.count { startNext() }
      }
    }
    let finished = reports.compactMap { $0 }
    if options.json {
      print(ProbeReport.json(finished))
    } else {
      let texts = finished.filter { $0.error == nil }.map(\.text)
      if !texts.isEmpty { print(texts.joined(separator: "\n\n")) }
    }
    var status = ExitCode.success
    for report in finished {
      if let error = report.error {
        let subject = error.contains(report.source) ? "" : "\(report.source): "
        Console.error("probe: \(subject)\(error)")
        status = .mediaError
      }
    }
    return status
  }
}
