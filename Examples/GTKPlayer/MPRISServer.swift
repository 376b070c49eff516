// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CGTK
import Foundation
import SwiftVLC

/// MPRIS 2 on the session bus (GDBus), so media keys, desktop media widgets and `playerctl`
/// control the player: org.mpris.MediaPlayer2.swiftvlc_gtk_player.instancePID at
/// /org/mpris/MediaPlayer2. GDBus calls the handlers below on the main context's thread.
@MainActor
final class MPRISServer {
  static var shared: MPRISServer?
  static let path = "/org/mpris/MediaPlayer2"
  let window: PlayerWindow
  private var connection: OpaquePointer?
  /// The properties last announced, by name, as printed GVariants: a change is announced once.
  private var announced: [String: String] = [:]
  /// The position expected now from the last one read, to tell a seek from playback.
  private var expected: (position: Duration, at: ContinuousClock.Instant)?

  init(window: PlayerWindow) {
    self.window = window
    Self.shared = self
    let name = "org.mpris.MediaPlayer2.swiftvlc_gtk_player.instance\(getpid())"
    g_bus_own_name(
      G_BUS_TYPE_SESSION, name, G_BUS_NAME_OWNER_FLAGS_NONE, busAcquired, nil, nil, nil, nil)
  }

  fileprivate func register(on connection: OpaquePointer) {
    self.connection = connection
    guard let node = g_dbus_node_info_new_for_xml(introspection, nil) else { return }
    for index in 0..<2 {
      guard let interface = node.pointee.interfaces[index] else { continue }
      g_dbus_connection_register_object(connection, Self.path, interface, &vtable, nil, nil, nil)
    }
  }

  /// The properties whose changes are announced (PropertiesChanged); Position is not (the
  /// specification: a client reads it, and `Seeked` tells a jump).
  private static let announcedProperties = [
    "PlaybackStatus", "Metadata", "Rate", "Volume", "CanSeek",
  ]

  /// Tells listeners what changed: PropertiesChanged for the properties above whose value is
  /// new, and `Seeked` when the position jumped (a seek from the keys, the slider or a client).
  func playerChanged(_ window: PlayerWindow) {
    guard let connection else { return }
    var changed: [(String, OpaquePointer?)] = []
    // Each value is made once, held until the signal is sent (its dictionary takes a ref).
    var held: [OpaquePointer] = []
    defer { for value in held { g_variant_unref(value) } }
    for name in Self.announcedProperties {
      guard let value = property(name) else { continue }
      held.append(g_variant_ref_sink(value))
      let text = printed(value)
      guard announced[name] != text else { continue }
      announced[name] = text
      changed.append((name, value))
    }
    if !changed.isEmpty {
      let emptyList = g_variant_new_array(g_variant_type_checked_("s"), nil, 0)
      var children: [OpaquePointer?] = [
        g_variant_new_string("org.mpris.MediaPlayer2.Player"), dictionary(changed), emptyList,
      ]
      let body = g_variant_new_tuple(&children, 3)
      g_dbus_connection_emit_signal(
        connection, nil, Self.path, "org.freedesktop.DBus.Properties", "PropertiesChanged", body,
        nil)
    }
    noteSeeks(on: connection)
  }

  /// `value` as text, to compare with the last.
  private func printed(_ value: OpaquePointer) -> String {
    guard let text = g_variant_print(value, 1) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }

  /// Emits `Seeked` when the position is more than a second away from where playback at the
  /// player's rate would have taken it since the last look.
  private func noteSeeks(on connection: OpaquePointer) {
    let now = ContinuousClock.now
    let position = self.position
    defer { expected = (position, now) }
    guard let expected, player.state == .playing || player.state == .paused else { return }
    let moving = player.state == .playing ? Double(player.rate) : 0
    let target = expected.position + (now - expected.at) * moving
    guard abs((position - target) / .seconds(1)) > 1 else { return }
    var children: [OpaquePointer?] = [g_variant_new_int64(gint64(microseconds(position)))]
    g_dbus_connection_emit_signal(
      connection, nil, Self.path, "org.mpris.MediaPlayer2.Player", "Seeked",
      g_variant_new_tuple(&children, 1), nil)
  }

  /// The position MPRIS reports: none once stopped (a Play starts from the beginning).
  private var position: Duration {
    switch player.state {
    case .idle, .stopping, .stopped, .error: .zero
    default: player.currentTime
    }
  }

  private var player: Player { window.player }

  private var playbackStatus: String {
    switch player.state {
    case .playing, .opening, .buffering: "Playing"
    case .paused: "Paused"
    default: "Stopped"
    }
  }

  private var metadata: OpaquePointer {
    var entries: [(String, OpaquePointer?)] = [
      ("mpris:trackid", g_variant_new_object_path("/org/swiftvlc/track/current"))
    ]
    if let media = player.currentMedia {
      entries.append(("xesam:url", g_variant_new_string(media.mrl)))
      entries.append(("xesam:title", g_variant_new_string(media.displayTitle)))
      let tags = media.currentMetadata
      if let artist = tags.artist { entries.append(("xesam:artist", stringList([artist]))) }
      if let album = tags.album { entries.append(("xesam:album", g_variant_new_string(album))) }
      if let art = tags.artworkURL { entries.append(("mpris:artUrl", g_variant_new_string(art))) }
    }
    if let duration = player.duration {
      entries.append(("mpris:length", g_variant_new_int64(gint64(microseconds(duration)))))
    }
    return dictionary(entries)
  }

  fileprivate func call(_ method: String, _ parameters: OpaquePointer?) {
    switch method {
    case "Play": try? player.play()
    case "Pause": player.pause()
    case "PlayPause": window.togglePause()
    case "Stop": Task { await player.stop() }
    case "Seek":
      guard let parameters, let offset = g_variant_get_child_value(parameters, 0) else { return }
      try? player.seek(by: .microseconds(g_variant_get_int64(offset)))
      g_variant_unref(offset)
    case "SetPosition":
      guard let parameters, let position = g_variant_get_child_value(parameters, 1) else { return }
      try? player.seek(to: .microseconds(max(0, g_variant_get_int64(position))))
      g_variant_unref(position)
    case "OpenUri":
      guard let parameters, let uri = g_variant_get_child_value(parameters, 0) else { return }
      window.open(String(cString: g_variant_get_string(uri, nil)))
      g_variant_unref(uri)
    case "Quit": window.quit()
    default: break
    }
  }

  fileprivate func property(_ name: String) -> OpaquePointer? {
    switch name {
    case "CanQuit", "CanPlay", "CanPause", "CanControl": g_variant_new_boolean(1)
    case "CanRaise", "HasTrackList", "CanGoNext", "CanGoPrevious": g_variant_new_boolean(0)
    case "CanSeek": g_variant_new_boolean(player.isSeekable ? 1 : 0)
    case "Identity": g_variant_new_string("SwiftVLC GTK player")
    case "SupportedUriSchemes": stringList(["file", "http", "https", "rtsp", "udp"])
    case "SupportedMimeTypes": stringList(["video/mp4", "video/x-matroska", "audio/mpeg"])
    case "PlaybackStatus": g_variant_new_string(playbackStatus)
    case "Rate": g_variant_new_double(Double(player.rate))
    case "MinimumRate": g_variant_new_double(0.25)
    case "MaximumRate": g_variant_new_double(4)
    case "Volume": g_variant_new_double(Double(player.volume))
    case "Position": g_variant_new_int64(gint64(microseconds(position)))
    case "Metadata": metadata
    default: nil
    }
  }

  fileprivate func set(_ name: String, _ value: OpaquePointer) {
    switch name {
    case "Volume": window.setVolume(Float(g_variant_get_double(value)))
    case "Rate":
      // The specification: 0 acts as Pause; other rates are kept within the advertised range.
      let rate = g_variant_get_double(value)
      if rate == 0 {
        player.pause()
      } else if rate.isFinite {
        try? player.setPlaybackRate(Float(min(max(rate, 0.25), 4)))
      }
    default: break
    }
  }
}

private func microseconds(_ duration: Duration) -> Int64 {
  duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
}

private func dictionary(_ entries: [(String, OpaquePointer?)]) -> OpaquePointer {
  var children: [OpaquePointer?] = entries.map {
    g_variant_new_dict_entry(g_variant_new_string($0.0), g_variant_new_variant($0.1))
  }
  return g_variant_new_array(g_variant_type_checked_("{sv}"), &children, gsize(children.count))
}

private func stringList(_ strings: [String]) -> OpaquePointer {
  var children: [OpaquePointer?] = strings.map { g_variant_new_string($0) }
  return g_variant_new_array(g_variant_type_checked_("s"), &children, gsize(children.count))
}

private let introspection = """
  <node>
    <interface name="org.mpris.MediaPlayer2">
      <method name="Raise"/><method name="Quit"/>
      <property name="CanQuit" type="b" access="read"/>
      <property name="CanRaise" type="b" access="read"/>
      <property name="HasTrackList" type="b" access="read"/>
      <property name="Identity" type="s" access="read"/>
      <property name="SupportedUriSchemes" type="as" access="read"/>
      <property name="SupportedMimeTypes" type="as" access="read"/>
    </interface>
    <interface name="org.mpris.MediaPlayer2.Player">
      <method name="Next"/><method name="Previous"/><method name="Pause"/>
      <method name="PlayPause"/><method name="Stop"/><method name="Play"/>
      <method name="Seek"><arg direction="in" name="Offset" type="x"/></method>
      <method name="SetPosition">
        <arg direction="in" name="TrackId" type="o"/><arg direction="in" name="Position" type="x"/>
      </method>
      <method name="OpenUri"><arg direction="in" name="Uri" type="s"/></method>
      <signal name="Seeked"><arg name="Position" type="x"/></signal>
      <property name="PlaybackStatus" type="s" access="read"/>
      <property name="Rate" type="d" access="readwrite"/>
      <property name="Metadata" type="a{sv}" access="read"/>
      <property name="Volume" type="d" access="readwrite"/>
      <property name="Position" type="x" access="read"/>
      <property name="MinimumRate" type="d" access="read"/>
      <property name="MaximumRate" type="d" access="read"/>
      <property name="CanGoNext" type="b" access="read"/>
      <property name="CanGoPrevious" type="b" access="read"/>
      <property name="CanPlay" type="b" access="read"/>
      <property name="CanPause" type="b" access="read"/>
      <property name="CanSeek" type="b" access="read"/>
      <property name="CanControl" type="b" access="read"/>
    </interface>
  </node>
  """

// GDBus keeps a pointer to the vtable for as long as the objects are registered: forever.
nonisolated(unsafe) private var vtable = GDBusInterfaceVTable(
  method_call: methodCalled, get_property: propertyRead, set_property: propertyWritten,
  padding: (nil, nil, nil, nil, nil, nil, nil, nil))

private func busAcquired(
  _ connection: OpaquePointer?, _ name: UnsafePointer<gchar>?, _ data: gpointer?
) {
  guard let connection else { return }
  nonisolated(unsafe) let bus = connection  // used once, on this thread
  MainActor.assumeIsolated { MPRISServer.shared?.register(on: bus) }
}

private func methodCalled(
  _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ path: UnsafePointer<gchar>?,
  _ interface: UnsafePointer<gchar>?, _ method: UnsafePointer<gchar>?, _ parameters: OpaquePointer?,
  _ invocation: OpaquePointer?, _ data: gpointer?
) {
  guard let method else { return }
  let name = String(cString: method)
  nonisolated(unsafe) let arguments = parameters  // used once, on this thread
  MainActor.assumeIsolated { MPRISServer.shared?.call(name, arguments) }
  g_dbus_method_invocation_return_value(invocation, nil)
}

private func propertyRead(
  _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ path: UnsafePointer<gchar>?,
  _ interface: UnsafePointer<gchar>?, _ property: UnsafePointer<gchar>?,
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, _ data: gpointer?
) -> OpaquePointer? {
  guard let property else { return nil }
  let name = String(cString: property)
  nonisolated(unsafe) var value: OpaquePointer?
  MainActor.assumeIsolated { value = MPRISServer.shared?.property(name) }
  return value
}

private func propertyWritten(
  _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ path: UnsafePointer<gchar>?,
  _ interface: UnsafePointer<gchar>?, _ property: UnsafePointer<gchar>?, _ value: OpaquePointer?,
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?, _ data: gpointer?
) -> gboolean {
  guard let property, let value else { return 0 }
  let name = String(cString: property)
  nonisolated(unsafe) let written = value  // used once, on this thread
  MainActor.assumeIsolated { MPRISServer.shared?.set(name, written) }
  return 1
}
