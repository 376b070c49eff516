internal import CLibVLC
import Foundation

extension Player {
  /// Opens `url` as a new ``Media`` and plays it.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` for a missing file or an unusable URL.
  public func play(url: URL) throws(VLCError) {
    try play(Media(url: url, instance: instance))
  }

  /// Plays `media` from the start, ending any current session.
  ///
  /// Returns at once; ``state`` moves to ``PlayerState/opening`` and then follows libVLC.
  /// A source that cannot be played ends in ``PlayerState/error`` with ``outcome`` set.
  public func play(_ media: Media) throws(VLCError) {
    guard media.instance === instance else {
      throw .invalidInput("the media belongs to another VLCInstance than the player")
    }
    generation += 1
    let session = generation
    currentMedia = media
    video.frameSink?.setSource(media)
    resetSessionState()
    emit(.mediaChanged)
    transition(to: .opening)
    let box = bridge.box
    native.async { player in
      // Stop first: after Ended or Error libVLC 3 does not play again without it. The events
      // of the old session carry the old generation and are ignored.
      stopInterruptingInput(player)
      libvlc_media_player_set_media(player, media.pointer)
      box.generation.store(session, ordering: .releasing)
      if libvlc_media_player_play(player) < 0 {
        box.send(.error)
      }
    }
  }

  /// Plays again: resumes when paused, replays the current media after it ended, stopped or
  /// failed, and does nothing while already playing.
  ///
  /// - Throws: ``VLCError/invalidState(_:)`` when there is no media.
  public func play() throws(VLCError) {
    guard let media = currentMedia else { throw .invalidState("no media to play") }
    switch state {
    case .paused: resume()
    case .opening, .buffering, .playing: pendingPause = false
    case .idle, .stopping, .stopped, .ended, .error: try play(media)
    }
  }

  /// Pauses. During opening the pause is applied as soon as playback starts.
  public func pause() {
    switch state {
    case .playing:
      native.async { libvlc_media_player_set_pause($0, 1) }
    case .opening, .buffering:
      pendingPause = true
    default:
      break
    }
  }

  /// Resumes after ``pause()``.
  public func resume() {
    pendingPause = false
    guard state == .paused else { return }
    native.async { libvlc_media_player_set_pause($0, 0) }
  }

  /// Pauses when playing, resumes when paused.
  public func togglePause() {
    if state == .paused || pendingPause { resume() } else { pause() }
  }

  /// Stops playback and waits, without blocking the main actor, until libVLC has closed the
  /// input or ``stopTimeout`` has passed, whichever comes first.
  ///
  /// ``state`` is ``PlayerState/stopping`` meanwhile and ``PlayerState/stopped`` once libVLC
  /// has closed the input. libVLC 3 cannot always close promptly (an HLS segment stalled
  /// mid-body holds it until the server drops the connection); then this returns at the time
  /// limit with ``state`` still ``PlayerState/stopping``, and the state moves on by itself
  /// later. A ``play(_:)`` meanwhile runs only once libVLC has closed the input, so it fails
  /// at ``openingTimeout`` if that takes too long; a new ``Player`` plays at once.
  /// ``outcome`` becomes ``PlaybackOutcome/stopped`` unless the session had already ended or
  /// failed. Calling it again, or with nothing playing, is harmless.
  public func stop() async {
    await stop { libvlc_media_player_stop($0) }
  }

  /// Stops with `stopNative`, run on the player's queue: `libvlc_media_player_stop`, or the
  /// stop of a list player driving this player.
  func stop(_ stopNative: @escaping @Sendable (OpaquePointer) -> Void) async {
    guard state != .idle && state != .stopped else { return }
    generation += 1
    let session = generation
    pendingPause = false
    pendingSeek = nil
    if outcome == nil { outcome = .stopped }
    resetWatch()
    transition(to: .stopping)
    let box = bridge.box
    let native = self.native
    let waiter = StopWaiter()
    Task { [weak self] in
      await native.run { player in
        withCustomInputInterrupted(on: player) { stopNative(player) }
        box.generation.store(session, ordering: .releasing)
      }
      // play() may have been called meanwhile; then that session owns the state.
      if let self, self.generation == session { self.transition(to: .stopped) }
      waiter.finish()
    }
    let limit = stopTimeout
    let timer = Task {
      try? await Task.sleep(for: limit)
      waiter.finish()
    }
    await waiter.wait()
    timer.cancel()
  }

  /// Jumps to `time`.
  ///
  /// While the media is still opening the seek is applied as soon as it becomes seekable.
  /// libVLC 3 gives no completion signal; ``currentTime`` shows the target at once.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a negative time or one past the end;
  ///   ``VLCError/invalidState(_:)`` with no media or a media that cannot seek.
  public func seek(to time: Duration) throws(VLCError) {
    guard time >= .zero else { throw .invalidInput("seek time \(time) is negative") }
    if let duration, time > duration {
      throw .invalidInput("seek time \(time) is past the end (\(duration))")
    }
    try requireSeekable()
    guard state == .playing || state == .paused || isSeekable else {
      pendingSeek = time
      return
    }
    let milliseconds = time.milliseconds
    native.async { libvlc_media_player_set_time($0, milliseconds) }
    updateTime(time, position: duration.map { $0 > .zero ? time / $0 : 0 })
  }

  /// Jumps by `offset` from the current time, clamped to the start and the end.
  ///
  /// - Throws: ``VLCError/invalidState(_:)`` with no media or a media that cannot seek.
  public func seek(by offset: Duration) throws(VLCError) {
    var target = max(currentTime + offset, .zero)
    if let duration { target = min(target, duration) }
    try seek(to: target)
  }

  /// Jumps to a fraction of the media, 0…1.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN, infinity or a value outside 0…1;
  ///   ``VLCError/invalidState(_:)`` with no media or a media that cannot seek.
  public func seek(toPosition position: Double) throws(VLCError) {
    guard position.isFinite, (0...1).contains(position) else {
      throw .invalidInput("seek position \(position) is not within 0…1")
    }
    try requireSeekable()
    let fraction = Float(position)
    native.async { libvlc_media_player_set_position($0, fraction) }
    updateTime(duration.map { $0 * position }, position: position)
  }

  /// Shows the next frame while paused (pausing first when playing).
  public func nextFrame() {
    guard state == .playing || state == .paused else { return }
    native.async { libvlc_media_player_next_frame($0) }
  }

  /// Sets the playback speed.
  ///
  /// - Parameter rate: 1 is normal; libVLC accepts 1/32…32 (audio is dropped outside about
  ///   0.25…4).
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN, infinity or a rate outside 1/32…32.
  public func setPlaybackRate(_ rate: Float) throws(VLCError) {
    guard rate.isFinite, (Float(1) / 32...32).contains(rate) else {
      throw .invalidInput("playback rate \(rate) is not within 1/32…32")
    }
    self.rate = rate
    native.async { libvlc_media_player_set_rate($0, rate) }
  }

  /// Loops between `a` and `b`: when playback reaches `b` it jumps back to `a`. Precise to
  /// about 100 ms (libVLC 3 has no A-B loop; the player watches the time).
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` unless `0 ≤ a < b` (and `b` within the media);
  ///   ``VLCError/invalidState(_:)`` when the media cannot seek.
  public func setABLoop(a: Duration, b: Duration) throws(VLCError) {
    guard a >= .zero, a < b else { throw .invalidInput("A-B loop needs 0 ≤ a < b") }
    if let duration, b > duration {
      throw .invalidInput("A-B loop end \(b) is past the end (\(duration))")
    }
    try requireSeekable()
    abLoop = a...b
    enforceABLoop()
  }

  /// Removes the A-B loop; playback continues from where it is.
  public func clearABLoop() {
    abLoop = nil
  }

  func enforceABLoop() {
    guard let loop = abLoop, state == .playing || state == .paused else { return }
    if currentTime >= loop.upperBound {
      try? seek(to: loop.lowerBound)
    }
  }

  func requireSeekable() throws(VLCError) {
    guard currentMedia != nil, state != .idle else { throw .invalidState("no media is playing") }
    if !isSeekable && (state == .playing || state == .paused) {
      throw .invalidState("the media cannot seek")
    }
  }

  /// Applies a pause or seek requested while the media was opening.
  func applyPendingRequests() {
    if let target = pendingSeek, isSeekable {
      pendingSeek = nil
      try? seek(to: target)
    }
    if pendingPause && state == .playing {
      pendingPause = false
      native.async { libvlc_media_player_set_pause($0, 1) }
    }
  }

  func resetSessionState() {
    resetWatch()
    outcome = nil
    currentTime = .zero
    lastPublishedTime = nil
    position = 0
    duration = nil
    isSeekable = false
    isPausable = false
    bufferFill = 0
    audioTracks = []
    videoTracks = []
    subtitleTracks = []
    chapters = []
    titles = []
    currentChapter = nil
    abLoop = nil
    pendingPause = false
    pendingSeek = nil
    setAudioSelection(nil)
    setSubtitleSelection(nil)
  }
}
