// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CJPEGEncoder
import FoundationEssentials
import Glibc

extension Thumbnail {
  /// Encodes the picture as a baseline JPEG with libjpeg-turbo, alpha dropped; colour at half
  /// resolution (4:2:0) below quality 90, at full resolution (4:4:4) from 90.
  /// Takes a few milliseconds for a 1280×720 picture, on the caller's thread.
  ///
  /// - Parameter quality: libjpeg's quality scale, from 1 (smallest) to 100 (best); 90 keeps
  ///   a picture close to its source at about a tenth of its PNG size.
  /// - Throws: ``VLCError/invalidInput(_:)`` when ``rgba`` does not hold `width * height * 4`
  ///   bytes, the picture is larger than JPEG's 65 535 pixels a side, or `quality` is outside
  ///   1...100; ``VLCError/operationFailed(_:)`` with libjpeg's message when it fails.
  public func jpegData(quality: Int = 90) throws(VLCError) -> Data {
    guard width > 0, height > 0, rgba.count == width * height * 4 else {
      throw .invalidInput("\(rgba.count) bytes do not make a \(width)×\(height) RGBA picture")
    }
    guard width <= 65_535, height <= 65_535 else {
      throw .invalidInput("a JPEG is at most 65535 pixels a side, not \(width)×\(height)")
    }
    guard (1...100).contains(quality) else {
      throw .invalidInput("JPEG quality \(quality) is not from 1 to 100")
    }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = rgba.withUnsafeBufferPointer { pixels in
      message.withUnsafeMutableBufferPointer { text in
        swiftvlc_jpeg_encode(
          pixels.baseAddress, Int32(width), Int32(height), width * 4, Int32(quality), &output,
          &size, text.baseAddress, text.count)
      }
    }
    guard status == 0, let output else {
      let reason = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw .operationFailed("libjpeg could not encode the thumbnail: \(reason)")
    }
    defer { free(output) }
    return Data(bytes: output, count: Int(size))
  }
}
