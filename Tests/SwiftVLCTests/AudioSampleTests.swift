// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Synchronization
import Testing

@Suite("Audio samples", .sharesTheMachine)
@MainActor
struct AudioSampleTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a 440 Hz sine arrives as 440 Hz PCM at the requested rate and channel count")
  func sineAsS16Stereo() async throws {
    let player = Player(instance: instance)
    let stream = try player.audioSamples(format: .s16, rate: 48_000, channels: 2)
    try player.play(url: Fixture.sineWAV.url)
    // The WAV holds one second: 48,000 frames once resampled; ask for nearly all of them.
    let pcm = try await capture(stream, frames: 46_000)
    #expect(pcm.layouts == [.init(format: .s16, sampleRate: 48_000, channels: 2)])
    #expect(abs(pcm.frequency(channel: 0, sampleRate: 48_000) - 440) < 2)
    #expect(pcm.rms(channel: 0) > 0.05)
    #expect(pcm.channels[0] == pcm.channels[1], "a mono source plays the same on both sides")
    #expect(pcm.buffers.first?.isDiscontinuity == true)
    #expect(pcm.buffers.dropFirst().allSatisfy { !$0.isDiscontinuity })
  }

  @Test("the AAC track of seek.mp4 arrives as 440 Hz float mono at 22.05 kHz")
  func aacAsFloatMono() async throws {
    let player = Player(instance: instance)
    let stream = try player.audioSamples(format: .float32, rate: 22_050, channels: 1)
    try player.play(url: Fixture.seekMP4.url)
    let pcm = try await capture(stream, frames: 22_050)
    #expect(pcm.layouts == [.init(format: .float32, sampleRate: 22_050, channels: 1)])
    #expect(abs(pcm.frequency(channel: 0, sampleRate: 22_050) - 440) < 2)
    #expect(pcm.rms(channel: 0) > 0.05)
    #expect(pcm.channels[0].allSatisfy { abs($0) <= 1 })
  }

  @Test("with no rate or channel count asked the PCM keeps each source's, and one asked is kept")
  func sourceFormat() async throws {
    let stereo = try makeLeftOnlyToneWAV(seconds: 2, rate: 44_100)
    defer { try? FileManager.default.removeItem(at: stereo) }
    let player = Player(instance: instance)
    let stream = try player.audioSamples(format: .s16, rate: nil, channels: nil)
    try player.play(url: Fixture.sineWAV.url)  // 16 kHz mono
    let mono = try await capture(stream, frames: 12_000)
    #expect(mono.layouts == [.init(format: .s16, sampleRate: 16_000, channels: 1)])
    #expect(abs(mono.frequency(channel: 0, sampleRate: 16_000) - 440) < 2)
    // The next media opens a new output, at its own format.
    try player.play(url: stereo)
    _ = try await firstBuffer(of: stream, "44.1 kHz stereo") {
      $0.sampleRate == 44_100 && $0.channels == 2
    }
    await player.stop()

    let upmixed = try player.audioSamples(format: .float32, rate: nil, channels: 2)
    try player.play(url: Fixture.sineWAV.url)
    let pcm = try await capture(upmixed, frames: 12_000)
    #expect(pcm.layouts == [.init(format: .float32, sampleRate: 16_000, channels: 2)])
    await player.stop()
  }

  @Test("presentation times follow the audio and lie ahead of libVLC's clock")
  func presentationTimes() async throws {
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    try player.play(url: Fixture.seekMP4.url)
    let pcm = try await capture(stream, frames: 48_000)
    let times = pcm.buffers.compactMap(\.presentationTime)
    #expect(times.count == pcm.buffers.count)
    // Each buffer starts where the one before it ends. The one exception libVLC makes: on a
    // starved machine its audio output drops buffers that come too late ("playback too late"),
    // which shows as a step forward, never back; most steps stay exact.
    var exact = 0
    for (buffer, next) in zip(pcm.buffers, pcm.buffers.dropFirst()) {
      let step = try #require(next.presentationTime) - #require(buffer.presentationTime)
      let expected = Duration.microseconds(Int64(buffer.frameCount) * 1_000_000 / 48_000)
      if abs((step - expected).inMilliseconds) < 2 { exact += 1 } else { #expect(step > expected) }
    }
    #expect(exact * 10 >= (pcm.buffers.count - 1) * 9, "\(exact) of \(pcm.buffers.count - 1) exact")
    // libVLC feeds memory outputs up to about 1.4 s early; how early a buffer is *read*
    // depends on how busy the machine is, so only "some ahead of the clock" is asked.
    let ahead = pcm.buffers.compactMap(\.receivedAhead)
    #expect(ahead.allSatisfy { $0 < .seconds(2) })
    #expect(try #require(ahead.max()) > .milliseconds(100))
  }

  @Test("a consumer that starts after the end still gets the whole clip")
  func lateConsumerGetsEverything() async throws {
    let player = Player(instance: instance)
    let stream = try player.audioSamples(format: .s16, rate: 48_000, channels: 1)
    try player.play(url: Fixture.sineWAV.url)
    try await waitUntil("the end of the clip") { player.state == .ended }
    // libVLC drains the track, then flushes the output: the drained audio must survive.
    let pcm = try await capture(stream, frames: 47_000, within: .seconds(10))
    #expect(abs(pcm.frequency(channel: 0, sampleRate: 48_000) - 440) < 2)
    #expect(stream.droppedBufferCount == 0)
  }

  @Test("a consumer more than two seconds behind loses the oldest audio, and the loss is counted")
  func slowConsumerDropsOldest() async throws {
    var player: Player? = Player(instance: instance)
    let stream = try #require(player).audioSamples(format: .s16, rate: 48_000, channels: 1)
    try #require(player).play(url: Fixture.seekMP4.url)
    try await waitUntil("the end of the 3 s clip") { player?.state == .ended }
    player = nil  // the stream ends once the queue is read
    let kept = try await within(.seconds(5), "the queued audio") {
      var pcm = PCMCapture()
      for await buffer in stream { pcm.append(buffer) }
      return pcm
    }
    #expect(kept.frameCount <= 96_000, "at most two seconds stay queued")
    #expect(kept.frameCount > 90_000)
    #expect(stream.droppedBufferCount > 0)
    let typical = try #require(kept.buffers.first?.frameCount)
    let delivered = kept.frameCount + stream.droppedBufferCount * typical
    #expect(abs(delivered - 144_000) < 2_400, "kept plus dropped is the whole clip")
    #expect(kept.buffers.first?.isDiscontinuity == false, "the first buffers were the dropped ones")
  }

  @Test("pausing stops the flow and resuming restarts it")
  func pauseAndResume() async throws {
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    let received = Mutex(0)
    let consumer = Task.detached {
      for await _ in stream { received.withLock { $0 += 1 } }
    }
    defer { consumer.cancel() }
    try player.play(looping(Fixture.seekMP4.url, instance: instance))
    try await waitUntil("the first buffers") { received.withLock { $0 } >= 5 }
    player.pause()
    try await waitUntil("the pause") { player.state == .paused }
    // Buffers already in flight may land: wait (bounded) until 200 ms pass without one.
    var atPause = received.withLock { $0 }
    var quietSince = ContinuousClock.now
    try await waitUntil("the flow to settle", within: .seconds(10)) {
      let now = received.withLock { $0 }
      if now != atPause { (atPause, quietSince) = (now, .now) }
      return ContinuousClock.now - quietSince >= .milliseconds(200)
    }
    // A negative check: playing, libVLC hands a buffer over every 10–20 ms (and up to 1.4 s
    // ahead), so 500 ms more without one means the flow has stopped.
    try await Task.sleep(for: .milliseconds(500))
    #expect(received.withLock { $0 } == atPause, "nothing arrives while paused")
    player.resume()
    try await waitUntil("buffers after resuming") { received.withLock { $0 } > atPause }
  }

  @Test("muting while playing silences the stream and unmuting brings the sound back")
  func muteSilences() async throws {
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    try player.play(looping(Fixture.tracksMKV.url, instance: instance))
    _ = try await firstBuffer(of: stream, "sound") { $0.level > 0.05 }
    player.isMuted = true
    _ = try await firstBuffer(of: stream, "silence") { $0.level == 0 }
    player.isMuted = false
    _ = try await firstBuffer(of: stream, "sound again") { $0.level > 0.05 }
  }

  @Test("volume 0 silences the stream and volume 1 restores it")
  func volumeZeroSilences() async throws {
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    try player.play(looping(Fixture.tracksMKV.url, instance: instance))
    _ = try await firstBuffer(of: stream, "sound") { $0.level > 0.05 }
    try player.setAudioVolume(0)
    _ = try await firstBuffer(of: stream, "silence") { $0.level == 0 }
    try player.setAudioVolume(1)
    _ = try await firstBuffer(of: stream, "sound again") { $0.level > 0.05 }
  }

  @Test("a player muted before playing delivers silence from the first buffer")
  func mutedBeforePlaying() async throws {
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    player.isMuted = true
    try player.play(url: Fixture.seekMP4.url)
    let pcm = try await capture(stream, frames: 48_000)
    #expect(pcm.rms(channel: 0) == 0)
  }

  @Test("volume follows libVLC's cubic curve and carries over to the next media")
  func volumeCarriesOver() async throws {
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    try player.play(url: Fixture.seekMP4.url)
    let full = try await capture(stream, frames: 24_000)
    try player.setAudioVolume(0.5)
    try player.play(url: Fixture.seekMP4.url)
    _ = try await firstBuffer(of: stream, "the next media") { $0.isDiscontinuity }
    let half = try await capture(stream, frames: 24_000)
    #expect(abs(half.rms(channel: 0) / full.rms(channel: 0) - 0.125) < 0.005)
  }

  @Test("a stream asked for during a session receives nothing from it, and all from the next play")
  func requestWhilePlaying() async throws {
    // A tone long enough that a busy machine cannot reach its end during the check.
    let tone = try makeLeftOnlyToneWAV(seconds: 10)
    defer { try? FileManager.default.removeItem(at: tone) }
    let player = Player(instance: instance)
    try player.play(url: tone)
    // Asked for at once: libVLC opens the session's audio output later, on its decoder thread
    // (after Playing), and reads the callbacks installed by then.
    let (consumer, received) = recordBuffers(of: try player.audioSamples())
    defer { consumer.cancel() }
    // A negative check: the output opens with the first decoded block, and a memory output
    // receives a buffer every 10–20 ms; 500 ms of playback (libVLC's time, however slow the
    // machine) without one shows that the session fed nothing to the stream.
    try await waitUntil("playing") { player.state == .playing }
    let playedFrom = player.currentTime
    try await waitUntil("500 ms of playback") {
      player.currentTime >= playedFrom + .milliseconds(500) || player.state != .playing
    }
    try #require(player.state == .playing)
    #expect(received.values.isEmpty, "the session open at the request feeds nothing")
    try player.play(url: Fixture.seekMP4.url)
    try await waitUntil("buffers from the next session") { !received.values.isEmpty }
  }

  @Test("an audio track switched to after a stream was asked for does not feed it")
  func trackSwitchAfterRequest() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let path = try await generated.make(
      "two-tones.mka",
      [
        "-f", "lavfi", "-i", "sine=f=440:r=16000", "-f", "lavfi", "-i", "sine=f=660:r=16000",
        "-t", "20", "-map", "0", "-map", "1", "-c:a", "flac",
      ])
    let player = Player(instance: instance)
    try player.play(url: URL(fileURLWithPath: path))
    try await waitUntil("two audio tracks, one selected") {
      player.audioTracks.count == 2 && player.selectedAudioTrack != nil
    }
    let (consumer, received) = recordBuffers(of: try player.audioSamples())
    defer { consumer.cancel() }
    let other = try #require(player.audioTracks.first { $0 != player.selectedAudioTrack })
    // libVLC starts a decoder for the new track, which opens a new audio output with the
    // callbacks installed by then.
    try player.selectAudioTrack(other)
    // A negative check: the new decoder opens its output with its first block, within
    // milliseconds of the switch; 1 s of playback after it without a buffer shows that this
    // session's new output fed nothing to the stream.
    // (The switch shows as buffering while the new decoder starts.)
    let playedFrom = player.currentTime
    let running: Set<PlayerState> = [.playing, .buffering]
    try await waitUntil("1 s of playback after the switch") {
      player.currentTime >= playedFrom + .seconds(1) || !running.contains(player.state)
    }
    try #require(running.contains(player.state))
    #expect(received.values.isEmpty, "the output opened for the new track feeds nothing")
    try player.play(url: Fixture.sineWAV.url)
    try await waitUntil("buffers from the next session") { !received.values.isEmpty }
  }

  @Test("a stream asked for while a list item plays receives from the item the list moves to")
  func requestWhileListPlays() async throws {
    // Stereo first, mono next: each buffer, in the source's format, says where it came from.
    let tone = try makeLeftOnlyToneWAV(seconds: 3)
    defer { try? FileManager.default.removeItem(at: tone) }
    let list = try MediaList(
      [
        try Media(url: tone, instance: instance),
        try Media(path: Fixture.sineWAV.path, instance: instance),
      ],
      instance: instance)
    let listPlayer = MediaListPlayer(list: list, instance: instance)
    try listPlayer.play(at: 0)
    let stream = try listPlayer.player.audioSamples(format: .s16, rate: nil, channels: nil)
    // libVLC's list player moves to the second item by itself, on its own thread.
    let pcm = try await capture(stream, frames: 12_000, within: .seconds(30))
    #expect(pcm.layouts == [.init(format: .s16, sampleRate: 16_000, channels: 1)])
    #expect(abs(pcm.frequency(channel: 0, sampleRate: 16_000) - 440) < 2)
  }

  @Test("a newer stream ends the older one at once and receives from the next play")
  func newerStreamReplacesOlder() async throws {
    let player = Player(instance: instance)
    let first = try player.audioSamples()
    try player.play(url: Fixture.tracksMKV.url)
    _ = try await capture(first, frames: 4_800)
    let second = try player.audioSamples(format: .float32, rate: 44_100, channels: 1)
    try await within(.seconds(3), "the older stream to end") {
      for await _ in first {}
    }
    try player.play(url: Fixture.sineWAV.url)
    let pcm = try await capture(second, frames: 4_410)
    #expect(pcm.layouts == [.init(format: .float32, sampleRate: 44_100, channels: 1)])
  }

  @Test("sample rates and channel counts out of range are rejected")
  func invalidFormats() {
    let player = Player(instance: instance)
    #expect(throws: VLCError.self) { try player.audioSamples(rate: 0) }
    #expect(throws: VLCError.self) { try player.audioSamples(rate: 400_000) }
    #expect(throws: VLCError.self) { try player.audioSamples(channels: 0) }
    #expect(throws: VLCError.self) { try player.audioSamples(channels: 9) }
  }

  @Test("dropping the consumer while audio flows leaves the player playing to the end")
  func dropConsumer() async throws {
    let player = Player(instance: instance)
    var stream: AudioSampleStream? = try player.audioSamples()
    try player.play(url: Fixture.seekMP4.url)
    _ = try await capture(try #require(stream), frames: 4_800)
    stream = nil
    try await waitUntil("the end", within: .seconds(30)) { player.state == .ended }
    #expect(player.outcome == .ended)
  }

  @Test("dropping the player while audio flows ends the stream and frees the player")
  func dropPlayer() async throws {
    var player: Player? = Player(instance: instance)
    weak let released = player
    let stream = try #require(player).audioSamples()
    try #require(player).play(url: Fixture.seekMP4.url)
    _ = try await capture(stream, frames: 4_800)
    player = nil
    try await waitUntil("the player to be freed") { released == nil }
    try await within(.seconds(5), "the stream to end after the player went away") {
      for await _ in stream {}
    }
  }

  @Test("dropping the player and the consumer together while audio flows is harmless")
  func dropBoth() async throws {
    for _ in 0..<3 {
      var player: Player? = Player(instance: instance)
      weak let released = player
      var stream: AudioSampleStream? = try #require(player).audioSamples()
      try #require(player).play(url: Fixture.tracksMKV.url)
      _ = try await capture(try #require(stream), frames: 2_400)
      player = nil
      stream = nil
      try await waitUntil("the player to be freed") { released == nil }
    }
    // The instance still plays afterwards.
    let player = Player(instance: instance)
    let stream = try player.audioSamples()
    try player.play(url: Fixture.sineWAV.url)
    _ = try await capture(stream, frames: 4_800)
  }

  /// Reads `stream` in a task of its own (cancel it when done), recording each buffer's
  /// channel count.
  func recordBuffers(of stream: AudioSampleStream) -> (Task<Void, Never>, Recorder<Int>) {
    let received = Recorder<Int>()
    let task = Task.detached {
      for await buffer in stream { received.append(buffer.channels) }
    }
    return (task, received)
  }
}
