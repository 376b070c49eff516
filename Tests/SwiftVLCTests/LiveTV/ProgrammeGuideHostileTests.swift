// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Programme guide: bad input", .sharesTheMachine)
struct ProgrammeGuideHostileTests {
  /// The reason of the `invalidInput` error that reading `data` throws, or `nil` for another
  /// outcome.
  func invalidInputReason(_ data: Data, maximumSize: Int = ProgrammeGuide.defaultMaximumSize)
    -> String?
  {
    do {
      _ = try ProgrammeGuide(data: data, maximumSize: maximumSize)
      return nil
    } catch {
      guard case .invalidInput(let reason) = error else { return nil }
      return reason
    }
  }

  @Test("empty input, an HTML error page, binary noise and UTF-16 are typed errors")
  func notGuides() throws {
    #expect(invalidInputReason(Data()) == "not an XMLTV guide: no bytes")
    let html = "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head></html>"
    #expect(
      invalidInputReason(Data(html.utf8))
        == "not an XMLTV guide: it starts with <html>, not <tv>")
    var noise = Data(count: 3 << 20)
    for index in noise.indices {
      noise[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) & 0x3B
    }
    #expect(
      invalidInputReason(noise) == "not an XMLTV guide: no <tv> element")
    let utf16 = Data([0xFF, 0xFE]) + "<tv></tv>".data(using: .utf16LittleEndian)!
    #expect(invalidInputReason(utf16)?.contains("UTF-16") == true)
  }

  @Test("a guide broken off or with broken markup keeps what was read before the break")
  func brokenXML() throws {
    let good = """
      <tv><channel id="c"><display-name>C</display-name></channel>
      <programme start="20261202100000" stop="20261202110000" channel="c"><title>One</title></programme>
      """
    let truncated = try ProgrammeGuide(
      data: Data((good + "<programme start=\"20261202110000\" channel=\"c\"><title>Tw").utf8))
    #expect(!truncated.isComplete)
    #expect(truncated.channel(id: "c")?.programmes.map(\.title) == ["One", "Tw"])
    let garbled = try ProgrammeGuide(
      data: Data(
        (good + "<<<>>> & </title></channel><programme start=\"20261202120000\" channel=\"c\""
          + "><title>Three</programme><programme start=\"2026\" channel=\"c\"><title>Bad time"
          + "</title></programme></tv>").utf8))
    #expect(garbled.isComplete)
    #expect(garbled.channel(id: "c")?.programmes.map(\.title) == ["One", "Three"])
    let cutInTag = try ProgrammeGuide(data: Data((good + "<programme start=\"2026").utf8))
    #expect(!cutInTag.isComplete)
    #expect(cutInTag.programmeCount == 1)
  }

  @Test("a text of more than 4 MiB inside an element is an error, not unbounded memory")
  func hugeToken() throws {
    var text = Data("<tv><programme start=\"20261202100000\" channel=\"c\"><desc>".utf8)
    text.append(Data(repeating: UInt8(ascii: "a"), count: 5 << 20))
    #expect(invalidInputReason(text)?.contains("4 MiB") == true)
  }

  @Test("corrupt gzip is an error; gzip cut short is a partial guide")
  func badGzip() async throws {
    let scratch = try ScratchDirectory("guide")
    defer { scratch.remove() }
    let zipped = try await gzipped(Data(ProgrammeGuideTests.sample.utf8), in: scratch)
    var corrupt = zipped
    for index in 12..<min(40, corrupt.count) { corrupt[index] ^= 0x5A }
    #expect(invalidInputReason(corrupt)?.hasPrefix("corrupt gzip") == true)
    let cut = try ProgrammeGuide(data: zipped.prefix(zipped.count * 3 / 4))
    #expect(!cut.isComplete)
    #expect(cut.channels.first?.id == "BBC1.uk")
  }

  @Test("a gzip bomb stops at the limit on XML bytes, in bounded time")
  func gzipBomb() async throws {
    let scratch = try ScratchDirectory("guide")
    defer { scratch.remove() }
    // 64 MiB of spaces is 64 KiB of gzip; gzip members follow each other in one stream.
    let spaces = try await gzipped(Data(repeating: 0x20, count: 64 << 20), in: scratch)
    var bomb = try await gzipped(Data("<tv>".utf8), in: scratch)
    for _ in 0..<17 { bomb.append(spaces) }  // 1.06 GiB of XML in 1.1 MB
    let clock = ContinuousClock()
    let started = clock.now
    let reason = invalidInputReason(bomb)
    #expect(reason?.contains("more than 1073741824 bytes of XML") == true)
    #expect(clock.now - started < .seconds(60))
    let small = invalidInputReason(bomb, maximumSize: 1 << 20)
    #expect(small?.contains("more than 1048576 bytes") == true)
  }
}
