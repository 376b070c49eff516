// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

/// `swiftvlc probe FOLDER` (container depth: headers and libVLC's preparse) against
/// `swiftvlc probe FILE…` (named files: decoded depth) on every file of ``ProbeCorpus``: the
/// same facts, or an "unknown" line for what the folder probe cannot know without decoding;
/// never a different value (issue 31 item 2).
@Suite("Folder probe agrees with named-file probes", .sharesTheMachine(weight: 2), .runsLong)
struct CorpusFolderProbeTests {
  @Test("every fact of a folder probe is the named-file probe's, or said to be unknown")
  func sameFacts() async throws {
    // The benchmark's corpus-probe case reads the folder kept in SWIFTVLC_CORPUS_FOLDER.
    let kept = ProcessInfo.processInfo.environment["SWIFTVLC_CORPUS_FOLDER"]
    let folder =
      kept.map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-corpus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { if kept == nil { try? FileManager.default.removeItem(at: folder) } }
    var paths: [String: ProbeCorpus] = [:]
    for file in ProbeCorpus.allCases { paths[try await file.make(in: folder)] = file }
    // Only the corpus files: the recipes' inputs (subtitles, chapters) are removed.
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let path = folder.appendingPathComponent(name).path
      if paths[path] == nil { try FileManager.default.removeItem(atPath: path) }
    }
    let byFolder = try await runTool(
      ["probe", folder.path, "--json-lines"], within: .seconds(120))
    let named = try await runTool(
      ["probe", "--json-lines"] + paths.keys.sorted(), within: .seconds(240))
    let folderObjects = try objects(byFolder.stdoutLines)
    let namedObjects = try objects(named.stdoutLines)
    #expect(folderObjects.count == paths.count)
    #expect(namedObjects.count == paths.count)
    for (path, file) in paths {
      guard let container = folderObjects[path], let decoded = namedObjects[path] else {
        Issue.record("\(file.rawValue): no line from one of the probes")
        continue
      }
      compare(container, decoded, file: file)
    }
  }

  /// Each line's object by its source path.
  private func objects(_ lines: [String]) throws -> [String: [String: Any]] {
    var found: [String: [String: Any]] = [:]
    for line in lines {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      if let source = object["source"] as? String { found[source] = object }
    }
    return found
  }

  /// What the folder probe says must be what the named probe says, or unknown.
  private func compare(_ folder: [String: Any], _ named: [String: Any], file: ProbeCorpus) {
    let name = file.rawValue
    let unknowns = folder["unknown"] as? [String] ?? []
    func says(_ prefix: String) -> Bool { unknowns.contains { $0.contains(prefix) } }
    if let error = named["error"] as? String {
      // Container depth runs no decoder: a file nothing decodes may still list its streams.
      #expect(
        folder["error"] != nil || file.expectedFailure != nil,
        "\(name): named probe failed (\(error)), folder probe did not")
      return
    }
    guard folder["error"] == nil else {
      Issue.record("\(name): folder probe failed: \(folder["error"] ?? "")")
      return
    }
    #expect(
      text(folder["container"]) == text(named["container"])
        || folder["container"] == nil && says("the container"),
      "\(name): container \(text(folder["container"])), named \(text(named["container"]))")
    #expect(
      text(folder["durationMs"]) == text(named["durationMs"])
        || folder["durationMs"] == nil && says("duration"),
      "\(name): duration \(text(folder["durationMs"])), named \(text(named["durationMs"]))")
    #expect(
      text(folder["metadata"]) == text(named["metadata"]), "\(name): metadata")
    #expect(
      text(folder["programs"]) == text(named["programs"]), "\(name): programs")
    let chapters = folder["chapters"] as? [Any] ?? []
    #expect(
      text(folder["chapters"]) == text(named["chapters"]) || chapters.isEmpty && says("chapters"),
      "\(name): chapters \(text(folder["chapters"])), named \(text(named["chapters"]))")
    let tracks = folder["tracks"] as? [[String: Any]] ?? []
    let namedTracks = named["tracks"] as? [[String: Any]] ?? []
    guard tracks.count == namedTracks.count else {
      #expect(
        tracks.isEmpty && says("tracks"),
        "\(name): \(tracks.count) tracks, named \(namedTracks.count)")
      return
    }
    // A value the container leaves to the decoder, and the unknown line that says so.
    let decoderValues = [
      "channels": "channel counts", "sampleRate": "sample rates", "width": "picture sizes",
      "height": "picture sizes", "fps": "frame rates",
    ]
    for (track, decodedTrack) in zip(tracks, namedTracks) {
      for key in ["kind", "codec", "format", "language", "name"] {
        #expect(
          text(track[key]) == text(decodedTrack[key]),
          "\(name) track \(text(track["id"])): \(key) \(text(track[key])), named \(text(decodedTrack[key]))"
        )
      }
      for (key, unknown) in decoderValues {
        #expect(
          text(track[key]) == text(decodedTrack[key]) || track[key] == nil && says(unknown),
          "\(name) track \(text(track["id"])): \(key) \(text(track[key])), named \(text(decodedTrack[key]))"
        )
      }
    }
  }

  /// A JSON value as text, for comparing and for messages ("nil" for none).
  private func text(_ value: Any?) -> String {
    guard let value else { return "nil" }
    if let data = try? JSONSerialization.data(
      withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    {
      return String(decoding: data, as: UTF8.self)
    }
    return "\(value)"
  }
}
