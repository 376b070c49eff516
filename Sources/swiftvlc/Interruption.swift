// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Dispatch
import FoundationEssentials
import Glibc
import SwiftVLCCommandLine

/// What the first SIGINT, SIGTERM or SIGHUP sets in motion, for commands that must end within
/// a bound: the command's own clean stop, and a hard limit after which the process leaves
/// anyway, because libVLC can block for minutes in a stalled network read.
///
/// The limit runs on a background queue, so it fires even if the main actor is held up.
@MainActor
final class Interruption {
  /// Whether a signal has arrived.
  private(set) var isRequested = false
  /// When the first signal arrived.
  private var firstSignal: ContinuousClock.Instant?
  /// A second signal this soon after the first is the same request: `timeout -s INT` and a
  /// terminal's Ctrl-C signal the tool and its process group, which can arrive as two.
  static let sameRequestWindow: Duration = .milliseconds(500)
  private var deadline: DispatchWorkItem?
  private let limit: Duration
  private let command: String

  /// - Parameters:
  ///   - command: the subcommand, for the messages ("record").
  ///   - limit: how long the clean stop may take before the process exits anyway.
  init(command: String, limit: Duration) {
    self.command = command
    self.limit = limit
  }

  /// Handles one signal: the first prints `message`, arms the limit (which prints
  /// `timeoutMessage` and exits with status 130) and runs `stop`; a second prints
  /// `againMessage` and exits with status 130 at once (one within ``sameRequestWindow`` of
  /// the first is ignored). `beforeLeaving` runs, on any thread, just before either exit.
  func handle(
    message: String, timeoutMessage: String, againMessage: String,
    beforeLeaving: @escaping @Sendable () -> Void = {}, stop: () -> Void
  ) {
    guard !isRequested else {
      if let firstSignal, ContinuousClock.now - firstSignal < Self.sameRequestWindow { return }
      beforeLeaving()
      Self.leave("\(command): \(againMessage)")
      return
    }
    isRequested = true
    firstSignal = ContinuousClock.now
    Console.error("\(command): \(message)")
    let line = "\(command): \(timeoutMessage)"
    let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
    let deadline = Self.leaving(line, after: beforeLeaving)
    self.deadline = deadline
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: deadline)
    stop()
  }

  /// Called once the clean stop has finished: the limit no longer applies, so it cannot cut
  /// the summary short. A signal after this still leaves at once.
  func disarm() {
    deadline?.cancel()
  }

  /// A work item that leaves with `line`. Made outside the main actor: a closure formed in
  /// main-actor code is main-actor isolated, and running it on another queue traps.
  nonisolated private static func leaving(
    _ line: String, after work: @escaping @Sendable () -> Void
  ) -> DispatchWorkItem {
    DispatchWorkItem {
      work()
      leave(line)
    }
  }

  /// Prints `line` on stderr and exits with status 130 without running exit handlers (libVLC
  /// threads may still be inside the source).
  nonisolated static func leave(_ line: String) {
    Console.error(line)
    fflush(nil)
    StderrFilter.remove()
    _exit(ExitCode.interrupted.rawValue)
  }
}
