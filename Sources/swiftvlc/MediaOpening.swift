import Foundation
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
    switch self {
    case .file(let path): try Media(path: path, instance: instance)
    case .url(let url): try Media(url: url, instance: instance)
    }
  }

  /// The demo clip bundled with the tool: once installed, `share/swiftvlc/demo.mkv` beside the
  /// `bin` directory that holds the executable; in a build directory, SwiftPM's resource bundle.
  static var demoClip: MediaSource? {
    guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else {
      return nil
    }
    let bin = executable.deletingLastPathComponent()
    let installed = bin.deletingLastPathComponent().appendingPathComponent(
      "share/swiftvlc/demo.mkv")
    if FileManager.default.fileExists(atPath: installed.path) { return .file(installed.path) }
    // Bundle.module ends the program when its bundle is missing: look for it first.
    let bundle = bin.appendingPathComponent("SwiftVLC_swiftvlc.resources")
    guard FileManager.default.fileExists(atPath: bundle.path) else { return nil }
    return Bundle.module.url(forResource: "demo", withExtension: "mkv").map { .file($0.path) }
  }
}
