// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Why libVLC could not play, parse, thumbnail or record a source: the one reason every path
/// of SwiftVLC reports, read from what libVLC logged while it tried.
///
/// libVLC 3 reports none of this through its API (a refused connection, a 404 and an unknown
/// codec all end in the same error state); the reasons are in its log, most of them at debug
/// level. ``VLCError/sourceFailed(_:source:)`` carries a reason, and
/// ``VLCError/failureReason`` reads it from any error.
///
/// The ``description`` is the words the `swiftvlc` tool prints for the failure, the same in
/// every command: "connection refused", "HTTP 404", "DNS: host.invalid not found", ….
public enum FailureReason: Sendable, Hashable, CustomStringConvertible {
  /// The server refused the connection: nothing listens on that port.
  case connectionRefused
  /// The host name did not resolve (DNS); the host name.
  case hostNotFound(String)
  /// The server answered with an HTTP error status (400–599). `url` is the resource that
  /// answered when it is not the source itself (a segment of an HLS stream), else `nil`.
  case httpStatus(Int, url: String?)
  /// The TLS (HTTPS) connection could not be set up; libVLC's words, such as "An unexpected
  /// TLS packet was received."
  case tls(String)
  /// The server asks for a login (HTTP 401 or 407) and none was given or accepted: put the
  /// user and password in the URL, or answer the login dialog.
  case authenticationRequired
  /// The AES-128 key of an encrypted HLS stream could not be fetched: its URL and the HTTP
  /// status it answered.
  case encryptionKeyUnavailable(url: String, status: Int)
  /// The server cannot seek (it ignores byte ranges) and the file cannot be read without it:
  /// an MP4 whose index (`moov`) is at its end, a file whose reader must jump ahead.
  case serverCannotSeek
  /// Nothing arrived within the time allowed (a server that never answers, a UDP address
  /// nobody sends to, a parse that did not finish).
  case timeout
  /// This libVLC has no module for the source's scheme: the scheme ("rtsp", "gopher") and the
  /// explanation ("this libVLC has no RTSP support (live555 is not in Debian's libVLC)").
  case unsupportedScheme(String, explanation: String)
  /// A stream's codec has no decoder in this libVLC; the codec as libVLC names it, such as
  /// "undf (Undefined)".
  case noDecoder(codec: String)
  /// The source opened but is not media libVLC can read (no demuxer took it, or it holds no
  /// audio or video stream).
  case notMedia
  /// The input ended far before its length: where it stopped and the length.
  case truncated(reached: Duration, length: Duration)
  /// Writing the output failed; the system's reason ("No space left on device").
  case cannotWrite(String)
  /// Anything else, with libVLC's own words.
  case other(String)

  /// The reason in a few words, the same in every command of the `swiftvlc` tool.
  public var description: String {
    switch self {
    case .connectionRefused: "connection refused"
    case .hostNotFound(let host): "DNS: \(host) not found"
    case .httpStatus(let status, let url):
      url.map { "\($0) answered HTTP \(status)" } ?? "HTTP \(status)"
    case .tls(let words): "TLS: \(words)"
    case .authenticationRequired:
      "authentication required: put the user and password in the URL or answer the login dialog"
    case .encryptionKeyUnavailable(let url, let status):
      "the AES-128 key \(url) could not be fetched (HTTP \(status))"
    case .serverCannotSeek: "the server cannot seek (no byte ranges), which this file needs"
    case .timeout: "timeout"
    case .unsupportedScheme(_, let explanation): explanation
    case .noDecoder(let codec): "no decoder for \(codec)"
    case .notMedia: "not a media file"
    case .truncated(let reached, let length):
      "ended early at \(formatSeconds(reached)) of \(formatSeconds(length))"
    case .cannotWrite(let reason): "cannot write: \(reason)"
    case .other(let words): words
    }
  }

  /// Whether the reason is about reaching the source over the network (DNS, connection, TLS,
  /// HTTP, login, key, a server that cannot seek, timeout), as opposed to its content or the
  /// output.
  public var isNetwork: Bool {
    switch self {
    case .connectionRefused, .hostNotFound, .httpStatus, .tls, .authenticationRequired,
      .encryptionKeyUnavailable, .serverCannotSeek, .timeout:
      true
    case .unsupportedScheme, .noDecoder, .notMedia, .truncated, .cannotWrite, .other: false
    }
  }
}

extension FailureReason {
  /// Whether the reason ends reading the source for good, so that waiting on cannot help: a
  /// refused connection, a host that does not resolve, a login, TLS, the source's own HTTP
  /// error status, an HLS key, a server that cannot seek. Not a timeout (the next read may
  /// come), nor one HLS segment's status (the stream reads on past it).
  var endsReading: Bool {
    switch self {
    case .connectionRefused, .hostNotFound, .tls, .authenticationRequired,
      .encryptionKeyUnavailable, .serverCannotSeek:
      true
    case .httpStatus(_, let url): url == nil
    case .timeout, .unsupportedScheme, .noDecoder, .notMedia, .truncated, .cannotWrite, .other:
      false
    }
  }
}

extension VLCError {
  /// The typed reason of a failure, when it has one: the reason of
  /// ``sourceFailed(_:source:)``, ``FailureReason/timeout`` for ``parseTimeout``, `nil`
  /// for the other cases.
  public var failureReason: FailureReason? {
    switch self {
    case .sourceFailed(let reason, _): reason
    case .parseTimeout: .timeout
    default: nil
    }
  }
}

extension PlaybackOutcome {
  /// Why the session failed, when it failed with a typed reason (see
  /// ``VLCError/failureReason``); `nil` for ``ended``, ``stopped`` and untyped failures.
  public var failureReason: FailureReason? {
    if case .failed(let error) = self { error.failureReason } else { nil }
  }
}
