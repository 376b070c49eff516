// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The pixel layout of a ``VideoFrame``.
public enum PixelFormat: Sendable, Hashable {
  /// 8-bit red, green, blue, alpha, in that byte order; alpha is always 255. libVLC's `RGBA`.
  case rgba
  /// 8-bit blue, green, red, alpha, in that byte order; alpha is always 255. libVLC's `BGRA`.
  case bgra
  /// Planar YUV 4:2:0: a full-size Y plane, then U and V planes of half the width and height
  /// (rounded up), each tightly packed. libVLC's `I420`.
  case i420

  /// libVLC's four-character chroma code.
  var chroma: String {
    switch self {
    case .rgba: "RGBA"
    case .bgra: "BGRA"
    case .i420: "I420"
    }
  }

  /// Bytes per row and rows of each plane of a `width` × `height` picture, tightly packed.
  func planes(width: Int, height: Int) -> [PlaneSize] {
    switch self {
    case .rgba, .bgra:
      [PlaneSize(bytesPerRow: width * 4, rows: height)]
    case .i420:
      [
        PlaneSize(bytesPerRow: width, rows: height),
        PlaneSize(bytesPerRow: (width + 1) / 2, rows: (height + 1) / 2),
        PlaneSize(bytesPerRow: (width + 1) / 2, rows: (height + 1) / 2),
      ]
    }
  }
}

/// The size of one plane of a picture.
struct PlaneSize: Sendable, Hashable {
  var bytesPerRow: Int
  var rows: Int
  var byteCount: Int { bytesPerRow * rows }
}
