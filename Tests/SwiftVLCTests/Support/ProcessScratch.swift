// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Synchronization

/// Folders that belong to this test process: `<prefix><pid>` in the temporary directory,
/// removed when the process exits (Swift Testing ends it with `exit()`). The folders of earlier
/// processes that died before their exit handler ran (a crash, a kill) are removed when this
/// process first asks for a folder of the same prefix.
enum ProcessScratch {
  private static let folders = Mutex<[URL]>([])
  private static let removalAtExit: Void = {
    atexit {
      for folder in ProcessScratch.folders.withLock({ $0 }) {
        try? FileManager.default.removeItem(at: folder)
      }
    }
  }()

  /// This process's folder for `prefix` (not created yet), removed at exit.
  static func folder(prefix: String) -> URL {
    removeLeftovers(prefix)
    _ = removalAtExit
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)\(ProcessInfo.processInfo.processIdentifier)")
    folders.withLock { $0.append(folder) }
    return folder
  }

  /// Removes the `prefix` folders whose process is gone.
  private static func removeLeftovers(_ prefix: String) {
    let temporary = FileManager.default.temporaryDirectory
    let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
    for name in names where name.hasPrefix(prefix) {
      guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
    }
  }
}
