// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CPNG
import FoundationEssentials

/// How a thumbnail picks its frame.
///
/// For a local file both modes are exact, checked against ffmpeg on every frame of generated
/// clips (MP4 with and without B-frames, MKV, WebM with and without audio, MPEG-TS, AVI):
/// ``fast`` is the latest keyframe presented at or before the time, ``precise`` the latest
/// frame presented at or before it, the one a player shows then (`ffmpeg -ss T` gives the
/// next frame when T falls between two). A time before the first frame gives the first frame.
///
/// Other media (network sources, HLS, custom inputs) are libVLC 3's own seeking, which gives
/// a picture no timestamp, so what it shows cannot be checked or corrected: ``precise`` can be
/// 1 to 3 frames early on H.264 with B-frames (libVLC ends its preroll on a decode time),
/// ``fast`` can land on an earlier keyframe in WebM with audio and on a later one in MPEG-TS
/// (docs/libvlc3-findings.md, "Thumbnails", has the reasons).
public enum ThumbnailMode: Sendable, Hashable {
  /// The keyframe at or before the requested time: quick, possibly seconds early.
  case fast
  /// The frame shown at the requested time: decodes from the keyframe before it, so it takes
  /// longer; see the type's notes for how exact it is.
  case precise
}

/// A still picture of a media, as 8-bit RGBA pixels.
///
/// Equality and hashing compare the pictures (size and pixels), not their ``origin`` or
/// ``time``.
public struct Thumbnail: Sendable, Hashable {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int
  /// `width * height * 4` bytes, row by row from the top, red, green, blue, alpha (opaque).
  public var rgba: [UInt8]
  /// How ``Thumbnailer`` made the picture; `nil` for one made with ``init(width:height:rgba:)``.
  public internal(set) var origin: ThumbnailOrigin?
  /// Where in the media the picture is presented, from its start, when the maker knows it:
  /// the frame's own time from the exact-frame decoder (``ThumbnailOrigin/exactFrame``), which
  /// in ``ThumbnailMode/fast`` mode is the keyframe's, seconds before the time asked for when
  /// keyframes are far apart. `nil` for pictures libVLC made (libVLC 3 gives its pictures no
  /// timestamp) and for one made with ``init(width:height:rgba:)``.
  public internal(set) var time: Duration?

  /// Creates a thumbnail from pixels.
  public init(width: Int, height: Int, rgba: [UInt8]) {
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// Whether both show the same picture, wherever they came from.
  public static func == (lhs: Thumbnail, rhs: Thumbnail) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.rgba == rhs.rgba
  }

  /// Hashes the picture (size and pixels).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
    hasher.combine(rgba)
  }

  /// Encodes the picture as PNG with libpng.
  ///
  /// - Parameter text: entries written as PNG text (`iTXt`, UTF-8) chunks, in order:
  ///   keywords such as "Title", "Description", "Software" (at most 79 printable ASCII
  ///   characters; others are dropped), and their values.
  /// - Throws: ``VLCError/invalidInput(_:)`` when ``rgba`` does not hold `width * height * 4`
  ///   bytes; ``VLCError/operationFailed(_:)`` when libpng fails.
  public func pngData(text: [(keyword: String, value: String)] = []) throws(VLCError) -> Data {
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
    return PNGTextChunks.inserting(text, into: data)
  }
}
