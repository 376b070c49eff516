// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

@Suite("Programme guide")
struct ProgrammeGuideTests {
  /// A small guide using what real ones use: a declaration, a DOCTYPE, comments, entities,
  /// CDATA, several languages, both episode systems, a channel only programmes name.
  static let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE tv SYSTEM "xmltv.dtd">
    <!-- made by hand -->
    <tv generator-info-name="test">
      <channel id="BBC1.uk">
        <display-name lang="en">BBC One</display-name>
        <display-name>BBC 1</display-name>
        <icon src="http://x/y.png"/>
      </channel>
      <channel id="news.fr"><display-name>Info &amp; Co</display-name></channel>
      <programme start="20261202193000 +0100" stop="20261202200000 +0100" channel="bbc1.uk">
        <title lang="en">EastEnders</title>
        <title lang="de">Lindenstraße</title>
        <sub-title>Episode   &quot;One&quot;</sub-title>
        <desc lang="en"><![CDATA[Tom & Jerry <meet>]]> again &#233;&#xE9;</desc>
        <category>Soap</category>
        <category>Drama</category>
        <episode-num system="xmltv_ns">2.9.0/2</episode-num>
        <episode-num system="onscreen">S03E10</episode-num>
      </programme>
      <programme start="20261202190000 +0000" stop="20261202200000 +0000" channel="BBC1.uk">
        <title>Panorama</title>
      </programme>
      <programme start="20261202180000" channel="other.id"><title>Elsewhere</title></programme>
      <programme start="garbage" channel="bbc1.uk"><title>No start</title></programme>
      <programme start="20261202180000" channel="bbc1.uk"></programme>
    </tv>
    """

  static func date(_ iso: String) -> Date { GuideTime.iso(iso)! }

  @Test("XMLTV times are read with zone offsets; without a zone they are UTC")
  func times() {
    #expect(GuideTime.xmltv("20261202193000 +0100".utf8) == Self.date("2026-12-02T18:30:00Z"))
    #expect(GuideTime.xmltv("20261202193000 -0530".utf8) == Self.date("2026-12-03T01:00:00Z"))
    #expect(GuideTime.xmltv("20261202193000".utf8) == Self.date("2026-12-02T19:30:00Z"))
    #expect(GuideTime.xmltv("202612021930 UTC".utf8) == Self.date("2026-12-02T19:30:00Z"))
    #expect(GuideTime.xmltv("20240229000000 +0000".utf8) == Self.date("2024-02-29T00:00:00Z"))
    #expect(GuideTime.xmltv("19691231235959 +0000".utf8)?.timeIntervalSince1970 == -1)
    for bad in ["", "2026", "20261302193000", "20261202193000 +01", "20261202193000 x"] {
      #expect(GuideTime.xmltv(bad.utf8) == nil, "\(bad)")
    }
    #expect(GuideTime.isoUTC(Self.date("2026-12-02T19:30:05+01:00")) == "2026-12-02T18:30:05Z")
    #expect(GuideTime.isoUTC(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
  }

  @Test("channels and programmes are read with titles, descriptions, categories and episodes")
  func sampleGuide() throws {
    let guide = try ProgrammeGuide(data: Data(Self.sample.utf8))
    #expect(guide.isComplete)
    #expect(guide.channels.map(\.id) == ["BBC1.uk", "news.fr", "other.id"])
    #expect(guide.channels[0].names == ["BBC One", "BBC 1"])
    #expect(guide.channels[1].names == ["Info & Co"])
    let bbc = try #require(guide.channel(id: "bbc1.UK"))
    // EastEnders starts first (18:30 UTC) and is cut where Panorama starts (19:00 UTC).
    #expect(bbc.programmes.map(\.title) == ["EastEnders", "Panorama"])
    let first = bbc.programmes[0]
    #expect(first.start == Self.date("2026-12-02T18:30:00Z"))
    #expect(first.stop == Self.date("2026-12-02T19:00:00Z"))
    #expect(first.subtitle == "Episode \"One\"")
    #expect(first.description == "Tom & Jerry <meet> again éé")
    #expect(first.categories == ["Soap", "Drama"])
    #expect(first.episode == Episode(season: 3, number: 10, part: 1, onScreen: "S03E10"))
    #expect(first.episode?.label == "S03E10")
    #expect(Episode(season: 3, number: 10).label == "S3 E10")
    #expect(guide.channel(id: "other.id")?.programmes.first?.stop == nil)
    #expect(guide.programmeCount == 3)
  }

  @Test("xmltv_ns episode numbers: from 0, totals and spaces around numbers, odd forms")
  func episodeNumbers() {
    #expect(Episode(xmltvNS: "2.9.0/2") == Episode(season: 3, number: 10, part: 1))
    #expect(Episode(xmltvNS: " 2 . 9/12 . ") == Episode(season: 3, number: 10))
    #expect(Episode(xmltvNS: "..0/1") == Episode(part: 1))
    #expect(Episode(xmltvNS: ".4.") == Episode(number: 5))
    #expect(Episode(xmltvNS: "1 2.3") == Episode(number: 4), "a space inside a number")
    #expect(Episode(xmltvNS: "-1.x.") == nil)
    #expect(Episode(xmltvNS: "") == nil)
    #expect(Episode(xmltvNS: "99999999999999999999999.1") == Episode(number: 2))
  }

  @Test("a list's channel finds its guide channel by tvg-id, tvg-name, then name, any case")
  func matching() throws {
    let guide = try ProgrammeGuide(data: Data(Self.sample.utf8))
    func match(id: String? = nil, guideName: String? = nil, name: String = "x") -> String? {
      let channel = Channel(
        id: 0, name: name, location: "udp://@1.2.3.4:5", guideID: id, guideName: guideName)
      return guide.channel(for: channel)?.id
    }
    #expect(match(id: "BBC1.UK") == "BBC1.uk")
    #expect(match(id: "missing", guideName: "bbc 1") == "BBC1.uk")
    #expect(match(guideName: "NEWS.FR") == "news.fr")
    #expect(match(name: "info & co") == "news.fr")
    #expect(match(id: "news.fr", name: "BBC One") == "news.fr")
    #expect(match(id: "nope", guideName: "nope", name: "nope") == nil)
  }

  @Test("now and next, and the programmes between two times, at and around boundaries")
  func queries() {
    func at(_ minutes: Int) -> Date { Date(timeIntervalSince1970: Double(minutes * 60)) }
    let channel = GuideChannel(
      id: "c",
      programmes: [
        Programme(start: at(0), stop: at(30), title: "A"),
        Programme(start: at(30), stop: at(60), title: "B"),
        Programme(start: at(90), stop: at(120), title: "C"),  // a gap before it
        Programme(start: at(120), stop: nil, title: "D"),
      ])
    func titles(_ pair: (now: Programme?, next: Programme?)) -> [String?] {
      [pair.now?.title, pair.next?.title]
    }
    #expect(titles(channel.nowAndNext(at: at(-5))) == [nil, "A"])
    #expect(titles(channel.nowAndNext(at: at(0))) == ["A", "B"])
    #expect(titles(channel.nowAndNext(at: at(29))) == ["A", "B"])
    #expect(titles(channel.nowAndNext(at: at(30))) == ["B", "C"])
    #expect(titles(channel.nowAndNext(at: at(75))) == [nil, "C"])
    #expect(titles(channel.nowAndNext(at: at(120))) == ["D", nil])
    #expect(titles(channel.nowAndNext(at: at(10_000))) == ["D", nil])
    #expect(channel.programmes(from: at(29), to: at(91)).map(\.title) == ["A", "B", "C"])
    #expect(channel.programmes(from: at(30), to: at(90)).map(\.title) == ["B"])
    #expect(channel.programmes(from: at(60), to: at(90)).isEmpty)
    #expect(channel.programmes(from: at(500), to: at(600)).map(\.title) == ["D"])
    #expect(channel.programmes(from: at(10), to: at(10)).isEmpty)
    #expect(titles(GuideChannel(id: "empty").nowAndNext(at: at(0))) == [nil, nil])
  }

  @Test("missing stops end at the next start; overlaps are cut, and the later start wins")
  func overlaps() throws {
    let text = """
      <tv>
      <programme start="20261202100000" stop="20261202113000" channel="c"><title>Long</title></programme>
      <programme start="20261202110000" channel="c"><title>No stop</title></programme>
      <programme start="20261202120000" stop="20261202110000" channel="c"><title>Stop before start</title></programme>
      <programme start="20261202130000" stop="20261202140000" channel="c"><title>First copy</title></programme>
      <programme start="20261202130000" stop="20261202140000" channel="c"><title>Second copy</title></programme>
      <programme start="20261202090000" stop="20261202100000" channel="c"><title>Out of order</title></programme>
      </tv>
      """
    let programmes = try #require(
      try ProgrammeGuide(data: Data(text.utf8)).channel(id: "c")?.programmes)
    #expect(
      programmes.map(\.title) == [
        "Out of order", "Long", "No stop", "Stop before start", "Second copy",
      ])
    func hour(_ date: Date?) -> Double? { date.map { $0.timeIntervalSince1970 / 3600 } }
    let stops = programmes.map { hour($0.stop).map { $0.truncatingRemainder(dividingBy: 24) } }
    #expect(stops == [10, 11, 12, 13, 14])
  }

  @Test("declared ISO-8859-1 and Windows-1252 are decoded; invalid UTF-8 becomes U+FFFD")
  func encodings() throws {
    func title(_ declaration: String, _ bytes: [UInt8]) throws -> String? {
      var data = Data("<?xml version=\"1.0\" \(declaration)?><tv>".utf8)
      data.append(
        contentsOf: Array("<programme start=\"20261202100000\" channel=\"c\"><title>".utf8))
      data.append(contentsOf: bytes)
      data.append(contentsOf: Array("</title></programme></tv>".utf8))
      return try ProgrammeGuide(data: data).channels.first?.programmes.first?.title
    }
    #expect(try title("encoding=\"ISO-8859-1\"", [0x43, 0x61, 0x66, 0xE9]) == "Café")
    #expect(try title("encoding='windows-1252'", [0x80, 0x20, 0x93, 0x61, 0x94]) == "€ “a”")
    #expect(try title("encoding=\"UTF-8\"", Array("Café".utf8)) == "Café")
    #expect(try title("", [0x43, 0xFF, 0x61]) == "C\u{FFFD}a")
  }

  @Test("a guide read in chunks of any size reads the same")
  func chunkBoundaries() throws {
    let whole = try ProgrammeGuide(data: Data(Self.sample.utf8))
    for size in [1, 2, 7, 64] {
      var reader = GuideReader(maximumSize: 1 << 20)
      let bytes = Array(Self.sample.utf8)
      var offset = 0
      while offset < bytes.count {
        let end = min(offset + size, bytes.count)
        try bytes[offset..<end].withUnsafeBytes { try reader.consume($0) }
        offset = end
      }
      let guide = try reader.finish()
      #expect(guide.channels == whole.channels, "chunks of \(size)")
      #expect(guide.isComplete)
    }
  }
}
