// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

#if canImport(Glibc)
  import Glibc
#endif

/// A file operation's failure in the system's words ("No such file or directory"), for error
/// reasons: FoundationEssentials' errors have no `localizedDescription`.
package enum FileErrorText {
  /// The reason of `error`: the POSIX error under a file error, else the error as text.
  package static func of(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    if let cocoa = error as? CocoaError,
      let posix = cocoa.userInfo["NSUnderlyingError"] as? POSIXError
    {
      return String(cString: strerror(posix.code.rawValue))
    }
    return "\(error)"
  }
}
