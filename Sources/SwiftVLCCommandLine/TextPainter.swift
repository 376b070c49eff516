// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CFontconfig
import CFreeType
import SwiftVLC

/// Draws lines of text into RGBA pictures with FreeType, anti-aliased, in the font fontconfig
/// picks for "DejaVu Sans" (Debian's fonts-dejavu-core). Not thread-safe: one painter per
/// picture being drawn.
package final class TextPainter {
  /// The font's size in pixels (the em square).
  package let pixelSize: Int
  private let library: FT_Library
  private let face: FT_Face

  /// A painter with the sans-serif font at `pixelSize` pixels.
  ///
  /// - Throws: ``VLCError/operationFailed(_:)`` when fontconfig finds no font (install
  ///   fonts-dejavu-core) or FreeType cannot open the one it finds.
  package init(pixelSize: Int) throws(VLCError) {
    let path = try Self.fontPath()
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw .operationFailed("FreeType could not start")
    }
    var face: FT_Face?
    guard FT_New_Face(library, path, 0, &face) == 0, let face else {
      FT_Done_FreeType(library)
      throw .operationFailed("FreeType could not open the font \(path)")
    }
    FT_Set_Pixel_Sizes(face, 0, FT_UInt(max(pixelSize, 1)))
    self.library = library
    self.face = face
    self.pixelSize = pixelSize
  }

  deinit {
    FT_Done_Face(face)
    FT_Done_FreeType(library)
  }

  /// The file of the font fontconfig matches to "DejaVu Sans".
  ///
  /// - Throws: ``VLCError/operationFailed(_:)`` when fontconfig has no font at all.
  package static func fontPath() throws(VLCError) -> String {
    let missing = VLCError.operationFailed(
      "no font for the contact sheet's text: fontconfig found none (install fonts-dejavu-core)")
    guard FcInit() != 0, let pattern = FcNameParse(Array("DejaVu Sans".utf8) + [0]) else {
      throw missing
    }
    defer { FcPatternDestroy(pattern) }
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(nil, pattern, &result) else { throw missing }
    defer { FcPatternDestroy(match) }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else {
      throw missing
    }
    return String(cString: file)
  }

  /// The distance from one baseline to the next, in pixels.
  package var lineHeight: Int { Self.lineHeight(pixelSize: pixelSize) }

  /// The line height of a font `pixelSize` pixels high (DejaVu Sans: 1.17 em, rounded up).
  package static func lineHeight(pixelSize: Int) -> Int { (pixelSize * 117 + 99) / 100 }

  /// How far `text` advances, in pixels.
  package func width(of text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      guard FT_Load_Char(face, FT_ULong(scalar.value), 0) == 0 else { return total }
      return total + Int(face.pointee.glyph.pointee.advance.x >> 6)
    }
  }

  /// Draws `text` with its baseline at `baseline`, from `x` rightwards, blending `colour` into
  /// `picture` by each glyph's coverage; nothing is drawn at or beyond `right` (default: the
  /// picture's right edge) or outside the picture. Characters the font lacks are skipped.
  package func draw(
    _ text: String, x: Int, baseline: Int, colour: (UInt8, UInt8, UInt8),
    into picture: inout Thumbnail, right: Int? = nil
  ) {
    let limit = min(right ?? picture.width, picture.width)
    var pen = x
    for scalar in text.unicodeScalars {
      guard pen < limit, FT_Load_Char(face, FT_ULong(scalar.value), cfreetype_load_render) == 0
      else { continue }
      let glyph = face.pointee.glyph.pointee
      blend(
        glyph.bitmap, left: pen + Int(glyph.bitmap_left), top: baseline - Int(glyph.bitmap_top),
        colour: colour, into: &picture, limit: limit)
      pen += Int(glyph.advance.x >> 6)
    }
  }

  private func blend(
    _ bitmap: FT_Bitmap, left: Int, top: Int, colour: (UInt8, UInt8, UInt8),
    into picture: inout Thumbnail, limit: Int
  ) {
    guard let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
    else { return }
    let (width, height) = (picture.width, picture.height)
    let ink = [Int(colour.0), Int(colour.1), Int(colour.2)]
    picture.rgba.withUnsafeMutableBufferPointer { pixels in
      for row in 0..<Int(bitmap.rows) {
        let y = top + row
        guard y >= 0, y < height else { continue }
        for column in 0..<Int(bitmap.width) {
          let x = left + column
          guard x >= 0, x < limit else { continue }
          let coverage = Int(buffer[row * Int(bitmap.pitch) + column])
          guard coverage > 0 else { continue }
          let offset = (y * width + x) * 4
          for channel in 0..<3 {
            let under = Int(pixels[offset + channel])
            pixels[offset + channel] = UInt8(
              (ink[channel] * coverage + under * (255 - coverage)) / 255)
          }
        }
      }
    }
  }
}
