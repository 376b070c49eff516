// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Synchronization

/// Test media made once per test process: the first test asking for a file makes it, every
/// later one (or a concurrent one) gets a copy of the same file. Many suites encode the same
/// clip with ffmpeg; the encodes were a large part of the suite's time.
///
/// Only files are shared, never libVLC state, and each test gets its own copy in its own
/// folder, so a test that changes its file (tags written in place) changes nobody else's.
/// The cache's folder, `swiftvlc-media-cache-<pid>` in the temporary directory, is removed
/// when the process exits; the folders of earlier processes that died are removed on first
/// use. Files whose key says all they are made from are also kept between processes
/// (``KeptMedia``).
enum MediaCache {
  /// What identifies a file: how it is made (ffmpeg's arguments, say) and the contents of
  /// the input files it is made from.
  struct Key: Hashable, Sendable {
    var recipe: [String]
    var inputs: [Data] = []
    /// Whether the recipe and inputs say everything the file is made from (ffmpeg's whole
    /// arguments): such files are also kept between processes (``KeptMedia``).
    var isComplete = false
  }

  /// Copies the file `key` names to `destination` (replacing what is there), making it
  /// first when this process has not: `make` gets an empty scratch folder of its own and
  /// returns the path of the file it wrote there. A failed `make` is not remembered: the next
  /// caller tries again.
  static func copy(
    _ key: Key, to destination: URL, make: @escaping @Sendable (URL) async throws -> String
  ) async throws {
    let source = try await file(key, make: make)
    let manager = FileManager.default
    try manager.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? manager.removeItem(at: destination)
    try manager.copyItem(atPath: source, toPath: destination.path)
  }

  /// The cached file's path (read-only: callers copy it).
  private static func file(
    _ key: Key, make: @escaping @Sendable (URL) async throws -> String
  ) async throws -> String {
    let task = made.withLock { made in
      if let task = made[key] { return task }
      let task = Task<String, any Error> {
        if let kept = KeptMedia.file(for: key) { return kept }
        let scratch = root.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let path = try await make(scratch)
        return KeptMedia.keep(path, for: key) ?? path
      }
      made[key] = task
      return task
    }
    do {
      return try await task.value
    } catch {
      made.withLock { made in
        if made[key] == task { made[key] = nil }
      }
      throw error
    }
  }

  /// The generations, finished or running, by key.
  private static let made = Mutex<[Key: Task<String, any Error>]>([:])

  /// The process's cache folder, removed when the process exits.
  private static let root = ProcessScratch.folder(prefix: "swiftvlc-media-cache-")
}
