// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// `Media(url:)` and `Media(path:)` with odd input: a typed error at once, or a media that
/// plays and stops without harm. libVLC 3 takes any location, and a location with no scheme
/// (`/hello.mp4`) stays buffering, then crashes the process in libvlccore when stopped.
@Suite("Media sources with odd input", .sharesTheMachine)
@MainActor
struct MediaSourceFuzzTests {
  @Test("a URL with no scheme, or one no module opens, is a typed error at Media(url:)")
  func refusedURLs() throws {
    let instance = try headlessInstance()
    for text in [
      "/hello.mp4", "hello.mp4", "./a b.mp4", "foo://bar/x.mp4", "mailto:someone", "imem://",
    ] {
      let url = try #require(URL(string: text), "\(text) is a URL to Foundation")
      #expect(throws: VLCError.self, "\(text)") { try Media(url: url, instance: instance) }
    }
    let error = #expect(throws: VLCError.self) {
      try Media(url: URL(string: "/hello.mp4")!, instance: instance)
    }
    #expect(error?.description.contains("no scheme") == true, "\(String(describing: error))")
    #expect(
      instance.missingSupport(forScheme: "foo")
        == "libVLC 3 has no module that opens foo:// sources")
    for scheme in ["http", "HTTPS", "udp", "rtp", "ftp", "mms", "vlc", "dvd", "fd"] {
      #expect(instance.missingSupport(forScheme: scheme) == nil, "\(scheme)")
    }
  }

  @Test("odd URLs and paths give a typed error or play and stop, never a crash", .runsLong)
  func oddSourcesPlayAndStop() async {
    // A process of its own: a crash in libVLC would end the whole test run.
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await playOddSources() }
    }
  }
}

/// Opens each odd source, plays what opens for a moment and stops it within a deadline;
/// files with odd names must really play. Meant for a process of its own (it changes the
/// current directory).
@MainActor
private func playOddSources() async throws {
  let instance = try headlessInstance()
  let scratch = try ScratchDirectory("odd-names")
  defer { scratch.remove() }
  let longName = String(repeating: "é", count: 100) + ".mp4"  // 200 bytes of UTF-8
  let names = [
    "a b.mp4", "100%.mp4", "%41%20.mp4", "vidéo ☃ 映像.mp4", "#hash?.mp4", "-dash.mp4",
    "new\nline.mp4", "colon:x.mp4", longName,
  ]
  for name in names {
    try FileManager.default.copyItem(atPath: Fixture.shortMP4.path, toPath: scratch.path(name))
  }
  #expect(
    FileManager.default.changeCurrentDirectoryPath(scratch.url.path),
    "cannot enter the scratch folder")
  let playable = URL(fileURLWithPath: scratch.path("a b.mp4")).absoluteString
  let sources: [OddSource] =
    names.map { .path(scratch.path($0), plays: true) } + [.path("a b.mp4", plays: true)]
    + ["", " ", "%", "/", "no such.mp4", String(repeating: "x", count: 5_000)].map {
      .path($0, plays: false)
    }
    + [
      "/hello.mp4", "hello.mp4", "foo://x", "http://", "http://127.0.0.1:1/a%20b.mp4",
      "https://127.0.0.1:1/é.mp4", "http://127.0.0.1:1/" + String(repeating: "a", count: 5_000),
      "udp://@127.0.0.1:1", "fd://98765", "vlc://nop", "file:///no/such/file.mp4",
    ].map { .url($0, plays: false) } + [.url(playable, plays: true)]
  for source in sources {
    let media: Media
    do {
      media = try source.open(on: instance)
    } catch {
      #expect(!source.plays, "\(source.label) should open, got \(error)")
      continue
    }
    let player = Player(instance: instance)
    try player.play(media)
    let deadline = ContinuousClock.now + .seconds(source.plays ? 10 : 1.5)
    while ContinuousClock.now < deadline, ![.playing, .ended, .error].contains(player.state) {
      try await Task.sleep(for: .milliseconds(20))
    }
    if source.plays {
      #expect(
        [.playing, .ended].contains(player.state),
        "\(source.label) should play; its state is \(player.state)")
    }
    try await within(.seconds(15), "stopping \(source.label)") { await player.stop() }
  }
}

/// A source for ``playOddSources()``: a path or a URL's text, and whether it must play.
private enum OddSource {
  case path(String, plays: Bool)
  case url(String, plays: Bool)

  var plays: Bool {
    switch self {
    case .path(_, let plays), .url(_, let plays): plays
    }
  }

  var label: String {
    switch self {
    case .path(let path, _): "path \(path.prefix(40).debugDescription)"
    case .url(let text, _): "URL \(text.prefix(40).debugDescription)"
    }
  }

  /// The media, or the typed error (a URL Foundation rejects counts as one).
  func open(on instance: VLCInstance) throws(VLCError) -> Media {
    switch self {
    case .path(let path, _):
      return try Media(path: path, instance: instance)
    case .url(let text, _):
      guard let url = URL(string: text) else { throw .invalidInput("not a URL: \(text)") }
      return try Media(url: url, instance: instance)
    }
  }
}
