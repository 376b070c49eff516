// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Synchronization

/// A thread-safe list that closures running on other threads append to.
final class Recorder<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) { storage.withLock { $0.append(value) } }
  var values: [Value] { storage.withLock { $0 } }
}

/// A thread-safe boolean shared between tasks.
final class Flag: Sendable {
  private let storage: Mutex<Bool>
  init(_ value: Bool) { storage = Mutex(value) }
  var value: Bool {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}
