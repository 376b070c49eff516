// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLC

/// Files the tool writes, with errors that say which file and why in one line.
enum OutputFile {
  /// Checks, before any work, that a file can be created at `path`: its directory exists and
  /// is writable, and `path` is not a directory.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` saying what is wrong.
  static func checkDirectory(of path: String) throws(VLCError) {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    let directory = URL(fileURLWithPath: absolute).deletingLastPathComponent().path
    var isDirectory = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory
    else { throw .invalidInput("cannot write \(path): the directory \(directory) does not exist") }
    guard FileManager.default.isWritableFile(atPath: directory) else {
      throw .invalidInput("cannot write \(path): the directory \(directory) is not writable")
    }
    if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory),
      isDirectory
    {
      throw .invalidInput("cannot write \(path): it is a directory")
    }
  }

  /// Writes `data` to `path`, replacing what was there.
  ///
  /// - Throws: ``VLCError/operationFailed(_:)`` with the system's reason.
  static func write(_ data: Data, to path: String) throws(VLCError) {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard file >= 0 else { throw failure(path) }
    defer { close(file) }
    var offset = 0
    while offset < data.count {
      let written = data.withUnsafeBytes { bytes in
        Glibc.write(file, bytes.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure(path)
      }
      offset += written
    }
  }

  private static func failure(_ path: String) -> VLCError {
    .operationFailed("cannot write \(path): \(String(cString: strerror(errno)))")
  }
}
