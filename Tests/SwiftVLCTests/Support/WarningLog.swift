// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import SwiftVLC

/// libVLC's warnings and errors on an instance, kept for a failure's message (why a player
/// failed to open, say). Recording stops when it is dropped.
final class WarningLog: Sendable {
  private let messages = Recorder<String>()
  private let task: Task<Void, Never>

  init(_ instance: VLCInstance) {
    let logs = instance.logs(minimumLevel: .warning)
    let messages = messages
    task = Task { for await entry in logs { messages.append(entry.message) } }
  }

  deinit { task.cancel() }

  /// The last `count` messages, oldest first.
  func last(_ count: Int = 8) -> [String] { Array(messages.values.suffix(count)) }
}
