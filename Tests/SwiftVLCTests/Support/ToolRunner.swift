// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// The built `swiftvlc` binary: it sits in the build products directory, next to this test
/// target's resource bundle (the test target depends on it, so it is always built).
enum SwiftVLCTool {
  static var url: URL {
    Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("swiftvlc")
  }
}

/// What a run of the tool printed and how it exited.
struct ToolResult: Sendable {
  var status: Int32
  var stdout: String
  var stderr: String

  var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
  var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

/// Runs `swiftvlc` with `arguments` (stdin empty, stdout and stderr piped, so not a
/// terminal) and waits for it to exit; kills it and throws ``TimedOut`` after `limit`.
///
/// - Parameters:
///   - environment: variables set for the tool on top of this process's environment.
///   - liveLines: when given, receives each stdout line as soon as the tool prints it.
///   - whileRunning: runs once the tool has started, with its process id (to signal it);
///     when it throws, the tool is killed and the error rethrown.
func runTool(
  _ arguments: [String], environment: [String: String] = [:],
  within limit: Duration = .seconds(20), liveLines: Recorder<String>? = nil,
  whileRunning: @escaping @Sendable (pid_t) async throws -> Void = { _ in }
) async throws -> ToolResult {
  let process = Process()
  process.executableURL = SwiftVLCTool.url
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  process.standardInput = FileHandle.nullDevice
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardOutput = stdout
  process.standardError = stderr
  let exited = Flag(false)
  let exit = AsyncStream<Int32>.makeStream()
  process.terminationHandler = { process in
    exited.value = true
    exit.continuation.yield(process.terminationStatus)
    exit.continuation.finish()
  }
  try process.run()
  // Blocking reads run on dispatch threads, never on the few cooperative ones.
  async let output = readToEnd(stdout.fileHandleForReading, liveLines: liveLines)
  async let errors = readToEnd(stderr.fileHandleForReading)
  do {
    try await whileRunning(process.processIdentifier)
  } catch {
    if !exited.value { kill(process.processIdentifier, SIGKILL) }
    _ = await (output, errors)
    throw error
  }
  let status = try? await within(limit, "swiftvlc \(arguments.joined(separator: " "))") {
    for await status in exit.stream { return status }
    return -1
  }
  guard let status else {
    if !exited.value { kill(process.processIdentifier, SIGKILL) }
    _ = await (output, errors)
    throw TimedOut(what: "swiftvlc \(arguments.joined(separator: " ")) to exit")
  }
  return ToolResult(status: status, stdout: await output, stderr: await errors)
}

private func readToEnd(_ handle: FileHandle, liveLines: Recorder<String>? = nil) async -> String {
  // A thread of its own: a blocking read on a dispatch queue's few threads could keep other
  // tests' reads and handlers waiting.
  await withCheckedContinuation { continuation in
    Thread {
      guard let liveLines else {
        let data = handle.readDataToEndOfFile()
        continuation.resume(returning: String(decoding: data, as: UTF8.self))
        return
      }
      var data = Data()
      var lineStart = 0
      while case let chunk = handle.availableData, !chunk.isEmpty {
        data.append(chunk)
        while let newline = data[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
          liveLines.append(String(decoding: data[lineStart..<newline], as: UTF8.self))
          lineStart = newline + 1
        }
      }
      continuation.resume(returning: String(decoding: data, as: UTF8.self))
    }.start()
  }
}
