// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Which display servers the environment names: the one reading of `DISPLAY` and
/// `WAYLAND_DISPLAY` (an unset and an empty variable both mean none). Reads the environment
/// once, when made; connects once to a local X server's socket to see that it is there.
package struct DisplayEnvironment: Sendable, Equatable {
  /// Whether `DISPLAY` names an X server that is there (where libVLC 3 embeds into an X11
  /// window, and VA-API and VDPAU find an X display). A `DISPLAY` whose local server is gone
  /// (a stale variable in a terminal or a container) counts as none: libVLC 3's X11 outputs
  /// then fail, and it falls back to its text-art output, which writes terminal escapes on
  /// standard output and crashed the process.
  package var hasX11: Bool
  /// Whether `WAYLAND_DISPLAY` names a compositor.
  package var hasWayland: Bool

  /// Whether either server is named: video can go to a window.
  package var hasAny: Bool { hasX11 || hasWayland }

  /// The display servers `environment` names (by default the process's).
  package init(_ environment: [String: String] = ProcessInfo.processInfo.environment) {
    let display = environment["DISPLAY"] ?? ""
    hasX11 = !display.isEmpty && Self.serverAnswers(display)
    hasWayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
  }

  /// Whether the X server `display` names ("[host]:number[.screen]") accepts a connection: a
  /// local one (no host, `unix`, or this machine's loopback, as SSH forwards X) is asked by
  /// connecting to its socket, which answers or refuses at once; another host's is taken as
  /// there (reaching it can take seconds to fail).
  static func serverAnswers(_ display: String) -> Bool {
    guard let colon = display.lastIndex(of: ":") else { return true }
    let host = String(display[..<colon])
    guard let number = Int(display[display.index(after: colon)...].prefix { $0 != "." }),
      (0...65_535 - 6_000).contains(number)
    else { return true }
    switch host {
    case "", "unix":
      // Xorg and Xvfb listen on both; Xwayland may offer the abstract one only.
      let name = "/tmp/.X11-unix/X\(number)"
      return connects(toLocal: "\0" + name) || connects(toLocal: name)
    case "localhost", "127.0.0.1":
      return connects(toLoopbackPort: UInt16(6_000 + number))
    default:
      return true
    }
  }

  /// Whether a Unix stream socket at `path` (a leading NUL: the abstract namespace) accepts.
  private static func connects(toLocal path: String) -> Bool {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    return connects(AF_UNIX, to: address, length: MemoryLayout<sa_family_t>.size + bytes.count)
  }

  /// Whether a TCP socket on 127.0.0.1 at `port` accepts.
  private static func connects(toLoopbackPort port: UInt16) -> Bool {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return connects(AF_INET, to: address, length: MemoryLayout<sockaddr_in>.size)
  }

  /// Whether a stream socket of `family` connects to `address` (its first `length` bytes).
  private static func connects<Address>(_ family: Int32, to address: Address, length: Int)
    -> Bool
  {
    let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return withUnsafePointer(to: address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(length)) == 0
      }
    }
  }
}
