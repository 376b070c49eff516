// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// A program that ran to its end: its status and what it printed.
struct ProgramOutput: Sendable {
  var status: Int32
  var stdout: Data
  var stderr: String
}

/// The Python 3 for the test servers and scripts, which need only its standard library:
/// Debian's `/usr/bin/python3` when installed, else the first `python3` on PATH. A version
/// manager's shim first on PATH (pyenv's is a bash script that runs several more) costs
/// 0.15 s of CPU per start, against 0.01 s, and a run starts Python about 70 times.
let python3 =
  FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"

/// What every start of ``python3`` is given first: `-S` skips the `site` module, which the
/// scripts do not need and which runs the `.pth` files of every installed package (certifi's
/// alone took 70 ms of CPU per start here, a third of the fault server's start).
let python3Options = ["-S"]

/// Runs `program` (found on PATH, or a path) with `arguments`, stdin empty, and waits for it to exit;
/// kills it and throws ``TimedOut`` after `limit`.
func runProgram(
  _ program: String, _ arguments: [String], within limit: Duration = .seconds(30)
) async throws -> ProgramOutput {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [program] + arguments
  process.standardInput = FileHandle.nullDevice
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardOutput = stdout
  process.standardError = stderr
  let exit = AsyncStream<Int32>.makeStream()
  process.terminationHandler = { process in
    exit.continuation.yield(process.terminationStatus)
    exit.continuation.finish()
  }
  try process.run()
  // Blocking reads run on dispatch threads, never on the few cooperative ones.
  async let output = readAll(stdout.fileHandleForReading)
  async let errors = readAll(stderr.fileHandleForReading)
  let description = ([program] + arguments).joined(separator: " ")
  let status = try? await within(limit, description) {
    for await status in exit.stream { return status }
    return -1
  }
  guard let status else {
    process.terminate()
    _ = await (output, errors)
    throw TimedOut(what: "\(description) to exit")
  }
  return ProgramOutput(
    status: status, stdout: await output, stderr: String(decoding: await errors, as: UTF8.self))
}

/// Reads `handle` to its end on a thread of its own (``offThePool(_:)``): a blocking read
/// on a dispatch queue's few threads could keep other tests' reads and handlers waiting.
func readAll(_ handle: FileHandle) async -> Data {
  (try? await offThePool { handle.readDataToEndOfFile() }) ?? Data()
}
