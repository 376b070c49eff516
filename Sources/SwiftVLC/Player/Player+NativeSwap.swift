// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension Player {
  /// Records a setting (`change` on ``settings``) and applies it to the current native
  /// player, on its queue.
  func setNative(_ setting: PlayerSettings.Setting, _ change: (inout PlayerSettings) -> Void) {
    change(&settings)
    let settings = self.settings
    let native = self.native
    native.queue.async { settings.apply(setting, to: native) }
  }

  /// Applies these settings again, as made, to the current native player, on its queue.
  func apply(_ settings: [PlayerSettings.Setting]) {
    let values = self.settings
    let native = self.native
    native.queue.async { values.apply(settings, to: native) }
  }

  /// On an instance whose audio goes to the null output, plays through a paced null output
  /// instead, so that audio-only media keeps to the wall clock (see ``AudioCallbackContext``).
  func applyInitialAudioPacing() {
    guard instance.usesNullAudioOutput else { return }
    let paced = AudioCallbackContext.paced()
    setNative(.audioOutput) { $0.audioOutput = .memory(Same(paced)) }
  }

  /// Puts a fresh native player in place of the current one, which a stop could not finish.
  ///
  /// The new one gets every setting (``PlayerSettings``, the frame and sample sinks and the
  /// equalizer among them) in one ``PlayerSettings/apply(to:)``; the session machine has
  /// already moved to a new generation. The stuck one's session ends: its events reach
  /// nobody, and it is stopped and released on its own queue whenever libVLC lets go of it.
  func replaceNativePlayer() {
    let stuck = engine
    engine = NativeSession(instance: instance)
    tasks.add(makeEventTask())
    let settings = self.settings
    let fresh = native
    fresh.queue.async { settings.apply(to: fresh) }
    core.nativeReplaced?(stuck.native, fresh)
    stuck.end()
  }
}
