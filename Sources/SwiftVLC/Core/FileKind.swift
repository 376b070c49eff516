// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Glibc

/// What a local path names, symbolic links followed: the one `stat` behind "no such file",
/// "is a directory", a FIFO libVLC cannot read by name, and a file that may be read ahead of
/// libVLC (``Media/isLocalFile``).
package enum FileKind: Sendable, Equatable {
  case regular, directory, fifo
  /// A device or a socket.
  case other

  /// The kind of file at `path`; `nil` when it names nothing (or cannot be looked at).
  package init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    case S_IFIFO: self = .fifo
    default: self = .other
    }
  }
}
