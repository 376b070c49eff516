// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Glibc

/// A real small disk for tests of a full one: a tmpfs of a few MiB mounted on a scratch
/// folder of its own, filled on demand, unmounted by ``remove()``. Mounting needs the right to
/// (root with `CAP_SYS_ADMIN`); ``isAvailable`` probes it once.
struct SmallDisk {
  /// Whether this process may mount a tmpfs.
  static let isAvailable: Bool = {
    guard let disk = try? SmallDisk(megabytes: 1) else { return false }
    disk.remove()
    return true
  }()

  /// The disk's mount point.
  let path: String
  private let scratch: ScratchDirectory

  /// Mounts a tmpfs of `megabytes` MiB on a new scratch folder.
  init(megabytes: Int) throws {
    scratch = try ScratchDirectory("small-disk")
    path = scratch.path("disk")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    guard mount("tmpfs", path, "tmpfs", 0, "size=\(megabytes)m,mode=0755") == 0 else {
      let reason = String(cString: strerror(errno))
      scratch.remove()
      throw DiskError(message: "mounting a tmpfs on \(path): \(reason)")
    }
  }

  /// Free bytes, as `statvfs` counts them for an unprivileged writer.
  var available: Int {
    var space = statvfs()
    guard statvfs(path, &space) == 0 else { return 0 }
    return Int(space.f_bavail) * Int(space.f_frsize)
  }

  /// Writes a filler file until the disk has at most `bytes` free (0: until the system says
  /// the disk is full).
  func fill(leaving bytes: Int = 0) throws {
    let descriptor = open(path + "/filler-\(UUID().uuidString)", O_CREAT | O_WRONLY, 0o600)
    guard descriptor >= 0 else { throw DiskError(message: "creating a filler file") }
    defer { close(descriptor) }
    let chunk = [UInt8](repeating: 0x5A, count: 4096)
    while available > bytes {
      let count = chunk.withUnsafeBytes {
        write(descriptor, $0.baseAddress, min($0.count, max(available - bytes, 1)))
      }
      if count < 0 && errno == ENOSPC { return }
      guard count > 0 else {
        throw DiskError(message: "filling: \(String(cString: strerror(errno)))")
      }
    }
  }

  /// Unmounts the disk (lazily, should something still hold a file) and removes its folder.
  func remove() {
    umount2(path, Int32(MNT_DETACH))
    scratch.remove()
  }

  struct DiskError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }
}
