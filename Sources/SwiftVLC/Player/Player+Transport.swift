// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials
import Glibc

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
  ///
  /// On an X display without a VDPAU driver, a media whose options (and whose instance's
  /// arguments) choose no hardware decoding gets `:avcodec-hw=vaapi` first: libVLC's automatic
  /// choice would try VDPAU, and libvdpau would print "Failed to open VDPAU backend" on
  /// stderr.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` at once for a scheme this libVLC has
  ///   no module for (see ``VLCInstance/missingSupport(forScheme:)``: `rtsp://` on Debian).
  public func play(_ media: Media) throws(VLCError) {
    guard media.instance === instance else {
      throw .invalidInput("the media belongs to another VLCInstance than the player")
    }
    try instance.requireSupport(for: media.mrl)
    if let option = instance.quietHardwareDecodingOption(for: media) { media.addOption(option) }
    currentMedia = media
    core.frameSink?.setSource(media)
    emit(.mediaChanged)
    feed(.play(source: media.mrl))
  }

  /// Plays again: resumes when paused, replays the current media after it ended, stopped or
  /// failed, and does nothing while already playing.
  ///
  /// - Throws: ``VLCError/invalidState(_:)`` when there is no media.
  public func play() throws(VLCError) {
    guard let media = currentMedia else { throw .invalidState("no media to play") }
    switch state {
    case .paused, .opening, .buffering: resume()
    case .playing: break
    case .idle, .stopping, .stopped, .ended, .error: try play(media)
    }
  }

  /// Pauses. During opening the pause is applied as soon as playback starts.
  public func pause() {
    feed(.pause)
  }

  /// Resumes after ``pause()``, or cancels a pause asked for while opening.
  public func resume() {
    feed(.resume)
  }

  /// Pauses when playing, resumes when paused.
  public func togglePause() {
    feed(.togglePause)
  }

  /// Stops playback and waits, without blocking the main actor, until libVLC has closed the
  /// input or ``stopTimeout`` has passed, whichever comes first.
  ///
  /// ``state`` is ``PlayerState/stopping`` meanwhile and ``PlayerState/stopped`` once libVLC
  /// has closed the input. libVLC 3 cannot always close promptly (an HLS segment stalled
  /// mid-body holds it until the server drops the connection); then, at the time limit, the
  /// player puts a fresh native player in place of the stuck one (with every setting made so
  /// far), shows ``PlayerState/stopped`` and returns: the next ``play(_:)`` works at once. The
  /// stuck native player is released in the background whenever libVLC lets go of it. A
  /// ``play(_:)`` called while a stop is still running does the same at once.
  /// ``outcome`` becomes ``PlaybackOutcome/stopped`` unless the session had already ended or
  /// failed. Calling it again, or with nothing playing, is harmless.
  public func stop() async {
    await stop { libvlc_media_player_stop($0) }
  }

  /// Stops with `stopNative`, run on the player's queue: `libvlc_media_player_stop`, or the
  /// stop of a list player driving this player. Returns when the session lets the caller go:
  /// the native stop returned, or was given up at ``stopTimeout``, or a play came first.
  func stop(_ stopNative: @escaping @Sendable (OpaquePointer) -> Void) async {
    let request = StopRequest(stopNative)
    feed(.stop(request))
    await request.waiter.wait()
  }

  /// Jumps to `time`.
  ///
  /// While the media is still opening the seek is applied as soon as it becomes seekable.
  /// libVLC 3 gives no completion signal; ``currentTime`` shows the target at once. To wait
  /// until playback has landed, use ``seek(to:mode:timeout:)``.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a negative time or one past the end;
  ///   ``VLCError/invalidState(_:)`` with no media or a media that cannot seek.
  public func seek(to time: Duration) throws(VLCError) {
    guard time >= .zero else {
      throw .invalidInput("seek time \(formatSeconds(time, decimals: 3)) is negative")
    }
    if let duration, time > duration {
      throw .pastTheEnd("seek time", time, length: duration)
    }
    try requireSeekable()
    feed(.seek(.time(time), seekable: isSeekable))
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
  /// While the media is still opening the seek is applied once playback starts. Nothing is
  /// shown or published until playback reports where it got (libVLC reads back no requested
  /// position); to wait until it landed, use ``seek(toPosition:timeout:)``.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN, infinity or a value outside 0…1;
  ///   ``VLCError/invalidState(_:)`` with no media or a media that cannot seek.
  public func seek(toPosition position: Double) throws(VLCError) {
    guard position.isFinite, (0...1).contains(position) else {
      throw .invalidInput("seek position \(position) is not within 0…1")
    }
    try requireSeekable()
    feed(.seek(.position(position), seekable: isSeekable))
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
    withMutation(keyPath: \.rate) { setNative(.rate) { $0.rate = rate } }
  }

  /// The playback rate (1 is normal speed), as set with ``setPlaybackRate(_:)``.
  public var rate: Float {
    access(keyPath: \.rate)
    return settings.rate ?? 1
  }

  /// The A-B loop, when one is set (see ``setABLoop(a:b:)``).
  public var abLoop: ClosedRange<Duration>? {
    access(keyPath: \.abLoop)
    return core.session.abLoop
  }

  /// Loops between `a` and `b`: when playback reaches `b` it jumps back to `a`. Precise to
  /// about 100 ms (libVLC 3 has no A-B loop; the player watches the time).
  ///
  /// A loop set while the media opens is removed (``abLoop`` becomes `nil`) when the media
  /// turns out not to seek, as a live source does, and so is a loop whose media stops being
  /// seekable: it could never jump back.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` unless `0 ≤ a < b` (and `b` within the media);
  ///   ``VLCError/invalidState(_:)`` when the media cannot seek (a live source).
  public func setABLoop(a: Duration, b: Duration) throws(VLCError) {
    guard a >= .zero, a < b else { throw .invalidInput("A-B loop needs 0 ≤ a < b") }
    if let duration, b > duration {
      throw .pastTheEnd("A-B loop end", b, length: duration)
    }
    try requireSeekable()
    feed(.abLoop(a...b, time: currentTime))
  }

  /// Removes the A-B loop; playback continues from where it is.
  public func clearABLoop() {
    feed(.abLoop(nil, time: currentTime))
  }

  func requireSeekable() throws(VLCError) {
    guard currentMedia != nil, state != .idle else { throw .invalidState("no media is playing") }
    if !isSeekable && (state == .playing || state == .paused) {
      throw .invalidState("the media cannot seek")
    }
  }
}
