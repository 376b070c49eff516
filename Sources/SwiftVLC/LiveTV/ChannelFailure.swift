// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Why a channel could not be played, as a channel checker reports it.
public enum ChannelFailure: Sendable, Hashable, CustomStringConvertible {
  /// The host name did not resolve (DNS).
  case hostNotFound(String)
  /// The server refused the connection: nothing listens on that port.
  case connectionRefused
  /// The server answered with an HTTP error status, such as 404 or 503.
  case httpStatus(Int)
  /// The server asks for a login (HTTP 401 or 407) and none was given or accepted
  /// (``FailureReason/authenticationRequired``).
  case authenticationRequired
  /// Nothing playable arrived within the time allowed (a server that never answers, a UDP
  /// address nobody sends to).
  case timeout
  /// The source opened but holds no audio or video stream (not media, or an empty stream).
  case noStream
  /// Anything else, with libVLC's own words.
  case failed(String)

  /// A short reason, in the words of its ``reason`` that every other path prints:
  /// "DNS: host.example not found", "HTTP 404", "timeout", "not a media file", …
  public var description: String { reason.description }

  /// A stable one-word name for scripts: "dns", "refused", "http", "login", "timeout",
  /// "no-stream", "failed".
  public var kind: String {
    switch self {
    case .hostNotFound: "dns"
    case .connectionRefused: "refused"
    case .httpStatus: "http"
    case .authenticationRequired: "login"
    case .timeout: "timeout"
    case .noStream: "no-stream"
    case .failed: "failed"
    }
  }

  /// The channel failure for a ``FailureReason``: DNS, refused, HTTP status, login, timeout
  /// and not-media keep their own cases; every other reason (TLS, codec, …) is
  /// ``failed(_:)`` with the reason's words, the same words every command prints.
  public init(_ reason: FailureReason) {
    switch reason {
    case .hostNotFound(let host): self = .hostNotFound(host)
    case .connectionRefused: self = .connectionRefused
    case .httpStatus(let status, _): self = .httpStatus(status)
    case .authenticationRequired: self = .authenticationRequired
    case .timeout: self = .timeout
    case .notMedia: self = .noStream
    default: self = .failed(reason.description)
    }
  }

  /// The failure as a ``FailureReason``, the type every other path reports (``noStream``
  /// is ``FailureReason/notMedia``, ``failed(_:)`` is ``FailureReason/other(_:)``).
  public var reason: FailureReason {
    switch self {
    case .hostNotFound(let host): .hostNotFound(host)
    case .connectionRefused: .connectionRefused
    case .httpStatus(let status): .httpStatus(status, url: nil)
    case .authenticationRequired: .authenticationRequired
    case .timeout: .timeout
    case .noStream: .notMedia
    case .failed(let words): .other(words)
    }
  }

  /// The most specific failure libVLC's error messages name, if any (see `LogDiagnosis`).
  static func diagnose(_ messages: [String]) -> ChannelFailure? {
    LogDiagnosis.reading(messages).source.map(ChannelFailure.init)
  }
}
