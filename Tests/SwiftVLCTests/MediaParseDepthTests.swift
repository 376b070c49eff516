// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// What `parse(depth:)` adds to libVLC's preparse: values read from the file itself at
/// every depth, and what the decoders report with `.decoded` (committed fixtures; the
/// ffprobe comparison on a generated corpus is ``ProbeOracleTests``).
@Suite("Media parse depth", .mostlyWaits)
struct MediaParseDepthTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  func parse(_ media: Media, depth: ParseDepth, network: Bool = false)
    async throws -> MediaInfo
  {
    try await within(.seconds(15), "parsing \(media.mrl)") {
      try await media.parse(timeout: .seconds(8), network: network, depth: depth)
    }
  }

  @Test("a decoded parse of a file with an ASS track ends within its limit, the track listed")
  func assTrackWithinLimit() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let media = try Media(path: try await generated.assMovie(), instance: instance)
    // The pass's libass decoder waited for a video output that never comes (libVLC 3 tries
    // 30 times, 200 ms apart): its stop took 6 s, whatever the limit of 2 s.
    let info = try await within(.seconds(4), "a decoded parse with a 2 s limit") {
      try await media.parse(timeout: .seconds(2), depth: .decoded)
    }
    #expect(info.tracks.map(\.kind) == [.video, .audio, .subtitle])
  }

  @Test("a decoded parse of AV1 in MP4 hears from its decoder")
  func av1InMP4() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let movie = try await generated.make(
      "av1.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25:d=1", "-c:v", "libaom-av1",
        "-cpu-used", "8", "-row-mt", "1", "-pix_fmt", "yuv420p",
      ])
    let media = try Media(path: movie, instance: instance)
    // libavcodec's picture never came: the pass ran to its limit and said the decoders did
    // not all report.
    let info = try await within(.seconds(8), "a decoded parse") {
      try await media.parse(timeout: .seconds(5), depth: .decoded)
    }
    #expect(info.unknowns.isEmpty, "\(info.unknowns)")
    #expect(info.tracks.first?.width == 160)
  }

  @Test("both depths report mono AAC in MP4 as mono, and a decoded parse deepens a cached one")
  func monoAAC() async throws {
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    let container = try await parse(media, depth: .container)
    // MP4's sample entry says 2; its AudioSpecificConfig says 1, as the decoder does.
    #expect(container.tracks.first { $0.kind == .audio }?.channels == 1)
    #expect(container.container == "MP4/QuickTime")
    #expect(container.demuxer == nil)

    let decoded = try await parse(media, depth: .decoded)
    #expect(decoded.tracks.first { $0.kind == .audio }?.channels == 1)
    #expect(decoded.container == "MP4/QuickTime")
    #expect(decoded.demuxer == "mp4")
    #expect(decoded.tracks.map(\.commonCodecName) == ["H.264", "AAC"])
    #expect(decoded.unknowns.isEmpty)
    // The deeper result is now the cached one.
    #expect(try await parse(media, depth: .container) == decoded)
  }

  @Test("MPEG-TS: programs with names and tracks, and the length from the first timestamp")
  func transportStream() async throws {
    let info = try await parse(
      Media(path: Fixture.shortTS.path, instance: instance), depth: .container)
    #expect(
      info.programs == [
        MediaProgram(number: 1, name: "SwiftVLC", provider: "SwiftVLC", trackIDs: [0, 1])
      ])
    #expect(info.tracks.map(\.program) == [1, 1])
    // libVLC's TS demuxer counts from the first clock reference: about 2.66 s.
    let duration = try #require(info.duration)
    #expect(isClose(duration, .milliseconds(2_023), tolerance: .milliseconds(50)))

    let decoded = try await parse(
      Media(path: Fixture.shortTS.path, instance: instance), depth: .decoded)
    let video = try #require(decoded.tracks.first { $0.kind == .video })
    #expect(video.width == 64 && video.height == 64)
    #expect(abs((video.frameRate ?? 0) - 25) < 0.01)
    #expect(decoded.tracks.first { $0.kind == .audio }?.channels == 1)
  }

  @Test("no file name as the title, and no 'und' language")
  func noFileNameTitle() async throws {
    let seek = try await parse(
      Media(path: Fixture.seekMP4.path, instance: instance), depth: .container)
    #expect(seek.metadata.title == nil)
    let mkv = try await parse(
      Media(path: Fixture.tracksMKV.path, instance: instance), depth: .container)
    #expect(mkv.tracks.first { $0.kind == .video }?.language == nil)
    #expect(mkv.tracks.first { $0.kind == .audio }?.language == "eng")
  }

  @Test("HLS: a container parse says why it lists no tracks, a decoded one lists them")
  func hls() async throws {
    let server = try await TestServer()
    let media = try Media(url: server.url("files/hls/index.m3u8"), instance: instance)
    let container = try await parse(media, depth: .container, network: true)
    #expect(container.tracks.isEmpty)
    #expect(container.unknowns.contains { $0.contains("HLS") })
    #expect(container.bitrate == nil)

    let decoded = try await parse(media, depth: .decoded, network: true)
    #expect(decoded.unknowns.isEmpty)
    #expect(decoded.container == "HLS/DASH")
    #expect(decoded.tracks.map(\.kind) == [.video, .audio])
    #expect(decoded.tracks.first?.width == 64)
    #expect(decoded.tracks.last?.channels == 1)
    let duration = try #require(decoded.duration)
    #expect(isClose(duration, .seconds(6), tolerance: .milliseconds(50)))
  }

  @Test("a UDP stream, which libVLC 3 never parses, lists its tracks with a decoded parse")
  func udpStream() async throws {
    let port = try UDPSender.freePort()
    let sender = try UDPSender(file: Fixture.shortTS.url, duration: .seconds(2), port: port)
    defer { withExtendedLifetime(sender) {} }
    let url = try #require(URL(string: "udp://@127.0.0.1:\(port)"))
    let skipped = try Media(url: url, instance: instance)
    await #expect(throws: VLCError.self) {
      try await skipped.parse(timeout: .seconds(2), network: true, depth: .container)
    }
    let info = try await parse(
      try Media(url: url, instance: instance), depth: .decoded, network: true)
    #expect(info.isPlayable)
    #expect(info.duration == nil)
    #expect(info.tracks.map(\.kind) == [.video, .audio])
    #expect(info.tracks.first?.width == 64)
    #expect(info.tracks.last?.channels == 1)
    #expect(info.container == "MPEG-TS")
    #expect(info.unknowns.contains { $0.contains("streams") })
  }

  @Test("a Theora picture size is read from its header at container depth, as decoded")
  func theoraPictureSize() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // 180 is not a multiple of 16: the coded frame is 192 high, the picture 180.
    let path = try await generated.make(
      "theora.ogv",
      ["-f", "lavfi", "-i", "testsrc=size=320x180:rate=25:duration=3", "-c:v", "libtheora"])
    var sizes: [String] = []
    for depth in [ParseDepth.container, .decoded] {
      let info = try await parse(try Media(path: path, instance: instance), depth: depth)
      let video = try #require(info.tracks.first { $0.kind == .video })
      sizes.append("\(video.width ?? 0)x\(video.height ?? 0)")
      #expect(!info.unknowns.contains { $0.contains("picture sizes") }, "\(info.unknowns)")
    }
    // libVLC's preparse left it to the decoder: "unknown" at container depth.
    #expect(sizes == ["320x180", "320x180"])
  }

  @Test("a one-program TS with a data stream lists it, in its program, at both depths")
  func dataStreamProgram() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let data = generated.folder.appendingPathComponent("data.bin")
    try Data(repeating: 0x5A, count: 4_096).write(to: data)
    let inputs = [
      "-f", "lavfi", "-i", "testsrc=s=64x64:d=2", "-f", "lavfi", "-i", "sine=d=2", "-f", "data",
      "-i", data.path, "-c:v", "libx264", "-c:a", "aac", "-c:d", "copy",
    ]
    // The data stream last, and between the video and the audio in the PMT.
    for (name, order) in [("last.ts", ["0", "1", "2"]), ("middle.ts", ["0", "2", "1"])] {
      let path = try await generated.make(name, inputs + order.flatMap { ["-map", $0] })
      let info = try await parse(try Media(path: path, instance: instance), depth: .decoded)
      // The decoders leave the data stream out, and the program listed no track at all.
      let program = try #require(info.programs.first)
      #expect(program.trackIDs == info.tracks.map(\.id))
      #expect(
        info.tracks.contains { $0.kind == .video } && info.tracks.allSatisfy { $0.program == 1 })
      // The PMT's data stream is listed at both depths (only the container's listed it); in
      // the middle, the audio was listed twice and the data stream not at all.
      let container = try await parse(
        try Media(path: path, instance: instance), depth: .container)
      #expect(info.tracks.map(\.kind) == [.video, .audio, .unknown], "\(name): \(info.tracks)")
      #expect(container.tracks.map(\.kind) == info.tracks.map(\.kind), "\(name)")
    }
  }

  @Test("an MP4 from a server without byte ranges lists each of its tracks once")
  func noRangeMP4() async throws {
    let server = try await TestServer(
      plainServing: Fixture.shortMP4.url.deletingLastPathComponent())
    defer { server.stop() }
    // libVLC's MP4 demuxer can make the streams, fail to seek back and give up; avformat's
    // then makes them again under new ids, and the media's list keeps both: it listed four
    // tracks, two of them with the container's stereo. (Which demuxer plays depends on how
    // much the input has read ahead, so the ids are not fixed.)
    let info = try await parse(
      try Media(url: server.url("short.mp4"), instance: instance), depth: .decoded, network: true)
    #expect(info.tracks.map(\.kind) == [.video, .audio], "\(info.tracks)")
    #expect(info.tracks.last?.channels == 1)
  }

  @Test(
    "an MPEG-TS from python's http.server, which libVLC's preparse lists empty, is found by playing"
  )
  func plainServer() async throws {
    let server = try await TestServer(
      plainServing: Fixture.shortTS.url.deletingLastPathComponent())
    defer { server.stop() }
    let stream = try Media(url: server.url("short.ts"), instance: instance)
    let container = try await parse(stream, depth: .container, network: true)
    // libVLC 3's preparse lists nothing; the TS tables of the first bytes list the streams.
    #expect(container.tracks.map(\.kind) == [.video, .audio])
    // And they are there to play (the tool said "no playable stream").
    #expect(container.isPlayable)
    let info = try await parse(
      try Media(url: server.url("short.ts"), instance: instance), depth: .decoded, network: true)
    #expect(info.isPlayable)
    #expect(info.tracks.map(\.kind) == [.video, .audio])
    #expect(info.tracks.first?.width == 64)
    // Not media: unplayable, after the stream search rather than the whole time limit.
    let started = ContinuousClock.now
    let garbage = try await parse(
      try Media(url: server.url("garbage.mp4"), instance: instance), depth: .decoded,
      network: true)
    #expect(!garbage.isPlayable)
    #expect(
      garbage.unknowns.count == 1
        && garbage.unknowns[0].hasPrefix(
          "libVLC 3's preparse listed no stream, and playing found none either in "),
      "\(garbage.unknowns)")
    #expect(ContinuousClock.now - started < .seconds(7), "the limit is 8 s")
  }

  @Test("a stream search lasts to the caller's limit: a slow server's MPEG-TS is found after 4 s")
  func slowStreamSearch() async throws {
    let server = try await TestServer(root: Fixture.shortTS.url.deletingLastPathComponent())
    defer { server.stop() }
    // No ranges, each answer 4 s late: libVLC's preparse lists nothing, and the search ended
    // after 3 s whatever the limit ("found none either in 3.0 s").
    let media = try Media(url: server.url("late/4000/norange/short.ts"), instance: instance)
    // The limit leaves room for the server's three late answers (the file's two ends, read
    // first, and libVLC's), also on a busy machine (6 s were left to search in a parallel run).
    let info = try await within(.seconds(35), "parsing \(media.mrl)") {
      try await media.parse(timeout: .seconds(20), network: true, depth: .decoded)
    }
    #expect(info.isPlayable, "\(info.unknowns)")
    #expect(info.tracks.map(\.kind) == [.video, .audio])
  }

  @Test(
    "an HTTP source probes as the same file does: container, FLAC, MP3, TS and Ogg lengths from its ends"
  )
  func sameAnswerOverHTTP() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let flac = try await media.make(
      "tone.flac", ["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-ac", "2"])
    try FileManager.default.copyItem(
      atPath: Fixture.tracksMKV.path, toPath: media.folder.appendingPathComponent("tracks.mkv").path
    )
    let plain = try await TestServer(plainServing: media.folder)  // no range requests
    defer { plain.stop() }
    let ranged = try await TestServer()
    defer { ranged.stop() }
    let folderServer = try await TestServer(root: media.folder)
    defer { folderServer.stop() }
    let local = try await parse(try Media(path: flac, instance: instance), depth: .container)
    #expect(local.tracks.first?.channels == 2)
    let overHTTP = try await parse(
      try Media(url: plain.url("tone.flac"), instance: instance), depth: .container, network: true)
    #expect(overHTTP.container == "FLAC")
    #expect(overHTTP.tracks.first?.channels == 2, "libVLC's preparse says 3 before decoding")

    let file = try await parse(
      try Media(path: Fixture.tracksMKV.path, instance: instance), depth: .container)
    #expect(file.container == "Matroska/WebM")
    for url in [plain.url("tracks.mkv"), ranged.url("files/tracks.mkv")] {
      for depth in [ParseDepth.container, .decoded] {
        let info = try await parse(
          try Media(url: url, instance: instance), depth: depth, network: true)
        // Without ranges libVLC plays it with libavformat's demuxer; it is still Matroska.
        #expect(info.container == file.container, "\(url) at \(depth): \(info.demuxer ?? "-")")
        #expect(info.tracks.map(\.kind) == file.tracks.map(\.kind))
      }
    }

    // MPEG-TS and Ogg: their lengths need the last bytes too (a suffix range request; a
    // server without ranges may be a live stream, whose end is not waited for).
    let opus = try await media.make(
      "tone.opus", ["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "libopus"])
    let ends = [
      (Fixture.shortTS.path, ranged.url("files/short.ts")),
      (opus, folderServer.url("files/tone.opus")),
    ]
    for (path, url) in ends {
      let local = try await parse(try Media(path: path, instance: instance), depth: .container)
      let remote = try await parse(
        try Media(url: url, instance: instance), depth: .container, network: true)
      #expect(remote.duration == local.duration, "\(url)")
      #expect(remote.programs.count == local.programs.count, "\(url)")
      // From the size the server gives with a range; a download had none.
      #expect(remote.bitrate != nil && remote.bitrate == local.bitrate, "\(url)")
    }
    // Without ranges the end is not read: the length is unknown, and said so (it said
    // "unknown" with no reason).
    let unranged = try await parse(
      try Media(url: plain.url("tone.opus"), instance: instance), depth: .container,
      network: true)
    #expect(unranged.duration == nil)
    #expect(unranged.unknowns.contains { $0.contains("answers no range request") })

    // MP3: a VBRI header's frame count (libVLC 3 reads only Xing's) gives the length a local
    // file's frame count does; with no header the estimate is said to be one.
    let vbri = try await ProbeCorpus.mp3VBRI.make(in: media.folder)
    let noHeader = try await media.make(
      "vbr.mp3",
      [
        "-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-c:a", "libmp3lame", "-q:a", "4",
        "-write_xing", "0",
      ])
    for (name, declared) in [(vbri, true), (noHeader, false)] {
      let local = try await parse(try Media(path: name, instance: instance), depth: .container)
      let url = folderServer.url("files/" + URL(fileURLWithPath: name).lastPathComponent)
      let remote = try await parse(
        try Media(url: url, instance: instance), depth: .container, network: true)
      let said = remote.unknowns.contains { $0.hasPrefix("the exact length") }
      if declared {
        #expect(remote.duration == local.duration, "\(url)")
      }
      #expect(said == !declared, "\(url): \(remote.unknowns)")
    }

    // ADTS AAC: its frames are its length. A body within the head read is counted as a file's
    // is; a longer one is estimated from the head's frames, and said to be.
    for (seconds, isLong) in [(4, false), (40, true)] {
      let adts = try await media.make(
        "tone\(seconds).aac",
        [
          "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)", "-f", "lavfi", "-i",
          "anoisesrc=d=\(seconds):a=0.1", "-filter_complex", "amix", "-c:a", "aac", "-b:a",
          "96k",
        ])
      let local = try await parse(try Media(path: adts, instance: instance), depth: .container)
      let url = folderServer.url("files/tone\(seconds).aac")
      let remote = try await parse(
        try Media(url: url, instance: instance), depth: .container, network: true)
      let said = remote.unknowns.contains { $0.hasPrefix("the exact length") }
      let (localLength, remoteLength) = try (#require(local.duration), #require(remote.duration))
      if isLong {
        #expect(isClose(remoteLength, localLength, tolerance: localLength / 100), "\(url)")
      } else {
        #expect(remoteLength == localLength, "\(url)")
      }
      #expect(said == isLong, "\(url): \(remote.unknowns)")
    }
  }
}

private func isClose(_ value: Duration, _ expected: Duration, tolerance: Duration) -> Bool {
  abs(value.inMilliseconds - expected.inMilliseconds) <= tolerance.inMilliseconds
}
