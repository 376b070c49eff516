// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

/// The body of an exit test (`await #expect(processExitsWith: .success) { … }`) for a test
/// that needs a process of its own: one that sets process-wide state (`DISPLAY`) or measures
/// the whole process (its heap, its threads). Runs `body` and records what it throws
/// as an issue.
///
/// How a failure in the child reaches the test (Swift Testing 6.3): an issue recorded there
/// (a failed `#expect` or `#require`) is recorded in the parent test with its comment and line
/// (the exit test's line for one written in the closure itself) but without its expression, and
/// the child still exits with success; so the expectations of such a body say in their comment
/// what they expected and what they got. An error thrown out of the body would end the child
/// with SIGILL and nothing on stderr, the parent reporting only the signal: here it becomes an
/// issue with its description instead. A crash still ends the child with a signal, which the
/// parent reports; its message (a failed precondition, Swift's backtrace) goes to the test
/// run's stderr, where the child's own would go nowhere.
@MainActor
func inOwnProcess(_ body: @MainActor () async throws -> Void) async {
  shareParentStandardError()
  do {
    try await body()
  } catch is ExpectationFailedError {
    // A failed `#require`: recorded already.
  } catch {
    Issue.record(error)
  }
}

/// Points this process's stderr at its parent's (the test run's), appending: Swift Testing
/// starts an exit test's child with stderr going nowhere unless the test observes it.
private func shareParentStandardError() {
  let parent = open("/proc/\(getppid())/fd/2", O_WRONLY | O_APPEND)
  guard parent >= 0 else { return }
  dup2(parent, STDERR_FILENO)
  close(parent)
}

/// In an exit test's child: runs `body` with this process's stderr going to a file, and
/// returns what was written there. (Observing the child's stderr from the parent,
/// `observing: [\.standardErrorContent]`, holds up the whole test run until the child ends.)
@MainActor
func standardErrorWritten(during body: @MainActor () async throws -> Void) async throws
  -> String
{
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("swiftvlc-stderr-\(getpid())-\(UUID().uuidString)").path
  let file = open(path, O_CREAT | O_TRUNC | O_RDWR, 0o600)
  guard file >= 0 else { throw CocoaError(.fileWriteUnknown) }
  defer { unlink(path) }
  let saved = dup(STDERR_FILENO)
  dup2(file, STDERR_FILENO)
  close(file)
  do {
    try await body()
  } catch {
    dup2(saved, STDERR_FILENO)
    close(saved)
    throw error
  }
  dup2(saved, STDERR_FILENO)
  close(saved)
  return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
