// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC

/// A fresh, empty directory for files a test writes, removed by ``remove()``.
struct ScratchDirectory {
  let url: URL

  init(_ label: String = "output") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the directory.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The names of the files in the directory.
  var contents: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// What libVLC reads back from a written file: a fresh media, parsed (bounded).
func readBack(_ path: String, instance: VLCInstance) async throws -> MediaInfo {
  let media = try Media(path: path, instance: instance)
  return try await within(.seconds(10), "parsing \(path)") {
    try await media.parse(timeout: .seconds(5))
  }
}

extension MediaInfo {
  /// The codecs of the tracks, sorted, such as ["h264", "mp4a"].
  var codecs: [String] { tracks.map(\.codec).sorted() }
}

/// Whether `value` is within `tolerance` of `expected`.
func isWithin(_ value: Duration?, _ tolerance: Duration, of expected: Duration) -> Bool {
  guard let value else { return false }
  return value >= expected - tolerance && value <= expected + tolerance
}

/// The size of the file at `path` in bytes, or `nil` when there is none.
func fileSizeOf(_ path: String) -> Int64? {
  (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
}
