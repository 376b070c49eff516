// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Testing

@testable import SwiftVLC

/// The answers libVLC 3's http module logs, read for whether the source's server can seek.
@Suite("Range witness")
struct RangeWitnessTests {
  static func request(_ target: String, host: String) -> String {
    "outgoing request:\nGET \(target) HTTP/1.1\nHost: \(host)\nAccept: */*\nRange: bytes=0-\n"
  }

  static func answer(_ status: String, _ headers: [String]) -> String {
    (["incoming response:", "HTTP/1.1 \(status)"] + headers).joined(separator: "\n") + "\n"
  }

  @Test("only the source's own answers count: 200 without ranges, not 206 or Accept-Ranges")
  func ownAnswers() {
    let source = "http://user:pw@127.0.0.1:8080/files/a.mkv?x=1#t=3"
    var witness = RangeWitness(source: source)
    // Another player's request on the same instance: its answer is not the source's.
    witness.note(Self.request("/other.mkv", host: "127.0.0.1:8080"))
    witness.note(Self.answer("200 OK", ["Content-Length: 99"]))
    #expect(!witness.ignoresRanges)
    witness.note(Self.request("/files/a.mkv?x=1", host: "127.0.0.1:8080"))
    witness.note(Self.answer("206 Partial Content", ["Content-Range: bytes 0-9/10"]))
    #expect(!witness.ignoresRanges)
    witness.note(Self.request("/files/a.mkv?x=1", host: "127.0.0.1:8080"))
    witness.note(Self.answer("200 OK", ["content-length: 1234", "ACCEPT-RANGES:bytes"]))
    #expect(!witness.ignoresRanges, "Accept-Ranges in any case, with or without a space")
    witness.note(Self.request("/files/a.mkv?x=1", host: "127.0.0.1:8080"))
    witness.note(Self.answer("200 OK", ["Content-Length: 1234"]))
    #expect(witness.ignoresRanges && witness.size == 1234)
  }

  @Test("a source that is no HTTP URL takes no answer")
  func otherSources() {
    for source in ["/home/me/a.mkv", "file:///a.mkv", "udp://@239.0.0.1:1234", nil] {
      var witness = RangeWitness(source: source)
      witness.note(Self.request("/a.mkv", host: "h"))
      witness.note(Self.answer("200 OK", ["Content-Length: 10"]))
      #expect(!witness.ignoresRanges, "\(String(describing: source))")
    }
    var plain = RangeWitness(source: "https://example.com")
    plain.note(Self.request("/", host: "example.com"))
    plain.note(Self.answer("200 OK", []))
    #expect(plain.ignoresRanges && plain.size == nil)
  }
}
