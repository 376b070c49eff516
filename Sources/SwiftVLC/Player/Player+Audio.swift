// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension Player {
  /// The requested volume, 0…2 (1 is 100 %). libVLC's null and memory outputs read back 0,
  /// so the player reports what was asked for (kept in its settings).
  public var volume: Float {
    access(keyPath: \.volume)
    return settings.volume ?? 1
  }

  /// Whether audio is muted. Setting it mutes or unmutes at once.
  public var isMuted: Bool {
    get {
      access(keyPath: \.isMuted)
      return settings.isMuted ?? false
    }
    set {
      guard newValue != isMuted else { return }
      withMutation(keyPath: \.isMuted) { setNative(.mute) { $0.isMuted = newValue } }
      emit(newValue ? .muted : .unmuted)
      applyVolumeToSamples()
    }
  }

  /// Sets the volume.
  ///
  /// - Parameter volume: 0 (silent) to 2 (200 %); 1 is unchanged. Values outside are clamped.
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN or infinity.
  public func setAudioVolume(_ volume: Float) throws(VLCError) {
    guard volume.isFinite else { throw .invalidInput("volume \(volume) is not a number") }
    let clamped = min(max(volume, 0), 2)
    withMutation(keyPath: \.volume) { setNative(.volume) { $0.volume = clamped } }
    emit(.volumeChanged(clamped))
    applyVolumeToSamples()
  }
}
