// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// An HTTP listener on 127.0.0.1 (a port the system picks) that records the head of the
/// first request it gets and answers it with 404: what libVLC sends, seen from the server.
final class RequestCatcher: Sendable {
  /// Why the listener could not start or read.
  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  /// The port it listens on.
  let port: UInt16
  private let descriptor: Int32

  init() throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw Failed(description: "socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0  // any free port
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let descriptor = descriptor
    let listening = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(descriptor, generic, length) == 0 && listen(descriptor, 4) == 0
          && getsockname(descriptor, generic, &length) == 0
      }
    }
    guard listening else {
      close(descriptor)
      throw Failed(description: "bind/listen on 127.0.0.1:0: errno \(errno)")
    }
    port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(descriptor) }

  /// A URL on this listener.
  func url(_ path: String = "clip.mp4") -> URL {
    URL(string: "http://127.0.0.1:\(port)/\(path)")!
  }

  /// The head (request line and headers) of the first request; ``TimedOut`` after `limit`.
  func firstRequest(within limit: Duration = .seconds(10)) async throws -> String {
    let descriptor = descriptor
    let milliseconds = Int32(limit.inMilliseconds)
    return try await offThePool {
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, milliseconds) == 1 else {
        throw TimedOut(what: "a request on port \(self.port)")
      }
      let client = accept(descriptor, nil, nil)
      guard client >= 0 else { throw Failed(description: "accept: errno \(errno)") }
      defer { close(client) }
      var timeout = timeval(tv_sec: 5, tv_usec: 0)
      setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var head: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4_096)
      while !String(decoding: head, as: UTF8.self).contains("\r\n\r\n") {
        let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        head += buffer[..<count]
      }
      let reply = Array(
        "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
      _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      return String(decoding: head, as: UTF8.self)
    }
  }
}
