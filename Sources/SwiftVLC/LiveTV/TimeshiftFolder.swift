// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import Synchronization

/// The folder of one timeshift buffer: `buffer-XXXXXX` inside the timeshift base folder, with
/// a `lock` file holding the owner's pid under an exclusive `flock` for as long as the buffer
/// lives.
///
/// The lock is the crash test: the kernel drops a process's `flock` locks when it dies, so a
/// buffer folder whose lock can be taken belongs to nobody (a crashed or killed run) and is
/// removed when the next buffer is created. Buffers of the running process are removed by
/// ``remove()`` and, failing that, by an `atexit` handler.
final class TimeshiftFolder: Sendable {
  /// The folder's path.
  let path: String
  private let lock: Int32

  private init(path: String, lock: Int32) {
    self.path = path
    self.lock = lock
  }

  /// The default base folder: `$TMPDIR/swiftvlc-timeshift-UID` (or `/tmp/...`), emptied by
  /// the system at boot.
  static var defaultBase: String {
    let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    return (temporary.isEmpty ? "/tmp" : temporary) + "/swiftvlc-timeshift-\(getuid())"
  }

  /// Creates the base folder if needed, removes stale buffers in it, and creates and locks a
  /// new buffer folder.
  ///
  /// - Throws: ``VLCError/operationFailed(_:)`` naming the folder and the system's reason when
  ///   the base cannot be created or written.
  static func create(in base: String) throws(VLCError) -> TimeshiftFolder {
    if mkdir(base, 0o700) != 0 && errno != EEXIST {
      throw unusable(base, errno)
    }
    removeStale(in: base)
    var template = Array((base + "/buffer-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw unusable(base, errno)
    }
    let path = String(cString: made)
    let lock = open(path + "/lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    guard lock >= 0 else {
      let code = errno
      rmdir(path)
      throw unusable(base, code)
    }
    _ = flock(lock, LOCK_EX | LOCK_NB)
    let pid = Array("\(getpid())\n".utf8)
    if pid.withUnsafeBytes({ write(lock, $0.baseAddress, $0.count) }) != pid.count {
      let code = errno
      close(lock)
      unlink(path + "/lock")
      rmdir(path)
      throw unusable(base, code == 0 ? ENOSPC : code)
    }
    livingFolders.withLock { living in
      if !living.registered {
        living.registered = true
        atexit(removeLivingFolders)
      }
      living.paths.insert(path)
    }
    return TimeshiftFolder(path: path, lock: lock)
  }

  /// Removes the buffer folders in `base` whose lock nobody holds (their process is gone).
  /// Returns the removed paths.
  @discardableResult
  static func removeStale(in base: String) -> [String] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: base) else {
      return []
    }
    var removed: [String] = []
    for entry in entries where entry.hasPrefix("buffer-") {
      let path = base + "/" + entry
      let lock = open(path + "/lock", O_RDWR | O_CLOEXEC)
      if lock >= 0 {
        defer { close(lock) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { continue }  // alive
      } else if livingFolders.withLock({ $0.paths.contains(path) }) {
        continue
      }
      removeContents(of: path)
      removed.append(path)
    }
    return removed
  }

  /// Deletes the buffer's files and folder and releases the lock. Harmless twice.
  func remove() {
    let owned = livingFolders.withLock { $0.paths.remove(path) != nil }
    guard owned else { return }
    Self.removeContents(of: path)
    close(lock)
  }

  /// Deletes the files in `path` (buffer folders hold no subfolders) and the folder.
  fileprivate static func removeContents(of path: String) {
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      unlink(path + "/" + entry)
    }
    rmdir(path)
  }

  private static func unusable(_ base: String, _ code: Int32) -> VLCError {
    .operationFailed(
      "the timeshift folder \(base) cannot be written: \(String(cString: strerror(code)))")
  }
}

/// The buffer folders of this process not yet removed, for the exit handler.
private let livingFolders = Mutex<(paths: Set<String>, registered: Bool)>(([], false))

/// The `atexit` handler: removes the buffers a process leaves at `exit`.
private func removeLivingFolders() {
  let paths = livingFolders.withLock { living in
    defer { living.paths = [] }
    return living.paths
  }
  for path in paths { TimeshiftFolder.removeContents(of: path) }
}
