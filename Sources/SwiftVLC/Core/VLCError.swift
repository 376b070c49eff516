// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// Every failure SwiftVLC reports. Each case carries the context a caller needs to act on it
/// and, where libVLC gave one, libVLC's own message.
///
/// All throwing APIs in SwiftVLC use typed throws: `throws(VLCError)`.
public enum VLCError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `libvlc_new` refused the arguments or could not load its plugins.
  case instanceCreationFailed(reason: String)
  /// The source could not be turned into a media (missing file, malformed URL, …).
  case mediaCreationFailed(source: String)
  /// Playback could not start or broke off.
  case playbackFailed(reason: String)
  /// Parsing the media failed.
  case parseFailed(reason: String)
  /// Parsing did not finish within the allotted time.
  case parseTimeout
  /// No track with this libVLC elementary-stream id exists on the current media.
  case trackNotFound(id: Int)
  /// The call is not valid in the object's current state (for example, seeking with no media).
  case invalidState(String)
  /// An argument was rejected (NaN, infinity, out of range, malformed).
  case invalidInput(String)
  /// An operation did not complete within its time limit.
  case timeout(String)
  /// The calling task was cancelled.
  case cancelled
  /// A libVLC call failed for a reason not covered by a more specific case.
  case operationFailed(String)
  /// Playing, parsing, thumbnailing or recording `source` failed for a known reason (a
  /// refused connection, an HTTP status, a missing decoder, …), the same one whichever of
  /// them failed; see ``FailureReason`` and ``failureReason``.
  case sourceFailed(FailureReason, source: String)

  /// A one-line, human-readable explanation.
  public var description: String {
    switch self {
    case .instanceCreationFailed(let reason): "could not create the libVLC instance: \(reason)"
    case .mediaCreationFailed(let source): "could not open media: \(source)"
    case .playbackFailed(let reason): "playback failed: \(reason)"
    case .parseFailed(let reason): "could not parse media: \(reason)"
    case .parseTimeout: "parsing the media timed out"
    case .trackNotFound(let id): "no track with id \(id)"
    case .invalidState(let what): "invalid state: \(what)"
    case .invalidInput(let what): "invalid input: \(what)"
    case .timeout(let what): "timed out: \(what)"
    case .cancelled: "cancelled"
    case .operationFailed(let what): "operation failed: \(what)"
    case .sourceFailed(let reason, let source): "\(source): \(reason)"
    }
  }
}

/// libVLC's thread-local error message, consumed.
///
/// `libvlc_errmsg` is sticky: callers clear it with ``clearLibVLCError()`` before the call
/// they diagnose, then read it with this function right after. Only valid while a libVLC
/// instance is alive (libVLC 3 frees its thread-local slot with the last instance).
func takeLibVLCError() -> String? {
  guard let message = libvlc_errmsg() else { return nil }
  let text = String(cString: message)
  libvlc_clearerr()
  return text.isEmpty ? nil : text
}

/// Clears libVLC's thread-local error message before a call whose failure we explain.
func clearLibVLCError() {
  libvlc_clearerr()
}

/// Runs a libVLC call that reports failure by returning -1 (or any negative status), and
/// turns the failure into a `VLCError` built from libVLC's own message.
func checkStatus(
  _ what: String,
  failure: (String) -> VLCError = VLCError.operationFailed,
  _ body: () -> Int32
) -> Result<Void, VLCError> {
  clearLibVLCError()
  if body() < 0 {
    return .failure(failure(explain(what)))
  }
  return .success(())
}

/// `what` followed by libVLC's reason, when it gave one.
func explain(_ what: String) -> String {
  if let reason = takeLibVLCError() { "\(what): \(reason)" } else { what }
}
