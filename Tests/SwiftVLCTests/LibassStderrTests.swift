import Foundation
import SwiftVLC
import Testing

/// libVLC 3 lets libass print its banner on the process's stderr when an SSA/ASS track is
/// shown; SwiftVLC routes it to the instance's log instead.
@Suite("libass and stderr", .sharesTheMachine)
struct LibassStderrTests {
  @Test("a program showing an ASS subtitle track prints nothing on stderr; the log has libass")
  func assTrackLeavesStderrEmpty() async throws {
    // A process of its own: stderr is the whole process's.
    let result = await #expect(
      processExitsWith: .success, observing: [\.standardErrorContent]
    ) {
      try await showAssSubtitle()
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.isEmpty, "\(stderr)")
  }
}

/// Plays `tracks.mkv` into memory with its ASS track selected until libass's banner reaches
/// the instance's log (module "ass"); throws when it does not within 20 s.
@MainActor
private func showAssSubtitle() async throws {
  let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
  let banner = Task {
    for await entry in instance.logs(minimumLevel: .debug)
    where entry.module == "ass" && entry.message.contains("libass API version") {
      return true
    }
    return false
  }
  let player = Player(instance: instance)
  let frames = try player.videoFrames(width: 96, height: 64)
  let drain = Task { for await _ in frames {} }
  defer { drain.cancel() }
  try player.play(Media(path: Fixture.tracksMKV.path, instance: instance))
  try await waitUntil("the ASS track", within: .seconds(20)) {
    player.subtitleTracks.contains { $0.codec == "ssa" }
  }
  try player.selectSubtitleTrack(player.subtitleTracks.first { $0.codec == "ssa" })
  let shown = try await within(.seconds(20), "libass's banner in the log") { await banner.value }
  await player.stop()
  try #require(shown, "the log ended before libass's banner")
}
