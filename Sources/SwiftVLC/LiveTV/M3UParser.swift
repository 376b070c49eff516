// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Reads an extended M3U line by line. Tags before a location describe the next channel; the
/// location line completes it. Unknown tags and comments are skipped.
struct M3UParser {
  private(set) var channels: [Channel] = []
  private(set) var header: [String: String] = [:]
  /// Whether a tag only HLS playlists carry was seen: the text is a stream, not a list.
  private(set) var isHLS = false
  private let baseURL: URL?

  // What the tags since the last location said about the next channel.
  private var info: (duration: Double?, title: String, attributes: [String: String])?
  private var options: [String] = []
  private var extgrp: String?
  private var isFirstLine = true

  init(baseURL: URL?) {
    self.baseURL = baseURL
  }

  mutating func consume(_ raw: Substring) {
    var line = raw
    if isFirstLine {
      isFirstLine = false
      if line.first == "\u{FEFF}" { line = line.dropFirst() }
    }
    line = line.trimmed
    guard !line.isEmpty else { return }
    guard line.first == "#" else { return complete(location: String(line)) }
    let (tag, body) = Self.split(tag: line)
    switch tag {
    case "#EXTM3U":
      header.merge(Self.attributes(in: body[...]).attributes) { $1 }
    case "#EXTINF":
      info = Self.extinf(body)
    case "#EXTVLCOPT":
      let option = body.trimmed
      if !option.isEmpty { options.append(option.hasPrefix(":") ? String(option) : ":\(option)") }
    case "#EXTGRP":
      let group = body.trimmed
      extgrp = group.isEmpty ? nil : String(group)
    case "#EXT-X-TARGETDURATION", "#EXT-X-STREAM-INF", "#EXT-X-MEDIA-SEQUENCE":
      isHLS = true
    default:
      break
    }
  }

  private mutating func complete(location written: String) {
    let attributes = info?.attributes ?? [:]
    let location = resolve(written)
    let title = info?.title ?? ""
    let guideName = attributes["tvg-name"].flatMap { $0.isEmpty ? nil : $0 }
    let catchup = (attributes["catchup"] ?? attributes["catchup-type"]).map {
      Catchup(
        mode: $0, days: attributes["catchup-days"].flatMap { Int($0) },
        source: attributes["catchup-source"])
    }
    channels.append(
      Channel(
        id: channels.count,
        name: !title.isEmpty ? title : guideName ?? written,
        location: location,
        duration: info?.duration.flatMap { $0 >= 0 ? $0 : nil },
        group: attributes["group-title"].flatMap { $0.isEmpty ? nil : $0 } ?? extgrp,
        guideID: attributes["tvg-id"].flatMap { $0.isEmpty ? nil : $0 },
        guideName: guideName,
        logo: attributes["tvg-logo"].flatMap { $0.isEmpty ? nil : resolve($0) },
        catchup: catchup, attributes: attributes, options: options))
    info = nil
    options = []
  }

  /// An absolute location as written; a relative one joined to the list's own URL.
  func resolve(_ location: String) -> String {
    guard !Self.hasScheme(location), let baseURL else { return location }
    if location.hasPrefix("/") && baseURL.isFileURL { return location }
    let encoded = Self.percentEncoded(location)
    guard let url = URL(string: encoded, relativeTo: baseURL)?.absoluteURL else { return location }
    return url.isFileURL ? url.path : url.absoluteString
  }

  /// `location` with each UTF-8 byte outside RFC 3986's path and query characters (and "%"
  /// and "#", kept as written) percent-encoded.
  private static func percentEncoded(_ location: String) -> String {
    var encoded = ""
    for byte in location.utf8 {
      let scalar = Unicode.Scalar(byte)
      if byte < 0x80
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "-._~!$&'()*+,;=:@/?%#".unicodeScalars.contains(scalar))
      {
        encoded.unicodeScalars.append(scalar)
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return encoded
  }

  /// Whether `text` starts with "scheme:" (RFC 3986: a letter, then letters, digits, + - .),
  /// two characters or more so that "C:\…" is not taken for a scheme.
  private static func hasScheme(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":"), text.distance(from: text.startIndex, to: colon) > 1
    else { return false }
    let scheme = text[..<colon]
    return scheme.first!.isASCII && scheme.first!.isLetter
      && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// "#EXTINF:-1 a=b,Title" → ("#EXTINF", "-1 a=b,Title"). Tags are matched case-insensitively.
  private static func split(tag line: Substring) -> (String, Substring) {
    let end = line.firstIndex { $0 == ":" || $0 == " " || $0 == "\t" } ?? line.endIndex
    let body = end == line.endIndex ? line[end...] : line[line.index(after: end)...]
    return (line[..<end].uppercased(), body)
  }

  /// Reads "DURATION [key=value …],TITLE".
  private static func extinf(
    _ body: Substring
  ) -> (duration: Double?, title: String, attributes: [String: String]) {
    var rest = body.trimmedLeading
    let numberEnd = rest.firstIndex { $0 == "," || $0 == " " || $0 == "\t" } ?? rest.endIndex
    let duration = Double(rest[..<numberEnd])
    if duration != nil { rest = rest[numberEnd...] }
    let (attributes, title) = attributes(in: rest)
    return (duration, title.map { String($0.trimmed) } ?? "", attributes)
  }

  /// Reads `key=value` pairs up to the first comma outside a value; what follows that comma
  /// is the title. A bare word that is not `key=value` starts a title written without a comma.
  static func attributes(in text: Substring) -> (attributes: [String: String], title: Substring?) {
    var attributes: [String: String] = [:]
    var rest = text
    while true {
      rest = rest.trimmedLeading
      guard let first = rest.first else { return (attributes, nil) }
      if first == "," { return (attributes, rest.dropFirst()) }
      let keyEnd = rest.firstIndex { $0 == "=" || $0 == "," || $0.isWhitespace } ?? rest.endIndex
      guard keyEnd < rest.endIndex, rest[keyEnd] == "=", keyEnd > rest.startIndex else {
        return (attributes, rest)
      }
      let key = rest[..<keyEnd].lowercased()
      let (value, after) = readValue(rest[rest.index(after: keyEnd)...])
      attributes[key] = String(value)
      rest = after
    }
  }

  /// A quoted value ends at a matching quote followed by the end, a comma or another
  /// `key=`; quotes elsewhere belong to the value (`tvg-name="The "Best" TV"`). An unquoted
  /// value ends at whitespace or a comma.
  private static func readValue(_ text: Substring) -> (value: Substring, rest: Substring) {
    guard let quote = text.first, quote == "\"" || quote == "'" else {
      let end = text.firstIndex { $0 == "," || $0.isWhitespace } ?? text.endIndex
      return (text[..<end], text[end...])
    }
    let inner = text.dropFirst()
    var firstQuote: Substring.Index?
    var index = inner.startIndex
    while let found = inner[index...].firstIndex(of: quote) {
      firstQuote = firstQuote ?? found
      let after = inner[inner.index(after: found)...]
      if isValueEnd(after) { return (inner[..<found], after) }
      index = inner.index(after: found)
    }
    // No quote closes the value cleanly: close at the first one, or take everything.
    guard let firstQuote else { return (inner, inner[inner.endIndex...]) }
    return (inner[..<firstQuote], inner[inner.index(after: firstQuote)...])
  }

  private static func isValueEnd(_ after: Substring) -> Bool {
    guard let next = after.first else { return true }
    if next == "," { return true }
    guard next.isWhitespace else { return false }
    let word = after.trimmedLeading
    guard let first = word.first else { return true }
    if first == "," { return true }
    let end = word.firstIndex { $0 == "=" || $0 == "," || $0.isWhitespace || $0 == "\"" }
    return end.map { word[$0] == "=" && $0 > word.startIndex } ?? false
  }
}

extension Substring {
  fileprivate var trimmedLeading: Substring { drop { $0.isWhitespace } }
  fileprivate var trimmed: Substring {
    var result = trimmedLeading
    while let last = result.last, last.isWhitespace { result = result.dropLast() }
    return result
  }
}
