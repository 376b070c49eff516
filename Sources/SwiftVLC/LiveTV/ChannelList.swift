// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// A list of TV channels read from an extended M3U/M3U8 playlist, the format IPTV providers
/// publish.
///
/// Understands `#EXTM3U` header attributes (`url-tvg`, `x-tvg-url`, `catchup`…), `#EXTINF`
/// durations, titles and attributes (`tvg-id`, `tvg-name`, `tvg-logo`, `group-title`,
/// `catchup*`), `#EXTVLCOPT` options and `#EXTGRP` groups. Tolerates what real lists contain:
/// a byte-order mark, CRLF or CR line ends, no header, quotes inside quoted values, relative
/// locations, blank lines and unknown tags. Parsing is linear in the size of the text.
///
/// A value type, `Sendable`; parsing does no I/O. To read a file or a URL, use
/// ``load(from:userAgent:timeout:)``.
public struct ChannelList: Sendable, Hashable {
  /// The channels, in list order; each one's ``Channel/id`` is its index here.
  public var channels: [Channel]
  /// The attributes of the `#EXTM3U` line, keys lowercased.
  public var attributes: [String: String]
  /// Programme guide (XMLTV) locations from `url-tvg`, `x-tvg-url` or `tvg-url`, which may
  /// hold several separated by commas; relative ones resolved like channel locations.
  /// ``loadGuide(from:userAgent:timeout:maximumSize:)`` reads them.
  public var guideURLs: [String]

  /// The distinct groups, in the order they first appear.
  public var groups: [String] {
    var seen = Set<String>()
    return channels.compactMap(\.group).filter { seen.insert($0).inserted }
  }

  /// Creates a list from channels you already have.
  public init(channels: [Channel], attributes: [String: String] = [:], guideURLs: [String] = []) {
    self.channels = channels
    self.attributes = attributes
    self.guideURLs = guideURLs
  }

  /// Parses the text of an M3U/M3U8 channel list.
  ///
  /// - Parameters:
  ///   - text: the list's text, with or without a byte-order mark.
  ///   - baseURL: where the list came from; relative locations and logos are resolved
  ///     against it. Without it, they are kept as written (and cannot be opened).
  /// - Throws: ``VLCError/invalidInput(_:)`` when the text holds no channel at all, looks
  ///   binary (NUL bytes) rather than like a playlist, or is an HLS playlist (one stream,
  ///   played as a ``Media``).
  public init(parsing text: String, baseURL: URL? = nil) throws(VLCError) {
    guard !text.utf8.contains(0) else {
      throw .invalidInput("not a channel list: the text contains NUL bytes")
    }
    var parser = M3UParser(baseURL: baseURL)
    // Split on bytes, not Characters: CR, LF and CRLF all end a line, and a long list parses
    // in linear time without grapheme breaking.
    for line in text.utf8.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
      parser.consume(Substring(line))
    }
    guard !parser.isHLS else {
      throw .invalidInput("an HLS playlist, not a channel list: play it as a media")
    }
    guard !parser.channels.isEmpty else {
      throw .invalidInput("not a channel list: no channel entry found")
    }
    self.init(
      channels: parser.channels, attributes: parser.header,
      guideURLs: Self.guideURLs(in: parser.header).map(parser.resolve))
  }

  /// Parses raw bytes: UTF-8 (with or without a byte-order mark), or Latin-1 when the bytes
  /// are not valid UTF-8, as older lists are.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` as ``init(parsing:baseURL:)`` does.
  public init(data: Data, baseURL: URL? = nil) throws(VLCError) {
    let text =
      String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) ?? ""
    try self.init(parsing: text, baseURL: baseURL)
  }

  private static func guideURLs(in header: [String: String]) -> [String] {
    ["url-tvg", "x-tvg-url", "tvg-url"].compactMap { header[$0] }
      .flatMap { $0.split(separator: ",") }
      .map { $0.trimmingSpaces() }
      .filter { !$0.isEmpty }
  }
}
