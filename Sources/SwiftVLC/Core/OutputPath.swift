// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Where a file is to be written, checked before any work with one wording for every writer:
/// recordings (``Recording``, ``Player/startRecording(to:container:)``), snapshots
/// (``Player/takeSnapshot(to:width:height:timeout:)``) and the pictures a program saves.
public enum OutputPath {
  /// The absolute path a file for `path` is written at, once it can be: `path` is not empty,
  /// and a symbolic link is followed to the file it names (the link stays). An existing
  /// device or FIFO must be writable itself; a file to create or replace needs a writable
  /// directory. `path` may be a writable directory only with `allowsDirectory` (for a writer
  /// that names a file inside it).
  ///
  /// Reads the file system (`stat`, `access`, `readlink`); creates and opens nothing.
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
    let resolved = linkTarget(URL(fileURLWithPath: path).standardizedFileURL.path)
    let kind = FileKind(path: resolved)
    if kind == .directory || path.hasSuffix("/") {
      guard allowsDirectory else {
        let what = kind != nil ? "it is a directory" : "a path ending in / names a directory"
        throw .invalidInput("cannot write \(path): \(what)")
      }
      try checkDirectory(kind != nil ? resolved : parent(of: resolved), of: path)
      return resolved
    }
    // A device or a FIFO is written in place: its directory need not be writable (/dev).
    if kind == .fifo || kind == .other {
      guard access(resolved, W_OK) == 0 else {
        throw .invalidInput("cannot write \(path): \(String(cString: strerror(errno)))")
      }
      return resolved
    }
    try checkDirectory(parent(of: resolved), of: path)
    return resolved
  }

  /// Throws unless `directory` exists and is writable.
  private static func checkDirectory(_ directory: String, of path: String) throws(VLCError) {
    guard FileKind(path: directory) == .directory else {
      throw .invalidInput("cannot write \(path): the directory \(directory) does not exist")
    }
    guard FileManager.default.isWritableFile(atPath: directory) else {
      throw .invalidInput("cannot write \(path): the directory \(directory) is not writable")
    }
  }

  private static func parent(of path: String) -> String {
    URL(fileURLWithPath: path).deletingLastPathComponent().path
  }

  /// The file a symbolic link at `path` names, followed through links (at most 40, as the
  /// kernel does), else `path`: a dangling link's target, and a link to what has no path (a
  /// `/proc/self/fd` entry of a pipe) the last path reached.
  private static func linkTarget(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else {
        return current
      }
      if let resolved = realpath(current, nil) {
        defer { free(resolved) }
        return String(cString: resolved)
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, Int(PATH_MAX))
      guard count > 0 else { return current }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      // What has no path ("pipe:[123]") is reached through the link itself.
      guard target.hasPrefix("/") || !target.contains(":[") else { return current }
      current =
        (target.hasPrefix("/")
        ? URL(fileURLWithPath: target)
        : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target))
        .standardizedFileURL.path
    }
    return current
  }
}
