// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

extension ProgrammeGuide {
  /// Reads a guide from a local file or an `http`/`https` URL, gzipped (`.xml.gz`) or plain.
  ///
  /// A file is read and parsed 1 MiB at a time. A download goes through the same fetch as
  /// ``ChannelList/load(from:userAgent:timeout:)`` (`HTTPFetch`, at most `maximumSize` bytes) and is parsed once complete, from its
  /// bytes. Runs off the calling actor; a 100 MB guide takes a second or two of CPU.
  ///
  /// - Parameters:
  ///   - url: a `file://`, `http://` or `https://` URL.
  ///   - userAgent: the User-Agent header for a remote guide, when the provider wants one.
  ///   - timeout: how long a download may take (one that receives nothing for half of it,
  ///     at least 15 s, ends sooner, as a timeout: 30 s of the default 60 s).
  ///   - maximumSize: the most bytes of XML to read, after inflating.
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` for a missing or unreadable file;
  ///   ``VLCError/operationFailed(_:)``, ``VLCError/timeout(_:)`` as a channel list's download
  ///   does; ``VLCError/cancelled`` when the task is cancelled; ``VLCError/invalidInput(_:)``
  ///   for bytes that are not a guide (see ``init(data:maximumSize:)``).
  public static func load(
    from url: URL, userAgent: String? = nil, timeout: Duration = .seconds(60),
    maximumSize: Int = defaultMaximumSize
  ) async throws(VLCError) -> ProgrammeGuide {
    guard url.isFileURL else {
      // The guide's own size limit bounds the download too (the fetch's default, 64 MiB, is
      // less than a week of a large provider's guide).
      let data = try await HTTPFetch.data(
        from: url, userAgent: userAgent, limit: maximumSize, timeout: timeout)
      return try ProgrammeGuide(data: data, maximumSize: maximumSize)
    }
    return try readFile(url.path, maximumSize: maximumSize)
  }

  /// Reads and parses a file chunk by chunk, checking for cancellation between chunks.
  private static func readFile(_ path: String, maximumSize: Int) throws(VLCError)
    -> ProgrammeGuide
  {
    let file = try ReadOnlyFile(reading: path)
    var reader = GuideReader(maximumSize: maximumSize)
    try file.readInOrder(naming: path) { chunk throws(VLCError) in
      if Task.isCancelled { throw .cancelled }
      try reader.consume(chunk)
    }
    return try reader.finish()
  }
}

extension ChannelList {
  /// Loads the list's programme guide: `source` when given (`--epg`), otherwise the guides
  /// the header names (``guideURLs``), the first one that loads.
  ///
  /// - Parameters:
  ///   - source: a guide to use instead of the header's, as a file or http(s) URL.
  ///   - userAgent: the User-Agent header for a remote guide.
  ///   - timeout: how long each download may take.
  ///   - maximumSize: the most bytes of XML to read from each guide.
  /// - Throws: ``VLCError/invalidInput(_:)`` when there is no guide to load; otherwise the
  ///   last guide's error, as ``ProgrammeGuide/load(from:userAgent:timeout:maximumSize:)``
  ///   throws it.
  public func loadGuide(
    from source: URL? = nil, userAgent: String? = nil, timeout: Duration = .seconds(60),
    maximumSize: Int = ProgrammeGuide.defaultMaximumSize
  ) async throws(VLCError) -> ProgrammeGuide {
    let candidates = source.map { [$0] } ?? guideURLs.compactMap(Self.guideLocation)
    var failure = VLCError.invalidInput(
      "the channel list names no programme guide (url-tvg or x-tvg-url)")
    for url in candidates {
      do {
        return try await ProgrammeGuide.load(
          from: url, userAgent: userAgent, timeout: timeout, maximumSize: maximumSize)
      } catch .cancelled {
        throw .cancelled
      } catch {
        failure = error
      }
    }
    throw failure
  }

  /// A guide location as the list's header gives it, resolved: an absolute path or a URL.
  private static func guideLocation(_ text: String) -> URL? {
    text.hasPrefix("/") ? URL(fileURLWithPath: text) : URL(string: text)
  }
}
