// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLCCommandLine

/// The controlling terminal in player mode: keys arrive one by one without echo, and
/// (optionally) the player draws on the alternate screen with the cursor hidden.
///
/// While active, stderr goes to a temporary file, so that what libVLC's plugins and the
/// libraries under them print (a missing Wayland session, an audio underrun) does not scroll
/// the picture away; it is written to the real stderr when the terminal is restored.
///
/// ``restore()`` puts back exactly the settings found at ``enter()``; it runs on every way
/// out: normal exit, errors, the signals the player handles, and, through ``TerminalRescue``,
/// crashes.
@MainActor
final class TerminalScreen {
  private let usesAlternateScreen: Bool
  private var original = termios()
  private var savedStderr: Int32 = -1
  private var capture: Int32 = -1
  private(set) var isActive = false

  private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[2J"
  private static let leaveSequence = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
  private static let inlineLeaveSequence = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\r\n"

  /// A screen for the terminal on stdin and stdout; `alternateScreen` draws full-screen,
  /// otherwise the player uses the current line only.
  init(alternateScreen: Bool) {
    usesAlternateScreen = alternateScreen
  }

  /// Switches to non-canonical input without echo (signals stay on: Ctrl-C still interrupts)
  /// and, for a full-screen player, to the alternate screen.
  ///
  /// - Returns: `false` when stdin is not a terminal.
  @discardableResult
  func enter() -> Bool {
    guard !isActive, tcgetattr(STDIN_FILENO, &original) == 0 else { return isActive }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    let leave = usesAlternateScreen ? Self.leaveSequence : Self.inlineLeaveSequence
    captureStderr()
    TerminalRescue.arm(
      restoring: original, writing: leave, stderr: savedStderr, capture: capture)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    isActive = true
    write(usesAlternateScreen ? Self.enterSequence : "\u{1B}[?25l\u{1B}[?7l")
    return true
  }

  /// Puts the terminal back as ``enter()`` found it. Safe to call more than once.
  func restore() {
    guard isActive else { return }
    isActive = false
    write(usesAlternateScreen ? Self.leaveSequence : Self.inlineLeaveSequence)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    TerminalRescue.disarm()
    releaseStderr()
  }

  /// Points stderr at an anonymous temporary file.
  private func captureStderr() {
    var template = Array(
      "\(FileManager.default.temporaryDirectory.path)/swiftvlc-stderr-XXXXXX".utf8CString)
    // Close-on-exec, as every descriptor the tool opens: children libVLC starts get neither.
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return }
    _ = fcntl(file, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    savedStderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
    capture = file
    dup2(file, STDERR_FILENO)
  }

  /// Points stderr back at the real one and writes what was captured to it (the library
  /// prints nothing there; whatever came, a crash report say, is kept for the user, all but
  /// libass's banner: see ``CapturedStderr``).
  private func releaseStderr() {
    guard capture >= 0 else { return }
    dup2(savedStderr, STDERR_FILENO)
    close(savedStderr)
    lseek(capture, 0, SEEK_SET)
    var captured: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(capture, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      captured += chunk[..<count]
    }
    close(capture)
    Console.write(CapturedStderr.withoutLibassBanner(captured), to: STDERR_FILENO)
    savedStderr = -1
    capture = -1
  }

  /// The terminal's size in cells (80x24 when it cannot be read).
  var size: (columns: Int, rows: Int) { Self.currentSize }

  /// The size in cells of the terminal on stdout (80x24 when it cannot be read).
  static var currentSize: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0,
      window.ws_row > 0
    else { return (80, 24) }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Writes `text` to stdout in full, unbuffered.
  func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += written
    }
  }
}
