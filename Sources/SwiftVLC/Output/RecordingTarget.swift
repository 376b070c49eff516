// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Where a ``Recording`` writes: a hidden partial file beside the destination
/// (`.NAME.1a2b3c4d.part`), moved onto the destination once the recording is judged good, so
/// a recording that fails, is refused or is cancelled never touches the destination. A
/// destination that exists and is not a regular file (a device such as `/dev/null`, a FIFO)
/// is written directly. A symbolic link is followed: its target is written, the link stays.
package struct RecordingTarget: Sendable {
  /// The absolute path the caller asked for.
  let destination: String
  /// The file libVLC writes: the partial file, or the destination itself.
  let writing: String
  /// A FIFO's writing end, open while the recording runs (libVLC writes a copy of it): opened
  /// by name, libVLC would wait for a reader, and a check that opened and closed it ended the
  /// reader's input.
  var pipe: OpenDescriptor? = nil

  /// Checks `path` and creates the partial file beside it (or opens the device to check it).
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for an empty path or one with NUL, a missing or
  ///   unwritable directory, a directory at `path`, or a file that cannot be created there
  ///   (the message names `path` and the system's reason).
  static func prepare(_ path: String) throws(VLCError) -> RecordingTarget {
    let destination = try OutputPath.checked(path)
    switch FileKind(path: destination) {
    case .fifo:
      return RecordingTarget(
        destination: destination, writing: destination, pipe: try openFIFO(destination))
    case .other:
      // A device (or a socket, which opens to no one: refused here).
      try Recording.checkWritable(destination)
      return RecordingTarget(destination: destination, writing: destination)
    case .regular, .directory, nil:
      break
    }
    let url = URL(fileURLWithPath: destination)
    let name = String(String.UnicodeScalarView(url.lastPathComponent.unicodeScalars.prefix(60)))
    let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    let writing = url.deletingLastPathComponent().appendingPathComponent(".\(name).\(suffix).part")
      .path
    let file = open(writing, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard file >= 0 else {
      throw .invalidInput("cannot write \(destination): \(String(cString: strerror(errno)))")
    }
    close(file)
    return RecordingTarget(destination: destination, writing: writing)
  }

  /// The writing end of the FIFO at `path`, without waiting: refused when no program reads it.
  private static func openFIFO(_ path: String) throws(VLCError) -> OpenDescriptor {
    let file = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else {
      let reason =
        errno == ENXIO ? "no program reads the FIFO" : String(cString: strerror(errno))
      throw .invalidInput("cannot write \(path): \(reason)")
    }
    // Writes wait for the reader, as a file's do for the disk.
    _ = fcntl(file, F_SETFL, fcntl(file, F_GETFL) & ~O_NONBLOCK)
    return OpenDescriptor(file)
  }

  /// Whether libVLC writes a partial file (not the destination itself).
  var isPartial: Bool { writing != destination }

  /// The error for libVLC's write that failed for `reason`: a pipe whose reader has gone says
  /// so (libVLC 3 writes it without blocking and says "Resource temporarily unavailable"; the
  /// pipe's own `poll` tells). A copy's write names it from its EPIPE.
  func writeFailure(_ reason: String) -> VLCError {
    let gone = pipe?.readerHasClosed == true
    return .operationFailed("cannot write \(destination): " + (gone ? Self.readerGone : reason))
  }

  /// How a write to a pipe whose reader has exited is said, by every path.
  static let readerGone = "the program reading it has exited"

  /// Moves the finished partial file onto the destination, replacing what was there.
  ///
  /// - Throws: ``VLCError/operationFailed(_:)`` naming the destination when it cannot be
  ///   replaced (the partial file is removed then).
  func keep() throws(VLCError) {
    guard isPartial else { return }
    if rename(writing, destination) != 0 {
      let reason = String(cString: strerror(errno))
      discard()
      throw .operationFailed("cannot write \(destination): \(reason)")
    }
  }

  /// Removes the partial file. A destination written directly (a device) is left alone.
  func discard() {
    if isPartial && isRegularFile(writing) { try? FileManager.default.removeItem(atPath: writing) }
  }

  /// Writes `data` to `path` as a recording is written: whole into a partial file moved onto
  /// `path` once written (a device or a FIFO directly), so that a full disk or an error leaves
  /// what was at `path` as it was and no part of `data` behind. Blocks while it writes.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a path that cannot be written (see
  ///   ``prepare(_:)``), ``VLCError/operationFailed(_:)`` naming `path` and the system's
  ///   reason when writing or the move fails.
  package static func write(_ data: Data, to path: String) throws(VLCError) {
    let target = try prepare(path)
    let flags = target.isPartial ? O_WRONLY | O_TRUNC | O_CLOEXEC : O_WRONLY | O_CLOEXEC
    let file = target.pipe?.descriptor ?? open(target.writing, flags)
    var failure = file < 0 ? errno : 0
    var offset = 0
    while failure == 0, offset < data.count {
      let written = data.withUnsafeBytes { bytes in
        Glibc.write(file, bytes.baseAddress! + offset, bytes.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written == 0 || errno != EINTR {
        failure = written == 0 ? EIO : errno  // a write of nothing would repeat for ever
      }
    }
    if target.pipe == nil, file >= 0, close(file) != 0, failure == 0 { failure = errno }
    guard failure == 0 else {
      target.discard()
      throw .operationFailed(
        "cannot write \(target.destination): \(String(cString: strerror(failure)))")
    }
    try target.keep()
  }
}

extension Recording {
  /// Whether `first` and `second` name one existing file (the same device and inode: also
  /// through a link, or another spelling of the path).
  package static func isSameFile(_ first: String, _ second: String) -> Bool {
    var a = stat()
    var b = stat()
    return stat(first, &a) == 0 && stat(second, &b) == 0 && a.st_dev == b.st_dev
      && a.st_ino == b.st_ino
  }

  /// Checks that `path` can be opened for writing (creating it), so that a destination libVLC
  /// cannot create is reported as such, not as a source libVLC could not read. Never blocks
  /// (a FIFO is opened by ``RecordingTarget``, which keeps it).
  static func checkWritable(_ path: String) throws(VLCError) {
    let file = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
    guard file >= 0 else {
      throw .invalidInput("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    close(file)
  }

  /// The result for the finished file at `path`.
  ///
  /// The file is the truth: a file read faster than real time reports almost no playback time,
  /// and HLS reports it late. `fallback` serves when libVLC cannot read a duration back.
  static func finishedFile(_ path: String, instance: VLCInstance, fallback: Duration) async
    -> RecordingResult
  {
    let written = await readBack(path, instance: instance)
    return RecordingResult(
      path: path, bytes: fileSize(path) ?? 0, duration: written?.duration ?? fallback)
  }

  /// The finished file at `path` as libVLC reads it (the parse takes an MPEG-TS file's
  /// duration from its timestamps, `TransportStreamFile`); `nil` when libVLC cannot read it.
  static func readBack(_ path: String, instance: VLCInstance) async -> MediaInfo? {
    try? await Media(path: path, instance: instance).parse()
  }
}

/// A file descriptor closed when the last reference goes.
final class OpenDescriptor: Sendable {
  let descriptor: Int32

  init(_ descriptor: Int32) { self.descriptor = descriptor }

  /// Whether this is the writing end of a pipe whose reading end is closed (`poll` reports an
  /// error on it). Does not block.
  var readerHasClosed: Bool {
    var watched = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    return poll(&watched, 1, 0) > 0 && watched.revents & Int16(POLLERR) != 0
  }

  deinit { close(descriptor) }
}
