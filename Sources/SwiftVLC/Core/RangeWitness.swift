// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Whether an HTTP source's server can seek, from libVLC 3's http module's dumps of its
/// requests ("outgoing request:") and their answers ("incoming response:"), debug level.
///
/// The module asks every request from an offset ("Range: bytes=0-" at the opening) and reads
/// the source as seekable only on 206, 416 or `Accept-Ranges: bytes`
/// (`vlc_http_file_can_seek` in modules/access/http/file.c). Only answers to requests for the
/// source itself count: an instance's log also carries other players' and parses' requests,
/// and an adaptive stream's playlist and segments.
package struct RangeWitness: Sendable, Equatable {
  /// The source as a request names it, "host[:port]/path?query" (the `Host` header and the
  /// request target); `nil` when the source is no HTTP URL: then no answer counts.
  private let target: String?
  private var answerIsForSource = false
  /// Whether the server answered a request for the source with the whole file, without
  /// ranges.
  package private(set) var ignoresRanges = false
  /// The size it gave for the whole file (`Content-Length`), in bytes.
  package private(set) var size: Int?

  /// A witness for `source`, a media's location (its MRL).
  package init(source: String?) {
    guard let source, let scheme = source.firstRange(of: "://"),
      ["http", "https"].contains(source[..<scheme.lowerBound].lowercased())
    else {
      target = nil
      return
    }
    var rest = source[scheme.upperBound...]
    if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
    let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    // The user and password go in a header, not in `Host`.
    let authority = rest[..<authorityEnd].split(separator: "@").last ?? ""
    let path = rest[authorityEnd...]
    target = "\(authority)\(path.isEmpty ? "/" : path)"
  }

  /// Takes one message of the http module into account.
  package mutating func note(_ message: String) {
    guard let target else { return }
    if message.hasPrefix("outgoing request:") {
      answerIsForSource = Self.requested(in: message) == target
    } else if message.hasPrefix("incoming response:"), answerIsForSource {
      answerIsForSource = false
      guard let status = LogDiagnosis.httpStatus(in: message), (200..<300).contains(status),
        status != 206
      else { return }
      // Header names are case-insensitive, and the value may follow the colon without a space.
      let headers = message.lowercased().filter { $0 != " " && $0 != "\t" }
      guard !headers.contains("accept-ranges:bytes") else { return }
      ignoresRanges = true
      if size == nil { size = LogDiagnosis.contentLength(in: message) }
    }
  }

  /// "host[:port]/target" of a request dump: its `Host` header and its request line's target.
  private static func requested(in message: String) -> String? {
    var host: Substring?
    var requestTarget: Substring?
    for line in message.split(whereSeparator: \.isNewline) {
      let words = line.split(separator: " ")
      if requestTarget == nil, words.count == 3, words[2].hasPrefix("HTTP/") {
        requestTarget = words[1]
      } else if line.lowercased().hasPrefix("host:") {
        host = line.dropFirst("host:".count).drop { $0 == " " }
      }
    }
    guard let host, let requestTarget else { return nil }
    return "\(host)\(requestTarget)"
  }
}
