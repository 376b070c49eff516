import FoundationEssentials

/// Why a channel could not be played, as a channel checker reports it.
public enum ChannelFailure: Sendable, Hashable, CustomStringConvertible {
  /// The host name did not resolve (DNS).
  case hostNotFound(String)
  /// The server refused the connection: nothing listens on that port.
  case connectionRefused
  /// The server answered with an HTTP error status, such as 404 or 503.
  case httpStatus(Int)
  /// Nothing playable arrived within the time allowed (a server that never answers, a UDP
  /// address nobody sends to).
  case timeout
  /// The source opened but holds no audio or video stream (not media, or an empty stream).
  case noStream
  /// Anything else, with libVLC's own words.
  case failed(String)

  /// A short reason: "DNS: host.example not found", "HTTP 404", "timeout", …
  public var description: String {
    switch self {
    case .hostNotFound(let host): "DNS: \(host) not found"
    case .connectionRefused: "connection refused"
    case .httpStatus(let status): "HTTP \(status)"
    case .timeout: "timeout"
    case .noStream: "no stream"
    case .failed(let reason): reason
    }
  }

  /// A stable one-word name for scripts: "dns", "refused", "http", "timeout", "no-stream",
  /// "failed".
  public var kind: String {
    switch self {
    case .hostNotFound: "dns"
    case .connectionRefused: "refused"
    case .httpStatus: "http"
    case .timeout: "timeout"
    case .noStream: "no-stream"
    case .failed: "failed"
    }
  }

  /// The most specific failure libVLC's error messages name, if any. The messages are those
  /// libVLC 3.0 logs at error level from its `http`, `access` and `main` modules:
  /// "cannot resolve HOST port 80 : Name or service not known", "connection failed:
  /// Connection refused", "HTTP 404 error", "error: HTTP/1.1 404 Not Found".
  static func diagnose(_ messages: [String]) -> ChannelFailure? {
    for message in messages {
      if let host = word(after: "cannot resolve ", in: message) {
        return .hostNotFound(host.trimming { $0 == ":" })
      }
    }
    if messages.contains(where: { $0.contains("Connection refused") }) { return .connectionRefused }
    for message in messages {
      if let status = httpStatus(in: message) { return .httpStatus(status) }
    }
    if messages.contains(where: { $0.contains("timed out") }) { return .timeout }
    return nil
  }

  private static func word(after prefix: String, in message: String) -> String? {
    guard let range = message.firstRange(of: prefix) else { return nil }
    return message[range.upperBound...].split(separator: " ").first.map(String.init)
  }

  /// The status in "HTTP 404 error" or "HTTP/1.1 404 Not Found".
  private static func httpStatus(in message: String) -> Int? {
    guard let range = message.firstRange(of: "HTTP") else { return nil }
    var rest = message[range.upperBound...]
    if rest.first == "/" { rest = rest.drop { !$0.isWhitespace } }
    let digits = rest.drop { $0.isWhitespace }.prefix { $0.isNumber }
    guard digits.count == 3, let status = Int(digits), (400...599).contains(status) else {
      return nil
    }
    return status
  }
}
