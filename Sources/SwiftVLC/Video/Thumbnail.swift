internal import CPNG
import Foundation

/// How a thumbnail picks its frame.
///
/// Both modes are libVLC 3's own seeking; it gives a picture no timestamp, so what it shows
/// cannot be checked or corrected afterwards. Measured against ffmpeg on every frame of
/// generated clips (docs/libvlc3-findings.md, "Thumbnails", has the reasons):
/// - MP4, MKV, AVI and WebM without audio: ``fast`` is exactly the latest keyframe at or
///   before the time. WebM with audio can land on the keyframe before that one.
/// - AVI and VP9 WebM: ``precise`` is exactly the frame `ffmpeg -ss` gives (the first
///   one presented at or after the time). MP4 is one frame early, and H.264 with B-frames up
///   to 3 frames early. On a busy machine any container now and then shows the frame after
///   the right one; an instance created with `--no-drop-late-frames --no-skip-frames` makes
///   that rarer.
/// - MPEG-TS: both modes can land on a keyframe after the time, and a time in the last
///   keyframe interval can fail with ``VLCError/playbackFailed(reason:)``.
public enum ThumbnailMode: Sendable, Hashable {
  /// The keyframe at or before the requested time: quick, possibly seconds early.
  case fast
  /// The frame at the requested time: decodes from the keyframe before it, so it takes
  /// longer; see the type's notes for how exact it is per container.
  case precise
}

/// A still picture of a media, as 8-bit RGBA pixels.
public struct Thumbnail: Sendable, Hashable {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int
  /// `width * height * 4` bytes, row by row from the top, red, green, blue, alpha (opaque).
  public var rgba: [UInt8]

  /// Creates a thumbnail from pixels.
  public init(width: Int, height: Int, rgba: [UInt8]) {
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// Encodes the picture as PNG with libpng.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when ``rgba`` does not hold `width * height * 4`
  ///   bytes; ``VLCError/operationFailed(_:)`` when libpng fails.
  public func pngData() throws(VLCError) -> Data {
    guard width > 0, height > 0, rgba.count == width * height * 4 else {
      throw .invalidInput("\(rgba.count) bytes do not make a \(width)×\(height) RGBA picture")
    }
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    image.width = png_uint_32(width)
    image.height = png_uint_32(height)
    image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    let stride = png_int_32(width * 4)
    // The simplified API reports errors by return value (it keeps libpng's longjmp inside).
    var size = 0
    let measured = rgba.withUnsafeBytes { pixels in
      png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, stride, nil)
    }
    var data = Data(count: size)
    let written = data.withUnsafeMutableBytes { output in
      rgba.withUnsafeBytes { pixels in
        png_image_write_to_memory(
          &image, output.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
      }
    }
    guard measured != 0, written != 0 else {
      let message = withUnsafeBytes(of: image.message) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      png_image_free(&image)
      throw .operationFailed("libpng could not encode the thumbnail: \(message)")
    }
    data.count = size
    return data
  }
}
