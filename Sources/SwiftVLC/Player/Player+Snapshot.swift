// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

extension Player {
  /// The current picture as PNG data, in memory, leaving no file behind.
  ///
  /// libVLC 3 writes snapshots only to files: this takes one into a private temporary folder
  /// with ``takeSnapshot(to:width:height:timeout:)``, reads it back and deletes the folder.
  /// Works with every video output, including frames and ``VideoOutput/none``. Main actor;
  /// suspends, without blocking it, until libVLC wrote the picture or `timeout` passed.
  ///
  /// - Parameters:
  ///   - width: the picture width; 0 keeps the source's (or follows `height`'s ratio).
  ///   - height: the picture height; 0 keeps the source's (or follows `width`'s ratio).
  ///   - timeout: how long to wait for libVLC to write the picture.
  /// - Returns: the bytes of a PNG file.
  /// - Throws: as ``takeSnapshot(to:width:height:timeout:)`` (``VLCError/invalidState(_:)``
  ///   when no video is showing); ``VLCError/operationFailed(_:)`` when the temporary
  ///   folder cannot be made or the picture read.
  public func snapshot(width: Int = 0, height: Int = 0, timeout: Duration = .seconds(5))
    async throws(VLCError) -> Data
  {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-snapshot-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    } catch {
      throw .operationFailed("cannot make a folder for the snapshot: \(error)")
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = try await takeSnapshot(
      to: folder.appendingPathComponent("snapshot.png").path, width: width, height: height,
      timeout: timeout)
    guard let data = FileManager.default.contents(atPath: written), !data.isEmpty else {
      throw .operationFailed("could not read the snapshot libVLC wrote at \(written)")
    }
    return data
  }
}
