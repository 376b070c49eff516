// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// Pictures as a player shows them: a phone's sideways-stored video turned upright, pixels
/// that are not square widened; and the parse that says so.
@Suite("Thumbnails as shown", .sharesTheMachine)
struct ThumbnailDisplayTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// 64×32 black with a red top-left quarter, H.264 in MP4: its pixels `sar` wide to 1 tall,
  /// `extra` added by a copy.
  static func marked(
    _ generated: GeneratedMedia, _ name: String, sar: Int = 1, _ extra: [String] = []
  ) async throws -> String {
    let plain = try await generated.make(
      "marked\(sar).mp4",
      [
        "-f", "lavfi", "-i", "color=black:s=64x32:r=25:d=1",
        "-vf", "drawbox=x=0:y=0:w=32:h=16:color=red:t=fill,setsar=\(sar)", "-c:v", "libx264",
        "-pix_fmt", "yuv420p",
      ])
    return try await generated.make(name, ["-i", plain, "-c", "copy"] + extra)
  }

  @Test("a video stored sideways is parsed turned, and pictured upright on both paths")
  func rotated() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // ffmpeg shows it turned 90° counterclockwise (ffprobe: rotation 90): 270° clockwise,
    // the red quarter at the bottom left.
    let source = try await Self.marked(
      generated, "turned.mp4", ["-metadata:s:v:0", "rotate=90"])
    let info = try await Media(path: source, instance: instance).parse()
    let video = try #require(info.tracks.first { $0.kind == .video })
    #expect(video.displayRotation == 270)
    #expect(video.width == 64 && video.height == 32)
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    let local = try Media(path: source, instance: instance)
    let remote = try Media(url: server.url("files/turned.mp4"), instance: instance)
    for (place, media) in [("file", local), ("HTTP", remote)] {
      // It was 64×32 with the red quarter at the top left: as stored.
      let picture = try await within(.seconds(20), "a picture over \(place)") {
        try await Thumbnailer(media: media, mode: .precise).thumbnail(at: .milliseconds(500))
      }
      #expect(picture.width == 32 && picture.height == 64, "\(place)")
      #expect(picture.hue(x: 8, y: 56) == .red, "\(place): bottom left")
      #expect(picture.hue(x: 8, y: 8) == .black, "\(place): top left")
      #expect(picture.hue(x: 24, y: 56) == .black, "\(place): bottom right")
    }
  }

  @Test("pixels twice as wide as tall are parsed so, and pictured twice as wide")
  func widePixels() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let source = try await Self.marked(generated, "wide.mp4", sar: 2)
    let info = try await Media(path: source, instance: instance).parse()
    let video = try #require(info.tracks.first { $0.kind == .video })
    #expect(video.sampleAspectRatio == AspectRatio(width: 2, height: 1))
    let server = try await TestServer(root: generated.folder)
    defer { server.stop() }
    let local = try Media(path: source, instance: instance)
    let remote = try Media(url: server.url("files/wide.mp4"), instance: instance)
    for (place, media) in [("file", local), ("HTTP", remote)] {
      // It was 64×32: the stored pixels, a square picture shown squeezed.
      let picture = try await within(.seconds(20), "a picture over \(place)") {
        try await Thumbnailer(media: media, mode: .precise).thumbnail(at: .milliseconds(500))
      }
      #expect(picture.width == 128 && picture.height == 32, "\(place)")
      #expect(picture.hue(x: 56, y: 8) == .red, "\(place): inside the widened quarter")
      #expect(picture.hue(x: 72, y: 8) == .black, "\(place): past it")
    }
  }
}
