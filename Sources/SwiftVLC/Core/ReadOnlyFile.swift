// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// A file opened for reading parts of it (its start, its end) without reading it whole, over
/// POSIX calls: FoundationEssentials has no `FileHandle`. Closed when dropped.
struct ReadOnlyFile: ~Copyable {
  private let descriptor: Int32

  /// Opens the regular file at `path` for reading (close-on-exec); `nil` when it cannot be
  /// opened or is not a regular file: a FIFO is opened without waiting for a writer and not
  /// read (a read would take the data its reader was to get), nor is a device.
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
  }

  /// Opens `path` for reading (close-on-exec).
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` naming `path` and the system's reason.
  init(reading path: String) throws(VLCError) {
    // In the words ``Media/init(path:instance:)`` uses for the same cases.
    switch FileKind(path: path) {
    case nil: throw .mediaCreationFailed(source: "\(path): no such file")
    case .directory: throw .mediaCreationFailed(source: "\(path): is a directory")
    default: break
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .mediaCreationFailed(source: "\(path): \(String(cString: strerror(errno)))")
    }
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
  /// Allocates no more than the file holds from `offset`: a 4 MiB window over a small file
  /// costs the file's size, not 4 MiB of zeroed memory.
  func read(at offset: UInt64, upTo count: Int) -> Data? {
    var wanted = max(0, count)
    if let size { wanted = min(wanted, size > offset ? Int(clamping: size - offset) : 0) }
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
      var filled = 0
      while filled < buffer.count {
        let got = pread(
          descriptor, buffer.baseAddress! + filled, buffer.count - filled,
          off_t(offset) + off_t(filled))
        if got < 0 && errno == EINTR { continue }
        guard got >= 0 else {
          failed = true
          break
        }
        if got == 0 { break }
        filled += got
      }
      initialized = filled
    }
    return failed ? nil : Data(bytes)
  }

  /// Reads the file from its start to its end in order, handing each chunk to `body`: also
  /// a pipe or a terminal (a channel list given as `<(curl …)` or `/dev/stdin`), which
  /// `pread` and Foundation's `Data(contentsOf:)` refuse ("Permission denied"). Blocks while a
  /// pipe's writer has nothing to say.
  ///
  /// - Throws: `body`'s error; ``VLCError/mediaCreationFailed(source:)`` naming `path` (the
  ///   file's, for the message) and the system's reason when a read fails.
  func readInOrder(
    naming path: String, _ body: (UnsafeRawBufferPointer) throws(VLCError) -> Void
  ) throws(VLCError) {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw .mediaCreationFailed(source: "\(path): \(String(cString: strerror(errno)))")
      }
      if count == 0 { return }
      // `withUnsafeBytes` rethrows untyped: the failure is carried out.
      let failure = chunk.withUnsafeBytes { bytes -> VLCError? in
        do throws(VLCError) {
          try body(UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
          return nil
        } catch {
          return error
        }
      }
      if let failure { throw failure }
    }
  }
}
