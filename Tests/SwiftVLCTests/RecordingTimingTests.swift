// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// A network source's pictures keep their times in the recording: libVLC 3 gives the first
/// ones of an MP4 with B-frames the times of later ones (its demuxer turns a decoding time
/// below 0 into 0), and from a server without ranges stamps them before its clock runs.
@Suite("Recording times of a network source's first pictures", .sharesTheMachine)
struct RecordingTimingTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// The first `count` video presentation times of `path`, from its first audio time at or
  /// after 0 (an encoder's priming, which a source marks to skip, comes before).
  private func videoTimes(_ path: String, count: Int = 16) async throws -> [Double] {
    func times(_ kind: String) async throws -> [Double] {
      try await ffprobeLines(path, "packet=pts_time", ["-select_streams", kind]).compactMap {
        Double($0.split(separator: ",").first ?? "")
      }
    }
    let audio = try #require(try await times("a").first { $0 >= -0.001 }, "\(path): no audio")
    return try await times("v").prefix(count).map { ($0 - audio) * 1_000 }
  }

  @Test(
    "an MP4 with B-frames over HTTP, ranges or not, records its first pictures at their times against its audio, in each container"
  )
  func firstPictures() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let scratch = try ScratchDirectory("timing")
    defer { scratch.remove() }
    let source = try await generated.make(
      "bframes.mp4",
      [
        "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=4", "-f", "lavfi", "-i",
        "sine=duration=4", "-c:v", "libx264", "-g", "25", "-bf", "3", "-c:a", "aac",
        "-movflags", "+faststart",
      ])
    let wanted = try await videoTimes(source)
    let pictures = try await ffprobeVideoPackets(source)
    let ranged = try await TestServer(root: generated.folder)
    defer { ranged.stop() }
    let plain = try await TestServer(plainServing: generated.folder)  // no range requests
    defer { plain.stop() }
    for (name, url) in [
      ("ranges", ranged.url("files/bframes.mp4")), ("no ranges", plain.url("bframes.mp4")),
    ] {
      for container in OutputContainer.allCases {
        let result = try await within(.seconds(30), "recording \(name) into \(container)") {
          try await Recording.record(
            try Media(url: url, instance: instance),
            to: scratch.path("\(name)-out.\(container.fileExtension)"),
            options: RecordingOptions(container: container))
        }
        // With ranges the first two pictures came 80 and 40 ms late, on later ones' times;
        // without, an MP4's audio stayed on libVLC's clock (a 4 s file ran 9 hours), an
        // MPEG-TS one's video 0.6 s after it, and a copy into MP4 could not start.
        let times = try await videoTimes(result.path)
        #expect(times.count == wanted.count, "\(name), \(container): \(times)")
        let off = zip(times, wanted).map { abs($0 - $1) }.max() ?? .infinity
        #expect(off < 2, "\(name), \(container): \(times) ms, the source's \(wanted) ms")
        // Written as MPEG-TS first (MP4 and MPEG-TS with ranges), the last 1-3 pictures stay
        // in libVLC 3's muxer (README).
        let kept = try await ffprobeVideoPackets(result.path)
        let throughTS = name == "ranges" && container != .mkv
        #expect(
          throughTS ? (pictures - 3...pictures).contains(kept) : kept == pictures,
          "\(name), \(container): \(kept) of \(pictures)")
        let duration = try await FFprobeReport.probe(result.path).duration ?? 0
        #expect(abs(duration - 4) < 0.15, "\(name), \(container): \(duration) s")
        // Decoded without an error: libVLC's MPEG-TS muxer cuts the last AAC frame short,
        // which MPEG-TS keeps (README) and Matroska and MP4 held as if whole.
        guard container != .ts else { continue }
        let decoded = try await runProgram(
          "ffmpeg", ["-v", "error", "-i", result.path, "-f", "null", "-"])
        #expect(decoded.stderr.isEmpty, "\(name), \(container): \(decoded.stderr)")
      }
    }
  }

  @Test("an audio-only file over HTTP records from 0 s, as long as its source")
  func audioOnly() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let scratch = try ScratchDirectory("timing-audio")
    defer { scratch.remove() }
    _ = try await generated.make("a.mp3", ["-f", "lavfi", "-i", "sine=duration=4"])
    _ = try await generated.make(
      "a.ts", ["-f", "lavfi", "-i", "sine=duration=4", "-c:a", "aac", "-f", "mpegts"])
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    for name in ["a.mp3", "a.ts"] {
      for container in [OutputContainer.mp4, .mkv] {
        let result = try await within(.seconds(30), "recording \(name) into \(container)") {
          try await Recording.record(
            try Media(url: server.url("files/\(name)"), instance: instance),
            to: scratch.path("\(name).\(container.fileExtension)"),
            options: RecordingOptions(container: container))
        }
        // With no video to read first times from, the copy kept libVLC's MPEG-TS delay: it
        // started at 0.4 s and ran 4.4 s.
        let start = try await ffprobeLines(result.path, "stream=start_time").first
        #expect(abs(Double(start ?? "") ?? 9) < 0.05, "\(name), \(container): \(start ?? "-")")
        let duration = try await FFprobeReport.probe(result.path).duration ?? 0
        #expect(abs(duration - 4) < 0.1, "\(name), \(container): \(duration) s")
      }
    }
    // Into Matroska (libVLC's file is Matroska too) every frame, and no more: the MP3's LAME
    // header frame came as a first frame of silence, and the audio one frame late.
    let source = try await ffprobeLines(
      generated.folder.appendingPathComponent("a.mp3").path, "stream=nb_read_packets",
      ["-count_packets"])
    let copied = try await ffprobeLines(
      scratch.path("a.mp3.mkv"), "stream=nb_read_packets", ["-count_packets"])
    #expect(copied == source, "\(copied) packets, the source's \(source)")
  }
}
