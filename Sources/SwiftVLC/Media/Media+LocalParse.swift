// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension Media {
  /// A local file's facts for work on the whole file (a copy, a contact sheet): its container
  /// parse, or the decoded one where the container parse leaves out what libVLC 3 finds only
  /// while playing (an MPEG program stream's streams and length). Blocks the caller's task
  /// for at most `timeout` per parse.
  ///
  /// - Throws: what ``parse(timeout:network:depth:)`` throws for the container parse; a
  ///   decoded parse that fails leaves the container parse's answer.
  package func parseWhole(timeout: Duration = .seconds(5)) async throws(VLCError) -> MediaInfo {
    let info = try await parse(timeout: timeout)
    guard info.isPlayable, isLocalFile, info.tracks.isEmpty || info.duration == nil else {
      return info
    }
    return (try? await parse(timeout: timeout, depth: .decoded)) ?? info
  }
}
