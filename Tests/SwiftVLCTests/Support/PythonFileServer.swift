// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// Python's own `http.server` serving a folder on 127.0.0.1: a plain real-world server
/// (HTTP/1.0, no range requests, `.ts` typed as a Qt translation file), unlike the fault
/// server, which behaves as libVLC expects. ``stop()`` ends it.
final class PythonFileServer: Sendable {
  let port: Int
  private let daemon: Daemon
  private let portFile: String

  /// Serves `folder` on a free port.
  init(serving folder: String) async throws {
    portFile = NSTemporaryDirectory() + "swiftvlc-httpserver-\(UUID().uuidString)"
    let script = """
      import functools, http.server, sys
      handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
      server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
      with open(sys.argv[2] + ".part", "w") as f: f.write(str(server.server_address[1]))
      import os; os.rename(sys.argv[2] + ".part", sys.argv[2])
      server.serve_forever()
      """
    let python = python3.hasPrefix("/") ? python3 : "/usr/bin/env"
    let arguments = (python3.hasPrefix("/") ? [] : ["python3"]) + ["-c", script, folder, portFile]
    daemon = try Daemon(python, arguments)
    let deadline = ContinuousClock.now + .seconds(10)
    while true {
      if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let port = Int(text) {
        self.port = port
        return
      }
      guard daemon.isRunning, ContinuousClock.now < deadline else {
        daemon.stop()
        throw TimedOut(what: "python's http.server to listen")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// The URL of `name` in the served folder.
  func url(_ name: String) -> URL { URL(string: "http://127.0.0.1:\(port)/\(name)")! }

  func stop() {
    daemon.stop()
    try? FileManager.default.removeItem(atPath: portFile)
  }
}
