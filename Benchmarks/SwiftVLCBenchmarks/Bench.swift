// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// The harness: where the contenders are, how many runs, and the round-robin runner.
struct Bench {
  let quick: Bool
  let runs: Int
  let warmups = 1
  let inputs: Inputs
  let executable: String
  /// The C reference program, built next to this one.
  let reference: String?
  /// Debian's python with python-vlc, when installed.
  let python: String?
  let ffmpeg: String?
  let ffprobe: String?
  let peers: String
  let scratch: String

  init(quick: Bool, runs: Int?) throws {
    self.quick = quick
    self.runs = runs ?? (quick ? 2 : 5)
    inputs = try Inputs()
    executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let sibling = (executable as NSString).deletingLastPathComponent + "/cvlc-reference"
    reference = FileManager.default.isExecutableFile(atPath: sibling) ? sibling : nil
    let debianPython = "/usr/bin/python3"
    python =
      (try? runChild(debianPython, ["-c", "import vlc"]))?.status == 0 ? debianPython : nil
    ffmpeg = findExecutable("ffmpeg")
    ffprobe = findExecutable("ffprobe")
    peers =
      URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("peers").path
    scratch = NSTemporaryDirectory() + "swiftvlc-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  }

  /// What is missing, said once at the start.
  var missingPeers: [String] {
    var missing: [String] = []
    if reference == nil {
      missing.append("C reference (build it: swift build -c release --product cvlc-reference)")
    }
    if python == nil { missing.append("python-vlc (apt-get install python3-vlc)") }
    if ffprobe == nil { missing.append("ffprobe (apt-get install ffmpeg)") }
    return missing
  }

  /// Runs a Swift contender in a child process of this executable.
  func swiftChild(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildRun {
    try runChild(executable, ["--child"] + arguments, environment: environment)
  }

  /// A contender: a name and one measured run, returning named values.
  typealias Contender = (name: String, run: () throws -> [String: Double])

  /// Runs every contender `warmups` times unmeasured, then `runs` rounds in which each
  /// contender runs once in turn (so load changes hit all of them alike).
  /// Returns contender → metric → one value per successful round; a failed run is logged and
  /// counted under the metric "failed" instead of ending the benchmark.
  func rounds(_ contenders: [Contender], runs: Int? = nil) -> [String: [String: [Double]]] {
    var results: [String: [String: [Double]]] = [:]
    func attempt(_ contender: Contender) -> [String: Double]? {
      do {
        return try contender.run()
      } catch {
        log("\(contender.name) failed: \(error)")
        results[contender.name, default: [:]]["failed", default: []].append(1)
        return nil
      }
    }
    for contender in contenders {
      for _ in 0..<warmups { _ = attempt(contender) }
    }
    for round in 0..<(runs ?? self.runs) {
      for contender in contenders {
        log("round \(round + 1): \(contender.name)")
        for (metric, value) in attempt(contender) ?? [:] {
          results[contender.name, default: [:]][metric, default: []].append(value)
        }
      }
    }
    return results
  }
}

extension [String: Any] {
  /// A number from a child's JSON.
  func number(_ key: String) throws -> Double {
    guard let value = self[key] as? NSNumber else {
      throw BenchError.child("no number \(key) in \(self)")
    }
    return value.doubleValue
  }

  /// An array of numbers from a child's JSON.
  func numbers(_ key: String) throws -> [Double] {
    guard let values = self[key] as? [NSNumber] else {
      throw BenchError.child("no numbers \(key) in \(self)")
    }
    return values.map(\.doubleValue)
  }
}
