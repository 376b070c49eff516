// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Channel list parsing")
struct ChannelListParsingTests {
  /// Shaped like a provider's list: header with a guide, attributes, options, groups, catch-up.
  static let providerList = """
    #EXTM3U url-tvg="http://epg.example.com/guide.xml.gz,http://epg2.example.com/g.xml" \
    tvg-shift="0" catchup="shift"
    #EXTINF:-1 tvg-id="news.uk" tvg-name="News 24" tvg-logo="http://logo.example.com/n.png" \
    group-title="News" catchup="default" catchup-days="7" \
    catchup-source="?utc={utc}&lutc={lutc}",News 24 HD
    #EXTVLCOPT:http-user-agent=Mozilla/5.0 (SmartTV)
    #EXTVLCOPT:http-referrer=http://portal.example.com/
    #EXTVLCOPT:network-caching=1000
    http://stream.example.com/live/news/index.m3u8
    #EXTINF:-1 tvg-id="" tvg-name="Sport, Extra" group-title="Sport",Sport Extra
    udp://@239.1.1.1:1234
    #EXTINF:3600,Film of the week
    #EXTGRP:Movies
    http://vod.example.com/film.mp4
    """

  @Test("a provider's list gives channels with their attributes, options and groups")
  func providerList() throws {
    let list = try ChannelList(parsing: Self.providerList)
    #expect(
      list.guideURLs == ["http://epg.example.com/guide.xml.gz", "http://epg2.example.com/g.xml"])
    #expect(list.attributes["catchup"] == "shift")
    #expect(list.channels.count == 3)
    #expect(list.groups == ["News", "Sport", "Movies"])

    let news = list.channels[0]
    #expect(news.id == 0)
    #expect(news.name == "News 24 HD")
    #expect(news.location == "http://stream.example.com/live/news/index.m3u8")
    #expect(news.duration == nil)
    #expect(news.guideID == "news.uk")
    #expect(news.guideName == "News 24")
    #expect(news.logo == "http://logo.example.com/n.png")
    #expect(news.group == "News")
    #expect(news.catchup == Catchup(mode: "default", days: 7, source: "?utc={utc}&lutc={lutc}"))
    #expect(
      news.options == [
        ":http-user-agent=Mozilla/5.0 (SmartTV)", ":http-referrer=http://portal.example.com/",
        ":network-caching=1000",
      ])

    let sport = list.channels[1]
    #expect(sport.guideID == nil)
    #expect(sport.guideName == "Sport, Extra")
    #expect(sport.name == "Sport Extra")
    #expect(sport.options.isEmpty)
    #expect(sport.location == "udp://@239.1.1.1:1234")

    let film = list.channels[2]
    #expect(film.duration == 3600)
    #expect(film.group == "Movies")
    #expect(film.name == "Film of the week")
  }

  @Test("CRLF, CR, a byte-order mark, blank lines and lower-case tags are all read")
  func lineEndings() throws {
    let text =
      "\u{FEFF}#extm3u\r\n\r\n#EXTINF:-1,One\r\nhttp://a/1\r#EXTINF:-1,Two\n\nhttp://a/2\r\n"
    let list = try ChannelList(parsing: text)
    #expect(list.channels.map(\.name) == ["One", "Two"])
    #expect(list.channels.map(\.location) == ["http://a/1", "http://a/2"])
  }

  @Test("bytes in UTF-8 with a byte-order mark, or in Latin-1, are decoded")
  func encodings() throws {
    var utf8 = Data([0xEF, 0xBB, 0xBF])
    utf8.append(Data("#EXTM3U\n#EXTINF:-1,Télé\nhttp://a/1\n".utf8))
    #expect(try ChannelList(data: utf8).channels.first?.name == "Télé")
    let latin1 = try #require("#EXTINF:-1,Télé\nhttp://a/1\n".data(using: .isoLatin1))
    #expect(try ChannelList(data: latin1).channels.first?.name == "Télé")
  }

  @Test("a list without the #EXTM3U header, or without any #EXTINF, still lists its entries")
  func noHeader() throws {
    let list = try ChannelList(parsing: "http://a/1\n# a comment\nrtsp://b/2\n")
    #expect(list.channels.map(\.name) == ["http://a/1", "rtsp://b/2"])
    #expect(list.channels.map(\.id) == [0, 1])
  }

  @Test("quotes inside quoted values, single quotes and unquoted values are kept")
  func quoting() throws {
    let text = """
      #EXTINF:-1 tvg-name="The "Best" TV" tvg-id='best.tv' group-title=Kids tvg-logo="",Best
      http://a/1
      #EXTINF:-1 tvg-name="Unclosed,Title
      http://a/2
      """
    let list = try ChannelList(parsing: text)
    let best = list.channels[0]
    #expect(best.guideName == "The \"Best\" TV")
    #expect(best.guideID == "best.tv")
    #expect(best.group == "Kids")
    #expect(best.logo == nil)
    #expect(best.name == "Best")
    #expect(list.channels[1].location == "http://a/2")
    #expect(list.channels[1].guideName == "Unclosed,Title")
  }

  @Test("a title without a comma and an #EXTINF without duration are tolerated")
  func sloppyExtinf() throws {
    let text = "#EXTINF:Channel Without Comma\nhttp://a/1\n#EXTINF: 10.5 ,  Spaced  \nhttp://a/2\n"
    let list = try ChannelList(parsing: text)
    #expect(list.channels[0].name == "Channel Without Comma")
    #expect(list.channels[0].duration == nil)
    #expect(list.channels[1].name == "Spaced")
    #expect(list.channels[1].duration == 10.5)
  }

  @Test("relative locations and logos are resolved against the list's URL")
  func relativeLocations() throws {
    let text = """
      #EXTINF:-1 tvg-logo="logos/one.png",One
      one/index.m3u8
      #EXTINF:-1,Two
      ../two.ts
      #EXTINF:-1,Three
      /abs/three.ts
      #EXTINF:-1,Four
      four with space.ts
      """
    let base = try #require(URL(string: "http://example.com/lists/tv.m3u"))
    let list = try ChannelList(parsing: text, baseURL: base)
    #expect(
      list.channels.map(\.location) == [
        "http://example.com/lists/one/index.m3u8", "http://example.com/two.ts",
        "http://example.com/abs/three.ts", "http://example.com/lists/four%20with%20space.ts",
      ])
    #expect(list.channels[0].logo == "http://example.com/lists/logos/one.png")

    let local = try ChannelList(parsing: text, baseURL: URL(fileURLWithPath: "/srv/tv/list.m3u"))
    #expect(
      local.channels.map(\.location) == [
        "/srv/tv/one/index.m3u8", "/srv/two.ts", "/abs/three.ts", "/srv/tv/four with space.ts",
      ])
  }

  @Test("#EXTVLCOPT and #EXTGRP apply to the next entry only")
  func optionsScope() throws {
    let text = """
      #EXTGRP:First
      #EXTVLCOPT:network-caching=200
      #EXTINF:-1,A
      http://a/1
      #EXTINF:-1,B
      http://a/2
      #EXTGRP:Second
      http://a/3
      """
    let list = try ChannelList(parsing: text)
    #expect(list.channels.map(\.options) == [[":network-caching=200"], [], []])
    #expect(list.channels.map(\.group) == ["First", "First", "Second"])
  }

  @Test("text with no entry, binary data, or an HLS playlist is an invalid input")
  func notAList() throws {
    let hls = try String(contentsOf: Fixture.hlsPlaylist.url, encoding: .utf8)
    #expect(throws: VLCError.self) { try ChannelList(parsing: hls) }
    #expect(throws: VLCError.self) { try ChannelList(parsing: "") }
    #expect(throws: VLCError.self) { try ChannelList(parsing: "#EXTM3U\n#EXTINF:-1,Nothing\n") }
    #expect(throws: VLCError.self) { try ChannelList(data: Data([0x47, 0x00, 0x11, 0x10, 0x00])) }
  }

  @Test("a channel becomes a media with its options")
  func makeMedia() throws {
    let instance = try headlessInstance()
    let list = try ChannelList(parsing: Self.providerList)
    let media = try list.channels[1].makeMedia(instance: instance)
    #expect(media.mrl == "udp://@239.1.1.1:1234")
    #expect(throws: VLCError.self) {
      try Channel(id: 0, name: "x", location: "relative/x.ts").makeMedia(instance: instance)
    }
  }

  @Test("a list four times as long takes about four times as long to parse, not sixteen")
  func longList() async throws {
    func list(_ count: Int) -> String {
      var text = "#EXTM3U\n"
      for number in 0..<count {
        text +=
          "#EXTINF:-1 tvg-id=\"c\(number)\" tvg-name=\"Channel \(number)\" "
          + "group-title=\"G\(number % 50)\",Channel \(number)\nhttp://example.com/live/\(number).ts\n"
      }
      return text
    }
    let short = list(5_000)
    let long = list(20_000)
    // CPU time on a thread of its own: what other tests do with the machine meanwhile does not
    // count, and seconds of parsing do not hold one of the test pool's few threads.
    let (shortTime, longTime, parsed) = try await offThePool {
      var start = Self.threadCPUTime()
      _ = try ChannelList(parsing: short)
      let shortTime = Self.threadCPUTime() - start
      start = Self.threadCPUTime()
      let parsed = try ChannelList(parsing: long)
      return (shortTime, Self.threadCPUTime() - start, parsed)
    }
    #expect(parsed.channels.count == 20_000)
    #expect(parsed.groups.count == 50)
    #expect(parsed.channels[19_999].name == "Channel 19999")
    // Linear: 4×; quadratic: 16×. Below 8× with a margin for noise either way.
    #expect(longTime / shortTime < 8, "5,000 channels: \(shortTime), 20,000: \(longTime)")
  }

  /// The CPU time the calling thread has used.
  private static func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
