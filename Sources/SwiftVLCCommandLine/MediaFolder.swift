// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import SwiftVLC

/// The media files of a folder, as libVLC 3 lists a folder it opens: hidden entries and the
/// extensions of its `ignore-filetypes` default (images, text, subtitles, playlists) are
/// left out, and the other subtitle and text files libVLC does not play (``otherExtensions``).
package enum MediaFolder {
  /// What a listing found: a file to probe, or a folder that could not be read.
  package enum Entry: Sendable, Equatable {
    /// A file, by path (the folder's path as given, then the names below it).
    case file(String)
    /// A folder that could not be listed, and why.
    case unreadable(String, reason: String)
  }

  /// libVLC 3.0's `ignore-filetypes` default (src/libvlc-module.c).
  package static let ignoredExtensions: Set<String> = [
    "m3u", "db", "nfo", "ini", "jpg", "jpeg", "ljpg", "gif", "png", "pgm", "pgmyuv", "pbm",
    "pam", "tga", "bmp", "pnm", "xpm", "xcf", "pcx", "tif", "tiff", "lbm", "sfv", "txt", "sub",
    "idx", "srt", "cue", "ssa",
  ]

  /// Subtitle formats libVLC 3 reads beside a video but does not play alone, and text, code
  /// and document files, which libVLC's list leaves in (each was probed "not a media file").
  package static let otherExtensions: Set<String> = [
    "ass", "vtt", "webvtt", "smi", "sami", "usf", "jss", "psb", "rt", "ttml", "dfxp", "scc",
    "sbv", "mpl2", "aqt", "pjs", "lrc", "json", "xml", "html", "htm", "md", "log", "csv",
    "yaml", "yml", "sh", "py", "pdf", "doc", "docx", "url", "torrent", "part",
  ]

  /// Whether `path` names a folder (following symbolic links).
  package static func isFolder(_ path: String) -> Bool {
    var isDirectory = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory
  }

  /// The media files in `folder`, sorted by name, and with `recursive` those of its
  /// subfolders, each after the files that sort before it. Symbolic links to files are
  /// listed; links to folders are not followed (so a link cannot make a loop).
  package static func entries(in folder: String, recursive: Bool) -> [Entry] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      let reason = FileErrorText.of(error)
      return [.unreadable(folder, reason: reason)]
    }
    var entries: [Entry] = []
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    for name in names where !name.hasPrefix(".") {
      let path = prefix + name
      if isFolder(path) {
        let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
        if recursive && !isLink { entries += self.entries(in: path, recursive: true) }
      } else {
        let fileExtension = URL(fileURLWithPath: name).pathExtension.lowercased()
        if !ignoredExtensions.contains(fileExtension) && !otherExtensions.contains(fileExtension) {
          entries.append(.file(path))
        }
      }
    }
    return entries
  }
}
