// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// libVLC 3 measures an MPEG-TS's length from its first clock reference, which muxers place
/// up to a second before the first picture: `play` said 4.660 s where `probe` and ffprobe
/// said 4.029 s. A media parsed before it plays shows its parse's length, and positions of it.
@Suite("A parsed media's length while playing", .sharesTheMachine)
@MainActor
struct PlayerParsedLengthTests {
  @Test("a parsed MPEG-TS plays with the parse's length; positions and seeks follow it")
  func parsedLength() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let file = try await generated.make(
      "clip.ts", GeneratedMedia.video(seconds: 8) + ["-c:v", "libx264", "-g", "25"])
    let instance = try headlessInstance()

    // Unparsed: libVLC's own length, which differs (the case this is about).
    let unparsed = Player(instance: instance)
    try unparsed.play(try Media(path: file, instance: instance))
    try await waitUntil("libVLC's length") { unparsed.duration != nil || !unparsed.state.isActive }
    let native = try #require(unparsed.duration)
    await unparsed.stop()

    let media = try Media(path: file, instance: instance)
    let measured = try #require(try await media.parse(timeout: .seconds(10)).duration)
    #expect(abs((native - measured).inMilliseconds) > 100, "libVLC \(native), parse \(measured)")
    let player = Player(instance: instance)
    try player.play(media)
    try await waitUntil("playback") { player.state == .playing && player.duration != nil }
    #expect(player.duration == measured)
    let landed = try await player.seek(toPosition: 0.5, timeout: .seconds(30))
    #expect(abs((landed - measured / 2).inMilliseconds) < 1_000, "landed at \(landed)")
    #expect(abs(player.position - landed / measured) < 0.01)
    try await waitUntil("the end") { !player.state.isActive }
    #expect(player.outcome == .ended)
    #expect(player.currentTime == measured && player.position == 1)
  }
}
