// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CHTTPFetch
import FoundationEssentials
import Synchronization

/// Downloads a small document (a channel list, a programme guide) over HTTP(S) into memory:
/// the library's one way to fetch a URL itself, over libcurl (libVLC 3 cannot hand a
/// playlist's raw bytes to its caller, and Foundation's `URLSession` would link all of
/// Foundation into every program).
enum HTTPFetch {
  /// The largest body ``data(from:userAgent:limit:timeout:)`` keeps by default: 64 MiB.
  static let defaultLimit = 64 << 20

  /// GETs `url` (`http` or `https`, redirects followed up to 10 times, also only to those) and
  /// returns its body. Runs on a thread of its own, off the calling actor and Swift's
  /// cooperative pool; cancelling the calling task ends the transfer within about 100 ms.
  ///
  /// - Parameters:
  ///   - url: an `http://` or `https://` URL.
  ///   - userAgent: the User-Agent header, when the server wants one (libcurl sends none).
  ///   - limit: the largest body accepted, in bytes.
  ///   - timeout: how long the whole transfer may take, connecting included.
  /// - Throws: ``VLCError/invalidInput(_:)`` for another scheme; ``VLCError/operationFailed(_:)``
  ///   when the server cannot be reached or answers with a status outside 200…299 ("URL:
  ///   HTTP 404"), or the body is larger than `limit`; ``VLCError/timeout(_:)`` past `timeout`,
  ///   or once no byte came for half of it, at least 15 s (a server that accepted and says
  ///   nothing: `swiftvlc_fetch_stall_seconds`); ``VLCError/cancelled`` when the calling task
  ///   is cancelled.
  static func data(
    from url: URL, userAgent: String? = nil, limit: Int = defaultLimit, timeout: Duration
  ) async throws(VLCError) -> Data {
    try await fetch(url, userAgent: userAgent, limit: limit, timeout: timeout, part: .whole).body
  }

  /// The first `length` bytes of `url`'s body (all of it when shorter), asked for with a
  /// range request and cut off there when the server ignores it: what a file's first bytes
  /// say (its container) without downloading it; and the body's whole length when the server
  /// answered with a range (`nil`: it ignores ranges, as a live stream's does). Threads,
  /// cancelling and errors as ``data(from:userAgent:limit:timeout:)``'s, without its "larger
  /// than" error.
  static func prefix(of url: URL, length: Int, timeout: Duration) async throws(VLCError)
    -> (bytes: Data, total: Int?)
  {
    let answer = try await fetch(
      url, userAgent: nil, limit: length, timeout: timeout, part: .prefix)
    return (answer.body, answer.status == 206 ? answer.total : nil)
  }

  /// The last `length` bytes of `url`'s body and the body's whole length, from a suffix
  /// range request; `nil` when the server does not answer it with a range (206 and its
  /// Content-Range). Threads, cancelling and errors as ``prefix(of:length:timeout:)``'s.
  static func suffix(of url: URL, length: Int, timeout: Duration) async throws(VLCError)
    -> (bytes: Data, total: Int)?
  {
    let answer = try await fetch(
      url, userAgent: nil, limit: length, timeout: timeout, part: .suffix(length))
    guard answer.status == 206, let total = answer.total, total >= answer.body.count else {
      return nil
    }
    return (answer.body, total)
  }

  /// `length` bytes of `url`'s body from `offset`, from a range request; `nil` when the
  /// server does not answer it with a range. Threads, cancelling and errors as
  /// ``prefix(of:length:timeout:)``'s.
  static func part(of url: URL, at offset: Int, length: Int, timeout: Duration)
    async throws(VLCError) -> Data?
  {
    let answer = try await fetch(
      url, userAgent: nil, limit: length, timeout: timeout,
      part: .range(UInt64(clamping: offset), length))
    return answer.status == 206 ? answer.body : nil
  }

  private enum Part {
    case whole
    case prefix
    case suffix(Int)
    case range(UInt64, Int)
  }

  private static func fetch(
    _ url: URL, userAgent: String?, limit: Int, timeout: Duration, part: Part
  ) async throws(VLCError) -> (body: Data, status: Int, total: Int?) {
    let location = url.absoluteString
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw .invalidInput("\(location): only http and https URLs are fetched")
    }
    guard let transfer = Transfer() else { throw .operationFailed("\(location): out of memory") }
    switch part {
    case .whole: break
    case .prefix: swiftvlc_fetch_prefix_only(transfer.pointer)
    case .suffix(let length): swiftvlc_fetch_suffix(transfer.pointer, max(1, length))
    case .range(let start, let length): swiftvlc_fetch_part(transfer.pointer, start, max(1, length))
    }
    // At least 1 ms: libcurl takes 0 for no timeout at all.
    let milliseconds = max(1, Int(timeout / .milliseconds(1)))
    let outcome = await withTaskCancellationHandler {
      await OwnThread.run {
        swiftvlc_fetch_perform(transfer.pointer, location, userAgent, milliseconds, max(0, limit))
      }
    } onCancel: {
      transfer.cancel()
    }
    switch outcome {
    case SWIFTVLC_FETCH_OK:
      let status = swiftvlc_fetch_status(transfer.pointer)
      guard (200..<300).contains(status) else {
        throw .operationFailed("\(location): HTTP \(status)")
      }
      let total = swiftvlc_fetch_total_length(transfer.pointer)
      return (transfer.body, status, total >= 0 ? Int(total) : nil)
    case SWIFTVLC_FETCH_TIMED_OUT:
      throw .timeout("downloading \(location) took longer than \(formatSeconds(timeout))")
    case SWIFTVLC_FETCH_STALLED:
      let stall = swiftvlc_fetch_stall_seconds(milliseconds)
      throw .timeout("\(location) sent nothing for \(stall) s")
    case SWIFTVLC_FETCH_CANCELLED:
      throw .cancelled
    case SWIFTVLC_FETCH_TOO_LARGE:
      throw .operationFailed("\(location): larger than \(limit) bytes")
    default:
      throw .operationFailed(
        "\(location): \(String(cString: swiftvlc_fetch_message(transfer.pointer)))")
    }
  }
}

/// One libcurl transfer's C state, freed with this object.
// @unchecked: the C object is used by one thread at a time (made here, performed on one
// thread of its own, read after that thread resumed the caller), except its cancel flag, atomic.
private final class Transfer: @unchecked Sendable {
  let pointer: OpaquePointer

  init?() {
    guard let pointer = swiftvlc_fetch_new() else { return nil }
    self.pointer = pointer
  }

  deinit { swiftvlc_fetch_free(pointer) }

  /// Ends the transfer within about 100 ms; any thread.
  func cancel() { swiftvlc_fetch_cancel(pointer) }

  /// The body received so far, copied.
  var body: Data {
    guard let bytes = swiftvlc_fetch_body(pointer) else { return Data() }
    return Data(bytes: bytes, count: swiftvlc_fetch_body_length(pointer))
  }
}
