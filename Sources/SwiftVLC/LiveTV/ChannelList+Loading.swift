// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

extension ChannelList {
  /// Reads a channel list from a local file or an `http`/`https` URL, and parses it with
  /// relative entries resolved against `url`.
  ///
  /// Remote lists are fetched over libcurl (libVLC 3 cannot hand a playlist's raw bytes to its
  /// caller: its M3U stream filter always takes them over), redirects followed, at most 64 MiB.
  /// Runs off the calling actor; cancelling the calling task cancels the download.
  ///
  /// - Parameters:
  ///   - url: a `file://` (also a pipe, as `<(curl …)` or `/dev/stdin`), `http://` or
  ///     `https://` URL.
  ///   - userAgent: the User-Agent header for a remote list, when the provider wants one.
  ///   - timeout: how long a remote download may take.
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` for a missing or unreadable file;
  ///   ``VLCError/operationFailed(_:)`` when the server cannot be reached or answers with an
  ///   error status (the reason says which); ``VLCError/timeout(_:)`` when the download takes
  ///   longer than `timeout`; ``VLCError/cancelled`` when the task is cancelled;
  ///   ``VLCError/invalidInput(_:)`` for another scheme, or bytes that are not a channel list.
  public static func load(
    from url: URL, userAgent: String? = nil, timeout: Duration = .seconds(15)
  ) async throws(VLCError) -> ChannelList {
    let data: Data
    if url.isFileURL {
      // On a thread of its own: a pipe's reads wait for its writer.
      let path = url.path
      data = try await OwnThread.run { () -> Result<Data, VLCError> in
        Result { () throws(VLCError) in
          let file = try ReadOnlyFile(reading: path)
          var data = Data()
          try file.readInOrder(naming: path) { chunk throws(VLCError) in
            guard data.count + chunk.count <= HTTPFetch.defaultLimit else {
              throw .mediaCreationFailed(source: "\(path): \(String(cString: strerror(EFBIG)))")
            }
            data.append(contentsOf: chunk)
          }
          return data
        }
      }.get()
    } else {
      guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
        throw .invalidInput("\(url.absoluteString): channel lists are read from files or HTTP(S)")
      }
      data = try await HTTPFetch.data(from: url, userAgent: userAgent, timeout: timeout)
    }
    return try ChannelList(data: data, baseURL: url)
  }
}
