internal import CLibVLC

extension Player {
  /// Records a setting and applies it to the current native player, on its queue.
  func setNative(
    _ key: NativeSettings.Key, _ apply: @escaping @Sendable (OpaquePointer) -> Void
  ) {
    setNative(key) { (native: NativePlayer) in apply(native.pointer) }
  }

  /// Records a setting that needs the native player itself (its callback contexts) and
  /// applies it to the current one, on its queue.
  func setNative(_ key: NativeSettings.Key, _ call: @escaping @Sendable (NativePlayer) -> Void) {
    nativeSettings[key] = call
    let native = self.native
    native.queue.async { call(native) }
  }

  /// On an instance whose audio goes to the null output, plays through a paced null output
  /// instead, so that audio-only media keeps to the wall clock (see ``AudioCallbackContext``).
  func applyInitialAudioPacing() {
    guard instance.usesNullAudioOutput else { return }
    let paced = AudioCallbackContext.paced()
    setNative(.audioMemory) { (native: NativePlayer) in native.useAudioMemory(paced) }
  }

  /// Puts a fresh native player in place of the current one, which a stop could not finish.
  ///
  /// The new one gets every setting (``NativeSettings``), the frame and sample sinks, the
  /// equalizer and the event bridge; the session moves to a new generation. The stuck one is
  /// stopped and released on its own queue whenever libVLC lets go of it; its events reach
  /// nobody (its bridge is invalidated there, after the stop returns).
  func replaceNativePlayer() {
    let stuck = native
    let stuckBridge = bridge
    native = NativePlayer(instance: instance)
    bridge = EventBridge(player: native)
    tasks.add(makeEventTask())
    nativeSettings.apply(to: native)
    if let equalizer = audioOutputSettings.equalizer {
      equalizer.detach(from: stuck)
      equalizer.attach(to: native)
    }
    nativeReplaced?(stuck, native)
    stuck.queue.async {
      // Runs after the stuck call returns: detach the listeners, then drop the last
      // references, so the native player is released here, off the main actor.
      stuckBridge.invalidate()
    }
    stuck.shutDown()
  }
}
