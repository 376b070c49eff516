// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Synchronization

/// Sends an MPEG-TS file to `udp://127.0.0.1:<port>` the way an IPTV head-end does: 7 TS
/// packets (1316 bytes) per datagram, paced at the file's bitrate, looping. It can go silent
/// and come back, like a source that drops out. Sending stops when it is dropped.
///
/// The pacing runs on a thread of its own: paced by the cooperative pool, a busy test run
/// delayed it by hundreds of milliseconds and then sent in bursts that libVLC's socket buffer
/// dropped.
final class UDPSender: Sendable {
  /// Why the sender could not start.
  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  /// The destination port on 127.0.0.1.
  let port: UInt16
  private let silent = Flag(false)
  private let stopped = Flag(false)

  /// Starts sending `file`, which plays for `duration`, to 127.0.0.1:`port`.
  init(file: URL, duration: Duration, port: UInt16) throws {
    let data = try Data(contentsOf: file)
    let datagramSize = 188 * 7
    let datagrams = stride(from: 0, to: data.count, by: datagramSize).map {
      data[$0..<min($0 + datagramSize, data.count)]
    }
    let interval = duration / datagrams.count
    let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw Failed(description: "socket: errno \(errno)") }
    self.port = port
    let (silent, stopped) = (silent, stopped)
    let thread = Thread {
      defer { close(descriptor) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = port.bigEndian
      let clock = ContinuousClock()
      var next = clock.now
      while !stopped.value {
        for datagram in datagrams where !stopped.value {
          if !silent.value {
            _ = datagram.withUnsafeBytes { bytes in
              withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                  sendto(
                    descriptor, bytes.baseAddress, bytes.count, 0, $0,
                    socklen_t(MemoryLayout<sockaddr_in>.size))
                }
              }
            }
          }
          next += interval
          let wait = next - clock.now
          if wait > .zero { Thread.sleep(forTimeInterval: wait / .seconds(1)) }
        }
      }
    }
    thread.start()
  }

  deinit { stopped.value = true }

  /// Stops sending until ``resume()``; the pacing clock keeps running.
  func pause() { silent.value = true }

  /// Sends again after ``pause()``.
  func resume() { silent.value = false }

  /// A UDP port on 127.0.0.1 that was free a moment ago, below the kernel's ephemeral range
  /// (`ip_local_port_range`, 32768–60999 by default) and not handed out before in this
  /// process.
  ///
  /// libVLC binds a `udp://@` port itself, so the port cannot be bound as 0 and read back:
  /// it is chosen, then bound later. Below the ephemeral range no socket that sends before
  /// binding (ffmpeg, a sender, a DNS query) can take it in between, and no two tests of the
  /// process get the same one.
  static func freePort() throws -> UInt16 {
    for _ in 0..<200 {
      let port = nextCandidate()
      if canBind(port) { return port }
    }
    throw Failed(description: "no free UDP port below the ephemeral range")
  }

  /// Whether a UDP socket can be bound to 127.0.0.1:`port` now (the socket is closed again).
  static func canBind(_ port: UInt16) -> Bool {
    withLoopbackSocket(SOCK_DGRAM, port: port) { bind($0, $1, $2) == 0 } ?? false
  }

  /// Ports from 20000 up to the ephemeral range.
  private static let candidateRange: Range<Int> = {
    let ephemeral = try? String(
      contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
    let low = ephemeral?.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
    return 20_000..<max(21_000, min(low ?? 32_768, 65_536))
  }()

  /// The next port to try: from a random place in the range, each handed out once.
  private static let nextPort = Mutex(Int.random(in: candidateRange))

  private static func nextCandidate() -> UInt16 {
    nextPort.withLock { next in
      let port = next
      next = port + 1 < candidateRange.upperBound ? port + 1 : candidateRange.lowerBound
      return UInt16(port)
    }
  }
}
