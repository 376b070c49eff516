// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Media creation and parsing against the real libVLC and the committed fixtures
/// (facts from `Fixtures/README.md`); network cases use `scripts/fault-server.py`.
@Suite("Media", .sharesTheMachine)
struct MediaTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  // MARK: - Creation

  @Test("a missing path is rejected at once")
  func missingPath() {
    let error = #expect(throws: VLCError.self) {
      try Media(path: "/nonexistent/swiftvlc/missing.mp4", instance: instance)
    }
    guard case .mediaCreationFailed(let source)? = error else {
      Issue.record("expected mediaCreationFailed, got \(String(describing: error))")
      return
    }
    #expect(source.contains("no such file"))
  }

  @Test("a directory is rejected at once")
  func directory() {
    let folder = Fixture.shortMP4.url.deletingLastPathComponent().path
    let error = #expect(throws: VLCError.self) { try Media(path: folder, instance: instance) }
    guard case .mediaCreationFailed(let source)? = error else {
      Issue.record("expected mediaCreationFailed, got \(String(describing: error))")
      return
    }
    #expect(source.contains("is a directory"))
  }

  @Test("a file URL of a missing file is rejected at once")
  func missingFileURL() {
    let url = URL(fileURLWithPath: "/nonexistent/swiftvlc/missing.mp4")
    let error = #expect(throws: VLCError.self) { try Media(url: url, instance: instance) }
    guard case .mediaCreationFailed? = error else {
      Issue.record("expected mediaCreationFailed, got \(String(describing: error))")
      return
    }
  }

  @Test("a negative or closed file descriptor is rejected")
  func badFileDescriptors() throws {
    let negative = #expect(throws: VLCError.self) {
      try Media(fileDescriptor: -1, instance: instance)
    }
    #expect(negative == .mediaCreationFailed(source: "file descriptor -1 is not open"))

    // A descriptor that was open and is now closed. It is moved to a free number at the top
    // of the process's range first: descriptors are handed out lowest-first, so a parallel
    // test (hundreds of descriptors open in a parallel run) cannot reopen that number.
    let opened = open(Fixture.shortMP4.path, O_RDONLY)
    try #require(opened >= 0)
    var limit = rlimit()
    try #require(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0)
    var closed = Int32(clamping: min(limit.rlim_cur, 1 << 20)) - 1
    while fcntl(closed, F_GETFD) != -1 { closed -= 1 }
    try #require(dup2(opened, closed) == closed)
    close(opened)
    close(closed)
    let error = #expect(throws: VLCError.self) {
      try Media(fileDescriptor: closed, instance: instance)
    }
    #expect(error == .mediaCreationFailed(source: "file descriptor \(closed) is not open"))
  }

  @Test("an open file descriptor is accepted, but libVLC 3 does not parse it")
  func openFileDescriptor() async throws {
    // libVLC 3's parser skips fd:// items whatever the flags (their item type is "unknown"),
    // so the answer is an immediate parseFailed, with or without the network flag.
    let descriptor = open(Fixture.shortMP4.path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let media = try Media(fileDescriptor: descriptor, instance: instance)
    #expect(media.mrl == "fd://\(descriptor)")
    for network in [false, true] {
      let result = try await parse(media, within: .seconds(1), network: network)
      guard case .failure(.parseFailed(let reason)) = result else {
        Issue.record("network: \(network): expected parseFailed, got \(result)")
        continue
      }
      #expect(reason.contains("does not parse file descriptors"))
    }
  }

  // MARK: - Parsing local files

  @Test("short.mp4 parses with its duration, tags and both tracks")
  func shortMP4() async throws {
    let info = try await parse(Media(path: Fixture.shortMP4.path, instance: instance)).get()
    let duration = try #require(info.duration)
    #expect(isNear(duration, .seconds(1), tolerance: .milliseconds(50)))
    #expect(info.metadata.title == "SwiftVLC Short")
    #expect(info.metadata.artist == "SwiftVLC Tests")
    #expect(info.isPlayable)
    #expect(info.tracks.count == 2)

    let video = info.tracks.filter { $0.kind == .video }
    try #require(video.count == 1)
    #expect(video[0].codec == "h264")
    #expect(video[0].width == 64)
    #expect(video[0].height == 64)
    #expect(abs((video[0].frameRate ?? 0) - 25) < 0.01)
    #expect(!(video[0].codecName ?? "").isEmpty)

    let audio = info.tracks.filter { $0.kind == .audio }
    try #require(audio.count == 1)
    #expect(audio[0].codec == "mp4a")
    #expect(audio[0].sampleRate == 44_100)
    // The AAC is mono. libVLC 3's MP4 demuxer takes the channel count from the `mp4a` sample
    // entry, where ffmpeg writes ISO 14496-12's fixed value 2; the parse reads the AAC
    // configuration in `esds` instead, as the decoder does (see MediaParseDepthTests).
    #expect(audio[0].channels == 1)
  }

  @Test("tracks.mkv lists one video, two audio and two subtitle tracks with their languages")
  func tracksMKV() async throws {
    let info = try await parse(Media(path: Fixture.tracksMKV.path, instance: instance)).get()
    #expect(info.duration == .milliseconds(4_017))
    #expect(info.tracks.count == 5)

    let video = info.tracks.filter { $0.kind == .video }
    #expect(video.map(\.codec) == ["h264"])
    #expect(video.first?.width == 96)
    #expect(video.first?.height == 64)

    let audio = info.tracks.filter { $0.kind == .audio }
    #expect(audio.map(\.codec) == ["mp4a", "mp4a"])
    #expect(audio.map(\.language) == ["eng", "fre"])
    #expect(audio.map(\.name) == ["English", "Français"])
    #expect(audio.map(\.channels) == [1, 1])

    let subtitles = info.tracks.filter { $0.kind == .subtitle }
    #expect(subtitles.map(\.codec) == ["subt", "ssa"])
    #expect(subtitles.map(\.language) == ["eng", "fre"])
    #expect(subtitles.map(\.name) == ["English", "Français"])
    #expect(Set(info.tracks.map(\.id)).count == 5)
  }

  @Test("garbage parses quickly as nothing playable")
  func garbage() async throws {
    // libVLC reports the parse "done" with no track and no duration.
    let info = try await parse(Media(path: Fixture.garbage.path, instance: instance)).get()
    #expect(!info.isPlayable)
    #expect(info.tracks.isEmpty)
    #expect(info.duration == nil)
  }

  @Test("an empty file fails to parse, again on a second try")
  func empty() async throws {
    // libVLC reports the parse "failed" (unlike garbage, which is "done" with no tracks).
    let media = try Media(path: Fixture.empty.path, instance: instance)
    for attempt in 1...2 {
      let result = try await parse(media, within: .seconds(attempt == 1 ? 5 : 1))
      guard case .failure(let error) = result else {
        Issue.record("attempt \(attempt): expected a failure, got \(result)")
        return
      }
      #expect(error == .sourceFailed(.notMedia, source: media.mrl))
    }
  }

  @Test("a truncated MP4 with an intact header parses from its header")
  func truncated() async throws {
    // The faststart `moov` box survives the cut, so the header's facts are all libVLC reads.
    let info = try await parse(Media(path: Fixture.truncated.path, instance: instance)).get()
    #expect(info.duration == .seconds(3))
    #expect(info.tracks.map(\.kind) == [.video, .audio])
    #expect(info.tracks.first?.width == 160)
    #expect(info.tracks.first?.height == 120)
    #expect(info.isPlayable)
  }

  @Test("parsing again returns the same result at once")
  func parseTwice() async throws {
    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    let first = try await parse(media).get()
    let second = try await parse(media, within: .seconds(1)).get()
    #expect(first == second)
  }

  @Test("two concurrent parses of one media both get the result")
  func concurrentParses() async throws {
    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    async let first = parse(media)
    async let second = parse(media)
    let results = try await [first, second]
    let infos = try results.map { try $0.get() }
    #expect(infos[0] == infos[1])
    #expect(infos[0].tracks.count == 5)
  }

  // MARK: - Parsing network sources

  @Test("parsing over HTTP with network: true reads the file")
  func httpParse() async throws {
    let server = try await TestServer()
    let media = try Media(url: server.url("files/short.mp4"), instance: instance)
    let info = try await parse(media, network: true).get()
    let duration = try #require(info.duration)
    #expect(isNear(duration, .seconds(1), tolerance: .milliseconds(50)))
    #expect(info.metadata.title == "SwiftVLC Short")
  }

  @Test("without network: true an HTTP source is skipped at once, every time")
  func httpSkipped() async throws {
    // libVLC reports the status "skipped"; it resends no event when a second attempt is
    // skipped too, so a correct second answer must not wait for one (a wait for it never
    // ends: 10 s tells it from a busy machine's delay).
    let server = try await TestServer()
    let media = try Media(url: server.url("files/short.mp4"), instance: instance)
    for attempt in 1...2 {
      let result = try await parse(media, within: .seconds(10))
      guard case .failure(.parseFailed(let reason)) = result else {
        Issue.record("attempt \(attempt): expected parseFailed, got \(result)")
        return
      }
      #expect(reason.contains("skipped"))
    }
    // A skipped media can still be parsed with the network allowed.
    let info = try await parse(media, network: true).get()
    #expect(info.isPlayable)
  }

  @Test("a stream URL is skipped even with the network allowed, at once every time")
  func streamSkipped() async throws {
    // libVLC 3 parses only files, directories and playlists; udp:// is a "stream" item. It
    // reports "skipped" once and sends no event when the status stays the same.
    let port = try UDPSender.freePort()
    let media = try Media(url: URL(string: "udp://@127.0.0.1:\(port)")!, instance: instance)
    for attempt in 1...2 {
      let result = try await parse(media, within: .seconds(1), network: true)
      guard case .failure(.parseFailed(let reason)) = result else {
        Issue.record("attempt \(attempt): expected parseFailed, got \(result)")
        return
      }
      #expect(reason.contains("does not parse"))
    }
  }

  @Test("a server that never answers times the parse out")
  func hangTimesOut() async throws {
    let server = try await TestServer()
    let media = try Media(url: server.url("hang/x.mp4"), instance: instance)
    let result = try await parse(
      media, within: .seconds(5), timeout: .milliseconds(500), network: true)
    #expect(result == .failure(.parseTimeout))
  }

  @Test("cancelling the parsing task ends it with .cancelled and libVLC lets go of the source")
  func cancelParse() async throws {
    let server = try await TestServer()
    let media = try Media(url: server.url("hang/x.mp4"), instance: instance)
    let parsing = Task { () async -> Result<MediaInfo, VLCError> in
      do throws(VLCError) {
        return .success(try await media.parse(timeout: .seconds(30), network: true))
      } catch {
        return .failure(error)
      }
    }
    try await server.waitForConnections(atLeast: 1)  // libVLC's parser is reading the source
    parsing.cancel()
    let result = try await within(.seconds(5), "the cancelled parse to end") {
      await parsing.value
    }
    #expect(result == .failure(.cancelled))
    // libVLC's side: its parser, stopped, closes the connection well before its own 30 s
    // timeout; a parse left running would hold it open for all of that.
    try await server.waitForNoConnections(within: .seconds(10))
  }

  @Test("an HTTP error status or a refused connection fails the parse quickly")
  func httpFailures() async throws {
    // libVLC reports the status "failed" for all three, within milliseconds.
    let server = try await TestServer()
    let urls: [(URL, FailureReason)] = [
      (server.url("status/404/x.mp4"), .httpStatus(404, url: nil)),
      (server.url("status/500/x.mp4"), .httpStatus(500, url: nil)),
      (TestServer.closedPortURL(), .connectionRefused),
    ]
    for (url, reason) in urls {
      let result = try await parse(
        Media(url: url, instance: instance), within: .seconds(5), network: true)
      guard case .failure(let error) = result else {
        Issue.record("\(url): expected a failure, got \(result)")
        continue
      }
      #expect(error == .sourceFailed(reason, source: url.absoluteString))
    }
  }

  // MARK: - Options, slaves, statistics

  @Test("options are accepted and parsing still works; HTTP headers reach the server")
  func options() async throws {
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    media.addOption(":network-caching=300")
    media.addOption(":start-time=0.5")
    media.addOption(":no-such-option-anywhere")
    media.setHTTPUserAgent("SwiftVLCTests/1.0")
    media.setHTTPReferrer("http://127.0.0.1/")
    #expect(try await parse(media).get().isPlayable)

    let catcher = try RequestCatcher()
    let remote = try Media(url: catcher.url(), instance: instance)
    remote.setHTTPUserAgent("SwiftVLCTests/2.0")
    remote.setHTTPReferrer("http://127.0.0.1/page")
    let parsing = Task { try? await remote.parse(network: true) }
    defer { parsing.cancel() }
    let request = try await catcher.firstRequest()
    #expect(request.contains("\r\nUser-Agent: SwiftVLCTests/2.0\r\n"), "\(request)")
    #expect(request.contains("\r\nReferer: http://127.0.0.1/page\r\n"), "\(request)")
  }

  @Test("a slave priority outside 0…4 is invalid input")
  func slavePriority() throws {
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    for priority in [7, -1] {
      let error = #expect(throws: VLCError.self) {
        try media.addSlave(url: Fixture.sidecarSRT.url, kind: .subtitle, priority: priority)
      }
      guard case .invalidInput? = error else {
        Issue.record(
          "priority \(priority): expected invalidInput, got \(String(describing: error))")
        continue
      }
    }
  }

  @Test("a subtitle file added as a slave is a subtitle track once playing")
  @MainActor
  func subtitleSlave() async throws {
    // long.mp4 (30 s) has no subtitles of its own; a 3 s clip, beside stress-ng, ended before
    // the main actor read its tracks (at its end the player has none).
    let media = try Media(path: Fixture.longMP4.path, instance: instance)
    try media.addSlave(url: Fixture.sidecarSRT.url, kind: .subtitle, priority: 0)
    let player = Player(instance: instance)
    try player.play(media)
    try await waitUntil("the slave's subtitle track") { player.subtitleTracks.count == 1 }
    await player.stop()
  }

  @Test("a media that never played has no statistics")
  func noStatistics() throws {
    // Only before any parse or play: libVLC 3 creates the counters (all zero) for the
    // parser's input too.
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    #expect(media.statistics() == nil)
  }

  // MARK: - Helpers

  /// Parses `media`, failing the test with ``TimedOut`` when the answer takes longer than
  /// `limit` (the parse is then cancelled).
  private func parse(
    _ media: Media, within limit: Duration = .seconds(5), timeout: Duration = .seconds(5),
    network: Bool = false
  ) async throws -> Result<MediaInfo, VLCError> {
    try await within(limit, "parsing \(media.mrl)") {
      do throws(VLCError) {
        return .success(try await media.parse(timeout: timeout, network: network))
      } catch {
        return .failure(error)
      }
    }
  }
}

/// Whether `value` is within `tolerance` of `expected`.
private func isNear(_ value: Duration, _ expected: Duration, tolerance: Duration) -> Bool {
  value >= expected - tolerance && value <= expected + tolerance
}
