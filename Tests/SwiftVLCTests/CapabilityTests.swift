// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

@Suite("Instance capabilities", .sharesTheMachine)
@MainActor
struct CapabilityTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("the filter lists name the modules vlc-plugin-base ships")
  func filters() {
    let audio = instance.audioFilters().map(\.name)
    let video = instance.videoFilters().map(\.name)
    #expect(audio.contains("equalizer"))
    #expect(audio.contains("scaletempo"))
    #expect(video.contains("deinterlace"))
    #expect(video.contains("adjust"))
    #expect(instance.videoFilters().allSatisfy { !$0.name.isEmpty })
  }

  @Test("the compiler string names the compiler Debian built libVLC with")
  func compiler() {
    #expect(instance.compiler.contains("gcc") || instance.compiler.contains("clang"))
  }

  @Test("Debian's libVLC has no RTSP module, and says so")
  func rtspMissing() throws {
    // The check must agree with the plugin folder: live555 is what plays RTSP in libVLC 3.
    let live555 = FileManager.default.fileExists(
      atPath: "/usr/lib/x86_64-linux-gnu/vlc/plugins/demux/liblive555_plugin.so")
    try #require(!live555, "this machine's libVLC has live555")
    #expect(
      instance.missingSupport(forScheme: "rtsp")
        == "this libVLC has no RTSP support (live555 is not in Debian's libVLC)")
    #expect(instance.missingSupport(forScheme: "http") == nil)
    #expect(instance.missingSupport(forScheme: "file") == nil)
  }

  @Test("playing an rtsp:// source fails at once with the reason, not a generic failure")
  func playRTSP() throws {
    let player = Player(instance: instance)
    let url = try #require(URL(string: "rtsp://127.0.0.1:1/stream"))
    #expect(
      throws: VLCError.sourceFailed(
        .unsupportedScheme(
          "rtsp", explanation: "this libVLC has no RTSP support (live555 is not in Debian's libVLC)"
        ),
        source: "rtsp://127.0.0.1:1/stream")
    ) { try player.play(url: url) }
    #expect(player.state == .idle)
  }

  @Test("the plugin check finds modules this libVLC has, and only those")
  func pluginFolders() throws {
    // The dynamic linker's answer, with the symbolic links resolved (as /proc/self/maps has it).
    let folder = try #require(VLCInstance.libraryFolder)
    #expect(FileManager.default.fileExists(atPath: folder + "/libvlc.so.5"))
    #expect(URL(fileURLWithPath: folder).resolvingSymlinksInPath().path == folder)
    #expect(VLCInstance.hasPlugin("libhttp_plugin.so"))
    #expect(VLCInstance.hasPlugin("libfilesystem_plugin.so"))
    #expect(!VLCInstance.hasPlugin("libno_such_plugin.so"))
  }

  @Test("the SRT module, packaged apart, is found when installed")
  func srt() {
    let installed = FileManager.default.fileExists(
      atPath: "/usr/lib/x86_64-linux-gnu/vlc/plugins/access/libaccess_srt_plugin.so")
    #expect((instance.missingSupport(forScheme: "srt") == nil) == installed)
  }
}
