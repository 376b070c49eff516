// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// A small IPTV head-end on 127.0.0.1 for the Live TV tests: two UDP MPEG-TS channels, a live
/// HLS channel with a sliding window, dead entries of every kind, and a channel list naming
/// them all, served over HTTP with relative locations.
final class ChannelLab: Sendable {
  let server: TestServer
  let senders: [UDPSender]
  /// The list's URL on the server (`/documents/lab.m3u`).
  let listURL: URL

  /// The names of the channels that play, in list order.
  static let aliveNames = ["UDP One", "UDP Two", "HLS Live"]

  /// Starts the senders and the server and publishes the list. `dead` adds the dead entries.
  init(dead: Bool = true) async throws {
    server = try await TestServer()
    senders = try (0..<2).map { _ in
      try UDPSender(
        file: Fixture.shortTS.url, duration: .seconds(2), port: try UDPSender.freePort())
    }
    var lines = ["#EXTM3U url-tvg=\"guide.xml\""]
    func add(_ name: String, group: String, _ location: String) {
      lines += [
        "#EXTINF:-1 tvg-id=\"\(name.lowercased())\" group-title=\"\(group)\",\(name)", location,
      ]
    }
    add("UDP One", group: "UDP", "udp://@127.0.0.1:\(senders[0].port)")
    add("UDP Two", group: "UDP", "udp://@127.0.0.1:\(senders[1].port)")
    add("HLS Live", group: "HLS", "../live/hls/index.m3u8")
    if dead {
      add("Missing", group: "Dead", "../status/404/missing.ts")
      add("Refused", group: "Dead", TestServer.closedPortURL().absoluteString)
      add("No DNS", group: "Dead", "http://swiftvlc-lab.invalid/x.ts")
      add("Hung", group: "Dead", "../hang/x.ts")
      add("Garbage", group: "Dead", "../files/garbage.mp4")
      add("Silent UDP", group: "Dead", "udp://@127.0.0.1:\(try UDPSender.freePort())")
      add("Login", group: "Dead", "../auth/user/secret/short.ts")
    }
    listURL = try await server.publish(lines.joined(separator: "\r\n") + "\r\n", as: "lab.m3u")
  }
}
