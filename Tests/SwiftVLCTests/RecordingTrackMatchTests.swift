// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// The final copy of libVLC's file gives each stream the source track it is: libVLC's Matroska
/// file holds two AAC tracks without their languages, in either order.
@Suite("Recording: libVLC's streams matched to the source's tracks", .sharesTheMachine)
struct RecordingTrackMatchTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("two AAC tracks of a Matroska file over HTTP keep their own languages, run after run")
  func languagesFollowTheirTracks() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let scratch = try ScratchDirectory("match-aac")
    defer { scratch.remove() }
    _ = try await generated.make(
      "two.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25", "-f", "lavfi", "-i",
        "sine=440:sample_rate=48000", "-f", "lavfi", "-i", "sine=880:sample_rate=44100", "-t",
        "3", "-map", "0:v", "-map", "1:a", "-map", "2:a", "-c:v", "libx264", "-c:a", "aac",
        "-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fre",
      ])
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    // libVLC's file put the 44.1 kHz track first in about 2 runs of 3, and it was labelled
    // "eng": the copy matched by kind and codec alone.
    for run in 0..<4 {
      let result = try await within(.seconds(30), "recording run \(run)") {
        try await Recording.record(
          try Media(url: server.url("files/two.mkv"), instance: instance),
          to: scratch.path("out\(run).mkv"), options: RecordingOptions(container: .mkv))
      }
      let audio = try await ffprobeLines(
        result.path, "stream=sample_rate:stream_tags=language", ["-select_streams", "a"])
      #expect(audio == ["48000,eng", "44100,fre"], "run \(run)")
    }
  }

  @Test("a track without a language is recorded without one, not with libVLC's \"???\"")
  func noLanguage() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let scratch = try ScratchDirectory("match-nolanguage")
    defer { scratch.remove() }
    _ = try await generated.make(
      "plain.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25", "-f", "lavfi", "-i", "sine", "-t",
        "3", "-c:v", "libx264", "-c:a", "aac",
      ])
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    for container in OutputContainer.allCases {
      let result = try await within(.seconds(30), "recording into \(container)") {
        try await Recording.record(
          try Media(url: server.url("files/plain.mkv"), instance: instance),
          to: scratch.path("out.\(container.fileExtension)"),
          options: RecordingOptions(container: container))
      }
      // libVLC's MPEG-TS muxer writes "???" for none, which the copy into MPEG-TS kept.
      let languages = try await ffprobeLines(result.path, "stream_tags=language")
      #expect(!languages.contains("???"), "\(container): \(languages)")
    }
  }
}
