// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// The library's one URL fetcher (libcurl), against the fault server on 127.0.0.1.
@Suite("HTTP fetch", .mostlyWaits)
struct HTTPFetchTests {
  @Test("a file comes back byte for byte; an error status is a typed failure naming it")
  func bodyAndStatus() async throws {
    let server = try await TestServer()
    let data = try await HTTPFetch.data(
      from: server.url("files/long.mp4"), timeout: .seconds(10))
    #expect(data == (try Data(contentsOf: Fixture.longMP4.url)))
    let missing = server.url("status/404/list.m3u")
    await #expect(throws: VLCError.operationFailed("\(missing.absoluteString): HTTP 404")) {
      try await HTTPFetch.data(from: missing, timeout: .seconds(10))
    }
  }

  @Test("a body past the limit is refused, and the limit itself is accepted")
  func limit() async throws {
    let server = try await TestServer()
    let url = server.url("files/long.mp4")
    let size = try Data(contentsOf: Fixture.longMP4.url).count
    await #expect(throws: VLCError.operationFailed("\(url.absoluteString): larger than 1000 bytes"))
    {
      try await HTTPFetch.data(from: url, limit: 1000, timeout: .seconds(10))
    }
    let exact = try await HTTPFetch.data(from: url, limit: size, timeout: .seconds(10))
    #expect(exact.count == size)
  }

  @Test("a server that never answers times out at the timeout")
  func timeout() async throws {
    let server = try await TestServer()
    let start = ContinuousClock.now
    await #expect(throws: VLCError.self) {
      try await HTTPFetch.data(from: server.url("hang/list.m3u"), timeout: .milliseconds(800))
    }
    let elapsed = ContinuousClock.now - start
    do {
      _ = try await HTTPFetch.data(from: server.url("hang/list.m3u"), timeout: .milliseconds(300))
      Issue.record("a hung server answered")
    } catch {
      guard case .timeout = error else { throw error }
    }
    #expect(elapsed >= .milliseconds(700) && elapsed < .seconds(5), "took \(elapsed)")
  }

  @Test("cancelling the calling task ends a hung download at once")
  func cancel() async throws {
    let server = try await TestServer()
    let url = server.url("hang/list.m3u")
    let task = Task { () async throws(VLCError) -> Data in
      try await HTTPFetch.data(from: url, timeout: .seconds(30))
    }
    try await Task.sleep(for: .milliseconds(300))
    let start = ContinuousClock.now
    task.cancel()
    let result = await task.result
    let elapsed = ContinuousClock.now - start
    #expect(throws: VLCError.cancelled) { try result.get() }
    #expect(elapsed < .seconds(2), "took \(elapsed) after cancel")
  }

  @Test("a refused connection and another scheme are typed errors, without a network")
  func unreachable() async throws {
    let refused = TestServer.closedPortURL()
    do {
      _ = try await HTTPFetch.data(from: refused, timeout: .seconds(10))
      Issue.record("a closed port answered")
    } catch {
      guard case .operationFailed(let reason) = error else { throw error }
      #expect(reason.hasPrefix(refused.absoluteString + ": "))
    }
    let ftp = try #require(URL(string: "ftp://127.0.0.1/list.m3u"))
    await #expect(
      throws: VLCError.invalidInput(
        "ftp://127.0.0.1/list.m3u: only http and https URLs are fetched")
    ) {
      try await HTTPFetch.data(from: ftp, timeout: .seconds(1))
    }
  }
}
