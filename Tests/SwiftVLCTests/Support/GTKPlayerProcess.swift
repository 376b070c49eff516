// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Synchronization

/// The example GTK player (`gtk-player`), started for one test with its trace on, its output
/// collected line by line.
final class GTKPlayerProcess: Sendable {
  static var url: URL {
    Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("gtk-player")
  }
  static let hasTools =
    [
      "/usr/bin/xdotool", "/usr/bin/playerctl", "/usr/bin/dbus-daemon", "/usr/bin/dbus-send",
      "/usr/bin/weston",
    ]
    .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
  /// Whether the example is built (`swift build` and `swift test` build every target; the
  /// test target does not depend on it, so that GTK is not linked into the test binary).
  static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: url.path) }

  /// The environment that shows the player on `server` through GTK's X11 back end, with
  /// `bus` as its session bus (none: `disabled:`, so that no MPRIS name is taken).
  static func onX11(_ server: Xvfb, bus: SessionBus? = nil) -> [String: String] {
    [
      "DISPLAY": server.display, "GDK_BACKEND": "x11",
      "DBUS_SESSION_BUS_ADDRESS": bus?.address ?? "disabled:",
    ]
  }

  let snapshotPath: String
  private let process: Process
  private let output = Lines()
  /// What it wrote on stderr (GTK's warnings), for a failure's message.
  private let errors = Lines()

  /// Starts the player on `file` (nothing when `nil`) with `environment` added to ours.
  init(playing file: String?, environment: [String: String]) throws {
    snapshotPath =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("gtk-player-\(UUID().uuidString).png").path
    process = Process()
    process.executableURL = Self.url
    process.arguments = file.map { [$0] } ?? []
    var variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    variables["GTK_PLAYER_TRACE"] = "1"
    variables["GTK_PLAYER_SNAPSHOT"] = snapshotPath
    variables["GTK_A11Y"] = "none"  // no accessibility bus to start
    process.environment = variables
    process.standardOutput = Self.collecting(into: output)
    process.standardError = Self.collecting(into: errors)
    try process.run()
  }

  /// A pipe whose lines are added to `lines` as they come, read by a thread of its own that
  /// owns the read end until the end of the output (a blocking read: not on a dispatch queue). Not `readabilityHandler`: its dispatch
  /// source outlived the descriptor when this object went before the killed player's output
  /// ended (a test process died once in libdispatch's event loop that way).
  private static func collecting(into lines: Lines) -> Pipe {
    let pipe = Pipe()
    let handle = pipe.fileHandleForReading
    Thread.detachNewThread {
      var pending = Data()
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        pending.append(data)
        guard let last = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
        let text = String(decoding: pending[..<last], as: UTF8.self)
        pending.removeSubrange(...last)
        lines.lines.withLock { $0 += text.split(separator: "\n").map(String.init) }
      }
      if !pending.isEmpty {
        let text = String(decoding: pending, as: UTF8.self)
        lines.lines.withLock { $0.append(text) }
      }
    }
    return pipe
  }

  var pid: pid_t { process.processIdentifier }

  /// How the player ended, or `nil` while it runs, with its last lines: for a test that
  /// waited for something the player could no longer do.
  var ending: String? {
    guard !process.isRunning else { return nil }
    let how =
      process.terminationReason == .uncaughtSignal
      ? "killed by signal \(process.terminationStatus)"
      : "exited with status \(process.terminationStatus)"
    return "gtk-player \(how); it printed: \(output.lines.withLock { $0.suffix(5) }); "
      + "on stderr: \(errors.lines.withLock { $0.suffix(10) })"
  }

  /// The last trace line matching `predicate`, waiting up to `limit` for one to appear.
  @discardableResult
  func waitForLine(
    _ what: String, within limit: Duration = .seconds(30), from start: Int = 0,
    where predicate: @Sendable (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + limit
    while true {
      if let line = output.lines.withLock({ $0.dropFirst(start).last(where: predicate) }) {
        return line
      }
      guard process.isRunning, ContinuousClock.now < deadline else {
        throw TimedOut(
          what: "\(what); gtk-player printed: \(output.lines.withLock { $0.suffix(5) })")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// How many lines the player has printed.
  var lineCount: Int { output.lines.withLock { $0.count } }

  /// The lines printed after the first `start`.
  func lines(from start: Int) -> [String] { output.lines.withLock { Array($0.dropFirst(start)) } }

  /// Asks the player for a PNG of its video widget (SIGUSR1) and returns its pixels.
  func snapshot() async throws -> Thumbnail {
    let start = lineCount
    kill(process.processIdentifier, SIGUSR1)
    let line = try await waitForLine("the snapshot", from: start) { $0.hasPrefix("snapshot=") }
    guard line == "snapshot=\(snapshotPath)" else { throw TimedOut(what: "a snapshot: \(line)") }
    defer { try? FileManager.default.removeItem(atPath: snapshotPath) }
    return try decodePNG(atPath: snapshotPath)
  }

  /// What it wrote on stderr so far.
  var errorLines: [String] { errors.lines.withLock { $0 } }

  /// Its exit status once it exits (a signal that killed it: 128 plus the signal, as a shell
  /// says), waiting up to `limit` without blocking the caller.
  func exitStatus(within limit: Duration) async throws -> Int32 {
    try await waitUntil("gtk-player to exit", within: limit) { !process.isRunning }
    let status = process.terminationStatus
    return process.terminationReason == .uncaughtSignal ? 128 + status : status
  }

  /// Kills the player. Does not wait (Foundation reaps it): the tests run on the main actor.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
  }
}

/// Lines a process printed, shared with the pipe's reader.
private final class Lines: Sendable {
  let lines = Mutex<[String]>([])
}

/// Runs a helper program (`xdotool`, `playerctl`) to its end and returns its standard
/// output, trimmed; suspends meanwhile. Throws when it fails or runs past 30 s.
@discardableResult
func runHelper(_ path: String, _ arguments: [String], environment: [String: String] = [:])
  async throws -> String
{
  // env(1) sets the variables, then runs the program.
  let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
  let words = assignments + [path] + arguments
  let run = try await runProgram(words[0], Array(words.dropFirst()))
  guard run.status == 0 else {
    throw HelperFailed(description: "\(path) \(arguments) exited \(run.status): \(run.stderr)")
  }
  return String(decoding: run.stdout, as: UTF8.self)
    .trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A helper program exited with a failure.
struct HelperFailed: Error, CustomStringConvertible {
  var description: String
}

/// A daemon started for one test (a session bus, a Wayland compositor), killed by `stop()`.
final class Daemon: Sendable {
  private let process: Process

  init(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  var isRunning: Bool { process.isRunning }

  /// Kills the daemon. Does not wait (Foundation reaps it).
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
  }
}
