// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// A program using SwiftVLC prints nothing on stderr that it did not write: each test runs a
/// program in a process of its own (stderr is the whole process's) and reads its stderr.
@Suite("Library programs and stderr", .sharesTheMachine)
struct LibraryStderrTests {
  @Test("a program showing an ASS subtitle track prints on stderr libass's banner and nothing else")
  func assTrackPrintsOnlyLibassBanner() async {
    // A process of its own: stderr is the whole process's. libVLC 3's libass plugin installs
    // no libass message callback and offers no way to route libass's default one, which
    // prints its banner when an ASS decoder starts; the library leaves libass alone (it
    // patches no other component), so those lines, and only those, are expected.
    await #expect(processExitsWith: .success) {
      await inOwnProcess {
        let written = try await standardErrorWritten(during: showAssSubtitle)
        let lines = written.split(separator: "\n")
        #expect(!lines.isEmpty, "libass's banner: a decoder of the ASS track was not started")
        #expect(lines.allSatisfy { $0.hasPrefix("[ass] ") }, "stderr: \(written)")
      }
    }
  }

  @Test("the README's example program (play, parse, thumbnail, record) prints nothing on stderr")
  func readmeProgramLeavesStderrEmpty() async {
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await expectNothingOnStandardError(during: runReadmeExample) }
    }
  }

  @Test(
    "a program showing video in its own X11 window prints nothing on stderr",
    .enabled(if: Xvfb.isInstalled, "Xvfb and xwd are not installed"))
  func embeddedWindowLeavesStderrEmpty() async {
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await expectNothingOnStandardError(during: showInApplicationWindow) }
    }
  }
}

/// Runs `body` in an exit test's child and expects nothing on stderr meanwhile.
@MainActor
private func expectNothingOnStandardError(during body: @MainActor () async throws -> Void)
  async throws
{
  let written = try await standardErrorWritten(during: body)
  #expect(written.isEmpty, "stderr: \(written)")
}

/// Plays H.264 into an application's X11 window on a private X server with the default
/// arguments (so libVLC chooses the hardware decoding), until a second has played: with a
/// player, then with a list player. On a machine without a VDPAU driver, libVLC's automatic
/// choice made libvdpau print "Failed to open VDPAU backend".
@MainActor
private func showInApplicationWindow() async throws {
  let server = try await Xvfb()
  defer { server.stop() }
  server.exportDisplay()  // this process is the test's own
  let window = try EmbeddingWindow(server: server)
  defer { window.close() }
  let instance = try VLCInstance()
  // 30 s (H.264 too): the 3 s clip's second after its first could be over before a busy
  // main actor looked.
  let list = MediaListPlayer(
    list: try MediaList([Media(path: Fixture.longMP4.path, instance: instance)], instance: instance)
  )
  for (player, play) in [
    (
      Player(instance: instance),
      { (player: Player) throws in
        try player.play(Media(path: Fixture.longMP4.path, instance: instance))
      }
    ),
    (list.player, { (_: Player) throws in try list.play() }),
  ] {
    try player.setVideoOutput(.xWindow(UInt32(window.window)))
    try play(player)
    try await waitUntil("a second of video", within: .seconds(20)) {
      player.currentTime >= .seconds(1) && !player.videoTracks.isEmpty
    }
    await player.stop()
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

/// Plays `tracks.mkv` five times over into memory with its ASS track selected until four
/// seconds have played with it (its lines start at 0.5 s of each 4 s, and libass starts with
/// the decoder).
@MainActor
private func showAssSubtitle() async throws {
  let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
  let player = Player(instance: instance)
  let frames = try player.videoFrames(width: 96, height: 64)
  let drain = Task { for await _ in frames {} }
  defer { drain.cancel() }
  let generated = try GeneratedMedia()
  defer { generated.remove() }
  try player.play(Media(path: try await generated.tracksFiveTimesOver(), instance: instance))
  try await waitUntil("the ASS track", within: .seconds(20)) {
    player.subtitleTracks.contains { $0.codec == "ssa" }
  }
  try player.selectSubtitleTrack(player.subtitleTracks.first { $0.codec == "ssa" })
  let selectedAt = player.currentTime
  try await waitUntil("four seconds with the ASS track", within: .seconds(20)) {
    player.currentTime >= selectedAt + .seconds(4)
  }
  await player.stop()
}

/// Item 6 of issue 31: an instance with the caller's own arguments keeps quiet too.
extension LibraryStderrTests {
  @Test("a program with its own instance arguments prints nothing on stderr without a desktop")
  func ownArgumentsLeaveStderrEmpty() async {
    await #expect(processExitsWith: .success) {
      await inOwnProcess { try await expectNothingOnStandardError(during: playWithOwnArguments) }
    }
  }
}

/// Plays a video with sound twice, each with a player of its own, on an instance whose
/// arguments choose no output, with no display, no Wayland compositor, no sound server and
/// no `XDG_RUNTIME_DIR` (this process is the test's own): libwayland printed
/// "XDG_RUNTIME_DIR is invalid or not set" once per player, and ALSA its failures.
@MainActor
private func playWithOwnArguments() async throws {
  for name in ["XDG_RUNTIME_DIR", "DISPLAY", "WAYLAND_DISPLAY", "PULSE_SERVER"] { unsetenv(name) }
  let instance = try VLCInstance(arguments: ["--no-video-title-show", "--avcodec-hw=none"])
  for _ in 1...2 {
    let player = Player(instance: instance)
    try player.play(Media(path: Fixture.tracksMKV.path, instance: instance))
    try await waitUntil("half a second of video", within: .seconds(20)) {
      player.currentTime >= .milliseconds(500)
    }
    await player.stop()
  }
}
