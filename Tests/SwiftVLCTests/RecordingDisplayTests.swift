// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// How a recording keeps what a video says of its display: a phone's rotation.
@Suite("Recording display", .sharesTheMachine)
struct RecordingDisplayTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test(
    "a rotated video keeps its rotation in MP4, and Matroska and MPEG-TS name it dropped",
    arguments: [OutputContainer.mp4, .mkv, .ts])
  func rotation(_ container: OutputContainer) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.rotatedMovie()
    let turned = try #require(
      try await FFprobeReport.probe(source).streams.first { $0.kind == "video" }?.rotation)
    // It was lost without a word: the copy was the unturned video.
    let result = try await generated.record(source, container, on: instance)
    try await Self.expectRotation(turned, in: result, container: container)
  }

  /// The file holds the source's rotation (ffprobe's angle, `turned`) in MP4; in Matroska and
  /// MPEG-TS none, and the result names it dropped.
  static func expectRotation(_ turned: Int, in result: RecordingResult, container: OutputContainer)
    async throws
  {
    let written = try await FFprobeReport.probe(result.path).streams.first { $0.kind == "video" }
    let dropped = result.droppedFields.filter { $0.name == "rotation" }
    if container == .mp4 {
      #expect(written?.rotation == turned)
      #expect(dropped.isEmpty)
    } else {
      #expect(written?.rotation == nil)
      // ffprobe gives the angle counterclockwise; players turn the picture the other way.
      #expect(dropped.map(\.value) == ["\((360 - turned % 360) % 360)° clockwise"])
      #expect(dropped.first?.track?.kind == .video)
    }
  }

  @Test(
    "a rotated video over HTTP keeps its rotation in MP4, and Matroska names it dropped",
    arguments: [OutputContainer.mp4, .mkv])
  func rotationOverHTTP(_ container: OutputContainer) async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await generated.rotatedMovie()
    let turned = try #require(
      try await FFprobeReport.probe(source).streams.first { $0.kind == "video" }?.rotation)
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    let media = try Media(url: server.url("files/rotated.mp4"), instance: instance)
    let out = generated.folder.appendingPathComponent("out.\(container.fileExtension)").path
    let result = try await within(.seconds(30), "recording over HTTP") {
      try await Recording.record(media, to: out, options: RecordingOptions(container: container))
    }
    // libVLC's muxers write no rotation: the copy was the unturned video.
    try await Self.expectRotation(turned, in: result, container: container)
  }
}
