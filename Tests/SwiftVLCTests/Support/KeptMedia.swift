// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// Test media kept between test processes, in the package's `.build/test-media`: a file made
/// by ffmpeg from the same arguments and inputs, with the same ffmpeg, is the same test file
/// (x264, VP9 and the others encode deterministically), and the encodes were about a fifth of
/// a parallel run's processor time. Only keys that say everything the file is made from are
/// kept (``MediaCache/Key/isComplete``).
///
/// An entry is a folder named by a hash of the key, holding the file and the key written out
/// (compared on use, so that a hash collision makes the file again). Entries are written to a
/// temporary folder and renamed into place: a process killed while writing leaves no entry.
/// `SWIFTVLC_TEST_MEDIA_CACHE=off` turns it off (`swift package clean` empties it).
enum KeptMedia {
  /// The kept file for `key`, if there is one.
  static func file(for key: MediaCache.Key) -> String? {
    guard let entry = entry(for: key) else { return nil }
    let recorded = try? String(
      contentsOf: entry.folder.appendingPathComponent("key.txt"), encoding: .utf8)
    guard recorded == entry.description else { return nil }
    let files = (try? FileManager.default.contentsOfDirectory(atPath: entry.folder.path)) ?? []
    return files.first { $0 != "key.txt" }.map { entry.folder.appendingPathComponent($0).path }
  }

  /// Keeps a copy of `path`, just made for `key`; returns the kept copy's path, or `nil` when
  /// it could not be kept (the caller uses its own).
  static func keep(_ path: String, for key: MediaCache.Key) -> String? {
    guard let entry = entry(for: key) else { return nil }
    let manager = FileManager.default
    let writing = entry.folder.deletingLastPathComponent()
      .appendingPathComponent(".writing-\(UUID().uuidString)")
    let name = (path as NSString).lastPathComponent
    do {
      try manager.createDirectory(at: writing, withIntermediateDirectories: true)
      try manager.copyItem(atPath: path, toPath: writing.appendingPathComponent(name).path)
      try entry.description.write(
        to: writing.appendingPathComponent("key.txt"), atomically: false, encoding: .utf8)
      if rename(writing.path, entry.folder.path) != 0 {  // another process kept it first
        try? manager.removeItem(at: writing)
      }
    } catch {
      try? manager.removeItem(at: writing)
      return nil
    }
    return file(for: key)
  }

  /// The entry's folder and the key written out, or `nil` when keeping is off.
  private static func entry(for key: MediaCache.Key) -> (folder: URL, description: String)? {
    guard key.isComplete, let root else { return nil }
    var description = ([ffmpegIdentity] + key.recipe).joined(separator: "\n")
    for input in key.inputs { description += "\ninput \(input.count) bytes \(hash(input))" }
    let name = String(hash(Data(description.utf8)), radix: 16)
    return (root.appendingPathComponent(name), description)
  }

  /// The folder, `nil` when turned off.
  private static let root: URL? = {
    let setting = ProcessInfo.processInfo.environment["SWIFTVLC_TEST_MEDIA_CACHE"]
    if setting == "off" { return nil }
    if let setting, !setting.isEmpty { return URL(fileURLWithPath: setting) }
    // Tests/SwiftVLCTests/Support/KeptMedia.swift → the package's root.
    var package = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { package.deleteLastPathComponent() }
    return package.appendingPathComponent(".build/test-media")
  }()

  /// Which ffmpeg makes the files: its size and modification time (a new package changes both).
  private static let ffmpegIdentity: String = {
    let path = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first {
      FileManager.default.fileExists(atPath: $0)
    }
    guard let path, let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    else { return "ffmpeg unknown" }
    let size = attributes[.size] as? Int ?? 0
    let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    return "ffmpeg \(path) \(size) \(date)"
  }()

  /// 64-bit FNV-1a: stable across processes (Swift's `Hasher` is seeded per process).
  private static func hash(_ data: Data) -> UInt64 {
    data.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }
}
