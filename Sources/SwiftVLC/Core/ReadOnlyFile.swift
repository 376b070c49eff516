// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// A file opened for reading parts of it (its start, its end) without reading it whole, over
/// POSIX calls: FoundationEssentials has no `FileHandle`. Closed when dropped.
struct ReadOnlyFile: ~Copyable {
  private let descriptor: Int32

  /// Opens `path` for reading (close-on-exec); `nil` when it cannot be opened.
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// The file's size in bytes, or `nil` when it cannot be told.
  var size: UInt64? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return UInt64(status.st_size)
  }

  /// Up to `count` bytes from `offset` (fewer at the end of the file); `nil` on a read error.
  func read(at offset: UInt64, upTo count: Int) -> Data? {
    var bytes = [UInt8](repeating: 0, count: max(0, count))
    var filled = 0
    while filled < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        pread(
          descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(offset) + off_t(filled))
      }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else { return nil }
      if got == 0 { break }
      filled += got
    }
    return Data(bytes[..<filled])
  }
}
