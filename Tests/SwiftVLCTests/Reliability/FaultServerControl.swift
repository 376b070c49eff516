// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// The fault server's control routes: toggling a `/toggle/<name>/…` source and counting the
/// connections clients still hold.
extension TestServer {
  /// What `/toggle/<name>/…` does: serve, answer 503, or hold connections in silence.
  enum ToggleMode: String {
    case up, down, hang
  }

  /// Switches the toggle `name` (`POST /control/<name>/<mode>`).
  func setToggle(_ name: String, _ mode: ToggleMode) async throws {
    let reply = try await request("POST /control/\(name)/\(mode.rawValue)")
    guard reply.hasPrefix("HTTP/1.1 204") || reply.hasPrefix("HTTP/1.0 204") else {
      throw ControlFailed(description: "setting \(name) to \(mode): \(reply.prefix(80))")
    }
  }

  /// How many client connections are open right now (`GET /control/stats`).
  func openConnections() async throws -> Int {
    let reply = try await request("GET /control/stats")
    guard let body = reply.range(of: "\r\n\r\n").map({ reply[$0.upperBound...] }),
      let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
      let open = object["open"] as? Int
    else { throw ControlFailed(description: "unreadable stats: \(reply.prefix(200))") }
    return open
  }

  /// How many requests the server has had for `route`, the first path component
  /// ("hlsfault" for `/hlsfault/…`) (`GET /control/stats`).
  func requestCount(_ route: String) async throws -> Int {
    let reply = try await request("GET /control/stats")
    guard let body = reply.range(of: "\r\n\r\n").map({ reply[$0.upperBound...] }),
      let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
      let requests = object["requests"] as? [String: Int]
    else { throw ControlFailed(description: "unreadable stats: \(reply.prefix(200))") }
    return requests[route] ?? 0
  }

  /// Serves `text` at `/documents/<name>` from now on, and returns its URL.
  func publish(_ text: String, as name: String) async throws -> URL {
    try await publish(Data(text.utf8), as: name)
  }

  /// Serves `bytes` at `/documents/<name>` from now on (no Range support), and returns its URL.
  func publish(_ bytes: Data, as name: String) async throws -> URL {
    let reply = try await request("POST /documents/\(name)", body: bytes)
    guard reply.hasPrefix("HTTP/1.1 204") || reply.hasPrefix("HTTP/1.0 204") else {
      throw ControlFailed(description: "publishing \(name): \(reply.prefix(80))")
    }
    return url("documents/\(name)")
  }

  /// Why a control request failed.
  struct ControlFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// Sends one HTTP/1.0 request line to the server and returns the whole reply. The server
  /// closes an HTTP/1.0 connection after answering, so the reply ends at end of stream. The
  /// blocking socket calls run on a thread of their own, not on the cooperative pool.
  private func request(_ line: String, body: Data = Data()) async throws -> String {
    let port = UInt16(port)
    return try await offThePool {
      let descriptor = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard descriptor >= 0 else { throw ControlFailed(description: "socket: errno \(errno)") }
      defer { close(descriptor) }
      var timeout = timeval(tv_sec: 5, tv_usec: 0)
      setsockopt(
        descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = port.bigEndian
      let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
      }
      guard connected else { throw ControlFailed(description: "connect: errno \(errno)") }
      let message =
        Array("\(line) HTTP/1.0\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + Array(body)
      guard
        message.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) })
          == message.count
      else { throw ControlFailed(description: "send: errno \(errno)") }
      var reply: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        reply += buffer[..<count]
      }
      return String(decoding: reply, as: UTF8.self)
    }
  }
}
