// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// A SOURCE argument: a local path or a URL (anything written `scheme://…`).
package enum MediaSource: Sendable, Equatable {
  /// A file, by path ("clip.mkv", "/tmp/a.mp4"; a `file://` URL becomes its path).
  case file(String)
  /// A network or other URL libVLC reads ("https://…", "udp://@:1234").
  case url(URL)

  /// Reads a SOURCE argument; `nil` for a `scheme://` text that is not a valid URL (or names
  /// no host where its scheme needs one: "http://"). A scheme is a letter followed by letters,
  /// digits, "+", "-" or "." (RFC 3986), so "ftp2://x" is a URL (that libVLC may not read),
  /// not a file name.
  package init?(_ text: String) {
    guard let schemeEnd = text.firstRange(of: "://"),
      let first = text.first, first.isASCII, first.isLetter,
      text[..<schemeEnd.lowerBound].allSatisfy({
        $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
      })
    else {
      self = .file(text)
      return
    }
    guard let url = URL(string: text) else { return nil }
    let needsHost = ["http", "https", "ftp", "ftps", "rtsp", "rtmp", "mms", "mmsh", "sftp"]
    if needsHost.contains(url.scheme?.lowercased() ?? ""), (url.host ?? "").isEmpty {
      return nil  // it was looked up as an empty host name: "DNS:  not found"
    }
    self = url.isFileURL ? .file(url.path) : .url(url)
  }

  /// For a file path that reads as a URL without its scheme ("example.com/a.mp4",
  /// "127.0.0.1:8080/live.ts", "localhost/x"), the URL it probably means with `http://`;
  /// `nil` otherwise. Said beside "no such file": the tool reads a text without "://" as a path.
  package var schemeHint: String? {
    guard case .file(let path) = self, !path.hasPrefix("/"), !path.hasPrefix("."),
      let host = path.split(separator: "/", omittingEmptySubsequences: false).first,
      path.contains("/")
    else { return nil }
    let parts = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let name = parts[0]
    let portIsNumber = parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isNumber))
    let looksLikeHost =
      name == "localhost"
      || (name.contains(".") && !name.hasPrefix(".") && !name.hasSuffix(".")
        && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" })
    // A folder of that name makes it a path after all.
    guard portIsNumber, looksLikeHost, !FileManager.default.fileExists(atPath: String(host))
    else { return nil }
    return "http://\(path)"
  }

  /// Whether reading it goes over the network (so parsing needs libVLC's network flag).
  package var isNetwork: Bool {
    if case .url = self { true } else { false }
  }
}
