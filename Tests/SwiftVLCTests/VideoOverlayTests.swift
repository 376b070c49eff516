// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Video overlays and adjustments", .sharesTheMachine)
@MainActor
struct VideoOverlayTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// Plays the colour clip (a red, a green and a blue second) over and over into 160×120 RGBA
  /// frames and returns the first frame that satisfies `predicate`. Which frames a test sees
  /// depends on the machine (a busy one drops late pictures, and the stream keeps only the
  /// newest), so predicates hold for any of the clip's frames.
  func frame(
    _ player: Player, where predicate: @escaping @Sendable (VideoFrame) -> Bool
  ) async throws -> VideoFrame {
    let frames = try player.videoFrames(width: 160, height: 120)
    let media = try Media(path: Fixture.seekMP4.path, instance: instance)
    media.addOption(":input-repeat=100")
    try player.play(media)
    return try await frames.first(within: .seconds(30), "a matching frame", where: predicate)
  }

  @Test("a marquee's white text appears in the frames")
  func marquee() async throws {
    let player = Player(instance: instance)
    try player.setMarquee(Marquee(text: "WWWW", color: 0xFF_FFFF, size: 40))
    let frame = try await frame(player) { $0.fraction(of: .white) > 0.03 }
    // The text covers part of the picture; the corners keep the clip's colour.
    let corners = [frame.hue(x: 2, y: 2), frame.hue(x: 157, y: 117)]
    #expect(corners[0] == corners[1] && [Hue.red, .green, .blue].contains(corners[0]))
    #expect(player.marquee?.text == "WWWW")
  }

  @Test("a logo image appears where it is placed")
  func logo() async throws {
    let blue = Thumbnail(
      width: 40, height: 40, rgba: Array(repeating: [0, 0, 255, 255], count: 1_600).flatMap { $0 })
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-logo-\(UUID().uuidString).png").path
    try blue.pngData().write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let player = Player(instance: instance)
    try player.setLogo(Logo(path: path, position: .topLeft))
    // The blue logo in the top-left corner of a red or green frame of the clip.
    let frame = try await frame(player) { frame in
      frame.hue(x: 10, y: 10) == .blue && [Hue.red, .green].contains(frame.centreHue)
    }
    // Only there: the other corners show the clip.
    #expect(frame.hue(x: 150, y: 10) == frame.centreHue)
    #expect(frame.hue(x: 10, y: 110) == frame.centreHue)
  }

  @Test("lowering brightness darkens the measured picture")
  func brightness() async throws {
    // The clip's three colours are equally bright (one channel at ~254, the others at 0).
    let plain = try await frame(Player(instance: instance)) { _ in true }.meanBrightness
    let player = Player(instance: instance)
    try player.setVideoAdjustments(VideoAdjustments(brightness: 0.3))
    let dark = try await frame(player) { $0.meanBrightness < plain * 0.8 }
    #expect(dark.meanBrightness < plain * 0.8)
  }

  @Test("out-of-range adjustments are clamped and NaN is rejected")
  func adjustmentRanges() throws {
    let player = Player(instance: instance)
    try player.setVideoAdjustments(VideoAdjustments(brightness: 5, hue: -400, gamma: 0))
    #expect(
      player.videoAdjustments
        == VideoAdjustments(brightness: 2, hue: -180, gamma: 0.01))
    #expect(throws: VLCError.self) {
      try player.setVideoAdjustments(VideoAdjustments(contrast: .nan))
    }
    try player.setVideoAdjustments(nil)
    #expect(player.videoAdjustments == nil)
  }

  @Test("malformed picture controls are rejected, well-formed ones accepted")
  func pictureControls() throws {
    let player = Player(instance: instance)
    #expect(throws: VLCError.self) { try player.setAspectRatio("16-9") }
    #expect(throws: VLCError.self) { try player.setCrop("half") }
    #expect(throws: VLCError.self) { try player.setScale(-1) }
    #expect(throws: VLCError.self) { try player.setViewpoint(Viewpoint(yaw: .infinity)) }
    #expect(throws: VLCError.self) { try player.setLogo(Logo(path: "/nonexistent.png")) }
    #expect(throws: VLCError.self) { try player.setMarquee(Marquee(text: "x", opacity: .nan)) }
    try player.setAspectRatio("16:9")
    try player.setCrop("100x80+10+10")
    try player.setCrop("4:3")
    try player.setScale(0)
    try player.setViewpoint(Viewpoint(yaw: 90, fieldOfView: 100))
    player.setDeinterlace(.yadif)
    player.setDeinterlace(nil)
  }
}

extension VideoFrame {
  /// The share of pixels of an RGBA or BGRA frame with this hue.
  func fraction(of hue: Hue) -> Double {
    var count = 0
    for y in 0..<height {
      for x in 0..<width {
        let (red, green, blue) = rgb(x: x, y: y)
        if Hue(red: red, green: green, blue: blue) == hue { count += 1 }
      }
    }
    return Double(count) / Double(width * height)
  }
}
