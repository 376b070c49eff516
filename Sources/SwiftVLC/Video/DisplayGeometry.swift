// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// How a video's stored pictures are shown: the shape of their pixels and a quarter turn.
/// Thumbnails are made as a player shows the video (ffmpeg's thumbnails too): a 720×576
/// picture with 64:45 pixels is 1024×576, a phone's sideways-stored portrait video upright.
struct DisplayGeometry: Sendable, Equatable {
  /// The shape of the stored pixels; `nil` for square.
  var sampleAspect: AspectRatio?
  /// How far the stored picture is turned clockwise to be shown: 0, 90, 180 or 270.
  var rotation: Int

  init(sampleAspect: AspectRatio?, rotation: Int?) {
    self.sampleAspect = sampleAspect
    self.rotation = [90, 180, 270].contains(rotation) ? rotation ?? 0 : 0
  }

  /// As libVLC's parse describes `track`.
  init(track: Track?) {
    self.init(sampleAspect: track?.sampleAspectRatio, rotation: track?.displayRotation)
  }

  private var turnsSideways: Bool { rotation == 90 || rotation == 270 }

  /// The size a player shows a stored picture of size `stored` at: its width for square
  /// pixels (the height kept, as ffmpeg and libVLC keep it), then turned.
  func shown(_ stored: (width: Int, height: Int)) -> (width: Int, height: Int) {
    var width = stored.width
    if let aspect = sampleAspect, aspect.width != aspect.height {
      width = max(1, (stored.width * aspect.width + aspect.height / 2) / aspect.height)
    }
    return turnsSideways ? (stored.height, width) : (width, stored.height)
  }

  /// The size a stored picture is converted to before it is turned, for a shown `size`.
  func beforeTurning(_ size: (width: Int, height: Int)) -> (width: Int, height: Int) {
    turnsSideways ? (size.height, size.width) : size
  }

  /// `picture`, converted to ``beforeTurning(_:)``'s size, turned as a player shows it; its
  /// time and origin kept.
  func turned(_ picture: Thumbnail) -> Thumbnail {
    guard rotation != 0, picture.rgba.count == picture.width * picture.height * 4 else {
      return picture
    }
    let (width, height) = (picture.width, picture.height)
    let (newWidth, newHeight) = turnsSideways ? (height, width) : (width, height)
    var output = [UInt8](repeating: 0, count: picture.rgba.count)
    picture.rgba.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        for y in 0..<height {
          for x in 0..<width {
            let (toX, toY) =
              switch rotation {
              case 90: (height - 1 - y, x)
              case 180: (width - 1 - x, height - 1 - y)
              default: (y, width - 1 - x)
              }
            let from = (y * width + x) * 4
            let to = (toY * newWidth + toX) * 4
            target[to] = source[from]
            target[to + 1] = source[from + 1]
            target[to + 2] = source[from + 2]
            target[to + 3] = source[from + 3]
          }
        }
      }
    }
    var turned = Thumbnail(width: newWidth, height: newHeight, rgba: output)
    turned.origin = picture.origin
    turned.time = picture.time
    return turned
  }
}
