// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// `BatchProbe`: many sources over a pool of instances, each answer equal to what
/// `Media.parse` on one instance with libVLC's defaults (Lua included) says.
@Suite("Batch probe", .sharesTheMachine)
struct BatchProbeTests {
  @Test(
    "every answer equals the single parse with Lua, field by field, on the probe corpus",
    .runsLong)
  func equalsSingleParse() async throws {
    let folder = try GeneratedMedia()
    defer { folder.remove() }
    var paths: [String] = []
    for file in ProbeCorpus.allCases { paths.append(try await file.make(in: folder.folder)) }
    paths += try await Self.oddFiles(in: folder)
    let sources = paths.map { URL(fileURLWithPath: $0) }

    let probe = try BatchProbe(instances: 2)
    let results = try await within(.seconds(60), "the batch probe") { await probe.probe(sources) }
    let instance = try headlessInstance()
    for (path, result) in zip(paths, results) {
      let single: Result<MediaInfo, VLCError>
      do throws(VLCError) {
        single = .success(try await Media(path: path, instance: instance).parse())
      } catch {
        single = .failure(error)
      }
      let name = (path as NSString).lastPathComponent
      switch (result.outcome, single) {
      case (.success(let batch), .success(let reference)):
        #expect(differences(batch, reference).isEmpty, "\(name): \(differences(batch, reference))")
      case (.failure(let batch), .failure(let reference)):
        #expect("\(batch)" == "\(reference)", "\(name)")
      default:
        Issue.record("\(name): batch \(result.outcome), single parse \(single)")
      }
    }
  }

  @Test("without Lua an untagged episode file would lose the title libVLC's script gives it")
  func luaTitlesEpisodes() async throws {
    let folder = try GeneratedMedia()
    defer { folder.remove() }
    let path = try await folder.make(
      "Some.Show.S01E02.mkv",
      GeneratedMedia.video(seconds: 1) + ["-map_metadata", "-1", "-c:v", "mpeg4"])
    let withLua = try await Media(path: path, instance: headlessInstance()).parse()
    let withoutLua = try await Media(
      path: path,
      instance: VLCInstance(arguments: VLCInstance.headlessArguments + ["--no-lua"])
    ).parse()
    #expect(withLua.metadata.title == "Some Show S01E02")
    #expect(withoutLua.metadata.title == nil)
    let batch = try await BatchProbe().probe([URL(fileURLWithPath: path)])
    #expect(try batch[0].outcome.get().metadata.title == "Some Show S01E02")
  }

  @Test("results come in source order, or each once as it finishes")
  func order() async throws {
    let folder = try GeneratedMedia()
    defer { folder.remove() }
    let clip = try await folder.make("clip.mp4", GeneratedMedia.video(seconds: 1))
    let sources = (0..<12).map { index in
      index % 4 == 3
        ? folder.folder.appendingPathComponent("missing-\(index).mp4")
        : URL(fileURLWithPath: clip)
    }
    let probe = try BatchProbe(instances: 2, concurrency: 3)
    let inOrder = try await within(.seconds(30), "results in order") {
      var results: [BatchProbe.Result] = []
      for await result in probe.results(for: sources) { results.append(result) }
      return results
    }
    #expect(inOrder.map(\.index) == Array(0..<12))
    #expect(inOrder.map(\.source) == sources)
    for result in inOrder {
      switch result.outcome {
      case .success(let info): #expect(info.isPlayable && result.index % 4 != 3)
      case .failure(let error):
        #expect(result.index % 4 == 3)
        guard case .mediaCreationFailed = error else {
          Issue.record("missing file: \(error)")
          continue
        }
      }
    }
    let asTheyCome = try await within(.seconds(30), "results as they come") {
      var indexes: [Int] = []
      for await result in probe.results(for: sources, order: .completion) {
        indexes.append(result.index)
      }
      return indexes
    }
    #expect(asTheyCome.sorted() == Array(0..<12))
  }

  @Test("bad sources get their own typed error (or, for garbage, an unplayable answer) in time")
  func errorsPerSource() async throws {
    let folder = try GeneratedMedia()
    defer { folder.remove() }
    let garbage = folder.folder.appendingPathComponent("garbage.mkv")
    try Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 7_919 >> 3) }).write(to: garbage)
    let empty = folder.folder.appendingPathComponent("empty.mp4")
    try Data().write(to: empty)
    let sources = [
      folder.folder.appendingPathComponent("missing.mp4"), folder.folder, garbage, empty,
      try #require(URL(string: "http://127.0.0.1:9/never.mp4")),
    ]
    let probe = try BatchProbe()
    let results = try await within(.seconds(20), "bad sources") { await probe.probe(sources) }
    guard case .failure(.mediaCreationFailed) = results[0].outcome,
      case .failure(.mediaCreationFailed) = results[1].outcome,
      case .success(let garbageInfo) = results[2].outcome,
      case .failure(.sourceFailed(.notMedia, _)) = results[3].outcome,
      case .failure(.parseFailed) = results[4].outcome
    else {
      Issue.record("unexpected outcomes: \(results.map(\.outcome))")
      return
    }
    #expect(!garbageInfo.isPlayable)
  }

  @Test("cancelling stops the parses in flight at once and starts no other")
  func cancellation() async throws {
    let server = try await TestServer()
    let sources = (0..<6).map { server.url("hang/never-\($0).mp4") }
    let probe = try BatchProbe(instances: 2, timeout: .seconds(60), network: true)
    let task = Task { await probe.probe(sources) }
    try await server.waitForConnections(atLeast: 1)
    let cancelled = ContinuousClock.now
    task.cancel()
    let results = try await within(.seconds(5), "the cancelled probe to return") {
      await task.value
    }
    #expect(ContinuousClock.now - cancelled < .seconds(3))
    #expect(results.map(\.index) == Array(0..<6))
    for result in results {
      guard case .failure(.cancelled) = result.outcome else {
        Issue.record("source \(result.index): \(result.outcome)")
        continue
      }
    }
    // libVLC's parse timeout is a minute away: only libvlc_media_parse_stop closes these.
    try await server.waitForNoConnections(within: .seconds(10))
    #expect(try await server.requestCount("hang") <= 4)
  }

  @Test(
    "libVLC's filename script pattern",
    arguments: [
      ("Show.Name.S01E02.mkv", true), ("Show S1E2 final.mp4", true), ("aS12E3", true),
      ("S01E02.mkv", false), ("Show.s01e02.mkv", false), ("Show.S01E.mkv", false),
      ("Season.SE02.mkv", false), ("plain.mkv", false),
    ])
  func episodePattern(_ name: String, _ matches: Bool) {
    #expect(LuaScripts.namesAnEpisode(name) == matches)
  }

  /// Files beyond the corpus where Lua or the parser behave differently: an episode name
  /// without a title tag, a CUE sheet, a truncated MP4, garbage, an empty file.
  private static func oddFiles(in folder: GeneratedMedia) async throws -> [String] {
    let episode = try await folder.make(
      "Some.Show.S03E04.mkv",
      GeneratedMedia.video(seconds: 1) + ["-map_metadata", "-1", "-c:v", "mpeg4"])
    let tagged = try await folder.make(
      "Tagged.S01E01.mp4", GeneratedMedia.video(seconds: 1) + ["-metadata", "title=Real"])
    let clip = try await folder.make("clip.mp4", GeneratedMedia.video(seconds: 2))
    let data = try Data(contentsOf: URL(fileURLWithPath: clip))
    let truncated = folder.folder.appendingPathComponent("truncated.mp4")
    try data.prefix(data.count / 3).write(to: truncated)
    let cue = folder.folder.appendingPathComponent("album.cue")
    try Data(
      "FILE \"clip.mp4\" WAVE\n  TRACK 01 AUDIO\n    TITLE \"One\"\n    INDEX 01 00:00:00\n"
        .utf8
    ).write(to: cue)
    let garbage = folder.folder.appendingPathComponent("garbage.mp4")
    try Data((0..<65_536).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) })
      .write(to: garbage)
    let empty = folder.folder.appendingPathComponent("empty.mkv")
    try Data().write(to: empty)
    return [episode, tagged, clip, truncated.path, cue.path, garbage.path, empty.path]
  }
}

/// The fields in which two parse results differ, by name.
private func differences(_ left: MediaInfo, _ right: MediaInfo) -> [String] {
  var fields: [String] = []
  if left.duration != right.duration { fields.append("duration") }
  if left.metadata != right.metadata { fields.append("metadata") }
  if left.tracks != right.tracks { fields.append("tracks") }
  if left.isPlayable != right.isPlayable { fields.append("isPlayable") }
  if left.container != right.container { fields.append("container") }
  if left.demuxer != right.demuxer { fields.append("demuxer") }
  if left.bitrate != right.bitrate { fields.append("bitrate") }
  if left.programs != right.programs { fields.append("programs") }
  if left.chapters != right.chapters { fields.append("chapters") }
  if left.unknowns != right.unknowns { fields.append("unknowns") }
  if !fields.isEmpty, left != right {
    fields.append("batch: \(left), single: \(right)")
  }
  return fields
}
