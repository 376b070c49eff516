// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Network sources: a codec the container cannot hold is refused without touching the
/// destination, and a source that stops delivering ends the recording within its bound.
@Suite("Recording network sources", .sharesTheMachine)
struct RecordingNetworkTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test(
    "VP9 and Opus over HTTP into MP4 are recorded, as a local file's copy records them; VP8 is refused, naming it, and the old file stays"
  )
  func codecsOverHTTPIntoMP4() async throws {
    let server = try await TestServer()
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let scratch = try ScratchDirectory("vp9-mp4")
    defer { scratch.remove() }
    // They were refused: libVLC wrote the file as MPEG-TS first, whose muxer takes neither.
    let clip = try await generated.make("clip.webm", GeneratedMedia.vp9Opus(seconds: 3))
    let url = try await server.publish(Data(contentsOf: URL(fileURLWithPath: clip)), as: "c.webm")
    let result = try await within(.seconds(30), "recording VP9 and Opus into MP4") {
      try await Recording.record(
        try Media(url: url, instance: instance), to: scratch.path("out.mp4"),
        options: RecordingOptions(container: .mp4))
    }
    let probe = try await FFprobeReport.probe(result.path)
    #expect(probe.streams.map(\.codec) == ["vp9", "opus"])
    // Stereo Vorbis: its setup headers put the file's Tracks past its first 4 KiB (refused
    // "through libVLC 3's MPEG-TS muxer" before the longer read).
    _ = try await generated.make(
      "vorbis.mkv",
      [
        "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=2", "-f", "lavfi", "-i",
        "sine=duration=2", "-c:v", "libx264", "-c:a", "libvorbis", "-ac", "2",
      ])
    // A server that answers the range asked for, and no more.
    let ranged = try await TestServer(root: generated.folder)
    defer { ranged.stop() }
    let vorbisURL = ranged.url("files/vorbis.mkv")
    let withVorbis = try await within(.seconds(30), "recording Vorbis into MP4") {
      try await Recording.record(
        try Media(url: vorbisURL, instance: instance), to: scratch.path("vorbis.mp4"),
        options: RecordingOptions(container: .mp4))
    }
    #expect(
      try await FFprobeReport.probe(withVorbis.path).streams.map(\.codec) == ["h264", "vorbis"])
    #expect((2.8...3.3).contains(probe.duration ?? 0), "\(probe.duration ?? 0) s")
    // 20 s, recorded with a duration (so read at real-time pace): only a refusal as soon as
    // the streams are known ends it within the 10 s the check allows.
    let vp8 = try await generated.make(
      "vp8.webm",
      [
        "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-t", "20", "-c:v", "libvpx",
        "-b:v", "100k", "-deadline", "realtime", "-cpu-used", "8",
      ])
    let vp8URL = try await server.publish(
      Data(contentsOf: URL(fileURLWithPath: vp8)), as: "v.webm")
    try await expectRefused(try Media(url: vp8URL, instance: instance), naming: ["VP80"])
  }

  @Test("what libVLC loses of an MPEG-TS over HTTP is named: its data stream, its programs")
  func unlistedStreamsNamed() async throws {
    let server = try await TestServer()
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let data = try generated.dataFile()
    let withData = try await generated.make(
      "data.ts",
      [
        "-f", "lavfi", "-i", "testsrc=s=64x64:d=2", "-f", "data", "-i", data, "-map", "0",
        "-map", "1", "-c:v", "libx264", "-c:d", "copy",
      ])
    let twoPrograms = try await generated.make(
      "two.ts",
      [
        "-f", "lavfi", "-i", "testsrc=s=64x64:d=2", "-f", "lavfi", "-i", "testsrc2=s=64x64:d=2",
        "-map", "0", "-map", "1", "-c:v", "libx264", "-program", "title=One:program_num=1:st=0",
        "-program", "title=Two:program_num=2:st=1",
      ])
    // Opus as private data: of no kind the PMT names, and recorded (it was named lost).
    let opus = try await generated.make(
      "opus.ts",
      [
        "-f", "lavfi", "-i", "testsrc=s=64x64:d=2", "-f", "lavfi", "-i", "sine=d=2", "-c:v",
        "libx264", "-c:a", "libopus",
      ])
    for (file, container) in [(withData, OutputContainer.mkv), (twoPrograms, .ts), (opus, .mkv)] {
      let url = try await server.publish(
        Data(contentsOf: URL(fileURLWithPath: file)), as: (file as NSString).lastPathComponent)
      let out = generated.folder.appendingPathComponent("out.\(container.fileExtension)").path
      let result = try await within(.seconds(30), "recording \(url)") {
        try await Recording.record(
          try Media(url: url, instance: instance), to: out,
          options: RecordingOptions(container: container))
      }
      // Both went with no word: libVLC lists neither.
      if file == withData {
        #expect(result.droppedReasons == ["libVLC 3 passes no data stream to its muxers"])
        #expect(result.droppedTracks.map(\.kind) == [.unknown])
        #expect(result.droppedTracks.map(\.id) == [1])  // after the video's 0, not the PID's
      } else if file == opus {
        #expect(result.droppedTracks.isEmpty, "\(result.droppedReasons)")
      } else {
        #expect(result.droppedFields.map(\.name) == ["programs"], "\(result.droppedFields)")
        #expect(result.droppedFields.first?.value == "One, Two")
      }
    }
  }

  @Test("a cover picture over HTTP, which libVLC does not read there, is named, not lost silently")
  func coverOverHTTPNamed() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let mp3 = try await RecordingKeepsTests.coveredMP3(generated)
    let cover = generated.folder.appendingPathComponent("cover.png").path
    _ = try await generated.make(
      "covered.flac",
      [
        "-f", "lavfi", "-i", "sine=d=2", "-i", cover, "-map", "0", "-map", "1", "-c:a", "flac",
        "-c:v", "copy", "-disposition:v", "attached_pic",
      ])
    let plain = try await generated.make("plain.mp3", ["-f", "lavfi", "-i", "sine=d=2"])
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    for file in [mp3, "covered.flac", plain] {
      let name = (file as NSString).lastPathComponent
      let result = try await within(.seconds(30), "recording \(name)") {
        try await Recording.record(
          try Media(url: server.url("files/\(name)"), instance: instance),
          to: generated.folder.appendingPathComponent("out.mkv").path,
          options: RecordingOptions(container: .mkv))
      }
      // Copied locally, the cover is kept (RecordingKeepsTests); over HTTP it went unnamed.
      let expected = name == "plain.mp3" ? [] : ["libVLC 3 reads no cover picture over the network"]
      #expect(result.droppedReasons == expected, "\(name)")
      #expect(result.droppedTracks.map(\.codec) == (expected.isEmpty ? [] : ["png"]), "\(name)")
    }
  }

  @Test("what libVLC loses of a live MPEG-TS over UDP is named: its data stream, its programs")
  func unlistedStreamsNamedOverUDP() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let data = try generated.dataFile()
    let withData = try await generated.make(
      "data.ts",
      [
        "-f", "lavfi", "-i", "testsrc=s=64x64:d=4", "-f", "lavfi", "-i", "sine=d=4", "-f", "data",
        "-i", data, "-map", "0", "-map", "1", "-map", "2", "-c:v", "libx264", "-g", "25",
        "-c:a", "aac", "-c:d", "copy",
      ])
    let twoPrograms = try await generated.make(
      "two.ts",
      [
        "-f", "lavfi", "-i", "testsrc=s=64x64:d=4", "-f", "lavfi", "-i", "testsrc2=s=64x64:d=4",
        "-map", "0", "-map", "1", "-c:v", "libx264", "-g", "25", "-program",
        "title=One:program_num=1:st=0", "-program", "title=Two:program_num=2:st=1",
      ])
    for file in [withData, twoPrograms] {
      let sender = try UDPSender(
        file: URL(fileURLWithPath: file), duration: .seconds(4), port: try UDPSender.freePort())
      defer { withExtendedLifetime(sender) {} }
      let url = try #require(URL(string: "udp://@127.0.0.1:\(sender.port)"))
      let out = generated.folder.appendingPathComponent("out.mkv").path
      let result = try await within(.seconds(30), "recording \(url)") {
        try await Recording.record(
          try Media(url: url, instance: instance), to: out,
          options: RecordingOptions(container: .mkv, duration: .seconds(2)))
      }
      // Both went with no word: the tables are read from the stream once libVLC let it go.
      if file == withData {
        #expect(result.droppedTracks.map(\.kind) == [.unknown], "\(result.droppedReasons)")
        #expect(result.droppedReasons == ["libVLC 3 passes no data stream to its muxers"])
      } else {
        #expect(result.droppedFields.map(\.name) == ["programs"], "\(result.droppedFields)")
        #expect(result.droppedFields.first?.value == "One, Two")
      }
    }
  }

  @Test("Opus in a UDP transport stream is recorded into MP4, as a local file's copy records it")
  func opusOverUDPIntoMP4() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let scratch = try ScratchDirectory("opus-udp")
    defer { scratch.remove() }
    let clip = try await generated.make(
      "opus.ts", GeneratedMedia.video(seconds: 4) + ["-c:v", "libx264", "-c:a", "libopus"])
    let port = try UDPSender.freePort()
    let sender = try UDPSender(
      file: URL(fileURLWithPath: clip), duration: .seconds(4), port: port)
    defer { withExtendedLifetime(sender) {} }
    let media = try Media(
      url: try #require(URL(string: "udp://@127.0.0.1:\(port)")), instance: instance)
    // It was refused: libVLC's MP4 muxer takes no Opus, though libavformat's, which writes
    // the final copy, does.
    let result = try await within(.seconds(30), "recording Opus over UDP into MP4") {
      try await Recording.record(
        media, to: scratch.path("out.mp4"),
        options: RecordingOptions(container: .mp4, duration: .seconds(2)))
    }
    let probe = try await FFprobeReport.probe(result.path)
    #expect(probe.streams.map(\.codec) == ["h264", "opus"])
  }

  @Test("a stalled HTTP body ends the recording with a timeout within the limit plus 5 s")
  func stalledHTTPBody() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("stalled-http")
    defer { scratch.remove() }
    let media = try Media(url: server.url("stall/seek.mp4"), instance: instance)
    let error = try await recordUntilStalled(
      media, to: scratch.path("out.ts"), server: server, route: "stall", requests: 1)
    // Kept only when it holds audio or video, and then named; never a partial file. With
    // nothing kept, the reason any path gives a stalled source.
    switch error {
    case .timeout(let message)?:
      #expect(message.contains("stall/seek.mp4 delivered nothing for 1.0 s"), "\(message)")
      #expect(message.hasSuffix("kept in \(scratch.path("out.ts"))"), "\(message)")
      #expect(scratch.contents == ["out.ts"])
    case .sourceFailed(.timeout, let source)?:
      #expect(source == media.mrl)
      #expect(scratch.contents.isEmpty)
    default:
      Issue.record("expected a timeout, got \(String(describing: error))")
    }
  }

  @Test(
    "a stalled Matroska download ends within its stall limit plus 5 s, not after 10 s of asking")
  func stalledMatroska() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("stalled-mkv")
    defer { scratch.remove() }
    let started = ContinuousClock.now
    // Its first bytes stall too: the wait for them (the option a Matroska download needs)
    // took the whole 10 s its headers have, before libVLC was started.
    let error = try await recordUntilStalled(
      try Media(url: server.url("stall/tracks.mkv"), instance: instance),
      to: scratch.path("out.mkv"), server: server, route: "stall", requests: 1)
    let elapsed = ContinuousClock.now - started
    #expect(error != nil, "a stalled source recorded")
    #expect(elapsed < .seconds(9), "ended after \(elapsed) (stall limit 1 s)")
  }

  @Test("a stalled HLS segment ends the recording with a timeout and keeps what came before")
  func stalledHLSSegment() async throws {
    let server = try await TestServer()
    let scratch = try ScratchDirectory("stalled-hls")
    defer { scratch.remove() }
    let media = try Media(url: server.url("hlsfault/stall/1/hls/index.m3u8"), instance: instance)
    let path = scratch.path("out.ts")
    // The playlist, segment 0, then segment 1, whose answer stalls half-way.
    let error = try await recordUntilStalled(
      media, to: path, server: server, route: "hlsfault", requests: 3)
    guard case .timeout(let message)? = error else {
      Issue.record("expected timeout, got \(String(describing: error))")
      return
    }
    #expect(message.hasPrefix("\(media.mrl) delivered nothing for 1.0 s; the "), "\(message)")
    #expect(message.hasSuffix(" s recorded before are kept in \(path)"), "\(message)")
    #expect(scratch.contents == ["out.ts"])
    #expect(try await readBack(path, instance: instance).tracks.contains { $0.kind == .video })
  }

  /// Records `media` to a fresh `out.mp4` where an old file already is, and checks the refusal:
  /// an `invalidInput` naming MP4 and every one of `codecs`, within 10 s, with the old file
  /// untouched and no partial file left.
  @Test(
    "a file over HTTP is not cut at its video's first keyframe like a live stream: audio before a late video stays"
  )
  func lateVideoOverHTTP() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    _ = try await generated.make(
      "late.mkv",
      [
        "-f", "lavfi", "-i", "sine=d=5", "-itsoffset", "1.5", "-f", "lavfi", "-i",
        "testsrc2=s=160x120:r=25:d=3.5", "-map", "0", "-map", "1", "-c:v", "libx264",
        "-c:a", "aac",
      ])
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    let media = try Media(url: server.url("files/late.mkv"), instance: instance)
    // Through libVLC's MPEG-TS muxer (its Matroska muxer loses a late video now and then:
    // docs/libvlc3-findings.md).
    for container in [OutputContainer.mp4, .ts] {
      let path = generated.folder.appendingPathComponent("out.\(container.fileExtension)").path
      let result = try await within(.seconds(30), "recording into \(container)") {
        try await Recording.record(media, to: path, options: RecordingOptions(container: container))
      }
      // One line per stream (MPEG-TS lists its program's streams again): type, start, count.
      let streams = Set(
        try await ffprobeLines(
          result.path, "stream=codec_type,start_time,nb_read_packets", ["-count_packets"])
      ).map { $0.split(separator: ",").map(String.init) }
      let audio = try #require(streams.first { $0.first == "audio" }, "\(streams)")
      let video = try #require(streams.first { $0.first == "video" }, "\(streams)")
      // It was cut at 1.5 s: 159 of 217 audio packets.
      #expect(abs(Double(audio[1]) ?? 9) < 0.05, "\(container): audio starts at \(audio[1])")
      #expect((Int(audio[2]) ?? 0) >= 210, "\(container): \(audio[2]) of 217 audio packets")
      #expect(abs((Double(video[1]) ?? 9) - 1.54) < 0.1, "\(container): video at \(video[1])")
    }
  }

  @Test(
    "an audio track libVLC does not pass on (MP4's disabled track, named otherwise) is named, not lost silently"
  )
  func disabledTrackNamed() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // ffmpeg marks a track without the default disposition disabled in MP4 (tkhd flags). A
    // location named as an MP4 has it selected (RecordingFidelityTests); one named otherwise
    // is not asked about, and libVLC 3 leaves it out.
    let made = try await generated.make(
      "two.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25:d=3", "-f", "lavfi", "-i", "sine=d=3",
        "-f", "lavfi", "-i", "sine=f=880:d=3", "-map", "0", "-map", "1", "-map", "2",
        "-c:v", "libx264", "-c:a:0", "aac", "-c:a:1", "ac3", "-metadata:s:a:1", "language=eng",
        "-disposition:a:1", "0",
      ])
    try FileManager.default.copyItem(
      atPath: made, toPath: generated.folder.appendingPathComponent("movie").path)
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    let media = try Media(url: server.url("files/movie"), instance: instance)
    let path = generated.folder.appendingPathComponent("out.mkv").path
    let result = try await within(.seconds(30), "recording") {
      try await Recording.record(media, to: path, options: RecordingOptions(container: .mkv))
    }
    #expect(result.droppedTracks.map(\.codec) == ["a52"], "\(result.droppedTracks)")
    #expect(result.droppedReasons == ["libVLC 3 passed none of it to its muxer"])
  }

  private func expectRefused(_ media: Media, naming codecs: [String]) async throws {
    let scratch = try ScratchDirectory("refused")
    defer { scratch.remove() }
    let path = scratch.path("out.mp4")
    try Data("old".utf8).write(to: URL(fileURLWithPath: path))
    let error = await #expect(throws: VLCError.self) {
      try await within(.seconds(10), "refusing \(media.mrl)") {
        try await Recording.record(
          media, to: path, options: .init(container: .mp4, duration: .seconds(20)))
      }
    }
    guard case .invalidInput(let message)? = error else {
      Issue.record("expected invalidInput, got \(String(describing: error))")
      return
    }
    #expect(message.contains("MP4 cannot hold"), "\(message)")
    for codec in codecs { #expect(message.contains(codec), "\(message)") }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    #expect(scratch.contents == ["out.mp4"])
  }

  /// Records `media` with a 1 s stall limit until it fails, and returns the error.
  ///
  /// The server holds the stalled answer until the client closes it, so a recording that
  /// never noticed the stall fails the 20 s wait after the server's `requests`-th request on
  /// `route` (the one that stalls); the error's message names the 1 s limit that fired (the
  /// default is 15 s). How soon within those 20 s depends on how fast a busy machine plays
  /// out what came before the stall, so no tighter bound is checked.
  private func recordUntilStalled(
    _ media: Media, to path: String, server: TestServer, route: String, requests: Int
  ) async throws -> VLCError? {
    let recording = try Recording.start(media, to: path, options: .init(stallTimeout: .seconds(1)))
    try await within(.seconds(20), "request \(requests) on /\(route)/") {
      while try await server.requestCount(route) < requests {
        try await Task.sleep(for: .milliseconds(20))
      }
    }
    let outcome = try await within(.seconds(20), "the recording to end") {
      () async -> Result<RecordingResult, VLCError> in
      do throws(VLCError) {
        return .success(try await recording.result())
      } catch { return .failure(error) }
    }
    if case .failure(let error) = outcome { return error }
    return nil
  }
}
