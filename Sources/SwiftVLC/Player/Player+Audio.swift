extension Player {
  /// Whether audio is muted. Setting it mutes or unmutes at once.
  public var isMuted: Bool {
    get {
      access(keyPath: \.isMuted)
      return muteRequested
    }
    set {
      guard newValue != muteRequested else { return }
      withMutation(keyPath: \.isMuted) { muteRequested = newValue }
      emit(newValue ? .muted : .unmuted)
      applyVolumeToSamples()
      setNative(.mute) { $0.isMuted = newValue }
    }
  }

  /// Sets the volume.
  ///
  /// - Parameter volume: 0 (silent) to 2 (200 %); 1 is unchanged. Values outside are clamped.
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN or infinity.
  public func setAudioVolume(_ volume: Float) throws(VLCError) {
    guard volume.isFinite else { throw .invalidInput("volume \(volume) is not a number") }
    let clamped = min(max(volume, 0), 2)
    self.volume = clamped
    emit(.volumeChanged(clamped))
    applyVolumeToSamples()
    let percent = Int32((clamped * 100).rounded())
    setNative(.volume) { $0.volume = percent }
  }
}
