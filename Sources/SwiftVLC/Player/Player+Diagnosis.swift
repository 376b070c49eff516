// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension Player {
  /// The failure of the current session as the instance's log explains it (see
  /// `LogDiagnosis`): ``VLCError/sourceFailed(_:source:)`` with the reason the log names,
  /// else libVLC's last error in its own words. With `networkOnly`, only a reason about
  /// reaching the source (an HLS segment that answered 404), for an input that ended early;
  /// `nil` when there is no such reason or no session.
  func diagnosedFailure(networkOnly: Bool = false) -> VLCError? {
    guard let media = currentMedia, let diagnosis = core.diagnosis?.current else { return nil }
    if networkOnly {
      // An end (the input read through): a seek only libVLC's read-ahead refused is no reason.
      guard let reason = diagnosis.source(readThrough: true), reason.isNetwork else { return nil }
      return .sourceFailed(reason, source: media.mrl)
    }
    return .sourceFailed(diagnosis.reason(orElse: "libVLC could not open it"), source: media.mrl)
  }
}
