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

  /// The demo clip bundled with the tool.
  static var demoClip: MediaSource? {
    Bundle.module.url(forResource: "demo", withExtension: "mkv").map { .file($0.path) }
  }
}
