// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// libVLC's log of one instance, written to a file as it comes, one line per message:
/// `LEVEL MODULE: MESSAGE` ("warning http: …", "-" for an unknown module).
///
/// Create one with ``VLCInstance/writeLogs(to:minimumLevel:)``. Thread-safe. Lines are
/// written on a task of their own, never blocking libVLC or the caller; writing stops at
/// ``close()`` or when the object is dropped.
public final class LogFile: Sendable {
  /// The file the log goes to.
  public let path: String
  private let writer: Task<Void, Never>

  init(path: String, descriptor: Int32, entries: AsyncStream<LogEntry>) {
    self.path = path
    writer = Task.detached { await writeLines(of: entries, to: descriptor) }
  }

  /// Stops writing and closes the file; messages logged after this call are not written.
  /// Suspends until the file is closed; calling it again is harmless.
  public func close() async {
    writer.cancel()
    await writer.value
  }

  deinit { writer.cancel() }
}

/// Writes one line per entry to `descriptor` until the stream ends or the task is cancelled,
/// then closes it.
private func writeLines(of entries: AsyncStream<LogEntry>, to descriptor: Int32) async {
  for await entry in entries {
    let line = "\(entry.level) \(entry.module ?? "-"): \(entry.message)\n"
    _ = line.utf8CString.withUnsafeBufferPointer { bytes in
      write(descriptor, bytes.baseAddress, bytes.count - 1)  // without the NUL
    }
  }
  close(descriptor)
}

extension VLCInstance {
  /// Writes libVLC's log messages at or above `minimumLevel` to the file at `path` (created,
  /// or emptied), one line each, until the returned ``LogFile`` is closed or dropped.
  ///
  /// The file is a consumer of ``logs(minimumLevel:)`` like any other: streams and files can
  /// be open together. Opens the file at once; does not block otherwise.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when the file cannot be opened for writing.
  public func writeLogs(to path: String, minimumLevel: LogLevel = .debug) throws(VLCError)
    -> LogFile
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .invalidInput("cannot write the log to \(path): \(String(cString: strerror(errno)))")
    }
    return LogFile(path: path, descriptor: descriptor, entries: logs(minimumLevel: minimumLevel))
  }
}
