// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials

extension Media {
  /// File extensions libVLC's tag writer (its TagLib module) writes, chosen by extension as
  /// TagLib does: MP3, MP4/M4A, Ogg (Vorbis, Opus, Speex, FLAC), FLAC, WAV, AIFF, ASF/WMA,
  /// Musepack, WavPack, TrueAudio and APE.
  public static let taggableExtensions: Set<String> = [
    "mp3", "mp4", "m4a", "m4b", "m4v", "3g2", "ogg", "oga", "opus", "spx", "flac", "wav",
    "aif", "aiff", "asf", "wma", "wmv", "mpc", "wv", "tta", "ape",
  ]

  /// Sets a tag in the media's metadata, as libVLC holds it; `nil` clears it. Nothing is
  /// written to the file until ``saveMetadata()``. Maps `libvlc_media_set_meta`.
  public func setMetadata(_ value: String?, for key: MetadataKey) {
    libvlc_media_set_meta(pointer, key.native, value)
  }

  /// Writes the tags set with ``setMetadata(_:for:)`` (and those read by a parse) into the
  /// file, through libVLC's TagLib module. Runs off the caller's thread; it rewrites the file
  /// (milliseconds for small files). Don't play the file meanwhile. Maps
  /// `libvlc_media_save_meta`.
  ///
  /// - Throws: ``VLCError/operationFailed(_:)`` for a source that is not a local file, for a
  ///   format TagLib cannot write (see ``taggableExtensions``; libVLC 3 itself would report
  ///   success and write nothing), or when libVLC reports the write failed.
  public func saveMetadata() async throws(VLCError) {
    guard let url = URL(string: mrl), url.isFileURL else {
      throw .operationFailed("tags can be written to local files only, not \(mrl)")
    }
    let fileExtension = url.pathExtension.lowercased()
    guard Self.taggableExtensions.contains(fileExtension) else {
      throw .operationFailed(
        "libVLC's tag writer (TagLib) cannot write .\(fileExtension) files (\(url.path))")
    }
    let media = self
    let result = await OwnThread.run {
      checkStatus("writing the tags of \(url.path)") {
        libvlc_media_save_meta(media.pointer) != 0 ? 0 : -1
      }
    }
    try result.get()
  }
}
