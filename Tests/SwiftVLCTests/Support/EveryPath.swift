// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Parses the file at `path`, and the same file at each of `urls` (with the network), at each
/// of `depths`, on one headless instance: what a test that wants the same facts on every path
/// compares. Each parse has 8 s and fails the test after 20; the media's
/// ``Media/currentMetadata`` after each must be the parse's metadata.
func parsedOnEveryPath(
  file path: String, urls: [URL], depths: [ParseDepth] = [.container, .decoded]
) async throws -> [(place: String, info: MediaInfo)] {
  let instance = try headlessInstance()
  var sources = [(try Media(path: path, instance: instance), false)]
  for url in urls { sources.append((try Media(url: url, instance: instance), true)) }
  var parsed: [(place: String, info: MediaInfo)] = []
  for (source, network) in sources {
    for depth in depths {
      let info = try await within(.seconds(20), "parsing \(source.mrl)") {
        try await source.parse(timeout: .seconds(8), network: network, depth: depth)
      }
      // One truth: the media's metadata, read after the parse, is the parse's.
      #expect(source.currentMetadata == info.metadata, "\(source.mrl) at \(depth)")
      parsed.append(("\(source.mrl) at \(depth)", info))
    }
  }
  return parsed
}
