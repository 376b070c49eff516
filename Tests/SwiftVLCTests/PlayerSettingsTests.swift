import Testing

@testable import SwiftVLC

/// What a player asked of its native player, as one value that a fresh native player gets
/// whole (see ``NativeSettings``).
@Suite("Player settings", .sharesTheMachine)
@MainActor
struct PlayerSettingsTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("settings are one value: what was set, nothing else, kept across a native swap")
  func oneValue() throws {
    let player = Player(instance: instance)
    let initial = player.nativeSettings
    try player.setAudioVolume(0.5)
    player.isMuted = true
    try player.setPlaybackRate(1.5)
    try player.setAudioDelay(.milliseconds(200))
    try player.setAspectRatio("16:9")
    try player.setCrop(nil)
    player.setDeinterlace(.yadif)
    player.setKeyInput(false)
    var expected = initial
    expected.volume = 50
    expected.isMuted = true
    expected.rate = 1.5
    expected.audioDelay = 200_000
    expected.aspectRatio = .some("16:9")
    expected.crop = .some(nil)
    expected.deinterlace = .some(DeinterlaceMode.yadif.rawValue)
    expected.keyInput = false
    #expect(player.nativeSettings == expected)
    #expect(expected.scale == nil && expected.viewpoint == nil && expected.fullscreen == nil)
    let replaced = player.native
    player.replaceNativePlayer()
    #expect(player.native !== replaced)
    #expect(player.nativeSettings == expected)
  }
}
