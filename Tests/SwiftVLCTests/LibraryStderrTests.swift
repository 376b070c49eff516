import Foundation
import SwiftVLC
import Testing

/// A program using SwiftVLC prints nothing on stderr that it did not write: each test runs a
/// program in a process of its own (stderr is the whole process's) and reads its stderr.
@Suite("Library programs and stderr", .sharesTheMachine)
struct LibraryStderrTests {
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

  @Test("the README's example program (play, parse, thumbnail, record) prints nothing on stderr")
  func readmeProgramLeavesStderrEmpty() async throws {
    let result = await #expect(
      processExitsWith: .success, observing: [\.standardErrorContent]
    ) {
      try await runReadmeExample()
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.isEmpty, "\(stderr)")
  }
}

/// Runs the README's three functions as its program would: `watch` on a video with
/// subtitles, `describe` on a 12 s video (its still is at 10 s), `record` of an HTTP source.
private func runReadmeExample() async throws {
  let generated = try GeneratedMedia()
  defer { generated.remove() }
  let video = try await generated.make(
    "twelve.mp4", GeneratedMedia.video(seconds: 12) + ["-c:v", "libx264", "-c:a", "aac"])
  let server = try await TestServer()
  try await watch(Fixture.tracksMKV.path)
  try await describe(video)
  try await record(server.url("files/seek.mp4"))
}

/// Plays `tracks.mkv` into memory with its ASS track selected until libass's banner reaches
/// the instance's log (module "ass"); throws when it does not within 20 s.
@MainActor
private func showAssSubtitle() async throws {
  let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
  let logs = instance.logs(minimumLevel: .debug)
  let player = Player(instance: instance)
  let frames = try player.videoFrames(width: 96, height: 64)
  let drain = Task { for await _ in frames {} }
  defer { drain.cancel() }
  try player.play(Media(path: Fixture.tracksMKV.path, instance: instance))
  try await waitUntil("the ASS track", within: .seconds(20)) {
    player.subtitleTracks.contains { $0.codec == "ssa" }
  }
  try player.selectSubtitleTrack(player.subtitleTracks.first { $0.codec == "ssa" })
  try await within(.seconds(20), "libass's banner in the log") {
    for await entry in logs
    where entry.module == "ass" && entry.message.contains("libass API version") {
      return
    }
    throw TimedOut(what: "libass's banner (the log ended first)")
  }
  await player.stop()
}
