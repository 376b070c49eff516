// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Programme guide loading", .mostlyWaits)
struct ProgrammeGuideLoadingTests {
  @Test("a generated guide of 50 channels over 7 days loads, plain and gzipped, from files")
  func generated() async throws {
    let scratch = try ScratchDirectory("guide")
    defer { scratch.remove() }
    let plain = try await GeneratedGuide(channels: 50, days: 7, in: scratch)
    let zipped = try await GeneratedGuide(channels: 50, days: 7, gzip: true, in: scratch)
    let clock = ContinuousClock()
    let started = clock.now
    let guide = try await ProgrammeGuide.load(from: plain.url)
    let elapsed = clock.now - started
    #expect(guide.isComplete)
    #expect(guide.channels.count == 50)
    #expect(guide.programmeCount == plain.programmes)
    let fromGzip = try await ProgrammeGuide.load(from: zipped.url)
    #expect(fromGzip.channels == guide.channels)
    // Channel 7 at 00:30 UTC on the first day: programmes of 60, 90, 30, ... minutes.
    let channel = try #require(guide.channel(id: "CH7.example"))
    let (now, next) = channel.nowAndNext(at: GeneratedGuide.start + 1_800)
    #expect(now?.title == "Show 0 on 7")
    #expect(now?.stop == GeneratedGuide.start + 3_600)
    #expect(next?.title == "Show 1 on 7")
    #expect(now?.episode == Episode(season: 1, number: 1, onScreen: "S1E1"))
    #expect(now?.description?.contains("say & more, in <episode> order.") == true)
    let day = channel.programmes(from: GeneratedGuide.start, to: GeneratedGuide.start + 86_400)
    #expect(day.count == 24)  // 8 rounds of 60 + 90 + 30 minutes
    #expect(day.last?.stop == GeneratedGuide.start + 86_400)
    print("guide: \(plain.bytes) bytes, \(plain.programmes) programmes read in \(elapsed)")
  }

  @Test("a guide is served over HTTP plain and gzipped, and found from the list's url-tvg")
  func served() async throws {
    let scratch = try ScratchDirectory("guide")
    defer { scratch.remove() }
    let server = try await TestServer()
    let xml = Data(ProgrammeGuideTests.sample.utf8)
    let plainURL = try await server.publish(xml, as: "guide.xml")
    let zippedURL = try await server.publish(
      try await gzipped(xml, in: scratch), as: "guide.xml.gz")
    let plain = try await ProgrammeGuide.load(from: plainURL)
    let zipped = try await ProgrammeGuide.load(from: zippedURL)
    #expect(plain.programmeCount == 3)
    #expect(zipped.channels == plain.channels)

    let list = """
      #EXTM3U x-tvg-url="missing.xml.gz,guide.xml.gz"
      #EXTINF:-1 tvg-id="bbc1.uk",BBC One HD
      udp://@239.0.0.1:1234
      """
    let listURL = try await server.publish(list, as: "tv.m3u")
    let channels = try await ChannelList.load(from: listURL)
    #expect(
      channels.guideURLs == [
        server.url("documents/missing.xml.gz").absoluteString, zippedURL.absoluteString,
      ])
    let guide = try await channels.loadGuide()
    #expect(guide.channel(for: channels.channels[0])?.names.first == "BBC One")
    let explicit = try await channels.loadGuide(from: plainURL)
    #expect(explicit.programmeCount == 3)
    await #expect(throws: VLCError.operationFailed("\(server.url("status/404/g.xml")): HTTP 404")) {
      try await ProgrammeGuide.load(from: server.url("status/404/g.xml"))
    }
    let bare = try ChannelList(parsing: "#EXTM3U\n#EXTINF:-1,A\nudp://@1.1.1.1:1\n")
    await #expect(throws: VLCError.self) { try await bare.loadGuide() }
  }

  @Test("a missing list or guide, or a folder, is worded as a missing media file is")
  func missingFiles() async throws {
    let scratch = try ScratchDirectory("guide-missing")
    defer { scratch.remove() }
    let missing = scratch.path("nothing-here")
    // The guide said "No such file or directory" where every other path says "no such file".
    await #expect(throws: VLCError.mediaCreationFailed(source: "\(missing).xml: no such file")) {
      try await ProgrammeGuide.load(from: URL(fileURLWithPath: missing + ".xml"))
    }
    await #expect(throws: VLCError.mediaCreationFailed(source: "\(missing).m3u: no such file")) {
      try await ChannelList.load(from: URL(fileURLWithPath: missing + ".m3u"))
    }
    #expect(throws: VLCError.mediaCreationFailed(source: "\(missing).mkv: no such file")) {
      try Media(path: missing + ".mkv")
    }
    await #expect(
      throws: VLCError.mediaCreationFailed(source: "\(scratch.url.path): is a directory")
    ) {
      try await ChannelList.load(from: scratch.url)
    }
  }

  @Test("a guide server that accepts and says nothing ends as a timeout after half the limit")
  func silentServer() async throws {
    let server = try await TestServer()
    defer { server.stop() }
    let url = server.url("hang/guide.xml")
    let started = ContinuousClock.now
    // It waited out the whole download limit (60 s by default, the stall limit 30 s) before
    // `channels --guide` printed anything.
    await #expect(throws: VLCError.timeout("\(url) sent nothing for 15 s")) {
      try await ProgrammeGuide.load(from: url, timeout: .seconds(20))
    }
    let waited = ContinuousClock.now - started
    #expect(waited >= .seconds(14) && waited < .seconds(30), "\(waited)")
  }

  @Test("a channel list and a guide are read from pipes, as <(curl …) and /dev/stdin give them")
  func fromPipes() async throws {
    let list = "#EXTM3U\n#EXTINF:-1 tvg-id=\"a.example\",A\nudp://@239.1.1.1:1234\n"
    let guide = """
      <tv><channel id="a.example"><display-name>A</display-name></channel>
      <programme start="20260101000000 +0000" stop="20260101010000 +0000" channel="a.example">
      <title>News</title></programme></tv>
      """
    // Foundation's Data(contentsOf:) refused a pipe: "Permission denied".
    let (listPipe, guidePipe) = (try FilledPipe(sending: list), try FilledPipe(sending: guide))
    let channels = try await ChannelList.load(from: listPipe.url)
    #expect(channels.channels.map(\.name) == ["A"])
    let loaded = try await ProgrammeGuide.load(from: guidePipe.url)
    #expect(loaded.channel(id: "a.example")?.programmes.map(\.title) == ["News"])
  }
}

/// A pipe whose write end a thread fills with `text` and closes; read it at ``url``
/// (`/dev/fd/N`, as a shell's `<(…)` names one). Its read end closes when the pipe is dropped.
private final class FilledPipe: Sendable {
  let readEnd: Int32

  init(sending text: String) throws {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    readEnd = ends[0]
    let (writeEnd, bytes) = (ends[1], Array(text.utf8))
    Thread.detachNewThread {
      bytes.withUnsafeBytes { _ = write(writeEnd, $0.baseAddress, $0.count) }
      close(writeEnd)
    }
  }

  deinit { close(readEnd) }

  var url: URL { URL(fileURLWithPath: "/dev/fd/\(readEnd)") }
}
