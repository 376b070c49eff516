// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// A ratio of width to height, in lowest terms: the shape of a video's stored pixels
/// (``Track/sampleAspectRatio``), 64:45 for a 16:9 picture stored as 720×576.
public struct AspectRatio: Sendable, Hashable, CustomStringConvertible {
  /// The width part.
  public let width: Int
  /// The height part.
  public let height: Int

  /// "64:45", as ffprobe writes a ratio.
  public var description: String { "\(width):\(height)" }

  /// The ratio `width`:`height` in lowest terms; `nil` unless both are positive.
  public init?(width: Int, height: Int) {
    guard width > 0, height > 0 else { return nil }
    var (a, b) = (width, height)
    while b != 0 { (a, b) = (b, a % b) }
    self.width = width / a
    self.height = height / a
  }
}
