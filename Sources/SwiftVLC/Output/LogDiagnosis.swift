import Synchronization

/// What libVLC's log said about a session, in words for an error message: why the source
/// failed (an HTTP status, a login the server wants, an AES-128 key that could not be
/// fetched) and why the file output failed (the system's reason).
///
/// libVLC 3 reports none of this through its API: a 404 segment ends an HLS stream like a
/// natural end, and an output that cannot write goes on silently. The reasons are in its log,
/// most of them at debug level.
package struct LogDiagnosis: Sendable, Equatable {
  /// Why the source failed, when the log tells.
  package private(set) var sourceReason: String?
  /// Why writing the output failed ("No space left on device"), when the log tells.
  package private(set) var destinationReason: String?
  /// The URL the adaptive (HLS, DASH) demuxer retrieved last.
  private var retrieving: String?
  /// The AES-128 key URL the HLS demuxer asked for, if any.
  private var keyURL: String?

  /// An empty diagnosis.
  package init() {}

  /// Takes one log entry into account. The first reason of each kind is kept.
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
    } else if let status = Self.httpStatus(in: message) {
      noteHTTP(status: status.code, text: status.text)
    }
  }

  private mutating func noteHTTP(status: Int, text: String) {
    guard status >= 400 else { return }
    if status == 401 || status == 407 {
      keep(
        &sourceReason,
        "the server asks for a login (HTTP \(text)): put the user and password in the URL or "
          + "answer the login dialog")
    } else if let keyURL, retrieving == keyURL {
      keep(&sourceReason, "the AES-128 key \(keyURL) could not be fetched (HTTP \(text))")
    } else if let retrieving {
      keep(&sourceReason, "\(retrieving) answered HTTP \(text)")
    } else {
      keep(&sourceReason, "the server answered HTTP \(text)")
    }
  }

  private func keep(_ slot: inout String?, _ value: String) {
    if slot == nil { slot = value }
  }

  /// The status of an HTTP response libVLC logged: a line "HTTP/1.1 404 Not Found" (the http
  /// module's "incoming response:" dump, debug level) or "HTTP 401 error" (the access module).
  static func httpStatus(in message: String) -> (code: Int, text: String)? {
    for line in message.split(whereSeparator: \.isNewline) {
      let words = line.split(separator: " ")
      guard words.count >= 2 else { continue }
      if words[0].hasPrefix("HTTP/"), let code = Int(words[1]), (100...599).contains(code) {
        return (code, words.dropFirst().joined(separator: " "))
      }
      if words[0] == "HTTP", words.count == 3, words[2] == "error", let code = Int(words[1]) {
        return (code, String(code))
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
    let diagnosis = Mutex(LogDiagnosis())
  }

  private let box = Box()
  private let tap: LogTap

  /// Starts listening. Never call from a libVLC callback.
  package init(instance: VLCInstance) {
    let box = box
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
