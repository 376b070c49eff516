// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC

/// The folder libVLC's local-folder discovery ("video_dir") takes for the user's videos in this
/// test process: a scratch folder named in `$XDG_CONFIG_HOME/user-dirs.dirs`, which the
/// service reads at each start. Every in-process test that starts "video_dir" goes through
/// here first, so none scans the real home folder.
///
/// `XDG_CONFIG_HOME` is set once, on first use, and never changed again: `setenv` racing a
/// `getenv` on one of libVLC's threads would be undefined behaviour. The tests that put files
/// in the folder run one at a time (the Discovery suite is serialized).
enum VideoFolder {
  /// The videos folder.
  static let url: URL = {
    let videos = root.appendingPathComponent("Videos")
    let config = root.appendingPathComponent("config")
    do {
      for folder in [videos, config] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      try "XDG_VIDEOS_DIR=\"\(videos.path)\"\n".write(
        to: config.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8)
    } catch {
      fatalError("cannot prepare the test videos folder: \(error)")
    }
    setenv("XDG_CONFIG_HOME", config.path, 1)
    return videos
  }()

  /// The process's scratch folder, holding the videos folder and the configuration; removed
  /// when the process exits.
  private static let root = ProcessScratch.folder(prefix: "swiftvlc-videos-")

  /// Replaces what the folder holds with copies of `fixtures`; returns their MRLs.
  static func fill(with fixtures: [Fixture]) throws -> Set<String> {
    empty()
    var mrls: Set<String> = []
    for fixture in fixtures {
      let copy = url.appendingPathComponent(fixture.url.lastPathComponent)
      try FileManager.default.copyItem(at: fixture.url, to: copy)
      mrls.insert(copy.absoluteString)
    }
    return mrls
  }

  /// Removes everything from the folder (and prepares it on first use).
  static func empty() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    for name in names { try? FileManager.default.removeItem(at: url.appendingPathComponent(name)) }
  }

  /// Waits (bounded) until `events` reported every one of `mrls`.
  static func awaitDiscovery(of mrls: Set<String>, on events: AsyncStream<MediaDiscoveryEvent>)
    async throws
  {
    try await within(.seconds(10), "the discovery of \(mrls.count) files") {
      var found: Set<String> = []
      for await case .added(let media, _) in events {
        found.insert(media.mrl)
        if found == mrls { return }
      }
      throw TimedOut(what: "the discovery (the stream ended first); found \(found)")
    }
  }
}
