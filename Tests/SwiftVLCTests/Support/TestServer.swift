// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Dispatch
import Foundation
import Synchronization

/// A running `scripts/fault-server.py` serving the test fixtures over HTTP on 127.0.0.1, with
/// routes that stall, hang, reset, drip, lie about the length or demand a password (see the
/// script's header for the list).
///
/// The server is stopped by ``stop()`` or when the last reference goes away. It also exits by
/// itself when this process dies, because it watches its stdin, a pipe only we hold.
final class TestServer: Sendable {
  /// Why the server could not be started.
  struct LaunchFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// The port the server listens on.
  let port: Int

  private struct Running {
    var process: Process
    var input: FileHandle  // the write end of the server's stdin; closing it stops the server
  }

  private let running: Mutex<Running?>

  /// Starts the server on `root` (the test fixtures by default) and waits (at most 10 s)
  /// until it reports its port.
  convenience init(root: URL? = nil) async throws {
    try await self.init(
      arguments: [Self.script.path, "--root", (root ?? Self.fixtures).path],
      name: "fault-server.py")
  }

  /// Python's own `http.server` on `folder` instead: a plain real-world server (HTTP/1.0, no
  /// range requests, `.ts` typed as a Qt translation file), where the fault server behaves
  /// as libVLC expects. Its URLs are `url(NAME)`; it stops as the fault server does.
  convenience init(plainServing folder: URL) async throws {
    try await self.init(arguments: ["-c", Self.plainServer, folder.path], name: "http.server")
  }

  private init(arguments: [String], name: String) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python3] + python3Options + arguments
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    do {
      try process.run()
    } catch {
      throw LaunchFailed(description: "could not run python3 (\(name)): \(error)")
    }
    let port = await Self.readPort(from: output.fileHandleForReading, within: 10)
    guard let port else {
      if process.isRunning { process.terminate() }
      throw LaunchFailed(description: "\(name) printed no PORT line within 10 s")
    }
    self.port = port
    running = Mutex(Running(process: process, input: input.fileHandleForWriting))
  }

  deinit { stop() }

  /// The URL of `path` on this server, such as `url("files/short.mp4")`.
  func url(_ path: String) -> URL {
    let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
    guard let url = URL(string: "http://127.0.0.1:\(port)/\(relative)") else {
      fatalError("not a URL path: \(path)")
    }
    return url
  }

  /// Stops the server. Idempotent.
  func stop() {
    guard let stopped = running.withLock({ $0.take() }) else { return }
    try? stopped.input.close()
    if stopped.process.isRunning { stopped.process.terminate() }
  }

  /// An HTTP URL on 127.0.0.1 whose port was just bound and closed, so a connection to it is
  /// refused at once.
  static func closedPortURL() -> URL {
    let port = withLoopbackSocket(SOCK_STREAM, port: 0) { descriptor, address, length in
      guard bind(descriptor, address, length) == 0, getsockname(descriptor, address, &length) == 0
      else { return UInt16(0) }
      return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        UInt16(bigEndian: $0.pointee.sin_port)
      }
    }
    precondition(port != nil && port != 0, "bind() to 127.0.0.1:0 failed: errno \(errno)")
    return URL(string: "http://127.0.0.1:\(port ?? 0)/x")!
  }

  /// Whether a TCP connection to `port` on 127.0.0.1 is accepted now (something listens);
  /// `false` also when no socket can be made (out of descriptors).
  static func accepts(port: Int) -> Bool {
    withLoopbackSocket(SOCK_STREAM, port: UInt16(port)) { connect($0, $1, $2) == 0 } ?? false
  }

  /// The repository root: this file is `<repo>/Tests/SwiftVLCTests/Support/TestServer.swift`.
  private static var script: URL {
    var repository = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { repository.deleteLastPathComponent() }
    return repository.appendingPathComponent("scripts/fault-server.py")
  }

  /// The Fixtures folder inside the test bundle.
  /// Python's `http.server` on the folder in `argv[1]`, quiet, printing its port as the
  /// fault server does and exiting when its stdin closes.
  private static let plainServer = """
    import http.server, os, sys, threading
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=sys.argv[1], **kwargs)
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT", server.server_address[1], flush=True)
    def watch():
        while sys.stdin.buffer.read(4096):
            pass
        os._exit(0)
    threading.Thread(target=watch, daemon=True).start()
    server.serve_forever()
    """

  private static var fixtures: URL {
    Fixture.shortMP4.url.deletingLastPathComponent()
  }

  /// Reads the server's first line, "PORT <n>", on a background thread; `nil` when the line is
  /// malformed, the output ends first, or `seconds` pass.
  private static func readPort(from handle: FileHandle, within seconds: Double) async -> Int? {
    let once = ResumeOnce()
    return await withCheckedContinuation { continuation in
      once.install(continuation)
      Thread {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
          let chunk = handle.availableData  // blocks; empty at end of file
          if chunk.isEmpty { break }
          line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        let first = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let words = first.split(separator: " ")
        once.resume(words.count == 2 && words[0] == "PORT" ? Int(words[1]) : nil)
      }.start()
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { once.resume(nil) }
    }
  }
}

/// A continuation that the first of several racing threads resumes; later resumes are ignored.
private final class ResumeOnce: Sendable {
  private let continuation = Mutex<CheckedContinuation<Int?, Never>?>(nil)

  func install(_ newValue: CheckedContinuation<Int?, Never>) {
    continuation.withLock { $0 = newValue }
  }

  func resume(_ value: Int?) {
    continuation.withLock { $0.take() }?.resume(returning: value)
  }
}
