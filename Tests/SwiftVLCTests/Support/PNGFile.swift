// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CPNG
import Foundation
import SwiftVLC

/// Why a PNG file could not be read.
struct PNGDecodingFailed: Error, CustomStringConvertible {
  var description: String
}

/// The PNG file at `path`, decoded by libpng into 8-bit RGBA pixels.
func decodePNG(atPath path: String) throws -> Thumbnail {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  var image = png_image()
  image.version = png_uint_32(PNG_IMAGE_VERSION)
  // libpng reads from the buffer until the image is finished, so both calls share one borrow.
  let pixels = data.withUnsafeBytes { bytes -> [UInt8]? in
    guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
      return nil
    }
    image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
    let finished = pixels.withUnsafeMutableBytes {
      png_image_finish_read(&image, nil, $0.baseAddress, 0, nil)
    }
    return finished != 0 ? pixels : nil
  }
  guard let pixels else {
    let message = withUnsafeBytes(of: image.message) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    png_image_free(&image)
    throw PNGDecodingFailed(description: "libpng could not read \(path): \(message)")
  }
  return Thumbnail(width: Int(image.width), height: Int(image.height), rgba: pixels)
}

extension Thumbnail {
  /// The hue of the pixel at (`x`, `y`).
  func hue(x: Int, y: Int) -> Hue {
    let offset = (y * width + x) * 4
    return Hue(red: rgba[offset], green: rgba[offset + 1], blue: rgba[offset + 2])
  }
}
