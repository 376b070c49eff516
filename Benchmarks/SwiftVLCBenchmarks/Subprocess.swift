// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// What a finished child process printed and used.
struct ChildRun {
  var status: Int32
  var output: String
  var errors: String
  /// User plus system CPU time of the child (all its threads), from `wait4`.
  var cpuSeconds: Double
  var wallSeconds: Double
  var maxResidentKB: Int

  /// The child's standard output as the JSON object every child prints.
  func json() throws -> [String: Any] {
    guard status == 0, let line = output.split(separator: "\n").last,
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else {
      throw BenchError.child(
        "exit status \(status), output: \(output.prefix(400)) \(errors.prefix(400))")
    }
    return object
  }
}

enum BenchError: Error, CustomStringConvertible {
  case child(String)
  case setup(String)

  var description: String {
    switch self {
    case .child(let text): "child failed: \(text)"
    case .setup(let text): text
    }
  }
}

/// Runs `executable` with `arguments` to completion, stdout and stderr captured in files,
/// and measures it with `wait4` so the harness's own work is not counted.
func runChild(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
  throws -> ChildRun
{
  let directory = FileManager.default.temporaryDirectory
  let outPath = directory.appendingPathComponent("swiftvlc-bench-\(UUID().uuidString).out").path
  let errPath = directory.appendingPathComponent("swiftvlc-bench-\(UUID().uuidString).err").path
  defer {
    unlink(outPath)
    unlink(errPath)
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var variables = ProcessInfo.processInfo.environment
  variables.merge(environment) { $1 }
  let envp = variables.map { strdup("\($0)=\($1)") } + [nil]
  defer { for pointer in envp { free(pointer) } }
  var pid: pid_t = 0
  let start = ContinuousClock.now
  let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
  guard spawned == 0 else { throw BenchError.setup("cannot run \(executable): errno \(spawned)") }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
  let wall = ContinuousClock.now - start
  let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return ChildRun(
    status: exitStatus,
    output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
    errors: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
    cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
    wallSeconds: wall.seconds,
    maxResidentKB: usage.ru_maxrss)
}

private func seconds(_ time: timeval) -> Double {
  Double(time.tv_sec) + Double(time.tv_usec) / 1e6
}

extension Duration {
  /// The duration in seconds, as a floating-point number.
  var seconds: Double {
    let (whole, attoseconds) = components
    return Double(whole) + Double(attoseconds) / 1e18
  }
}

/// Whether `executable` exists on `PATH` (or at that path).
func findExecutable(_ name: String) -> String? {
  if name.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
  for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
    let path = "\(directory)/\(name)"
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return nil
}
