import Foundation
import SwiftVLC
import Testing

@Suite("Video overlays and adjustments", .sharesTheMachine)
@MainActor
struct VideoOverlayTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  /// Plays the colour clip into 160×120 RGBA frames and returns the first frame (within the
  /// red first second) that satisfies `predicate`.
  func firstRedFrame(
    _ player: Player, where predicate: @escaping @Sendable (VideoFrame) -> Bool
  ) async throws -> VideoFrame {
    let frames = try player.videoFrames(width: 160, height: 120)
    try player.play(Media(path: Fixture.seekMP4.path, instance: instance))
    return try await frames.first(within: .seconds(5), "a matching frame") { frame in
      frame.index < 20 && predicate(frame)
    }
  }

  @Test("a marquee's white text appears in the frames")
  func marquee() async throws {
    let player = Player(instance: instance)
    try player.setMarquee(Marquee(text: "WWWW", color: 0xFF_FFFF, size: 40))
    let frame = try await firstRedFrame(player) { $0.fraction(of: .white) > 0.03 }
    #expect(frame.rgb(x: 2, y: 2) == frame.rgb(x: 157, y: 117))  // the corners stay red
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
    let frame = try await firstRedFrame(player) { frame in
      let (red, green, blue) = frame.rgb(x: 10, y: 10)
      return Hue(red: red, green: green, blue: blue) == .blue
    }
    #expect(frame.centreHue == .red)
  }

  @Test("lowering brightness darkens the measured picture")
  func brightness() async throws {
    let plain = try await firstRedFrame(Player(instance: instance)) { _ in true }.meanBrightness
    let player = Player(instance: instance)
    try player.setVideoAdjustments(VideoAdjustments(brightness: 0.3))
    let dark = try await firstRedFrame(player) { $0.meanBrightness < plain * 0.8 }
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
