// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials

/// A device that can play media for a player: a Chromecast, a UPnP renderer. Found by a
/// ``RendererDiscoverer``; used with ``Player/setRenderer(_:)``. Maps
/// `libvlc_renderer_item_t`.
///
/// Two values are equal when they describe the same discovered item. The value keeps the
/// native item alive.
public struct Renderer: Sendable, Hashable {
  /// The human-readable name, such as "Living Room TV".
  public var name: String
  /// The kind of device, untranslated; libVLC 3 knows "chromecast".
  public var type: String
  /// The device's icon, when it advertises one.
  public var iconURL: URL?
  /// Whether the device can play audio (`LIBVLC_RENDERER_CAN_AUDIO`).
  public var canPlayAudio: Bool
  /// Whether the device can play video (`LIBVLC_RENDERER_CAN_VIDEO`).
  public var canPlayVideo: Bool

  let item: RendererItem

  /// Copies the item's properties and holds it.
  init(holding pointer: OpaquePointer, instance: VLCInstance) {
    item = RendererItem(holding: pointer, instance: instance)
    name = nonEmpty(libvlc_renderer_item_name(pointer)) ?? ""
    type = nonEmpty(libvlc_renderer_item_type(pointer)) ?? ""
    iconURL = nonEmpty(libvlc_renderer_item_icon_uri(pointer)).flatMap { URL(string: $0) }
    let flags = libvlc_renderer_item_flags(pointer)
    canPlayAudio = flags & LIBVLC_RENDERER_CAN_AUDIO != 0
    canPlayVideo = flags & LIBVLC_RENDERER_CAN_VIDEO != 0
  }

  /// Whether both values describe the same discovered item.
  public static func == (lhs: Renderer, rhs: Renderer) -> Bool {
    lhs.item.pointer == rhs.item.pointer
  }

  /// Hashes the identity of the discovered item.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(item.pointer)
  }
}

/// Owns one reference to a native renderer item.
final class RendererItem: Sendable {
  nonisolated(unsafe) let pointer: OpaquePointer  // held in init, released in deinit
  /// The instance whose discoverer found the item.
  let instance: VLCInstance

  init(holding pointer: OpaquePointer, instance: VLCInstance) {
    self.pointer = libvlc_renderer_item_hold(pointer)
    self.instance = instance
  }

  deinit { libvlc_renderer_item_release(pointer) }
}
