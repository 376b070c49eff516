// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials

/// An audio output device, such as a sound card or a sound-server sink.
/// Maps `libvlc_audio_output_device_t`.
public struct AudioDevice: Sendable, Hashable, Identifiable {
  /// The identifier to pass to ``Player/setAudioDevice(_:)``. Its syntax depends on the
  /// output module (an ALSA PCM name, a PulseAudio sink name, …).
  public var id: String
  /// A human-readable description.
  public var description: String

  /// Creates a device description.
  public init(id: String, description: String) {
    self.id = id
    self.description = description
  }

  /// Reads and frees a libVLC device list.
  static func list(_ head: UnsafeMutablePointer<libvlc_audio_output_device_t>?) -> [AudioDevice] {
    defer { libvlc_audio_output_device_list_release(head) }
    var devices: [AudioDevice] = []
    var node = head
    while let current = node {
      if let id = current.pointee.psz_device {
        devices.append(
          AudioDevice(
            id: String(cString: id),
            description: current.pointee.psz_description.map { String(cString: $0) } ?? ""))
      }
      node = current.pointee.p_next
    }
    return devices
  }
}

extension VLCInstance {
  /// The devices an audio output module offers, without a player.
  ///
  /// Not every module can list its devices (the null, memory and file outputs never do), and
  /// an empty list does not mean the module cannot play. Blocks while the module probes its
  /// devices.
  ///
  /// - Parameter output: a module name from ``audioOutputs()``, such as "alsa" or "pulse".
  /// Maps `libvlc_audio_output_device_list_get`.
  public func audioDevices(forOutput output: String) -> [AudioDevice] {
    AudioDevice.list(libvlc_audio_output_device_list_get(pointer, output))
  }
}
