/// Everything a ``Player`` has asked of its native player that outlives a session, as one
/// value: each setting is the native call that applies it, kept in the order it was last
/// made. A fresh native player gets them all in one place, ``apply(to:)``, which is what lets
/// a player replace a native player that libVLC cannot stop.
///
/// Per-session choices (tracks, chapters, a seek) are not settings: they belong to the media.
struct NativeSettings {
  /// The settings a player makes.
  enum Key: Hashable {
    case volume, mute, rate, role, audioOutput, audioMemory, equalizer
    case window, videoMemory, aspectRatio, crop, scale, deinterlace, viewpoint
    case audioDelay, subtitleDelay, teletextPage, renderer
    case keyInput, mouseInput, fullscreen
  }

  private var calls: [(key: Key, apply: @Sendable (NativePlayer) -> Void)] = []

  /// The call that applies `key`; setting one moves it after the others, `nil` removes it.
  subscript(key: Key) -> (@Sendable (NativePlayer) -> Void)? {
    get { calls.first { $0.key == key }?.apply }
    set {
      calls.removeAll { $0.key == key }
      if let newValue { calls.append((key, newValue)) }
    }
  }

  /// Queues every setting on `native`, in order.
  func apply(to native: NativePlayer) {
    let calls = self.calls.map(\.apply)
    native.queue.async {
      for call in calls { call(native) }
    }
  }
}
