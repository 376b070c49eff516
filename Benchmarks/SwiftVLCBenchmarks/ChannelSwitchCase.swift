// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC

extension Bench {
  /// Case 7: zapping. Time from the switch call to the first picture of the new channel,
  /// over UDP MPEG-TS and live HLS channels on 127.0.0.1, cold and with warm neighbours,
  /// against a C program doing `set_media` + `play` on one player.
  func channelSwitchCase() throws -> CaseReport {
    let switches = quick ? 12 : 50
    let settleMilliseconds = 800  // after each picture, so warm neighbours have opened
    var report = CaseReport(
      name: "channel-switch",
      title:
        "7. Channel switch (\(switches) switches over 3 channels, 64×64 H.264 TS, to first picture)"
    )
    let lab = try ChannelSwitchLab(scratch: scratch)
    defer { lab.stop() }
    for (kind, locations) in [("UDP TS", lab.udp), ("HLS live", lab.hls)] {
      let list = scratch + "/\(kind.prefix(3).lowercased()).m3u"
      try (["#EXTM3U"] + locations.enumerated().flatMap { ["#EXTINF:-1,\(kind) \($0)", $1] })
        .joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
      var contenders: [(String, ChildRun)] = []
      for warm in [0, 1] {
        let name = "SwiftVLC ChannelPlayer, \(warm == 0 ? "cold" : "warm neighbours")"
        contenders.append(
          (
            name,
            try swiftChild([
              "channel-switch", list, "\(switches)", "\(settleMilliseconds)", "\(warm)",
            ])
          ))
      }
      if let reference {
        contenders.append(
          (
            "C libVLC set_media + play",
            try runChild(
              reference, ["channel-switch", "\(switches)", "\(settleMilliseconds)"] + locations)
          ))
      }
      for (name, run) in contenders {
        let milliseconds = try run.json().numbers("milliseconds")
        report.add("\(name), \(kind)", "p50", "ms", [percentile(milliseconds, 0.5)])
        report.add("\(name), \(kind)", "p95", "ms", [percentile(milliseconds, 0.95)])
      }
      let cold = report.median(of: "\(contenders[0].0), \(kind)", "p50")
      let warm = report.median(of: "\(contenders[1].0), \(kind)", "p50")
      if contenders.count == 3, let cold,
        let floor = report.median(of: "\(contenders[2].0), \(kind)", "p50")
      {
        report.target("\(kind): cold p50, SwiftVLC ÷ C", cold / floor, atMost: 1.1)
      }
      report.target("\(kind): warm p50 (ms)", warm, atMost: 150)
    }
    report.notes.append(
      "One child process per contender and channel kind, each switching \(switches) times "
        + "through 3 channels (UDP: 3 ffmpeg senders looping a 2 s TS; HLS: 3 live sliding-window "
        + "playlists from scripts/fault-server.py), waiting \(settleMilliseconds) ms after each "
        + "picture. C switches one player with set_media + play (set_media stops the old channel "
        + "first, inside the timing); SwiftVLC switches with ChannelPlayer.next(), timed to the "
        + "first frame of the new channel in ChannelPlayer.frames.")
    return report
  }
}

/// `channel-switch LIST SWITCHES SETTLE_MS WARM`: a ChannelPlayer over LIST, switched
/// SWITCHES times with next(); each time, milliseconds to the new channel's first picture.
@MainActor
func channelSwitchChild(
  _ instance: VLCInstance, list: String, switches: Int, settle: Duration, warm: Int
) async throws -> [String: Any] {
  let channels = try await ChannelList.load(from: URL(fileURLWithPath: list))
  let zapper = try ChannelPlayer(
    list: channels, instance: instance, warmNeighbours: warm, width: 64, height: 64)
  let stream = zapper.frames
  let frames = Task.detached {
    var checksum = 0
    for await frame in stream { checksum &+= frame.withUnsafeBytes { Int($0[0]) } }
    return checksum
  }
  var milliseconds: [Double] = []
  for step in 0...switches {
    try zapper.play(at: step % channels.channels.count)
    let deadline = ContinuousClock.now + .seconds(20)
    while zapper.lastSwitchLatency == nil {
      guard ContinuousClock.now < deadline else {
        throw BenchError.child("switch \(step) showed no picture")
      }
      try await Task.sleep(for: .milliseconds(2))
    }
    if step > 0, let latency = zapper.lastSwitchLatency {
      milliseconds.append(
        Double(latency.components.attoseconds) / 1e15 + Double(latency.components.seconds) * 1_000)
    }
    try await Task.sleep(for: settle)
  }
  await zapper.stop()
  frames.cancel()
  return ["milliseconds": milliseconds]
}

/// Three UDP MPEG-TS senders (ffmpeg, looping) and three live HLS playlists (the fault server)
/// on 127.0.0.1, from the test fixtures.
struct ChannelSwitchLab {
  let udp: [String]
  let hls: [String]
  private let processes: [Process]

  init(scratch: String) throws {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Tests/SwiftVLCTests/Fixtures")
    let root = scratch + "/lab"
    let manager = FileManager.default
    try? manager.removeItem(atPath: root)
    try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
    for index in 0..<3 {
      try manager.copyItem(
        at: fixtures.appendingPathComponent("hls"), to: URL(fileURLWithPath: "\(root)/hls\(index)"))
    }
    var processes: [Process] = []
    var udp: [String] = []
    for _ in 0..<3 {
      let port = try freeUDPPort()
      let sender = Process()
      sender.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
      sender.arguments = [
        "-nostdin", "-loglevel", "quiet", "-re", "-stream_loop", "-1",
        "-i", fixtures.appendingPathComponent("short.ts").path, "-c", "copy", "-f", "mpegts",
        "udp://127.0.0.1:\(port)?pkt_size=1316",
      ]
      try sender.run()
      processes.append(sender)
      udp.append("udp://@127.0.0.1:\(port)")
    }
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = [
      "python3",
      fixtures.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/fault-server.py").path,
      "--root", root,
    ]
    let output = Pipe()
    server.standardOutput = output
    server.standardInput = Pipe()  // the server exits when its stdin closes, with us
    try server.run()
    processes.append(server)
    let line = String(decoding: output.fileHandleForReading.availableDataLine(), as: UTF8.self)
    guard line.hasPrefix("PORT "),
      let port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      for process in processes { process.terminate() }
      throw BenchError.setup("fault-server.py printed no port: \(line)")
    }
    hls = (0..<3).map { "http://127.0.0.1:\(port)/live/hls\($0)/index.m3u8" }
    self.udp = udp
    self.processes = processes
  }

  func stop() {
    for process in processes where process.isRunning { process.terminate() }
  }
}

extension FileHandle {
  /// Bytes up to the first newline (blocking).
  fileprivate func availableDataLine() -> Data {
    var line = Data()
    while let byte = try? read(upToCount: 1), let first = byte.first, first != 0x0A {
      line.append(first)
    }
    return line
  }
}

private func freeUDPPort() throws -> UInt16 {
  let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
  guard descriptor >= 0 else { throw BenchError.setup("socket: errno \(errno)") }
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
    }
  }
  guard bound else { throw BenchError.setup("bind: errno \(errno)") }
  return UInt16(bigEndian: address.sin_port)
}
