// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// Calls `body` with a socket of `type` (`SOCK_STREAM`, `SOCK_DGRAM`) and the address
/// 127.0.0.1:`port` (0: any free port) with its length, then closes the socket: the tests' one
/// way to bind or connect on the loopback address. `nil` when no socket can be made.
func withLoopbackSocket<T>(
  _ type: __socket_type, port: UInt16,
  _ body: (
    _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t
  ) -> T
) -> T? {
  let descriptor = socket(AF_INET, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = port.bigEndian
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  return withUnsafeMutablePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body(descriptor, $0, &length) }
  }
}

/// An ISO base media box (MP4): its 32-bit size, its type and `body`.
func mp4Box(_ type: String, _ body: [UInt8]) -> [UInt8] {
  let size = UInt32(8 + body.count)
  return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: size >> $0) } + Array(type.utf8) + body
}
