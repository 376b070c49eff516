// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Glibc
import Testing

@testable import SwiftVLC

/// A named pipe with no writer: read as a live stream, every path ends within its limit (a
/// read ahead of libVLC's would wait for a writer for ever).
@Suite("FIFO sources", .sharesTheMachine)
struct FIFOSourceTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a thumbnail and a recording of a FIFO without a writer end within their limits")
  func withoutWriter() async throws {
    let scratch = try ScratchDirectory("fifo")
    defer { scratch.remove() }
    let fifo = scratch.path("pipe.ts")
    try #require(mkfifo(fifo, 0o600) == 0)
    let media = try Media(path: fifo, instance: instance)
    #expect(!media.isLocalFile)
    #expect(media.localPath == nil)
    // Both hung until a signal: the exact-frame decoder's open and the recording's parse
    // waited for a writer.
    let thumbnailing = await #expect(throws: VLCError.self) {
      try await within(.seconds(10), "a thumbnail") {
        try await Thumbnailer(media: media).thumbnail(at: .seconds(1), timeout: .seconds(2))
      }
    }
    #expect(thumbnailing == .sourceFailed(.timeout, source: media.mrl))
    let out = scratch.path("out.ts")
    let recording = await #expect(throws: VLCError.self) {
      try await within(.seconds(10), "a recording") {
        try await Recording.record(
          media, to: out, options: RecordingOptions(stallTimeout: .seconds(1)))
      }
    }
    #expect(recording == .sourceFailed(.timeout, source: media.mrl))
    #expect(scratch.contents == ["pipe.ts"])
  }
}
