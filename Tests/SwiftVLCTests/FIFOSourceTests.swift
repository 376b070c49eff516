// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Glibc
import Testing

@testable import SwiftVLC

/// A named pipe: libVLC 3 cannot read one by name (its disc access modules and meta reader
/// open it first), so a media is refused at once; read from its descriptor, it records.
@Suite("FIFO sources", .sharesTheMachine)
struct FIFOSourceTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a FIFO by name is refused at once; from its descriptor it records what its writer sends")
  func fifo() async throws {
    let scratch = try ScratchDirectory("fifo")
    defer { scratch.remove() }
    let fifo = scratch.path("pipe.ts")
    try #require(mkfifo(fifo, 0o600) == 0)
    // Every command waited for its limit ("timeout"), also with a writer.
    let error = #expect(throws: VLCError.self) { try Media(path: fifo, instance: instance) }
    guard case .mediaCreationFailed(let source)? = error else {
      Issue.record("expected mediaCreationFailed, got \(String(describing: error))")
      return
    }
    #expect(source.hasPrefix("\(fifo): a FIFO"))
    // Opened without waiting for a writer, as `swiftvlc` opens a FIFO SOURCE.
    let descriptor = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixture.shortTS.path))
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
      handle.write(bytes)
      try? handle.close()
    }
    writer.start()
    let media = try Media(fileDescriptor: descriptor, instance: instance)
    let result = try await within(.seconds(20), "recording the FIFO") {
      try await Recording.record(media, to: scratch.path("out.ts"))
    }
    let length = try #require(try await FFprobeReport.probe(Fixture.shortTS.path).duration)
    let written = Double(result.duration.milliseconds) / 1_000
    #expect(abs(written - length) <= 0.2, "\(written) s of \(length) s")
  }
}
