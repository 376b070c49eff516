// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// The kind of sources a media discovery service finds. Maps
/// `libvlc_media_discoverer_category_t`.
public enum DiscoveryCategory: Sendable, Hashable, CaseIterable {
  /// Devices: capture cards, discs, MTP players (`libvlc_media_discoverer_devices`).
  case devices
  /// Network services: SAP announcements, UPnP servers, Zeroconf (`libvlc_media_discoverer_lan`).
  case lan
  /// Podcast and radio directories (`libvlc_media_discoverer_podcasts`).
  case podcasts
  /// The user's Videos, Music and Pictures folders (`libvlc_media_discoverer_localdirs`).
  case localDirectories

  var native: libvlc_media_discoverer_category_t {
    switch self {
    case .devices: libvlc_media_discoverer_devices
    case .lan: libvlc_media_discoverer_lan
    case .podcasts: libvlc_media_discoverer_podcasts
    case .localDirectories: libvlc_media_discoverer_localdirs
    }
  }
}

/// A discovery service libVLC offers: what to pass to ``MediaDiscoverer/init(name:instance:)``
/// or ``RendererDiscoverer/init(name:instance:)``. Maps
/// `libvlc_media_discoverer_description_t` and `libvlc_rd_description_t`.
public struct DiscoveryService: Sendable, Hashable {
  /// The service's module name, such as "sap", "upnp" or "video_dir".
  public var name: String
  /// A human-readable name, such as "Network streams (SAP)".
  public var longName: String
  /// The category of a media discovery service; `nil` for a renderer discovery service.
  public var category: DiscoveryCategory?

  /// Creates a service description.
  public init(name: String, longName: String, category: DiscoveryCategory?) {
    self.name = name
    self.longName = longName
    self.category = category
  }
}
