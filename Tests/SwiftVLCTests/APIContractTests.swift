// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Code outside this repository is written against the names in the shared API.md. Each test
/// here calls them as that document spells them, so a signature that drifts fails to compile,
/// and checks what they answer on a real instance and fixture.
@Suite("API contract", .sharesTheMachine)
@MainActor
struct APIContractTests {
  @Test("core and media names, as documented")
  func coreAndMedia() async throws {
    let instance = try VLCInstance(
      arguments: VLCInstance.defaultArguments + ["--vout=vdummy", "--aout=adummy"])
    #expect(VLCInstance.shared.version.hasPrefix("3.0."))
    #expect(instance.version == VLCInstance.shared.version)
    let levels: [LogLevel] = [.debug, .notice, .warning, .error]
    #expect(levels == levels.sorted())
    let logs: AsyncStream<LogEntry> = instance.logs(minimumLevel: .warning)
    _ = logs
    let outputs: [AudioOutput] = instance.audioOutputs()
    #expect(!outputs.isEmpty)
    let error: VLCError = .trackNotFound(id: 7)
    #expect(!error.description.isEmpty)

    let media = try Media(path: Fixture.tracksMKV.path, instance: instance)
    let byURL = try Media(url: Fixture.shortMP4.url, instance: instance)
    let fromData = try Media(data: try Data(contentsOf: Fixture.shortMP4.url), instance: instance)
    let chunks = AsyncStream<[UInt8]> { $0.finish() }
    let fromStream = try Media(stream: chunks, instance: instance)
    let descriptor = open(Fixture.shortMP4.path, O_RDONLY)
    defer { close(descriptor) }
    let fromDescriptor = try Media(fileDescriptor: descriptor, instance: instance)
    #expect(byURL.mrl.hasSuffix("short.mp4"))
    _ = (fromData, fromStream, fromDescriptor)
    media.addOption(":no-audio")
    try media.addSlave(url: Fixture.sidecarSRT.url, kind: .subtitle, priority: 4)
    let info: MediaInfo = try await media.parse(timeout: .seconds(5), network: false)
    #expect(info.isPlayable)
    #expect(info.duration != nil)
    let metadata: Metadata = info.metadata
    _ = metadata.title
    let track: Track = try #require(info.tracks.first { $0.kind == .audio })
    let fields: (Int, TrackKind, String, String?, String?, String?, Int?, Int?, Int?) = (
      track.id, track.kind, track.codec, track.codecName, track.language, track.name,
      track.bitrate, track.channels, track.sampleRate
    )
    #expect(fields.2 == "mp4a")
    let video = try #require(info.tracks.first { $0.kind == .video })
    let size: (Int?, Int?, Double?) = (video.width, video.height, video.frameRate)
    #expect(size.0 == 96 && size.1 == 64)
    let thumbnail: Thumbnail = try await byURL.thumbnail(
      at: .milliseconds(500), width: 32, height: 0, mode: ThumbnailMode.fast, timeout: .seconds(5))
    #expect(thumbnail.rgba.count == thumbnail.width * thumbnail.height * 4)
    let png: Data = try thumbnail.pngData()
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let statistics: MediaStatistics? = media.statistics()
    _ = statistics
  }

  @Test("player names, as documented, on a real playback")
  func player() async throws {
    let instance = try headlessInstance()
    let player = Player(instance: instance)
    let events: AsyncStream<PlayerEvent> = player.events
    _ = events
    try player.setVideoOutput(.none)
    let frames: VideoFrameStream = try player.videoFrames(format: .rgba, width: 32, height: nil)
    let samples: AudioSampleStream = try player.audioSamples(
      format: .s16, rate: 48_000, channels: 2)
    player.equalizer = try Equalizer(preset: Equalizer.presetNames[0])
    // Looped: the checks below need its input open, and tracks.mkv lasts 4 s.
    let looped = try Media(path: Fixture.tracksMKV.path, instance: instance)
    looped.addOption(":input-repeat=65535")
    try player.play(looped)
    try await waitUntil("playing") { player.state == .playing }
    let frame: VideoFrame = try await frames.first(within: .seconds(15), "a frame") { _ in true }
    #expect(frame.width == 32 && frame.format == .rgba && frame.pitch >= 32 * 4)
    let presentation: Duration? = frame.presentationTime
    _ = presentation
    let bytes = frame.withUnsafeBytes { $0.count }
    #expect(bytes >= frame.pitch * frame.height)
    let buffer: AudioBuffer = try await samples.first(within: .seconds(5), "samples") { _ in true }
    let layout: (SampleFormat, Int, Int, Int, Duration?) = (
      buffer.format, buffer.sampleRate, buffer.channels, buffer.frameCount, buffer.presentationTime
    )
    #expect(layout.0 == .s16 && layout.1 == 48_000 && layout.2 == 2)
    #expect(buffer.withUnsafeBytes { $0.count } == layout.3 * 2 * 2)
    let state: PlayerState = player.state
    let observed: (Duration, Duration?, Double, Bool, Bool, Float, Media?) = (
      player.currentTime, player.duration, player.position, player.isSeekable, player.isPausable,
      player.bufferFill, player.currentMedia
    )
    #expect(state == .playing && observed.3 && observed.6 != nil)
    try await waitUntil("the tracks") { player.audioTracks.count == 2 }
    let tracks: ([Track], [Track], [Track]) = (
      player.audioTracks, player.videoTracks, player.subtitleTracks
    )
    player.selectedAudioTrack = tracks.0[1]
    player.selectedSubtitleTrack = tracks.2.first
    player.isMuted = true
    try player.setAudioVolume(0.5)
    try player.setPlaybackRate(1)
    try player.setAudioDelay(.zero)
    try player.setSubtitleDelay(.zero)
    try player.addExternalTrack(url: Fixture.sidecarSRT.url, kind: .subtitle, select: false)
    let chapters: [Chapter] = player.chapters
    #expect(chapters.count == 2)
    try player.selectChapter(0)
    try player.setABLoop(a: .milliseconds(200), b: .milliseconds(1_500))
    player.clearABLoop()
    try player.seek(to: .seconds(1))
    try player.seek(by: .milliseconds(200))
    try player.seek(toPosition: 0.5)
    player.pause()
    player.resume()
    player.togglePause()
    player.togglePause()
    player.nextFrame()
    let (volume, rate, chapter): (Float, Float, Int?) = (
      player.volume, player.rate, player.currentChapter
    )
    _ = (volume, rate, chapter)
    await player.stop()
    #expect(player.state == .stopped)
    let outcome: PlaybackOutcome? = player.outcome
    #expect(outcome == .stopped)
    try player.play()
    try await waitUntil("playing again") { player.state == .playing }
    try player.play(url: Fixture.seekMP4.url)
    #expect(player.currentMedia?.mrl.hasSuffix("seek.mp4") == true)
    await player.stop()
  }

  @Test("playlist, discovery, dialog and recording names, as documented")
  func playlistsAndServices() async throws {
    let instance = try headlessInstance()
    let list = MediaList(instance: instance)
    try list.append(Media(path: Fixture.seekMP4.path, instance: instance))
    // Repeated, so that the first item is still current when a busy main actor looks.
    let first = try Media(path: Fixture.shortMP4.path, instance: instance)
    first.addOption(":input-repeat=65535")
    try list.insert(first, at: 0)
    #expect(list.count == 2 && list[0].mrl.hasSuffix("short.mp4"))
    let listPlayer = MediaListPlayer(list: list, instance: instance)
    listPlayer.mode = PlaybackMode.default
    let player: Player = listPlayer.player
    try listPlayer.play()
    try await waitUntil("the list's first item") { listPlayer.currentIndex == 0 }
    // The start of the second item is checked on the events: a loaded machine may play the
    // 3 s item to its end, where the index becomes nil, between two looks at `currentIndex`.
    let events = listPlayer.events
    try listPlayer.play(at: 0)
    try listPlayer.next()
    _ = try await events.first(within: .seconds(30), "the list's second item") {
      $0 == .itemStarted(index: 1)
    }
    try listPlayer.previous()
    await listPlayer.stop()
    #expect(!player.state.isActive)
    try list.remove(at: 1)
    #expect(list.count == 1)

    let services: [DiscoveryService] = MediaDiscoverer.services(category: .lan, instance: instance)
    #expect(services.contains { $0.name == "sap" })
    _ = VideoFolder.url  // never the real home folder
    let discoverer = try MediaDiscoverer(name: "video_dir", instance: instance)
    try await discoverer.start()
    let items: MediaList = discoverer.items
    #expect(items.isReadOnly)
    await discoverer.stop()
    #expect(items.isEmpty)
    let renderers: [DiscoveryService] = RendererDiscoverer.services(instance: instance)
    let rendererEvents: AsyncStream<RendererEvent> = try RendererDiscoverer(instance: instance)
      .events
    _ = (renderers, rendererEvents)

    let handler = DialogHandler(instance: instance)
    let dialogs: AsyncStream<Dialog> = handler.dialogs
    _ = dialogs

    let directory = try ScratchDirectory("contract")
    defer { directory.remove() }
    let recording: Recording = try Recording.start(
      Media(path: Fixture.shortMP4.path, instance: instance), to: directory.path("copy.ts"),
      options: RecordingOptions(container: .ts))
    let result = try await within(.seconds(10), "the recording") { try await recording.result() }
    #expect(result.bytes > 0)
  }
}
