// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC

// The batch-probe case's Swift children: `BatchProbe` over a list, and the single-parse path
// (`Media.parse` one file after the other on one instance with libVLC's defaults), whose
// answers the batch must equal. Each writes one canonical line per file to a file, so the
// harness can compare the answers after the clock has stopped.

/// `batch-probe LIST ANSWERS INSTANCES` or `single-parse LIST ANSWERS`.
func batchProbeChild(_ arguments: [String]) async throws -> [String: Any] {
  guard arguments.count >= 3 else { throw BenchError.setup("batch-probe LIST ANSWERS [N]") }
  let sources = try String(contentsOfFile: arguments[1], encoding: .utf8)
    .split(separator: "\n").map { URL(fileURLWithPath: String($0)) }
  let start = ContinuousClock.now
  var answers: [String] = []
  if arguments[0] == "batch-probe" {
    let probe = try BatchProbe(instances: arguments.count > 3 ? Int(arguments[3]) ?? 2 : 2)
    answers = await probe.probe(sources).map { canonicalAnswer($0.outcome) }
  } else {
    let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
    for source in sources {
      do throws(VLCError) {
        let media = try Media(url: source, instance: instance)
        answers.append(canonicalAnswer(.success(try await media.parse(timeout: .seconds(5)))))
      } catch {
        answers.append(canonicalAnswer(.failure(error)))
      }
    }
  }
  let seconds = (ContinuousClock.now - start).seconds
  try (answers.joined(separator: "\n") + "\n").write(
    toFile: arguments[2], atomically: false, encoding: .utf8)
  return [
    "files": sources.count, "seconds": seconds,
    "playable": answers.filter { $0.hasPrefix("playable") }.count,
  ]
}

/// One line holding every field of a parse result, in a fixed order.
func canonicalAnswer(_ outcome: Result<MediaInfo, VLCError>) -> String {
  switch outcome {
  case .failure(let error):
    return "error \(error)"
  case .success(let info):
    let metadata = info.metadata.values.map { "\($0.key)=\($0.value)" }.sorted()
    return [
      info.isPlayable ? "playable" : "unplayable",
      "duration=\(info.duration.map { "\($0)" } ?? "nil")", "bitrate=\(info.bitrate ?? -1)",
      "container=\(info.container ?? "")", "demuxer=\(info.demuxer ?? "")",
      "metadata=\(metadata)", "tracks=\(info.tracks)", "programs=\(info.programs)",
      "chapters=\(info.chapters)", "unknowns=\(info.unknowns)",
    ].joined(separator: " ")
  }
}
