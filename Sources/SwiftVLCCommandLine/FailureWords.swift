// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import SwiftVLC

/// The words the tool prints for a failure: the same for the same failure in `play`, `probe`,
/// `thumbnail`, `record` and `channels`, because they come from the failure's
/// ``FailureReason`` ("http://h/x.mp4: connection refused", "…: HTTP 404", "…: DNS:
/// h.invalid not found"), each URL once.
public enum FailureWords {
  /// `error` in words. `logged` is what libVLC's log named while the command ran; it is
  /// added in parentheses to an error that carries no reason of its own (a playback that
  /// failed in libVLC's own words) or only a timeout (a login nobody answered before the
  /// opening timeout), unless the error's words already say it.
  ///
  /// An error with a reason but no source of its own (``VLCError/parseTimeout``) is said as
  /// ``VLCError/sourceFailed(_:source:)`` says one, "`source`: reason", when `source` is given:
  /// a stalled server is "http://h/x.mp4: timeout" in every command. A local file named by
  /// its `file://` location or absolute path in the error is named as `source` gives it ("clip.mkv: not a
  /// media file", not "file:///home/me/clip.mkv: …"), as every command names it.
  public static func of(
    _ error: VLCError, logged: FailureReason? = nil, source: String? = nil
  ) -> String {
    var text = error.description
    if let source { text = namingFile(source, in: text) }
    if let reason = error.failureReason, let source, !text.contains(source) {
      text = VLCError.sourceFailed(reason, source: source).description
    }
    guard [nil, .timeout].contains(error.failureReason), let logged, logged != .timeout,
      !text.contains(logged.description)
    else { return text }
    return "\(text) (\(logged))"
  }

  /// A dead channel's reason: the words of its ``FailureReason`` for DNS, refused, HTTP and
  /// timeout failures ("HTTP 404"), "not a media file" when it opened with nothing in it.
  public static func of(_ failure: ChannelFailure) -> String {
    failure.description
  }
}

extension FailureWords {
  /// Any error in words: a ``VLCError`` as ``of(_:logged:source:)`` says it, another error
  /// by its own description.
  public static func of(_ error: any Error, source: String? = nil) -> String {
    if let error = error as? VLCError { return of(error, logged: nil, source: source) }
    return "\(error)"
  }
}

extension FailureWords {
  /// `text` with the `file://` location or the absolute path of the local file `source`
  /// names written as `source`.
  static func namingFile(_ source: String, in text: String) -> String {
    guard case .file(let path) = MediaSource(source) else { return text }
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    // As written ("dir/../clip.mkv" stays so in libVLC's location) and standardized, as
    // libVLC escapes a location (all but unreserved characters) and as Foundation does.
    var forms: Set<String> = []
    for url in [URL(fileURLWithPath: absolute), URL(fileURLWithPath: absolute).standardizedFileURL]
    {
      forms.formUnion(
        [url.absoluteString, "file://" + url.path, "file://" + libVLCEscaped(url.path), url.path])
    }
    // Longest first, each replaced once: a bare path is part of a location, and `source`
    // may be one of the forms itself.
    let marker = "\u{1}"
    var named = text
    for form in forms.sorted(by: { $0.count > $1.count }) {
      named = named.replacing(form, with: marker)
    }
    return named.replacing(marker, with: source)
  }

  /// `path` escaped as libVLC 3 writes it into a `file://` location (`vlc_path2uri`): every
  /// byte but the unreserved characters and "/" as "%XX".
  private static func libVLCEscaped(_ path: String) -> String {
    let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in path.utf8 {
      if kept.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
