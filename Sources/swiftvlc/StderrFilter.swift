// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Dispatch
import Glibc
import SwiftVLC
import SwiftVLCCommandLine
import Synchronization

/// Keeps libass's banner off stderr while `play` prints event lines (standard output not a
/// terminal) and while `probe` runs, as the terminal player keeps it out of its replay
/// (``CapturedStderr``).
///
/// libVLC 3's libass plugin leaves libass printing its banner on stderr when an SSA/ASS
/// subtitle is first drawn; nothing in libVLC routes it. While installed, stderr is a pipe
/// that a thread of its own copies to the real stderr, without the lines that start with
/// "[ass] ". Everything else (the tool's own messages, a progress line, a crash report)
/// passes at once, in order. ``remove()`` puts the real stderr back and waits, boundedly, until what
/// was written before has passed.
enum StderrFilter {
  private struct Installed: Sendable {
    var saved: Int32
    var done: DispatchSemaphore
  }

  private static let installed = Mutex<Installed?>(nil)
  /// How long ``remove()`` waits for the lines still in the pipe (a child process that
  /// inherited stderr would hold the pipe open).
  static let drainLimit = DispatchTimeInterval.milliseconds(500)

  /// Points stderr at the filter; does nothing when it is installed already or no pipe can
  /// be made.
  static func install() {
    installed.withLock { installed in
      guard installed == nil else { return }
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { return }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
      guard saved >= 0 else {
        close(ends[0])
        close(ends[1])
        return
      }
      let done = DispatchSemaphore(value: 0)
      let readEnd = ends[0]
      OwnThread.start {
        forward(from: readEnd, to: saved)
        close(readEnd)
        done.signal()
      }
      dup2(ends[1], STDERR_FILENO)
      close(ends[1])
      installed = Installed(saved: saved, done: done)
    }
  }

  /// Puts the real stderr back (closing the pipe's write end) and waits at most
  /// ``drainLimit`` for the filter to pass on what is left. Safe to call when not installed,
  /// from any thread, before `_exit`.
  static func remove() {
    guard let removed = installed.withLock({ $0.take() }) else { return }
    dup2(removed.saved, STDERR_FILENO)
    // Still copying past the limit, it keeps its descriptor: closed, the number could be
    // handed to another file.
    if removed.done.wait(timeout: .now() + drainLimit) == .success { close(removed.saved) }
  }

  /// Copies `source` to `destination` until its end, without libass's lines. A line is held
  /// only while it may still turn out to be one ("[ass] " so far); any other passes at once,
  /// so that a progress line redrawn with "\r" shows as it is drawn.
  private static func forward(from source: Int32, to destination: Int32) {
    let banner = Array("[ass] ".utf8)
    let newline = UInt8(ascii: "\n")
    var pending: [UInt8] = []
    var passing = false  // the line under way is not libass's: its bytes go out as they come
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      pending += chunk[..<count]
      while !pending.isEmpty {
        let end = pending.firstIndex(of: newline)
        if passing {
          let upTo = end.map { $0 + 1 } ?? pending.count
          Console.write(Array(pending[..<upTo]), to: destination)
          pending.removeSubrange(..<upTo)
          passing = end == nil
        } else if pending.starts(with: banner) {
          guard let end else { break }  // libass's line: dropped once whole
          pending.removeSubrange(...end)
        } else if banner.starts(with: pending.prefix(while: { $0 != newline })), end == nil {
          break  // "[as" so far: wait for more
        } else {
          passing = true
        }
      }
    }
    if !pending.starts(with: banner) { Console.write(pending, to: destination) }
  }
}
