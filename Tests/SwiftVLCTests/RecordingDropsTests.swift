// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// What a copy names dropped, and only that: streams other than audio, video and subtitles
/// (a QuickTime timecode, a Matroska font) are kept where the container has a place for them
/// and named with the reason where it has not.
@Suite("Recording drops", .sharesTheMachine)
struct RecordingDropsTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a QuickTime timecode is kept where the container holds one, and named dropped in TS")
  func timecode() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.make(
      "timecode.mov",
      [
        "-f", "lavfi", "-i", "testsrc=s=64x64:r=25:d=1", "-c:v", "libx264", "-timecode",
        "01:00:00:00",
      ])
    for container in [OutputContainer.mkv, .mp4, .ts] {
      let result = try await generated.record(source, container, on: instance)
      let path = generated.folder.appendingPathComponent("out.\(container.fileExtension)").path
      let timecodes = try await ffprobeLines(path, "stream_tags=timecode")
      // It was named "a data stream" dropped, though MP4 had its timecode track and Matroska
      // its TIMECODE tag.
      if container == .ts {
        #expect(result.droppedReasons == ["a timecode track: MPEG-TS has no place for it"])
        // Named by its tag: libavformat has no codec for it ("none" said nothing).
        #expect(result.droppedTracks.map(\.codec) == ["tmcd"])
      } else {
        #expect(result.droppedReasons.isEmpty, "\(container)")
        #expect(timecodes.contains("01:00:00:00"), "\(container): \(timecodes)")
      }
    }
  }

  @Test("a data stream is kept, bytes intact, by the container it came from, and named elsewhere")
  func dataStream() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let data = generated.folder.appendingPathComponent("data.bin")
    let bytes = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
    try bytes.write(to: data)
    // MPEG-TS holds it as a private data stream; MP4 holds such data as GoPro metadata (of
    // which ffmpeg's copy keeps the first packet: the others share its time).
    let transportStream = try await generated.make(
      "data.ts",
      [
        "-f", "lavfi", "-i", "testsrc=s=64x64:d=1", "-f", "data", "-i", data.path, "-map", "0",
        "-map", "1", "-c:v", "libx264", "-c:d", "copy",
      ])
    let movie = try await generated.make(
      "gopro.mp4", ["-i", transportStream, "-map", "0", "-c", "copy"])
    for (source, home) in [(transportStream, OutputContainer.ts), (movie, .mp4)] {
      for container in [OutputContainer.mkv, .mp4, .ts] {
        let result = try await generated.record(source, container, on: instance)
        if container == home {
          #expect(result.droppedReasons.isEmpty, "\(source) into \(container)")
          let (written, read) = try await (dataBytes(result.path), dataBytes(source))
          #expect(written == read && !read.isEmpty, "\(source) into \(container)")
        } else {
          // It was "a data stream", whatever the container.
          #expect(
            result.droppedReasons == ["\(container.displayName) cannot hold binary data"],
            "\(source) into \(container)")
        }
      }
    }
  }

  @Test("AAC whose sample rate changes half-way: MPEG-TS keeps it, Matroska and MP4 name the rest")
  func sampleRateChange() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let video = ["-f", "lavfi", "-i", "testsrc=s=64x64:r=25:d=3"]
    let first = try await generated.make(
      "first.ts",
      video + ["-f", "lavfi", "-i", "sine=f=440:r=44100:d=3", "-c:v", "libx264", "-c:a", "aac"])
    let second = try await generated.make(
      "second.ts",
      video + [
        "-f", "lavfi", "-i", "sine=f=880:r=48000:d=3", "-c:v", "libx264", "-c:a", "aac",
        "-output_ts_offset", "3",
      ])
    let joined = generated.folder.appendingPathComponent("joined.ts")
    try
      (Data(contentsOf: URL(fileURLWithPath: first))
      + Data(contentsOf: URL(fileURLWithPath: second))).write(to: joined)
    // Audio alone: the copy's own cut was judged "ended early", the file deleted.
    let audioOnly = generated.folder.appendingPathComponent("audio.ts")
    let audioArguments = ["-i", joined.path, "-map", "0:a", "-c", "copy"]
    _ = try await runProgram(
      "ffmpeg", ["-v", "error", "-y"] + audioArguments + [audioOnly.path])
    let alone = try await generated.record(audioOnly.path, .mkv, on: instance)
    #expect(alone.droppedFields.map(\.name) == ["configuration"])
    for container in [OutputContainer.ts, .mkv, .mp4] {
      let result = try await generated.record(joined.path, container, on: instance)
      let audio = try await runProgram(
        "ffmpeg",
        [
          "-v", "error", "-i", result.path, "-map", "0:a", "-ac", "1", "-ar", "44100", "-f",
          "s16le", "-",
        ])
      let seconds = Double(audio.stdout.count) / 2 / 44_100
      let named = result.droppedFields.filter { $0.name == "configuration" }
      if container == .ts {
        #expect(abs(seconds - 6) < 0.2, "\(seconds) s")
        #expect(named.isEmpty)
      } else {
        // The 48 kHz half was written under the first half's 44.1 kHz configuration: it
        // played 9 % slow and out of tune (6.5 s of audio for 6 s).
        #expect(abs(seconds - 3) < 0.2, "\(container): \(seconds) s")
        #expect(named.first?.value.hasPrefix("48000 Hz, 1 channel from 3.0") == true, "\(named)")
      }
    }
  }

  @Test("a Matroska font attachment is kept in Matroska and named dropped elsewhere")
  func attachment() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    let source = try await generated.make(
      "font.mkv",
      [
        "-f", "lavfi", "-i", "sine=d=1", "-attach", font, "-metadata:s:t", "mimetype=font/ttf",
        "-c:a", "aac",
      ])
    for container in [OutputContainer.mkv, .mp4, .ts] {
      let result = try await generated.record(source, container, on: instance)
      // MP4 and MPEG-TS left it out with no word.
      if container == .mkv {
        #expect(result.droppedReasons.isEmpty)
      } else {
        #expect(result.droppedReasons == ["\(container.displayName) holds no attached files"])
        // Named by its MIME type: libavformat has no codec for "font/ttf".
        #expect(result.droppedTracks.map(\.codec) == ["font/ttf"])
      }
    }
  }

  @Test("an AAC frame cut short is left out and named, not the end of a Matroska or MP4 copy")
  func damagedAAC() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let whole = try await generated.make(
      "whole.ts", ["-f", "lavfi", "-i", "sine=d=2", "-c:a", "aac"])
    // As libVLC 3's MPEG-TS muxer leaves some packets of a live recording: an audio packet
    // whose first TS packet is written, the next one not.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
    let packets = stride(from: 0, to: bytes.count - 187, by: 188).map {
      Array(bytes[$0..<$0 + 188])
    }
    let pid = { (packet: [UInt8]) in Int(packet[1] & 0x1F) << 8 | Int(packet[2]) }
    let audio = try #require(packets.last.map(pid))
    let starts = packets.indices.filter {
      pid(packets[$0]) == audio && packets[$0][1] & 0x40 != 0
    }
    let cut = starts[starts.count / 2]
    #expect(pid(packets[cut + 1]) == audio)
    let damaged = generated.folder.appendingPathComponent("cut.ts")
    try Data((packets[...cut] + packets[(cut + 2)...]).joined()).write(to: damaged)
    for container in [OutputContainer.mkv, .mp4] {
      // It failed: "cannot write: Invalid data found when processing input".
      let result = try await generated.record(damaged.path, container, on: instance)
      let named = result.droppedFields.filter { $0.name == "damaged packets" }
      #expect(named.count == 1, "\(container): \(result.droppedFields)")
      #expect(named.first?.value.hasPrefix("1 of ") == true, "\(named)")
      #expect(named.first?.track?.kind == .audio)
      #expect(result.duration > .milliseconds(1_500), "\(container): \(result.duration)")
    }
  }

  @Test("an encoder delay is kept in MP4 and named where the container has no place for it")
  func encoderDelay() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let aac = try await generated.make("aac.m4a", ["-f", "lavfi", "-i", "sine=d=3", "-c:a", "aac"])
    let opus = try await generated.make(
      "opus.ogg", ["-f", "lavfi", "-i", "sine=d=3", "-c:a", "libopus"])
    let cases = [(aac, OutputContainer.mkv), (aac, .ts), (aac, .mp4), (opus, .mkv), (opus, .ts)]
    for (source, container) in cases {
      let result = try await generated.record(source, container, on: instance)
      let named = result.droppedFields.filter { $0.name == "encoder delay" }
      if source == aac && container != .mp4 {
        // The copy played 1024 samples of priming that the source skips, with no word.
        #expect(named.map(\.value) == ["1024 samples (23 ms)"], "\(container)")
        #expect(named.first?.track?.kind == .audio)
      } else {
        // MP4 keeps it in an edit list; Matroska an Opus pre-skip as its CodecDelay, MPEG-TS
        // in its first packet's control header (a start trim, which libVLC and ffmpeg ignore).
        #expect(named.isEmpty, "\(source) \(container): \(named)")
        if container != .ts {
          #expect(abs(result.duration.inMilliseconds - 3_000) < 15, "\(result.duration)")
        }
      }
    }
  }

  /// The bytes of the data stream of `path`, as ffmpeg copies them out.
  private func dataBytes(_ path: String) async throws -> Data {
    let arguments = ["-v", "error", "-i", path, "-map", "0:d", "-c", "copy", "-f", "data", "-"]
    return try await runProgram("ffmpeg", arguments).stdout
  }
}
