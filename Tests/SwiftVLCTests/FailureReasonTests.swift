// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// One failure reason on every library path: a player's outcome, a parse and a thumbnail
/// name the same typed ``FailureReason`` for the same broken source, read from libVLC's log.
@Suite("Failure reasons", .sharesTheMachine)
@MainActor
struct FailureReasonTests {
  let instance: VLCInstance
  let server: TestServer

  init() async throws {
    instance = try headlessInstance()
    server = try await TestServer()
  }

  /// The sources that fail, each with the reason every path must give.
  func failingSources() -> [(url: URL, reason: FailureReason)] {
    [
      (TestServer.closedPortURL(), .connectionRefused),
      (server.url("status/404/x.mp4"), .httpStatus(404, url: nil)),
      (URL(string: "http://swiftvlc-test.invalid/x.mp4")!, .hostNotFound("swiftvlc-test.invalid")),
      (server.url("auth/user/secret/seek.mp4"), .authenticationRequired),
    ]
  }

  @Test("Player.outcome names the reason: refused, HTTP 404, DNS, login")
  func playerOutcome() async throws {
    for (url, reason) in failingSources() {
      // An instance of its own: the log is the instance's, no other test's failure mixes in.
      let player = Player(instance: try headlessInstance())
      player.openingTimeout = .seconds(10)
      try player.play(url: url)
      try await waitUntil("\(url) to fail", within: .seconds(12)) { !player.state.isActive }
      #expect(player.outcome == .failed(.sourceFailed(reason, source: url.absoluteString)))
      #expect(player.outcome?.failureReason == reason)
      await player.stop()
    }
  }

  @Test("a local file that is no media (text, random bytes) fails as not media, not as an end")
  func notMediaFile() async throws {
    let scratch = try ScratchDirectory("not-media")
    defer { scratch.remove() }
    let text = scratch.path("notes.mp4")
    try String(repeating: "hello, this is not media\n", count: 50)
      .write(toFile: text, atomically: true, encoding: .utf8)
    // Noise without 0x00 or 0xFF bytes, the same in every run: random bytes with MPEG start
    // codes or audio syncs in them are taken for streams now and then (a CI run listed one).
    let random = scratch.path("random.bin")
    var state: UInt32 = 12_345
    try Data(
      (0..<100_000).map { _ in
        state = state &* 1_103_515_245 &+ 12_345
        return UInt8(1 + (state >> 16) % 254)
      }
    ).write(to: URL(fileURLWithPath: random))
    for path in [text, random] {
      // libVLC 3 hands it to its MPEG-PS demuxer, which ends at once: a GTK player showed a
      // black window and "ended".
      let player = Player(instance: try headlessInstance())
      try player.play(try Media(path: path, instance: player.instance))
      try await waitUntil("\(path) to end", within: .seconds(15)) { !player.state.isActive }
      #expect(player.outcome?.failureReason == .notMedia, "\(String(describing: player.outcome))")
      await player.stop()
    }
  }

  /// A picture is media, without a container: one this libVLC has no decoder for failed as
  /// "not a media file" where its probe said "cannot decode".
  @Test("a WebP picture, which libVLC 3 cannot decode, fails as no decoder when played")
  func undecodablePicture() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let file = try await generated.make(
      "still.webp", ["-f", "lavfi", "-i", "testsrc2=s=160x120", "-frames:v", "1"])
    let player = Player(instance: try headlessInstance())
    try player.play(try Media(path: file, instance: player.instance))
    try await waitUntil("the picture to end", within: .seconds(15)) { !player.state.isActive }
    let outcome = String(describing: player.outcome)
    #expect(player.outcome?.failureReason != .notMedia, "\(outcome)")
    #expect(outcome.contains("no decoder for WebP"), "\(outcome)")
    await player.stop()
  }

  @Test("Media.parse names the same reasons, within the parse's time limit")
  func parseReasons() async throws {
    for (url, reason) in failingSources() {
      let media = try Media(url: url, instance: try headlessInstance())
      let start = ContinuousClock.now
      let error = await #expect(throws: VLCError.self) {
        try await media.parse(timeout: .seconds(5), network: true)
      }
      #expect(error == .sourceFailed(reason, source: url.absoluteString))
      #expect(error?.failureReason == reason)
      #expect(ContinuousClock.now - start < .seconds(6))
    }
  }

  @Test("a thumbnail of a broken source names the same reason")
  func thumbnailReasons() async throws {
    for (url, reason) in failingSources() {
      let media = try Media(url: url, instance: try headlessInstance())
      // A limit that leaves the side play that learns the reason its time on a busy machine
      // (CI's parallel run gave the last source's 5 s to its parse: "could not read it").
      let error = await #expect(throws: VLCError.self) {
        try await within(.seconds(25), "thumbnail of \(url)") {
          try await media.thumbnail(at: .seconds(1), width: 64, timeout: .seconds(15))
        }
      }
      #expect(error?.failureReason == reason, "\(String(describing: error))")
    }
  }

  @Test("an unsupported scheme is a typed reason at once, on Media(url:) and play")
  func unsupportedScheme() throws {
    let url = try #require(URL(string: "gopher://127.0.0.1/x"))
    let error = #expect(throws: VLCError.self) { try Media(url: url, instance: instance) }
    #expect(
      error?.failureReason
        == .unsupportedScheme(
          "gopher", explanation: "libVLC 3 has no module that opens gopher:// sources"))
  }

  @Test("the diagnosis reads libVLC 3.0's own messages")
  func logMessages() {
    func reason(_ messages: String...) -> FailureReason? {
      LogDiagnosis.reading(messages).source
    }
    // src/network/tcp.c and modules/access/http/transport.c
    #expect(
      reason("cannot resolve h.invalid port 80 : Name or service not known")
        == .hostNotFound("h.invalid"))
    #expect(
      reason("cannot resolve h.invalid: Name or service not known") == .hostNotFound("h.invalid"))
    #expect(reason("connection failed: Connection refused") == .connectionRefused)
    // modules/misc/gnutls.c
    #expect(
      reason("TLS handshake error: An unexpected TLS packet was received.")
        == .tls("An unexpected TLS packet was received."))
    // src/input/decoder.c
    #expect(
      reason("Codec `undf' (Undefined) is not supported.") == .noDecoder(codec: "undf (Undefined)"))
    // src/input/input.c; a demuxer with no data at all
    #expect(reason("no suitable demux module for `file/://x'") == .notMedia)
    #expect(reason("cannot peek") == .notMedia)
    // modules/access/http.c and the http module's response dump
    #expect(reason("HTTP 404 error") == .httpStatus(404, url: nil))
    #expect(reason("error: HTTP/1.1 503 Service Unavailable") == .httpStatus(503, url: nil))
    #expect(reason("HTTP 407 error") == .authenticationRequired)
    // modules/demux/mp4/mp4.c and modules/stream_filter/prefetch.c: a server that cannot seek
    #expect(
      reason("no moov before mdat and the stream is not seekable") == .serverCannotSeek)
    #expect(reason("cannot seek (to offset 48)") == .serverCannotSeek)
    // A demuxer that read the file from its start did without the seek the read-ahead refused
    // (a Matroska file from a server without ranges): no reason for an input read through,
    // where the decode pass of a busy machine failed it; still one for an input that failed,
    // and always when a demuxer said it needs to seek.
    let readAhead = LogDiagnosis.reading(["cannot seek (to offset 1342)"])
    #expect(readAhead.source(readThrough: true) == nil)
    #expect(readAhead.source(readThrough: false) == .serverCannotSeek)
    let demuxer = LogDiagnosis.reading([
      "no moov before mdat and the stream is not seekable", "cannot seek (to offset 48)",
    ])
    #expect(demuxer.source(readThrough: true) == .serverCannotSeek)
    // A seek a live stream's reader tried gives way to what failed later.
    #expect(reason("cannot seek (to offset 48)", "HTTP 404 error") == .httpStatus(404, url: nil))
    // A timeout gives way to a specific reason; otherwise the first reason stays.
    #expect(reason("read timed out", "HTTP 404 error") == .httpStatus(404, url: nil))
    #expect(
      reason("HTTP 404 error", "connection failed: Connection refused")
        == .httpStatus(404, url: nil))
    // No rule: libVLC's own last words, not its generic "can't be opened".
    let other = LogDiagnosis.reading([
      "something odd happened", "Your input can't be opened",
      "VLC is unable to open the MRL 'x'. Check the log for details.",
    ])
    #expect(other.source == nil)
    #expect(other.reason(orElse: "fallback") == .other("something odd happened"))
    #expect(LogDiagnosis().reason(orElse: "fallback") == .other("fallback"))
  }

  @Test("ChannelFailure maps to and from FailureReason, keeping its words")
  func channelFailureMapping() {
    let pairs: [(FailureReason, ChannelFailure)] = [
      (.connectionRefused, .connectionRefused), (.hostNotFound("h"), .hostNotFound("h")),
      (.httpStatus(404, url: nil), .httpStatus(404)), (.timeout, .timeout), (.notMedia, .noStream),
      (.authenticationRequired, .authenticationRequired),
    ]
    // One set of words: a channel's failure reads as its reason does everywhere else.
    for (reason, failure) in pairs {
      #expect(ChannelFailure(reason) == failure)
      #expect(failure.reason == reason)
      #expect(failure.description == reason.description)
    }
    #expect(ChannelFailure(.tls("bad")) == .failed(FailureReason.tls("bad").description))
    #expect(
      ChannelFailure.diagnose(["connection failed: Connection refused"]) == .connectionRefused)
  }

  @Test("an unplayable parse's notes follow its source after a colon, one after another")
  func unplayableNotes() {
    let info = MediaInfo(
      duration: nil, metadata: Metadata(), tracks: [Track(id: 0, kind: .video, codec: "webp")],
      isPlayable: false, unknowns: ["no decoder for WebP", "the duration: a still picture"])
    // They were chained with colons, as if the second explained the first.
    #expect(
      info.unplayableError(source: "a.webp")
        == .parseFailed(
          reason: "no playable stream in a.webp: no decoder for WebP; the duration: a still picture"
        ))
  }

  @Test("a VLCError with a reason says the source once, then the reason")
  func words() {
    let error = VLCError.sourceFailed(
      .httpStatus(404, url: "http://h/seg1.ts"), source: "http://h/i.m3u8")
    #expect(error.description == "http://h/i.m3u8: http://h/seg1.ts answered HTTP 404")
    #expect(VLCError.parseTimeout.failureReason == .timeout)
    #expect(VLCError.cancelled.failureReason == nil)
  }
}
