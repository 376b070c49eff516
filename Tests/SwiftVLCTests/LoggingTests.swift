// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CSwiftVLCShim
import Foundation
import Testing

@testable import SwiftVLC

/// libVLC's log through `VLCInstance.logs(minimumLevel:)`.
///
/// The error source is playing an HTTP URL whose port refuses connections. libVLC logs five
/// error entries for it: "HTTP connection failure" (access), "connection failed: Connection
/// refused" (main), "cannot connect to 127.0.0.1:<port>" (http), "Your input can't be opened"
/// and "VLC is unable to open the MRL …" (main). Parsing the same URL logs no error at all:
/// libVLC 3 marks the parser's input object quiet, so its access and demux modules stay silent.
@Suite("Logging", .sharesTheMachine)
@MainActor
struct LoggingTests {
  let instance: VLCInstance

  init() throws { instance = try headlessInstance() }

  @Test("a refused connection while playing is logged at error level")
  func errorEntry() async throws {
    let errors = instance.logs(minimumLevel: .error)
    let player = try playUnreachable()
    let entry = try await errors.first(within: .seconds(10), "an error log entry") { _ in true }
    #expect(entry.level == .error)
    #expect(!entry.message.isEmpty)
    await player.stop()
  }

  @Test("two subscribers both receive errors, and forwarding stops with the last one")
  func twoSubscribers() async throws {
    let streams = [instance.logs(minimumLevel: .error), instance.logs(minimumLevel: .error)]
    #expect(instance.logRouter.isForwarding)
    let received = [Recorder<LogEntry>(), Recorder<LogEntry>()]
    let consumers = zip(streams, received).map { stream, recorder in
      Task {
        for await entry in stream { recorder.append(entry) }
      }
    }
    let player = try playUnreachable()
    try await within(.seconds(10), "an error entry on both streams") {
      while received.contains(where: { $0.values.isEmpty }) {
        try await Task.sleep(for: .milliseconds(20))
      }
    }
    for recorder in received {
      #expect(recorder.values.allSatisfy { $0.level == .error })
    }
    await player.stop()

    for consumer in consumers { consumer.cancel() }
    let router = instance.logRouter
    try await within(.seconds(5), "forwarding to stop") {
      while router.isForwarding {
        try await Task.sleep(for: .milliseconds(20))
      }
    }
  }

  /// Starts playing an HTTP URL nothing listens on.
  private func playUnreachable() throws -> Player {
    let player = Player(instance: instance)
    try player.play(Media(url: TestServer.closedPortURL(), instance: instance))
    return player
  }

  @Test("a message longer than the buffer is cut on a character boundary and ends with …")
  func truncation() {
    let long = String(repeating: "é", count: 3_000)  // 6,000 bytes of 2-byte characters
    var buffer = [CChar](repeating: 0, count: Int(SWIFTVLC_LOG_MESSAGE_MAX))
    buffer.withUnsafeMutableBufferPointer {
      swiftvlc_copy_truncated($0.baseAddress, $0.count, long)
    }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    #expect(bytes.count < Int(SWIFTVLC_LOG_MESSAGE_MAX))
    let text = String(validating: bytes, as: UTF8.self)
    #expect(text != nil, "the cut produced invalid UTF-8")
    #expect(text?.hasSuffix("é…") == true)

    let short = "short message"
    buffer.withUnsafeMutableBufferPointer {
      swiftvlc_copy_truncated($0.baseAddress, $0.count, short)
    }
    let copied = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    #expect(String(decoding: copied, as: UTF8.self) == short)
  }
}
