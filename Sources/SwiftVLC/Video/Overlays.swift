// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Where an overlay sits in the picture. Maps libVLC's position bits (left 1, right 2, top 4,
/// bottom 8, 0 = centre).
public enum OverlayPosition: Sendable, Hashable {
  /// Centred.
  case center
  /// Left edge, vertically centred.
  case left
  /// Right edge, vertically centred.
  case right
  /// Top edge, horizontally centred.
  case top
  /// Bottom edge, horizontally centred.
  case bottom
  /// Top-left corner.
  case topLeft
  /// Top-right corner.
  case topRight
  /// Bottom-left corner.
  case bottomLeft
  /// Bottom-right corner.
  case bottomRight

  var native: Int32 {
    switch self {
    case .center: 0
    case .left: 1
    case .right: 2
    case .top: 4
    case .bottom: 8
    case .topLeft: 5
    case .topRight: 6
    case .bottomLeft: 9
    case .bottomRight: 10
    }
  }
}

/// Text drawn over the video (libVLC's `marq` sub-source). Needs a font on the system
/// (Debian: fonts-dejavu-core). Set with ``Player/setMarquee(_:)``.
public struct Marquee: Sendable, Hashable {
  /// The text; libVLC expands `$`-codes and strftime formats (`%H:%M`).
  public var text: String
  /// The colour as 0xRRGGBB; higher bits are ignored.
  public var color: UInt32
  /// 0 (invisible) … 1 (opaque); values outside are clamped.
  public var opacity: Double
  /// Where the text is anchored.
  public var position: OverlayPosition
  /// Offset from the anchor, in pixels of the video.
  public var x: Int
  /// Offset from the anchor, in pixels of the video.
  public var y: Int
  /// The font size in pixels of the video; 0 lets libVLC choose.
  public var size: Int
  /// How long the text stays; `nil` keeps it.
  public var timeout: Duration?

  /// Creates a marquee.
  public init(
    text: String, color: UInt32 = 0xFF_FFFF, opacity: Double = 1,
    position: OverlayPosition = .center, x: Int = 0, y: Int = 0, size: Int = 0,
    timeout: Duration? = nil
  ) {
    self.text = text
    self.color = color
    self.opacity = opacity
    self.position = position
    self.x = x
    self.y = y
    self.size = size
    self.timeout = timeout
  }
}

/// An image drawn over the video (libVLC's `logo` sub-source). Set with ``Player/setLogo(_:)``.
public struct Logo: Sendable, Hashable {
  /// The image file (PNG or anything libVLC's image decoders read).
  public var path: String
  /// Where the image is anchored.
  public var position: OverlayPosition
  /// 0 (invisible) … 1 (opaque); values outside are clamped.
  public var opacity: Double
  /// Offset from the anchor, in pixels of the video.
  public var x: Int
  /// Offset from the anchor, in pixels of the video.
  public var y: Int

  /// Creates a logo.
  public init(
    path: String, position: OverlayPosition = .topRight, opacity: Double = 1, x: Int = 0,
    y: Int = 0
  ) {
    self.path = path
    self.position = position
    self.opacity = opacity
    self.x = x
    self.y = y
  }
}

/// Picture adjustments (libVLC's `adjust` filter). Values outside their ranges are clamped;
/// NaN and infinities are rejected by ``Player/setVideoAdjustments(_:)``.
public struct VideoAdjustments: Sendable, Hashable {
  /// 0…2, 1 unchanged.
  public var brightness: Float
  /// 0…2, 1 unchanged.
  public var contrast: Float
  /// Degrees, -180…180, 0 unchanged.
  public var hue: Float
  /// 0…3, 1 unchanged.
  public var saturation: Float
  /// 0.01…10, 1 unchanged.
  public var gamma: Float

  /// Creates adjustments; the defaults change nothing.
  public init(
    brightness: Float = 1, contrast: Float = 1, hue: Float = 0, saturation: Float = 1,
    gamma: Float = 1
  ) {
    self.brightness = brightness
    self.contrast = contrast
    self.hue = hue
    self.saturation = saturation
    self.gamma = gamma
  }

  /// The values clamped to libVLC's ranges.
  func validated() throws(VLCError) -> VideoAdjustments {
    let values = [brightness, contrast, hue, saturation, gamma]
    guard values.allSatisfy(\.isFinite) else {
      throw .invalidInput("video adjustments must be finite numbers: \(values)")
    }
    return VideoAdjustments(
      brightness: min(max(brightness, 0), 2), contrast: min(max(contrast, 0), 2),
      hue: min(max(hue, -180), 180), saturation: min(max(saturation, 0), 3),
      gamma: min(max(gamma, 0.01), 10))
  }
}

/// A deinterlacing algorithm. Maps libVLC's `deinterlace-mode` names.
public enum DeinterlaceMode: String, Sendable, Hashable, CaseIterable {
  /// Keeps one field: fast, half the vertical resolution.
  case discard
  /// Blends both fields.
  case blend
  /// Mean of both fields, half height.
  case mean
  /// Shows each field in turn, doubling the frame rate.
  case bob
  /// Line interpolation, doubling the frame rate.
  case linear
  /// Motion-adaptive ("X" algorithm).
  case x
  /// Yet Another DeInterlacing Filter.
  case yadif
  /// Yadif, doubling the frame rate.
  case yadif2x = "yadif2x"
  /// CRT phosphor simulation.
  case phosphor
  /// Inverse telecine, for film transferred to video.
  case ivtc
}

/// Where a 360° video looks, in degrees. Set with ``Player/setViewpoint(_:)``.
public struct Viewpoint: Sendable, Hashable {
  /// Left/right, -180…180.
  public var yaw: Float
  /// Up/down, -90…90.
  public var pitch: Float
  /// Rotation, -180…180.
  public var roll: Float
  /// The field of view, 1…179 (libVLC's default is 80).
  public var fieldOfView: Float

  /// Creates a viewpoint.
  public init(yaw: Float = 0, pitch: Float = 0, roll: Float = 0, fieldOfView: Float = 80) {
    self.yaw = yaw
    self.pitch = pitch
    self.roll = roll
    self.fieldOfView = fieldOfView
  }
}
