// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@testable import SwiftVLCCommandLine

@Suite("swiftvlc channels", .mostlyWaits)
struct ChannelsCommandTests {
  @Test("the command line takes a list, --check, --json, --timeout and --concurrency")
  func parsing() throws {
    let command = try CommandLineParser.parse([
      "channels", "tv.m3u", "--check", "--json", "--timeout", "3s", "--concurrency", "8",
    ])
    #expect(
      command
        == .channels(
          Command.Channels(
            list: "tv.m3u", check: true, json: true, timeout: .seconds(3), concurrency: 8)))
    #expect(throws: UsageError.self) {
      try CommandLineParser.parse(["channels", "tv.m3u", "--concurrency", "0"])
    }
    #expect(throws: UsageError.self) { try CommandLineParser.parse(["channels"]) }
  }

  @Test("--check prints one line per channel of the lab, alive or dead with the reason")
  func check() async throws {
    let lab = try await ChannelLab()
    let result = try await runTool(
      ["channels", lab.listURL.absoluteString, "--check", "--timeout", "6s", "--concurrency", "5"],
      within: .seconds(60))
    #expect(result.status == 1, "a dead channel makes the status 1")
    let lines = result.stdoutLines.sorted { $0.prefix(2) < $1.prefix(2) }
    #expect(lines.count == 10, "\(result.stdout)")
    for name in ChannelLab.aliveNames {
      #expect(
        lines.contains { $0.contains("alive \(name): 64x64 h264,mp4a") }, "\(name): \(lines)")
    }
    #expect(lines.contains { $0.hasSuffix("dead Missing: HTTP 404") })
    #expect(lines.contains { $0.hasSuffix("dead Refused: connection refused") })
    #expect(lines.contains { $0.hasSuffix("dead No DNS: DNS: swiftvlc-lab.invalid not found") })
    #expect(lines.contains { $0.hasSuffix("dead Hung: timeout") })
    #expect(lines.contains { $0.hasSuffix("dead Garbage: not a media file") })
    // It was "failed", with the words of a login.
    #expect(
      lines.contains {
        $0.hasSuffix("dead Login: \(FailureReason.authenticationRequired.description)")
      })
  }

  @Test("--json lists the channels in order with their group and guide id")
  func listJSON() async throws {
    let lab = try await ChannelLab()
    let result = try await runTool(["channels", lab.listURL.absoluteString, "--json"])
    #expect(result.status == 0)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(array.count == 10)
    #expect(array.first?["name"] as? String == "UDP One")
    #expect(array.first?["group"] as? String == "UDP")
    #expect(array.first?["tvgId"] as? String == "udp one")
    #expect(array.first?["status"] == nil)
  }

  @Test("record of a channel list records its first channel, as play does; its failure names it")
  func recordList() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("record-list")
    defer { scratch.remove() }
    func list(_ first: String) throws -> String {
      let path = scratch.path("tv-\(UUID().uuidString).m3u")
      try "#EXTM3U\n#EXTINF:-1,First\n\(first)\n#EXTINF:-1,Second\n\(Fixture.shortMP4.path)\n"
        .write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    // It read the list as a media file: "not a media file".
    let output = scratch.path("first.mkv")
    let recorded = try await runTool(
      ["record", try list(Fixture.shortTS.path), "-o", output], within: .seconds(40))
    #expect(recorded.status == 0, "\(recorded.stderr)")
    let expected = try #require(try await FFprobeReport.probe(Fixture.shortTS.path).duration)
    let written = try #require(try await FFprobeReport.probe(output).duration)
    #expect(abs(written - expected) < 0.2, "\(written) of \(expected)")
    let missing = server.url("status/404/missing.ts").absoluteString
    let failed = try await runTool(
      ["record", try list(missing), "-o", scratch.path("dead.mkv")], within: .seconds(40))
    #expect(failed.status == 1)
    #expect(failed.stderr == "swiftvlc: record: \(missing): HTTP 404\n", "\(failed.stderr)")
  }

  @Test("--check --json gives a channel that asks for a login the kind \"login\"")
  func loginKind() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("login-kind")
    defer { scratch.remove() }
    let list = scratch.path("tv.m3u")
    let location = server.url("auth/user/secret/short.ts").absoluteString
    try "#EXTM3U\n#EXTINF:-1,Login\n\(location)\n".write(
      toFile: list, atomically: true, encoding: .utf8)
    let result = try await runTool(
      ["channels", list, "--check", "--json", "--timeout", "6s"], within: .seconds(30))
    #expect(result.status == 1)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    // It was "failed".
    #expect(array.first?["reasonKind"] as? String == "login", "\(result.stdout)")
    #expect(
      array.first?["reason"] as? String == FailureReason.authenticationRequired.description)
  }

  @Test("a list that cannot be read is an error on stderr with status 1")
  func unreadable() async throws {
    let result = try await runTool(["channels", "/nonexistent/tv.m3u"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("swiftvlc: channels:"))
  }
}

@Suite("Channel keys", .sharesTheMachine)
struct ChannelKeyTests {
  @Test("Page Up and Page Down decode as previous and next channel, even split across reads")
  func pageKeys() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[5~\u{1B}[6~".utf8)) == [.previousChannel, .nextChannel])
    #expect(decoder.feed(Array("\u{1B}[6".utf8)).isEmpty)
    #expect(decoder.feed(Array("~q".utf8)) == [.nextChannel, .quit])
    #expect(decoder.feed(Array("\u{1B}[3~".utf8)).isEmpty, "Delete is ignored")
  }
}
