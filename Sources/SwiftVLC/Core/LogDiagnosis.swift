// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Glibc
import Synchronization

/// The one reading of libVLC's log into a ``FailureReason``: why the source failed (a refused
/// connection, a host that does not resolve, an HTTP status, TLS, a login, an AES-128 key, a
/// codec with no decoder, no demuxer) and why the file output failed (the system's reason).
/// Every path that reports a failure (play, parse, thumbnail, record, channels) reads it here.
///
/// libVLC 3 reports none of this through its API: a 404 segment ends an HLS stream like a
/// natural end, and an output that cannot write goes on silently. The messages matched are
/// those of libVLC 3.0's sources: `src/network/tcp.c` ("cannot resolve %s port %d : %s",
/// "connection failed: %s"), `modules/access/http/` ("cannot resolve %s: %s", the
/// "incoming response:" dump with its "HTTP/1.1 404 Not Found" line), `modules/access/http.c`
/// ("HTTP %d error"), `modules/misc/gnutls.c` ("TLS handshake error: %s"),
/// `src/input/decoder.c` ("Codec `%4.4s' (%s) is not supported."), `modules/demux/mp4/mp4.c`
/// ("no moov before mdat and the stream is not seekable"), `modules/stream_filter/prefetch.c`
/// ("cannot seek (to offset %"PRIu64")"), `src/input/input.c` ("no
/// suitable demux module for `%s/%s://%s'"), `modules/demux/adaptive` ("Retrieving %s",
/// "Retrieving AES key %s") and `modules/access_output/file.c` ("cannot write: %s",
/// "cannot create %s: %s").
package struct LogDiagnosis: Sendable, Equatable {
  /// Why the source failed, when the log tells. The first specific reason is kept; a
  /// ``FailureReason/timeout`` or ``FailureReason/serverCannotSeek`` gives way to a later one.
  package private(set) var source: FailureReason?
  /// Why writing the output failed ("No space left on device"), when the log tells.
  package private(set) var destinationReason: String?
  /// Whether a demuxer said it cannot read the source without seeking (an MP4 with its index
  /// at the end): a ``FailureReason/serverCannotSeek`` that is not only a seek libVLC's
  /// read-ahead refused, which a demuxer reading the file from its start may do without.
  private var demuxerNeedsSeek = false
  /// What the source's HTTP server said about byte ranges (``RangeWitness``).
  private var ranges: RangeWitness
  /// Whether the source's HTTP server answered libVLC's request for it with the whole file
  /// where a byte range was asked (``RangeWitness/ignoresRanges``). Logged at every opening
  /// over HTTP/1.1, unlike the refused seek a demuxer may or may not try
  /// (``FailureReason/serverCannotSeek``): the witness for an early end such a server may
  /// cause.
  package var serverIgnoresRanges: Bool { ranges.ignoresRanges }
  /// The size such a server gave for the whole file (``RangeWitness/size``), in bytes: what a
  /// demuxer that cannot seek must read to reach the end.
  package var unrangedSize: Int? { ranges.size }
  /// The last error-level message that says something about the source, for a failure no
  /// rule names (libVLC's own words).
  package private(set) var lastError: String?
  /// The URL the adaptive (HLS, DASH) demuxer retrieved last.
  private var retrieving: String?
  /// The AES-128 key URL the HLS demuxer asked for, if any.
  private var keyURL: String?

  /// An empty diagnosis; `source`: the media's location, whose HTTP requests alone say
  /// whether its server can seek.
  package init(source: String? = nil) { ranges = RangeWitness(source: source) }

  /// ``source`` in words, for messages.
  package var sourceReason: String? { source?.description }

  /// Why a source stopped short, in words: ``sourceReason``, else a file's server that
  /// ignores byte ranges (``serverIgnoresRanges``, with a size: a live stream's server gives
  /// none, and nothing of it is sought), which libVLC's demuxers lose their place over.
  package var shortSourceReason: String? {
    sourceReason
      ?? (serverIgnoresRanges && unrangedSize != nil
        ? FailureReason.serverCannotSeek.description : nil)
  }

  /// The reason to report for a failure: what the log names, else libVLC's last error in
  /// its own words, else `fallback`.
  package func reason(orElse fallback: String) -> FailureReason {
    source ?? .other(lastError ?? fallback)
  }

  /// Reads messages that have no module or level, as a channel checker collects them.
  package static func reading(_ messages: [String]) -> LogDiagnosis {
    var diagnosis = LogDiagnosis()
    for message in messages {
      diagnosis.note(LogEntry(level: .error, message: message, module: nil))
    }
    return diagnosis
  }

  /// ``source``, for an input libVLC ended: not a seek that only libVLC's read-ahead refused
  /// when the input ended as read through (`readThrough`, its end reached, not an error): a
  /// Matroska file from a server without ranges is read from its start, and its input may
  /// end (on a busy machine) before its decoders reported, which does not make it unreadable.
  package func source(readThrough: Bool) -> FailureReason? {
    source == .serverCannotSeek && !demuxerNeedsSeek && readThrough ? nil : source
  }

  /// Takes one log entry into account.
  package mutating func note(_ entry: LogEntry) {
    let message = entry.message
    if entry.module == "file" {
      // modules/access_output/file.c: "cannot write: %s", "cannot create %s: %s".
      if message.hasPrefix("cannot write: ") {
        keep(&destinationReason, String(message.dropFirst("cannot write: ".count)))
      } else if message.hasPrefix("cannot create "), let colon = message.firstRange(of: ": ") {
        keep(&destinationReason, String(message[colon.upperBound...]))
      }
      return
    }
    if message.hasPrefix("Retrieving AES key ") {
      keyURL = String(message.dropFirst("Retrieving AES key ".count))
    } else if message.hasPrefix("Retrieving ") {
      retrieving = String(message.dropFirst("Retrieving ".count))
    } else if let reason = Self.reason(in: message) {
      found(reason)
      if reason == .serverCannotSeek, !message.hasPrefix("cannot seek (to offset ") {
        demuxerNeedsSeek = true
      }
    } else if let status = Self.httpStatus(in: message) {
      noteHTTP(status: status)
      ranges.note(message)
    } else if message.hasPrefix("outgoing request:") {
      ranges.note(message)
    } else if entry.level == .error, !Self.isGeneric(message) {
      lastError = message
    }
  }

  /// A timeout, or a seek the server refused (a live stream's reader may try one and read on),
  /// gives way to a later reason.
  private mutating func found(_ reason: FailureReason) {
    if source == nil || source == .timeout || source == .serverCannotSeek { source = reason }
  }

  private mutating func noteHTTP(status: Int) {
    guard status >= 400 else { return }
    if status == 401 || status == 407 {
      found(.authenticationRequired)
    } else if let keyURL, retrieving == keyURL {
      found(.encryptionKeyUnavailable(url: keyURL, status: status))
    } else {
      found(.httpStatus(status, url: retrieving))
    }
  }

  private func keep(_ slot: inout String?, _ value: String) {
    if slot == nil { slot = value }
  }

  /// The reason a single message names, other than an HTTP status.
  static func reason(in message: String) -> FailureReason? {
    if let host = word(after: "cannot resolve ", in: message) {
      return .hostNotFound(host.trimming { $0 == ":" })
    }
    if message.contains(bytes: "Connection refused") { return .connectionRefused }
    if let end = message.end(of: "TLS handshake error: ") {
      return .tls(String(message[end...]))
    }
    if message.hasPrefix("Codec `"), message.hasSuffix("is not supported.") {
      // "Codec `undf' (Undefined) is not supported."
      let body = message.dropFirst("Codec `".count).dropLast(" is not supported.".count)
      return .noDecoder(codec: String(body).replacing("'", with: "", maxReplacements: 1))
    }
    // src/input/input.c, and a demuxer's "cannot peek" (modules/demux/mpeg/es.c, ps.h): no
    // data a demuxer could take (an empty file).
    if message.hasPrefix("no suitable demux module") || message == "cannot peek" {
      return .notMedia
    }
    // modules/demux/mp4/mp4.c (an index at the end) and modules/stream_filter/prefetch.c
    // (a reader that jumps ahead, libavformat's MP4 and Matroska readers among them).
    if message == "no moov before mdat and the stream is not seekable"
      || message.hasPrefix("cannot seek (to offset ")
    {
      return .serverCannotSeek
    }
    if message.contains(bytes: "timed out") { return .timeout }
    return nil
  }

  /// libVLC's messages that only say that something failed, not why.
  private static func isGeneric(_ message: String) -> Bool {
    message == "Your input can't be opened" || message.hasPrefix("VLC is unable to open the MRL")
  }

  private static func word(after prefix: StaticString, in message: String) -> String? {
    guard let end = message.end(of: prefix) else { return nil }
    return message[end...].split(separator: " ").first.map(String.init)
  }

  /// The `Content-Length` of an HTTP response dump, in bytes.
  static func contentLength(in message: String) -> Int? {
    for line in message.split(whereSeparator: \.isNewline) {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
      return Int(parts[1].filter { !$0.isWhitespace })
    }
    return nil
  }

  /// The status of an HTTP response libVLC logged: a line "HTTP/1.1 404 Not Found" (the http
  /// module's "incoming response:" dump, debug level, or its "error: HTTP/1.1 404 Not Found")
  /// or "HTTP 401 error" (the access module).
  static func httpStatus(in message: String) -> Int? {
    guard message.contains(bytes: "HTTP") else { return nil }  // most messages: no splitting
    for line in message.split(whereSeparator: \.isNewline) {
      var words = line.split(separator: " ")
      if words.first == "error:" { words.removeFirst() }
      guard words.count >= 2 else { continue }
      if words[0].hasPrefix("HTTP/"), let code = Int(words[1]), (100...599).contains(code) {
        return code
      }
      if words[0] == "HTTP", words.count == 3, words[2] == "error", let code = Int(words[1]) {
        return code
      }
    }
    return nil
  }
}

/// Collects a ``LogDiagnosis`` from an instance's log, every level, from creation until
/// ``finish()``. Messages of other sessions on the same instance are taken in too; give a
/// session its own instance when that matters.
package final class LogWitness: Sendable {
  private final class Box: Sendable {
    let diagnosis: Mutex<LogDiagnosis>
    init(source: String?) { diagnosis = Mutex(LogDiagnosis(source: source)) }
  }

  private let box: Box
  private let tap: LogTap

  /// Starts listening; `source`: the media's location (see ``LogDiagnosis/init(source:)``).
  /// Never call from a libVLC callback.
  package init(instance: VLCInstance, source: String? = nil) {
    let box = Box(source: source)
    self.box = box
    tap = instance.logRouter.tap { entry in
      box.diagnosis.withLock { $0.note(entry) }
    }
  }

  /// What was learned so far.
  package var current: LogDiagnosis { box.diagnosis.withLock { $0 } }

  /// Stops listening and returns what was learned.
  package func finish() -> LogDiagnosis {
    tap.close()
    return current
  }
}

/// Substring search on UTF-8 bytes, for the log's hot path: libVLC logs hundreds of
/// messages while a media opens, each read on libVLC's own thread, and `String`'s
/// character-wise search made that reading 6 % of a first-frame benchmark's CPU.
extension String {
  /// The index just after the first occurrence of `needle`, or `nil`.
  fileprivate func end(of needle: StaticString) -> String.Index? {
    var copy = self
    let offset: Int? = copy.withUTF8 { haystack in
      let length = needle.utf8CodeUnitCount
      guard let base = haystack.baseAddress, length > 0 else { return nil }
      let first = Int32(needle.utf8Start.pointee)
      var from = 0
      // memchr for the first byte, memcmp for the rest (Glibc's memmem is not imported).
      while from + length <= haystack.count,
        let hit = memchr(base + from, first, haystack.count - from - length + 1)
      {
        let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        if memcmp(base + at, needle.utf8Start, length) == 0 { return at + length }
        from = at + 1
      }
      return nil
    }
    return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
  }

  /// Whether `needle` occurs in the string.
  fileprivate func contains(bytes needle: StaticString) -> Bool { end(of: needle) != nil }
}
