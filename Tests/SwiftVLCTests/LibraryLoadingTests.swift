// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

/// FFmpeg's libraries and libcurl are loaded at first use (CLibraryLoader), not at start: a
/// program that never decodes an exact frame, copies a recording or fetches a list maps
/// neither, and one that cannot load them is told which library and why.
@Suite("Libraries loaded at first use", .sharesTheMachine)
struct LibraryLoadingTests {
  /// The libraries the dynamic linker maps before `main`.
  private static let loadedAtFirstUse = [
    "libavformat", "libavcodec", "libswscale", "libavutil", "libcurl",
  ]

  @Test("the tool maps libVLC at start, and neither FFmpeg nor libcurl")
  func notMappedAtStart() async throws {
    let listing = try await runProgram("ldd", [SwiftVLCTool.url.path])
    let text = String(decoding: listing.stdout, as: UTF8.self)
    #expect(listing.status == 0, "\(listing.stderr)")
    #expect(text.contains("libvlc.so"), "ldd listed: \(text)")
    for library in Self.loadedAtFirstUse {
      #expect(!text.contains(library), "\(library) is mapped at start:\n\(text)")
    }
  }

  /// A folder that holds unloadable copies of `names`, searched before the system's.
  private func brokenLibraries(_ names: [String], in scratch: ScratchDirectory) throws -> String {
    let folder = scratch.path("lib")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for name in names {
      try Data().write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
    }
    return folder
  }

  @Test("without FFmpeg a copy fails naming the library and writes nothing; thumbnails use libVLC")
  func withoutFFmpeg() async throws {
    let scratch = try ScratchDirectory("no-ffmpeg")
    defer { scratch.remove() }
    let folder = try brokenLibraries(["libavformat.so.59"], in: scratch)
    let environment = ["LD_LIBRARY_PATH": folder]
    let recording = scratch.path("copy.mkv")
    let record = try await runTool(
      ["record", Fixture.seekMP4.path, "-o", recording], environment: environment)
    #expect(record.status != 0)
    #expect(record.stderr.contains("libavformat.so.59 could not be loaded"), "\(record.stderr)")
    #expect(!FileManager.default.fileExists(atPath: recording))
    // The exact-frame path refuses the file; libVLC's own seeking takes the picture.
    let still = scratch.path("still.png")
    let thumbnail = try await runTool(
      ["thumbnail", Fixture.seekMP4.path, "--at", "1", "--precise", "-o", still],
      environment: environment)
    #expect(thumbnail.status == 0, "\(thumbnail.stderr)")
    #expect(thumbnail.stderr.isEmpty)
    let picture = try decodePNG(atPath: still)
    #expect(picture.width == 160 && picture.height == 120)
  }

  @Test("without libcurl a list over HTTP fails naming the library")
  func withoutCurl() async throws {
    let scratch = try ScratchDirectory("no-curl")
    defer { scratch.remove() }
    let folder = try brokenLibraries(["libcurl.so.4"], in: scratch)
    let result = try await runTool(
      ["channels", "http://127.0.0.1:9/list.m3u"], environment: ["LD_LIBRARY_PATH": folder])
    #expect(result.status != 0)
    #expect(result.stderr.contains("libcurl.so.4 could not be loaded: "), "\(result.stderr)")
    // glibc's words begin with the path it tried, not the soname again.
    #expect(!result.stderr.contains("loaded: libcurl.so.4"), "\(result.stderr)")
  }

  @Test("a library by that name without libcurl's functions fails naming the function")
  func wrongLibrary() async throws {
    let scratch = try ScratchDirectory("wrong-curl")
    defer { scratch.remove() }
    // zlib, which the tool links (ldd says where), standing in as libcurl.so.4.
    let listing = try await runProgram("ldd", [SwiftVLCTool.url.path])
    let zlib = try #require(
      String(decoding: listing.stdout, as: UTF8.self).split(separator: "\n")
        .first { $0.contains("libz.so.1 => ") }?.split(separator: " ").dropFirst(2).first)
    let folder = scratch.path("lib")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = URL(fileURLWithPath: String(zlib)).resolvingSymlinksInPath()
    try FileManager.default.copyItem(atPath: file.path, toPath: folder + "/libcurl.so.4")
    let result = try await runTool(
      ["channels", "http://127.0.0.1:9/list.m3u"], environment: ["LD_LIBRARY_PATH": folder])
    #expect(result.status != 0)
    #expect(result.stderr.contains("no function curl_"), "\(result.stderr)")
    #expect(result.stderr.contains(" in libcurl.so.4"), "\(result.stderr)")
  }
}
