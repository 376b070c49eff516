// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Where a file is to be written, checked before any work with one wording for every writer:
/// recordings (``Recording``, ``Player/startRecording(to:container:)``), snapshots
/// (``Player/takeSnapshot(to:width:height:timeout:)``) and the pictures a program saves.
public enum OutputPath {
  /// The absolute, standardized path for `path`, once a file can be created there: `path` is
  /// not empty, its directory exists and is writable, and it is not a directory itself
  /// (unless `allowsDirectory`, for a writer that names a file inside it).
  ///
  /// Reads the file system (`stat`, `access`); does not create anything.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` saying what is wrong: "cannot write PATH: the
  ///   directory DIR does not exist", "… is not writable", "… it is a directory", "… a path
  ///   ending in / names a directory", or that the path is empty or holds a NUL.
  public static func checked(_ path: String, allowsDirectory: Bool = false) throws(VLCError)
    -> String
  {
    guard !path.isEmpty, !path.contains("\0") else {
      throw .invalidInput("the output path \(path.debugDescription) is empty or contains NUL")
    }
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    var isDirectory = false
    // "out.mkv/" names a directory: it was written as the file out.mkv.
    if path.hasSuffix("/") && !allowsDirectory {
      throw .invalidInput("cannot write \(path): a path ending in / names a directory")
    }
    if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory {
      guard allowsDirectory else { throw .invalidInput("cannot write \(path): it is a directory") }
      return absolute
    }
    let directory = URL(fileURLWithPath: absolute).deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory
    else {
      throw .invalidInput("cannot write \(path): the directory \(directory) does not exist")
    }
    guard FileManager.default.isWritableFile(atPath: directory) else {
      throw .invalidInput("cannot write \(path): the directory \(directory) is not writable")
    }
    return absolute
  }
}
