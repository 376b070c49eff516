// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// A recording in effect on a ``Player``: the session that writes it and what to reopen after.
struct PlayerRecording {
  /// The file being written.
  var path: String
  /// The media the user played, without the output options.
  var original: Media
  /// The playback time at which recording started.
  var startTime: Duration
}

extension Player {
  /// The file being recorded to, while ``startRecording(to:container:)`` is in effect.
  public var recordingPath: String? {
    access(keyPath: \.recordingPath)
    return core.recording?.path
  }

  /// Starts recording what plays to the file at `path`, while playback goes on.
  ///
  /// libVLC 3 cannot add an output to a running input, so the player reopens the current media
  /// with a stream output that both displays and records it, from the current time. The file
  /// starts at the keyframe at or before that time (now and then preceded by the media's first
  /// picture: libVLC 3 reads one packet before it applies a start time), and ends up to about
  /// a second after
  /// ``stopRecording()``, because libVLC's input reads ahead of what it shows. Options added to
  /// the media are kept; slaves are not. The reopening shows as a short
  /// ``PlayerState/opening``; ``currentMedia`` stays the same. A paused player stays paused.
  /// The recording ends with ``stopRecording()``, or with the session: when the media ends,
  /// fails, is stopped or replaced (each emits ``PlayerEvent/recordingChanged(_:)`` with `nil`).
  ///
  /// - Parameters:
  ///   - path: the file to write (replaced if it exists); its directory must exist.
  ///   - container: the file format.
  /// - Throws: ``VLCError/invalidState(_:)`` when nothing is playing, buffering or paused, or
  ///   a recording is already in effect; ``VLCError/invalidInput(_:)`` for a path that cannot
  ///   be written or a media made from an `AsyncSequence` (it cannot be opened a second time).
  public func startRecording(to path: String, container: OutputContainer = .ts) throws(VLCError) {
    if let recording = core.recording {
      throw .invalidState("already recording to \(recording.path)")
    }
    // Buffering is playing too: a stream refilling its cache (or a starved machine) is one.
    guard let media = currentMedia, [.playing, .buffering, .paused].contains(state) else {
      throw .invalidState("nothing is playing to record")
    }
    let destination = try OutputPath.checked(path)
    let start = isSeekable ? currentTime : .zero
    let chain = SoutChain.chain(
      destination: SoutChain.file(path: destination, container: container), monitor: .display)
    var options = [":sout=\(chain)"]
    if start > .zero { options.append(":start-time=\(optionSeconds(start))") }
    try reopen(media, adding: options, at: start)
    withMutation(keyPath: \.recordingPath) {
      core.recording = PlayerRecording(path: destination, original: media, startTime: start)
    }
    feed(.recordingStarted)
    emit(.recordingChanged(destination))
  }

  /// Ends the recording and returns the finished file; playback goes on from the same time.
  ///
  /// The player reopens the media without the stream output (a short
  /// ``PlayerState/opening``), waits, without blocking the main actor, until libVLC has
  /// closed the file, and reads its duration back.
  ///
  /// - Returns: the file, or `nil` when no recording was in effect (it may have ended with
  ///   its session; ``PlayerEvent/recordingChanged(_:)`` told when).
  public func stopRecording() async -> RecordingResult? {
    guard let active = core.recording else { return nil }
    // Cleared first, so reopening below is not taken for the end of the recording's session.
    withMutation(keyPath: \.recordingPath) { core.recording = nil }
    feed(.recordingStopped)
    let resumeAt = currentTime
    let options = isSeekable && resumeAt > .zero ? [":start-time=\(optionSeconds(resumeAt))"] : []
    try? reopen(active.original, adding: options, at: options.isEmpty ? .zero : resumeAt)
    // Reopening stops the recording input first, on the native queue: once that has run the
    // muxer has written and closed the file.
    await native.run { _ in }
    emit(.recordingChanged(nil))
    return await Recording.finishedFile(
      active.path, instance: instance, fallback: max(resumeAt - active.startTime, .zero))
  }

  /// Plays a copy of `media` with `options`, keeping ``currentMedia``, a pause, and the time
  /// it starts from (`time`, its `:start-time`): the new session's clock would show 0 until
  /// libVLC's first reading.
  private func reopen(_ media: Media, adding options: [String], at time: Duration) throws(VLCError)
  {
    let wasPaused = state == .paused
    let length = duration
    try play(media.copy(adding: options))
    currentMedia = media
    holdStartTime(time, duration: length)
    if wasPaused { pause() }
  }

  /// Ends the recording whose session ended (see ``SessionEffect/endRecording(closeInput:)``).
  func endRecording(closingInput: Bool) {
    guard core.recording != nil else { return }
    withMutation(keyPath: \.recordingPath) { core.recording = nil }
    if closingInput {
      // After an end or a failure libVLC keeps the input open; stopping it closes the file.
      native.async { libvlc_media_player_stop($0) }
    }
    emit(.recordingChanged(nil))
  }
}
