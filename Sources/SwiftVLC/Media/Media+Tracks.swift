// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials

/// Reading the media's tracks: the one reading a player's lists, a probe and a recording
/// share.
extension Media {
  /// The tracks libVLC knows for this media (from parsing or from playing it), with the
  /// codes and languages a local Matroska file's own track entries tell better
  /// (``MatroskaTracks/correct(_:with:)``): a player's lists, a probe's and a recording's
  /// name a track alike ("mp3", "eng", where libVLC's demuxer said "mpga", "en").
  func readTracks() -> [Track] {
    var list: UnsafeMutablePointer<UnsafeMutablePointer<libvlc_media_track_t>?>?
    let count = libvlc_media_tracks_get(pointer, &list)
    guard let list, count > 0 else { return [] }
    var tracks = (0..<Int(count)).compactMap { index in
      list[index].map { Track(native: $0.pointee) }
    }
    libvlc_media_tracks_release(list, count)
    if let entries = matroskaEntries() { MatroskaTracks.correct(&tracks, with: entries) }
    return tracks
  }

  /// A local Matroska file's track entries: the last parse's, or read once from the file
  /// (outside the lock: a caller on the main actor does not wait for another's read; two
  /// first callers may both read, and keep the same answer).
  private func matroskaEntries() -> [MatroskaTracks.Entry]? {
    if let parsed = parsedHeaders.withLock({ $0.map(\.matroskaTracks) }) { return parsed }
    if let known = fileTrackEntries.withLock({ $0 }) { return known }
    let read = localPath.flatMap { path -> [MatroskaTracks.Entry]? in
      guard let file = ReadOnlyFile(path: path), let head = file.read(at: 0, upTo: 64),
        FileHeaders.containerName([UInt8](head)) == "Matroska/WebM"
      else { return nil }
      return MatroskaTracks.read(file)
    }
    fileTrackEntries.withLock { $0 = .some(read) }
    return read
  }
}
