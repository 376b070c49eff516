// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLC
import SwiftVLCCommandLine

extension MediaSource {
  /// Reads a SOURCE argument.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` for a malformed URL.
  static func parse(_ text: String) throws(VLCError) -> MediaSource {
    guard let source = MediaSource(text) else {
      throw .mediaCreationFailed(source: "\(text): not a valid URL")
    }
    return source
  }

  /// A new media for this source on `instance`.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` for a missing file.
  func media(on instance: VLCInstance) throws(VLCError) -> Media {
    if let error = schemelessURLError { throw error }
    switch self {
    case .file(let path):
      if let descriptor = Self.openedFIFO(path) {
        return try Media(fileDescriptor: descriptor, instance: instance)
      }
      return try Media(path: path, instance: instance)
    case .url(let url): return try Media(url: url, instance: instance)
    }
  }

  /// The media this source stands for outside the terminal player: the first channel of
  /// `list` (the channel list at the source, ``ChannelsCommand/channelList(at:)``), as
  /// `play` without a terminal and `record` take it; else the source itself.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` for a missing file or a channel
  ///   location that is neither a URL nor an absolute path.
  func media(on instance: VLCInstance, list: ChannelList?) throws(VLCError) -> Media {
    guard let channel = list?.channels.first else { return try media(on: instance) }
    return try channel.makeMedia(instance: instance)
  }

  /// A FIFO at `path`, opened for reading (libVLC 3 cannot read one by name: it opens it more
  /// than once); `nil` for anything else. Opened without waiting for a writer: with none, the
  /// first read ends the stream at once. The descriptor stays open until the process exits.
  private static func openedFIFO(_ path: String) -> Int32? {
    guard FileKind(path: path) == .fifo else { return nil }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return descriptor
  }

  /// The error for a file SOURCE that does not exist and reads as a URL without its scheme
  /// ("example.com/a.mp4"): "no such file", and the URL it may mean; `nil` otherwise.
  var schemelessURLError: VLCError? {
    guard case .file(let path) = self, let hint = schemeHint,
      !FileManager.default.fileExists(atPath: path)
    else { return nil }
    let absolute = URL(fileURLWithPath: path).path
    return .mediaCreationFailed(
      source: "\(absolute): no such file (a URL needs its scheme: \(hint))")
  }

  /// The demo clip bundled with the tool: once installed, `share/swiftvlc/demo.mkv` beside the
  /// `bin` directory that holds the executable; run from a build directory, the clip in the
  /// source tree it was built from (not a SwiftPM resource: its accessor links Foundation).
  static var demoClip: MediaSource? {
    if let executable = try? FileManager.default.destinationOfSymbolicLink(
      atPath: "/proc/self/exe")
    {
      let installed = URL(fileURLWithPath: executable).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("share/swiftvlc/demo.mkv")
      if FileManager.default.fileExists(atPath: installed.path) { return .file(installed.path) }
    }
    let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Resources/demo.mkv")
    return FileManager.default.fileExists(atPath: built.path) ? .file(built.path) : nil
  }
}
