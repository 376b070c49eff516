// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLC

/// Files the tool writes, with errors that say which file and why in one line.
enum OutputFile {
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
