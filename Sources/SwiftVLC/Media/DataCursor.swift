// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import Synchronization

/// One playback's position in a media made from `Data`. Reads never block.
final class DataCursor: Sendable {
  private let data: Data
  private let offset = Mutex(0)

  init(_ data: Data) {
    self.data = data
  }

  /// Copies the next bytes into `buffer`; 0 at the end.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    offset.withLock { offset in
      let count = min(buffer.count, data.count - offset)
      guard count > 0, let destination = buffer.baseAddress else { return 0 }
      data.withUnsafeBytes { bytes in
        destination.copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
      }
      offset += count
      return count
    }
  }

  /// Moves to `position`; `false` past the end.
  func seek(to position: UInt64) -> Bool {
    guard position <= UInt64(data.count) else { return false }
    offset.withLock { $0 = Int(position) }
    return true
  }
}
