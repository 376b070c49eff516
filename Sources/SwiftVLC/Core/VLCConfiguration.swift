// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Typed settings for what libVLC users otherwise tune through raw options: network caching,
/// hardware decoding, deinterlacing, subtitle text style and the audio output.
///
/// In libVLC 3 most of these are instance-wide: the text renderer (font, colour, outline),
/// the subtitle text scale and the audio output module are read when an instance's modules
/// load, so they apply to every player of one ``VLCInstance`` (``instanceArguments()``, used by
/// ``VLCInstance/init(configuration:base:)``). Network caching, hardware decoding and
/// deinterlacing can also differ per media (``mediaOptions()``, applied by
/// ``Media/apply(_:)``), which overrides the instance's value for that media. Two players
/// that need different subtitle styles need two instances. `nil` leaves libVLC's default.
public struct VLCConfiguration: Sendable, Hashable {
  /// How video is decoded.
  public enum HardwareDecoding: String, Sendable, Hashable, CaseIterable {
    /// libVLC picks a hardware decoder when one works, else software (its default).
    case automatic = "any"
    /// Software decoding only.
    case off = "none"
    /// VA-API (Intel, AMD), through a DRM render node or the X display.
    case vaapi = "vaapi_drm,vaapi,none"
    /// VDPAU (NVIDIA, older AMD), through the X display.
    case vdpau = "vdpau_avcodec,none"
  }

  /// The subtitle outline thickness. Maps the text renderer's four steps.
  public enum Outline: Int, Sendable, Hashable, CaseIterable {
    /// No outline.
    case none = 0
    /// A thin outline.
    case thin = 2
    /// libVLC's default outline.
    case normal = 4
    /// A thick outline.
    case thick = 6
  }

  /// How much of a network source libVLC buffers before playing; 0…60 s, in milliseconds
  /// for libVLC (`network-caching`). Default 1 s.
  public var networkCaching: Duration?
  /// Hardware decoding (`avcodec-hw`). A hardware mode falls back to software when the
  /// device is missing; ``VLCInstance/hardwareDecodingFallback(for:)`` says when it will.
  public var hardwareDecoding: HardwareDecoding?
  /// Deinterlacing for every video (`deinterlace`, `deinterlace-mode`); `nil` lets libVLC
  /// decide from the stream's flags. ``Player/setDeinterlace(_:)`` overrides it per player.
  public var deinterlace: DeinterlaceMode?
  /// Subtitle text size, in percent of libVLC's default, 10…500 (`sub-text-scale`).
  public var subtitleTextScale: Int?
  /// The subtitle font family, such as "DejaVu Sans" (`freetype-font`).
  public var subtitleFont: String?
  /// The subtitle text colour as 0xRRGGBB (`freetype-color`).
  public var subtitleColor: UInt32?
  /// The subtitle outline thickness (`freetype-outline-thickness`).
  public var subtitleOutline: Outline?
  /// The audio output module, one of ``VLCInstance/audioOutputs()`` ("pulse", "alsa",
  /// "adummy"; `aout`).
  public var audioOutput: String?

  /// An empty configuration: every value is libVLC's default.
  public init() {}

  /// The instance arguments for these settings, checked.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a value outside its range.
  public func instanceArguments() throws(VLCError) -> [String] {
    var arguments = try mediaOptions().map { "--" + $0.dropFirst() }
    if let scale = subtitleTextScale {
      guard (10...500).contains(scale) else {
        throw .invalidInput("subtitle text scale \(scale) is not within 10…500")
      }
      arguments.append("--sub-text-scale=\(scale)")
    }
    if let font = subtitleFont { arguments.append("--freetype-font=\(font)") }
    if let color = subtitleColor {
      guard color <= 0xFF_FFFF else {
        throw .invalidInput("subtitle colour \(color) is not a 0xRRGGBB value")
      }
      arguments.append("--freetype-color=\(color)")
    }
    if let outline = subtitleOutline {
      arguments.append("--freetype-outline-thickness=\(outline.rawValue)")
    }
    if let audioOutput {
      guard !audioOutput.isEmpty, !audioOutput.contains(" ") else {
        throw .invalidInput("audio output module \"\(audioOutput)\" is not a module name")
      }
      arguments.append("--aout=\(audioOutput)")
    }
    return arguments
  }

  /// The media options (`:name=value`) for the settings libVLC reads per media: network
  /// caching, hardware decoding and deinterlacing.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a network caching outside 0…60 s.
  public func mediaOptions() throws(VLCError) -> [String] {
    var options: [String] = []
    if let caching = networkCaching {
      guard caching >= .zero, caching <= .seconds(60) else {
        throw .invalidInput(
          "network caching \(formatSeconds(caching, decimals: 3)) is not within 0…60 s")
      }
      options.append(":network-caching=\(caching.milliseconds)")
    }
    if let hardwareDecoding { options.append(":avcodec-hw=\(hardwareDecoding.rawValue)") }
    if let deinterlace {
      options += [":deinterlace=1", ":deinterlace-mode=\(deinterlace.rawValue)"]
    }
    return options
  }
}

extension VLCInstance {
  /// Creates an instance with `configuration` on top of `base` (later arguments win).
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a value out of range;
  ///   ``VLCError/instanceCreationFailed(reason:)`` when libVLC refuses the arguments (an
  ///   audio output module it does not have).
  public convenience init(
    configuration: VLCConfiguration, base: [String] = VLCInstance.defaultArguments
  ) throws(VLCError) {
    try self.init(arguments: base + configuration.instanceArguments())
  }

  /// Why `mode` will decode in software on this machine, or `nil` when its device is there.
  ///
  /// libVLC 3 falls back silently (it logs at debug level). VA-API needs a DRM render node
  /// (`/dev/dri/renderD*`) or an X display; VDPAU needs an X display and a VDPAU driver.
  public func hardwareDecodingFallback(for mode: VLCConfiguration.HardwareDecoding) -> String? {
    let hasX = DisplayEnvironment().hasX11
    switch mode {
    case .off, .automatic:
      return nil
    case .vaapi:
      let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
      if nodes.contains(where: { $0.hasPrefix("renderD") }) || hasX { return nil }
      return "no VA-API device: no DRM render node (/dev/dri/renderD*) and no X display"
    case .vdpau:
      guard hasX else { return "no VDPAU device: VDPAU needs an X display" }
      return Self.hasVDPAUDriver ? nil : "no VDPAU driver is installed (libvdpau_*.so)"
    }
  }

  /// Whether a VDPAU driver is installed. libvdpau's folder also holds its tracing library,
  /// which is no driver. Drivers are packages: read once.
  private static let hasVDPAUDriver =
    ["/usr/lib/x86_64-linux-gnu/vdpau", "/usr/lib/aarch64-linux-gnu/vdpau"]
    .flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }
    .contains { $0.hasPrefix("libvdpau_") && !$0.hasPrefix("libvdpau_trace") }

  /// The option a player adds to `media` before playing it so that libVLC's hardware decoder
  /// probe prints nothing, or `nil` when none is needed.
  ///
  /// libVLC 3's automatic choice (`avcodec-hw=any`) tries VDPAU whenever there is an X
  /// display, and with no VDPAU driver libvdpau prints "Failed to open VDPAU backend" on
  /// stderr, where no libVLC setting reaches. Then VA-API is asked for instead: the automatic
  /// choice would have fallen back to it (or to software) anyway. Nothing is added when the
  /// instance's arguments or the media's options choose a decoding already.
  func quietHardwareDecodingOption(for media: Media) -> String? {
    guard !Self.hasVDPAUDriver, !choosesHardwareDecoding,
      DisplayEnvironment().hasX11,
      !media.options.contains(where: { $0.hasPrefix(":avcodec-hw") })
    else { return nil }
    return ":avcodec-hw=\(VLCConfiguration.HardwareDecoding.vaapi.rawValue)"
  }
}

extension Media {
  /// Adds the per-media options of `configuration` (network caching, hardware decoding,
  /// deinterlacing). Takes effect the next time the media is played.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a value out of range.
  public func apply(_ configuration: VLCConfiguration) throws(VLCError) {
    for option in try configuration.mediaOptions() { addOption(option) }
  }
}
