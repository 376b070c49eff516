import Foundation

/// A program that ran to its end: its status and what it printed.
struct ProgramOutput: Sendable {
  var status: Int32
  var stdout: Data
  var stderr: String
}

/// Runs `program` (found on PATH) with `arguments`, stdin empty, and waits for it to exit;
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
