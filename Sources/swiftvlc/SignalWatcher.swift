// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Dispatch
import FoundationEssentials
import Glibc

/// Delivers POSIX signals to the main actor instead of their default action, until cancelled.
@MainActor
final class SignalWatcher {
  private var sources: [DispatchSourceSignal] = []

  /// Starts watching `signals`; `handler` runs on the main actor with the signal's number.
  init(_ signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
    for number in signals {
      // A dispatch signal source only observes; the default action must be turned off.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated { handler(number) }
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops watching and gives the signals their default actions back.
  func cancel() {
    for source in sources {
      source.cancel()
      signal(Int32(source.handle), SIG_DFL)
    }
    sources.removeAll()
  }
}
