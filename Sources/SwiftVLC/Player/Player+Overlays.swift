// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials

extension Player {
  /// The marquee shown over the video, if any.
  public var marquee: Marquee? { settings.marquee ?? nil }
  /// The logo shown over the video, if any.
  public var logo: Logo? { settings.logo ?? nil }
  /// The picture adjustments in effect, if any (libVLC 3 always reads its enable flag back as
  /// off, so the player reports what was set).
  public var videoAdjustments: VideoAdjustments? { settings.adjustments ?? nil }

  /// Shows `marquee` over the video, or removes it with `nil`. Kept across video outputs and
  /// media: the player applies it again whenever a video output opens (libVLC 3 only enables
  /// it on an existing output).
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a NaN or infinite opacity, or a negative size.
  /// Maps `libvlc_video_set_marquee_int` and `libvlc_video_set_marquee_string`.
  public func setMarquee(_ marquee: Marquee?) throws(VLCError) {
    if let marquee {
      guard marquee.opacity.isFinite else { throw .invalidInput("marquee opacity is NaN") }
      guard marquee.size >= 0 else { throw .invalidInput("marquee size \(marquee.size) < 0") }
    }
    setNative(.marquee) { $0.marquee = .some(marquee) }
  }

  /// Shows an image over the video, or removes it with `nil`. Kept like ``setMarquee(_:)``.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when the file does not exist or the opacity is
  ///   NaN or infinite.
  /// Maps `libvlc_video_set_logo_int` and `libvlc_video_set_logo_string`.
  public func setLogo(_ logo: Logo?) throws(VLCError) {
    if let logo {
      guard FileManager.default.fileExists(atPath: logo.path) else {
        throw .invalidInput("logo file \(logo.path) does not exist")
      }
      guard logo.opacity.isFinite else { throw .invalidInput("logo opacity is NaN") }
    }
    setNative(.logo) { $0.logo = .some(logo) }
  }

  /// Adjusts brightness, contrast, hue, saturation and gamma, or turns adjusting off with
  /// `nil`. Out-of-range values are clamped (see ``VideoAdjustments``). Kept like
  /// ``setMarquee(_:)``.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN or infinite values.
  /// Maps `libvlc_video_set_adjust_float` and `libvlc_video_set_adjust_int`.
  public func setVideoAdjustments(_ adjustments: VideoAdjustments?) throws(VLCError) {
    let validated = try adjustments?.validated()
    setNative(.adjustments) { $0.adjustments = .some(validated) }
  }

  /// Forces the display aspect ratio, such as "16:9", or restores the source's with `nil`.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` unless the ratio is two positive integers
  ///   separated by a colon.
  /// Maps `libvlc_video_set_aspect_ratio`.
  public func setAspectRatio(_ ratio: String?) throws(VLCError) {
    if let ratio {
      let parts = ratio.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy({ (Int($0) ?? 0) > 0 }) else {
        throw .invalidInput("aspect ratio \"\(ratio)\" is not W:H")
      }
    }
    setNative(.aspectRatio) { $0.aspectRatio = .some(ratio) }
  }

  /// Crops the picture, or removes cropping with `nil`.
  ///
  /// - Parameter geometry: a ratio ("16:9"), a window ("640x360+10+20") or borders
  ///   ("10+20+10+20", left+top+right+bottom), as libVLC's `--crop` takes them.
  /// - Throws: ``VLCError/invalidInput(_:)`` for anything else.
  /// Maps `libvlc_video_set_crop_geometry`.
  public func setCrop(_ geometry: String?) throws(VLCError) {
    if let geometry {
      let ratio = #/^[1-9][0-9]*:[1-9][0-9]*$/#
      let window = #/^[1-9][0-9]*x[1-9][0-9]*\+[0-9]+\+[0-9]+$/#
      let borders = #/^[0-9]+\+[0-9]+\+[0-9]+\+[0-9]+$/#
      guard
        geometry.wholeMatch(of: ratio) != nil || geometry.wholeMatch(of: window) != nil
          || geometry.wholeMatch(of: borders) != nil
      else { throw .invalidInput("crop geometry \"\(geometry)\" is not understood") }
    }
    setNative(.crop) { $0.crop = .some(geometry) }
  }

  /// Scales the video by `factor` in a window output; 0 fits the window.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN, infinity, or a factor outside 0…100.
  /// Maps `libvlc_video_set_scale`.
  public func setScale(_ factor: Float) throws(VLCError) {
    guard factor.isFinite, (0...100).contains(factor) else {
      throw .invalidInput("video scale \(factor) is not within 0…100")
    }
    setNative(.scale) { $0.scale = factor }
  }

  /// Deinterlaces with `mode`, or turns deinterlacing off with `nil`.
  /// Maps `libvlc_video_set_deinterlace`.
  public func setDeinterlace(_ mode: DeinterlaceMode?) {
    setNative(.deinterlace) { $0.deinterlace = .some(mode?.rawValue) }
  }

  /// Points the view of a 360° video. Angles are clamped to their ranges (see ``Viewpoint``);
  /// ordinary videos ignore it.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN or infinite angles.
  /// Maps `libvlc_video_update_viewpoint`.
  public func setViewpoint(_ viewpoint: Viewpoint) throws(VLCError) {
    let values = [viewpoint.yaw, viewpoint.pitch, viewpoint.roll, viewpoint.fieldOfView]
    guard values.allSatisfy(\.isFinite) else {
      throw .invalidInput("viewpoint angles must be finite numbers: \(values)")
    }
    setNative(.viewpoint) { $0.viewpoint = viewpoint }
  }

  /// Applies the overlays and adjustments to a video output that just opened: libVLC 3 only
  /// enables them on an existing output.
  func reapplyVideoSettings() {
    apply(PlayerSettings.Setting.overlays)
  }
}
