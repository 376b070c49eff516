// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Restores the terminal when the process dies of a signal it does not handle (a crash, a
/// trap, an abort): puts back the terminal settings and stderr, replays what was written to
/// stderr meanwhile (the crash message among it), then lets the previous handler (the Swift
/// runtime's backtracer, or the default action) run.
///
/// Everything the handler touches is prepared in advance in plain memory: the handler only
/// calls `tcsetattr`, `dup2`, `pread` and `write`, which are async-signal-safe.
enum TerminalRescue {
  /// The fatal signals covered.
  static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// Arms the rescue with the terminal settings to put back and the bytes to write to stdout.
  /// Call again to update; ``disarm()`` when the terminal is restored normally.
  ///
  /// - Parameters:
  ///   - stderr: the real stderr, saved while stderr goes to `capture`, a file.
  static func arm(
    restoring settings: termios, writing reset: String, stderr: Int32, capture: Int32
  ) {
    let state = RescueState.shared
    state.settings.pointee = settings
    state.descriptors[0] = stderr
    state.descriptors[1] = capture
    let bytes = Array(reset.utf8.prefix(state.capacity))
    state.reset.initialize(from: bytes, count: bytes.count)
    state.resetCount.pointee = bytes.count
    if !state.isInstalled.pointee {
      for number in signals {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = rescueTerminal
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, state.previous + Int(number))
      }
      state.isInstalled.pointee = true
    }
    state.isArmed.pointee = true
  }

  /// Stops restoring: the terminal is back to normal.
  static func disarm() {
    RescueState.shared.isArmed.pointee = false
  }
}

/// Memory the signal handler reads, allocated once and never freed.
private final class RescueState: Sendable {
  static let shared = RescueState()

  // Written on the main thread before the handlers are armed, read by the handler.
  nonisolated(unsafe) let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  nonisolated(unsafe) let reset = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
  nonisolated(unsafe) let resetCount = UnsafeMutablePointer<Int>.allocate(capacity: 1)
  nonisolated(unsafe) let isArmed = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
  nonisolated(unsafe) let isInstalled = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
  nonisolated(unsafe) let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  /// The saved stderr and the capture file.
  nonisolated(unsafe) let descriptors = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
  let capacity = 64

  private init() {
    isArmed.initialize(to: false)
    isInstalled.initialize(to: false)
    resetCount.initialize(to: 0)
    previous.initialize(repeating: sigaction(), count: 65)
    descriptors.initialize(repeating: -1, count: 2)
  }
}

private func rescueTerminal(_ number: Int32) {
  let state = RescueState.shared
  if state.isArmed.pointee {
    state.isArmed.pointee = false
    tcsetattr(STDIN_FILENO, TCSANOW, state.settings)
    _ = write(STDOUT_FILENO, state.reset, state.resetCount.pointee)
    dup2(state.descriptors[0], STDERR_FILENO)
    replayCapture(state.descriptors[1])
  }
  // Hand the signal to whoever had it before; it is delivered when this handler returns.
  sigaction(number, state.previous + Int(number), nil)
  raise(number)
}

/// Copies the capture file to stderr with a stack buffer (no allocation: async-signal-safe).
private func replayCapture(_ capture: Int32) {
  withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
    var offset: off_t = 0
    while true {
      let count = pread(capture, buffer.baseAddress, buffer.count, offset)
      guard count > 0 else { return }
      _ = write(STDERR_FILENO, buffer.baseAddress, count)
      offset += off_t(count)
    }
  }
}
