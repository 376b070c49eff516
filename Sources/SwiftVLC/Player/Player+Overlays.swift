internal import CLibVLC
import FoundationEssentials

extension Player {
  /// The marquee shown over the video, if any.
  public var marquee: Marquee? { video.marquee }
  /// The logo shown over the video, if any.
  public var logo: Logo? { video.logo }
  /// The picture adjustments in effect, if any (libVLC 3 always reads its enable flag back as
  /// off, so the player reports what was set).
  public var videoAdjustments: VideoAdjustments? { video.adjustments }

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
    video.marquee = marquee
    applyMarquee()
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
    video.logo = logo
    applyLogo()
  }

  /// Adjusts brightness, contrast, hue, saturation and gamma, or turns adjusting off with
  /// `nil`. Out-of-range values are clamped (see ``VideoAdjustments``). Kept like
  /// ``setMarquee(_:)``.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN or infinite values.
  /// Maps `libvlc_video_set_adjust_float` and `libvlc_video_set_adjust_int`.
  public func setVideoAdjustments(_ adjustments: VideoAdjustments?) throws(VLCError) {
    video.adjustments = try adjustments?.validated()
    applyAdjustments()
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

  /// Applies the overlays and adjustments to a video output that just opened.
  func reapplyVideoSettings() {
    if video.marquee != nil { applyMarquee() }
    if video.logo != nil { applyLogo() }
    if video.adjustments != nil { applyAdjustments() }
  }

  private func applyMarquee() {
    let marquee = video.marquee
    native.async { player in
      guard let marquee else {
        libvlc_video_set_marquee_int(player, libvlc_marquee_Enable.rawValue, 0)
        return
      }
      libvlc_video_set_marquee_string(player, libvlc_marquee_Text.rawValue, marquee.text)
      let values: [(libvlc_video_marquee_option_t, Int32)] = [
        (libvlc_marquee_Color, Int32(marquee.color & 0xFF_FFFF)),
        (libvlc_marquee_Opacity, opacityByte(marquee.opacity)),
        (libvlc_marquee_Position, marquee.position.native),
        (libvlc_marquee_X, Int32(clamping: marquee.x)),
        (libvlc_marquee_Y, Int32(clamping: marquee.y)),
        (libvlc_marquee_Size, Int32(clamping: marquee.size)),
        (libvlc_marquee_Timeout, Int32(clamping: marquee.timeout?.milliseconds ?? 0)),
        (libvlc_marquee_Enable, 1),
      ]
      for (option, value) in values {
        libvlc_video_set_marquee_int(player, option.rawValue, value)
      }
    }
  }

  private func applyLogo() {
    let logo = video.logo
    native.async { player in
      guard let logo else {
        libvlc_video_set_logo_int(player, libvlc_logo_enable.rawValue, 0)
        return
      }
      libvlc_video_set_logo_string(player, libvlc_logo_file.rawValue, logo.path)
      let values: [(libvlc_video_logo_option_t, Int32)] = [
        (libvlc_logo_x, Int32(clamping: logo.x)),
        (libvlc_logo_y, Int32(clamping: logo.y)),
        (libvlc_logo_opacity, opacityByte(logo.opacity)),
        (libvlc_logo_position, logo.position.native),
        (libvlc_logo_enable, 1),
      ]
      for (option, value) in values {
        libvlc_video_set_logo_int(player, option.rawValue, value)
      }
    }
  }

  private func applyAdjustments() {
    let adjustments = video.adjustments
    native.async { player in
      guard let adjustments else {
        libvlc_video_set_adjust_int(player, libvlc_adjust_Enable.rawValue, 0)
        return
      }
      // Hue is a float in libVLC 3; its int setter fails.
      let values: [(libvlc_video_adjust_option_t, Float)] = [
        (libvlc_adjust_Brightness, adjustments.brightness),
        (libvlc_adjust_Contrast, adjustments.contrast),
        (libvlc_adjust_Hue, adjustments.hue),
        (libvlc_adjust_Saturation, adjustments.saturation),
        (libvlc_adjust_Gamma, adjustments.gamma),
      ]
      libvlc_video_set_adjust_int(player, libvlc_adjust_Enable.rawValue, 1)
      for (option, value) in values {
        libvlc_video_set_adjust_float(player, option.rawValue, value)
      }
    }
  }
}

/// An opacity of 0…1 (clamped) as libVLC's 0…255.
private func opacityByte(_ opacity: Double) -> Int32 {
  Int32((min(max(opacity, 0), 1) * 255).rounded())
}
