// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// Who holds a UDP port on this machine, for a failure's message: each socket bound to it
/// (from `/proc/net/udp`) with the processes that have it open (their `/proc/<pid>/fd`).
enum PortOwners {
  static func udp(_ port: UInt16) -> String {
    let hexPort = String(format: "%04X", port)
    let table = (try? String(contentsOfFile: "/proc/net/udp", encoding: .utf8)) ?? ""
    // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
    let inodes = table.split(separator: "\n").dropFirst().compactMap { line -> String? in
      let fields = line.split(separator: " ")
      guard fields.count > 9, fields[1].hasSuffix(":\(hexPort)") else { return nil }
      return String(fields[9])
    }
    guard !inodes.isEmpty else { return "no socket holds UDP port \(port) now" }
    let owners = inodes.map { inode in
      let holders = processes(holding: "socket:[\(inode)]")
      return "socket \(inode) held by \(holders.isEmpty ? ["nobody found"] : holders)"
    }
    return "UDP port \(port): " + owners.joined(separator: "; ")
  }

  private static func processes(holding link: String) -> [String] {
    let manager = FileManager.default
    let pids = ((try? manager.contentsOfDirectory(atPath: "/proc")) ?? []).filter {
      Int($0) != nil
    }
    return pids.compactMap { pid in
      let fds = (try? manager.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
      guard
        let fd = fds.first(where: {
          (try? manager.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == link
        })
      else { return nil }
      let command =
        (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?
        .replacingOccurrences(of: "\0", with: " ").prefix(120) ?? "?"
      let me = pid == String(getpid()) ? " (this process)" : ""
      return "pid \(pid)\(me) fd \(fd): \(command)"
    }
  }
}
