// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@testable import SwiftVLCCommandLine

@Suite("swiftvlc channels: programme guide", .mostlyWaits)
struct ChannelsGuideCommandTests {
  @Test("--epg, --guide and --at are read; --at takes now, +90m, 19:30, ISO and XMLTV times")
  func parsing() throws {
    let command = try CommandLineParser.parse([
      "channels", "tv.m3u", "--epg", "g.xml.gz", "--guide", "--at", "2026-12-02T19:30Z",
    ])
    var expected = Command.Channels(list: "tv.m3u")
    expected.epg = "g.xml.gz"
    expected.guide = true
    expected.at = GuideTime.iso("2026-12-02T19:30:00Z")
    #expect(command == .channels(expected))
    #expect(!Command.Channels(list: "x").readsGuide)
    #expect(throws: UsageError.self) {
      try CommandLineParser.parse(["channels", "tv.m3u", "--at", "teatime"])
    }
    #expect(throws: UsageError.self) {
      try CommandLineParser.parse(["channels", "tv.m3u", "--guide", "--check"])
    }
    let now = Date(timeIntervalSince1970: 1_796_083_200)
    #expect(ProgrammeText.moment("now", now: now) == now)
    #expect(ProgrammeText.moment("+90m", now: now) == now + 5_400)
    #expect(ProgrammeText.moment("+2h", now: now) == now + 7_200)
    #expect(ProgrammeText.moment("20261202193000 +0100", now: now) != nil)
    #expect(
      ProgrammeText.moment("2026-12-02T19:30+01:00", now: now) == GuideTime.iso("2026-12-02T18:30Z")
    )
    let evening = try #require(ProgrammeText.moment("19:30", now: now))
    #expect(ProgrammeText.clock(evening) == "19:30")
    #expect(
      try CommandLineParser.parse(["play", "tv.m3u", "--epg", "https://e/g.xml"])
        == .play(Command.Play(source: "tv.m3u", epg: "https://e/g.xml")))
  }

  @Test("the status line's programme text names now with its end and next, and is cut to fit")
  func statusText() {
    let start = Date(timeIntervalSince1970: 1_796_083_200)
    let news = Programme(start: start, stop: start + 1_800, title: "News")
    let weather = Programme(start: start + 1_800, stop: nil, title: "Weather")
    let clock = ProgrammeText.clock(start + 1_800)
    #expect(ProgrammeText.status(now: news, next: weather) == "now News to \(clock), next Weather")
    #expect(ProgrammeText.status(now: nil, next: weather) == "next Weather at \(clock)")
    #expect(ProgrammeText.status(now: weather, next: nil) == "now Weather")
    #expect(ProgrammeText.status(now: nil, next: nil) == nil)
    var status = PlaybackStatus(
      state: .playing, time: .seconds(5), duration: nil, volume: 1, isMuted: false,
      audio: "a", subtitle: "off", message: "1 BBC One",
      programme: "now News to 19:30, next Weather")
    let wide = StatusLine.render(status, width: 120).replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
    #expect(wide.hasSuffix(" 1 BBC One  now News to 19:30, next Weather "))
    #expect(wide.count == 120)
    let narrow = StatusLine.render(status, width: 64).replacing(
      /\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
    #expect(narrow.count == 64)
    #expect(narrow.contains("1 BBC One  now News"))
    #expect(narrow.hasSuffix("\u{2026} "))
    status.programme = nil
    #expect(StatusLine.render(status, width: 64).contains("1 BBC One "))
  }

  @Test("--guide prints now and next per channel; --json adds them; a bad guide fails")
  func commandOutput() async throws {
    let scratch = try ScratchDirectory("guide")
    defer { scratch.remove() }
    let server = try await TestServer()
    let now = Int(Date().timeIntervalSince1970) / 60 * 60
    func xmltv(_ seconds: Int) -> String {
      let text = GuideTime.isoUTC(Date(timeIntervalSince1970: Double(seconds)))
      return text.filter(\.isNumber) + " +0000"
    }
    let guide = """
      <?xml version="1.0" encoding="ISO-8859-1"?>
      <tv><channel id="one.tv"><display-name>One</display-name></channel>
      <programme start="\(xmltv(now - 600))" stop="\(xmltv(now + 600))" channel="one.tv">
        <title>Caf\u{E9} Talk</title><category>Talk</category></programme>
      <programme start="\(xmltv(now + 600))" channel="one.tv"><title>Late News</title></programme>
      </tv>
      """
    _ = try await server.publish(
      try await gzipped(Data(guide.unicodeScalars.map { UInt8($0.value) }), in: scratch),
      as: "guide.xml.gz")
    let list = """
      #EXTM3U url-tvg="guide.xml.gz"
      #EXTINF:-1 tvg-id="ONE.tv",One HD
      udp://@239.0.0.1:1234
      #EXTINF:-1,Other
      udp://@239.0.0.2:1234
      """
    let listURL = try await server.publish(list, as: "tv.m3u").absoluteString
    let grid = try await runTool(["channels", listURL, "--guide"])
    #expect(grid.status == 0)
    let lines = grid.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[1].contains("One HD"))
    #expect(lines[1].contains("Café Talk"))
    #expect(lines[1].hasSuffix("Late News"))
    #expect(lines[2].hasSuffix("Other                 -                                     -"))
    let later = try await runTool(["channels", listURL, "--guide", "--at", "+15m"])
    #expect(later.stdout.split(separator: "\n")[1].contains("Late News"))

    let json = try await runTool([
      "channels", listURL, "--json", "--epg", server.url("documents/guide.xml.gz").absoluteString,
    ])
    #expect(json.status == 0)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let current = try #require(array[0]["now"] as? [String: Any])
    #expect(current["title"] as? String == "Café Talk")
    #expect(current["categories"] as? [String] == ["Talk"])
    #expect(
      current["stop"] as? String == GuideTime.isoUTC(Date(timeIntervalSince1970: Double(now + 600)))
    )
    #expect((array[0]["next"] as? [String: Any])?["stop"] == nil)
    #expect(array[1]["now"] == nil)

    let html = try await server.publish("<html><body>502</body></html>", as: "bad.xml")
    let bad = try await runTool(["channels", listURL, "--guide", "--epg", html.absoluteString])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("not an XMLTV guide"))
  }
}
