// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Observation

/// Pausing and rewinding live TV: a live source kept on disk as it arrives (a timeshift
/// buffer) and played from there by a ``Player``, so that a pause resumes where it paused,
/// playback can move back within the buffer, and ``jumpToLive()`` returns to the live edge.
///
/// Made by ``Player/playTimeshifted(_:options:)``. A private native session receives the
/// source and remuxes it to MPEG-TS into a pipe; SwiftVLC writes what comes out into segment
/// files in a folder of its own (see ``TimeshiftOptions``), and the player plays them through
/// a custom input that waits at the end for the live stream's next bytes. libVLC paces that
/// input like a file: while paused it reads nothing, and the buffer grows. (libVLC 3's own
/// `--input-timeshift-path` pauses a live input too, but it cannot seek back: its es-out
/// timeshift refuses every time change.)
///
/// The buffer folder is removed by ``stop()``, at process exit, and, after a crash, when the
/// next buffer is made in the same base folder (a buffer is stale when the `flock` on its
/// `lock` file is free). A source that stops, a full disk or an unwritable segment ends the
/// player's playback within 10 s at the end of what was
/// kept; ``failure`` says why.
///
/// Main-actor isolated and observable, like ``Player``.
@MainActor @Observable
public final class Timeshift {
  /// The player showing the buffer. Its ``Player/pause()`` and ``Player/resume()`` work as
  /// ``pause()`` and ``resume()`` do; its own seeks do not reach into the buffer (use
  /// ``seek(by:)``).
  @ObservationIgnored public let player: Player
  /// The options the buffer was made with.
  public let options: TimeshiftOptions
  /// The buffer's folder (`buffer-XXXXXX` inside the options' folder); gone after ``stop()``.
  public let folder: String
  /// How far behind the live edge playback is, in the stream's own time (its clock
  /// references, whatever the wall clock or a busy machine does): grows while paused, drops by
  /// a seek forward, about a second after ``jumpToLive()``. The picture's place is libVLC's
  /// time of the playback, which runs ahead of the picture by libVLC's caching (a few hundred
  /// milliseconds). Updated ten times a second.
  public private(set) var behindLive: Duration = .zero
  /// How much of the live source is kept, from the oldest byte to the live edge, in stream
  /// time. Updated with ``behindLive``.
  public private(set) var buffered: Duration = .zero
  /// Why the buffer stopped taking the live source (disk full, a write failure, the source
  /// ended or failed), or `nil` while it takes it.
  public private(set) var failure: VLCError?
  /// Whether ``stop()`` was called.
  public private(set) var isStopped = false

  /// How far libVLC's time of the playback may run ahead of the wall clock between two
  /// readings before it counts as a jump of the stream's clock: its time events come late
  /// and together on a loaded machine (a CI run lost 2 s of them to a 1 s margin).
  nonisolated static let jumpMargin: Duration = .seconds(5)

  /// Within this of the live edge, playback counts as live (``isLive``).
  nonisolated public static let liveTolerance: Duration = .seconds(3)

  /// Whether playback is within ``liveTolerance`` of the live edge.
  public var isLive: Bool { behindLive < Self.liveTolerance }

  @ObservationIgnored private let buffer: TimeshiftBuffer
  @ObservationIgnored private let feed: TimeshiftFeed
  @ObservationIgnored private var ticker: Task<Void, Never>?
  /// Where the current playback started reading, and the stream time its own time counts
  /// from (the first clock reference there, once it arrived): the picture shown is at
  /// `started + played`.
  @ObservationIgnored private var start: Int64 = 0
  /// Whether the last seek was asked while paused (its input opens to a pause), until the
  /// caller resumes.
  @ObservationIgnored private var pausedSeek = false
  @ObservationIgnored private var started: Duration?
  /// How far the playback has got: libVLC's time of it, summed tick by tick, with its jumps
  /// left out (see ``update()``).
  @ObservationIgnored private var played: Duration = .zero
  @ObservationIgnored private var lastSample: (time: Duration, at: ContinuousClock.Instant)?

  init(player: Player, options: TimeshiftOptions, buffer: TimeshiftBuffer, feed: TimeshiftFeed) {
    self.player = player
    self.options = options
    self.buffer = buffer
    self.feed = feed
    folder = buffer.folder.path
  }

  isolated deinit {
    ticker?.cancel()
  }

  /// Pauses playback; the buffer keeps taking the live source.
  public func pause() {
    player.pause()
  }

  /// Resumes playback at the picture where it paused.
  public func resume() {
    pausedSeek = false
    player.resume()
  }

  /// Pauses, or resumes where it paused.
  public func togglePause() {
    pausedSeek = false
    player.togglePause()
  }

  /// Moves playback by `offset` within the buffer: back with a negative offset (at most to
  /// the oldest part kept), forward with a positive one (at most to the live edge, which
  /// ``jumpToLive()`` is), counted in the stream's time from ``behindLive``. Playback restarts
  /// from the chosen point, so the picture shows again at the next keyframe there; paused, it
  /// stays paused there. Returns at once.
  ///
  /// - Throws: ``VLCError/invalidState(_:)`` after ``stop()``;
  ///   ``VLCError/mediaCreationFailed(source:)`` when libVLC cannot make the input.
  public func seek(by offset: Duration) throws(VLCError) {
    let target = behindLive - offset
    // Paused, or still opening the input of a seek asked while paused (a second key press).
    let wasPaused =
      player.state == .paused || (pausedSeek && [.opening, .buffering].contains(player.state))
    pausedSeek = wasPaused
    if target < Self.liveTolerance / 2 {
      try jumpToLive()
    } else {
      try play(from: buffer.entry(before: (buffer.edge ?? .zero) - target))
    }
    // Applied once the new input plays (``Player/pause()`` during opening).
    if wasPaused { player.pause() }
  }

  /// Plays from the live edge again (half a second before it). The picture comes back at the
  /// next keyframe.
  ///
  /// - Throws: as ``seek(by:)`` does.
  public func jumpToLive() throws(VLCError) {
    try play(from: buffer.entry(before: (buffer.edge ?? .zero) - .milliseconds(500)))
  }

  /// Stops the player and the live source, and deletes the buffer. Never blocks the main
  /// actor; returns once libVLC let go of both (or after the stop limits of both).
  public func stop() async {
    guard !isStopped else { return }
    isStopped = true
    ticker?.cancel()
    // The files go first: a caller that stops waiting (a quitting program that then calls
    // `_exit`, skipping the exit handler) leaves none. Readers keep their open files.
    buffer.close()
    buffer.folder.remove()
    await player.stop()
    await feed.stop()
  }

  /// Plays the buffer from `offset` (rounded down to a TS packet) in ``player``.
  func play(from offset: Int64) throws(VLCError) {
    guard !isStopped else { throw .invalidState("the timeshift buffer was stopped") }
    let start = offset - offset % Int64(TransportStreamPackets.size)
    let (buffer, feed) = (buffer, feed)
    let input = CustomInput(
      .paced { TimeshiftCursor(buffer: buffer, start: start) { feed.isIngesting } })
    let media = Media(
      instance: player.instance, pointer: try input.makeNativeMedia(instance: player.instance),
      input: input)
    try player.play(media)
    self.start = start
    started = nil
    played = .zero
    lastSample = nil
    update()
    if ticker == nil { startTicker() }
  }

  private func startTicker() {
    ticker = Task { [weak self] in
      // Ticked: the live edge moves with the source, and no event says so.
      while !Task.isCancelled {
        self?.update()
        try? await Task.sleep(for: .milliseconds(100))
      }
    }
  }

  /// Recomputes ``behindLive`` and ``buffered`` from the stream's clock.
  ///
  /// libVLC's time of the playback is its demuxer's clock reference less the first one: a
  /// source whose clock jumps (a looping or spliced stream, whose jumps the buffer keeps)
  /// makes it jump too. Its steps are summed instead, a step back or one longer than the
  /// wall clock's plus ``jumpMargin`` counting as the wall clock's while playing.
  private func update() {
    if started == nil { started = buffer.time(from: start) }
    let (now, time) = (ContinuousClock.now, player.currentTime)
    if let lastSample {
      let step = time - lastSample.time
      let wall = now - lastSample.at
      let jumped = step < .zero || step > wall + Self.jumpMargin
      played += jumped ? (player.state == .playing ? wall : .zero) : step
    }
    lastSample = (time, now)
    let edge = buffer.edge ?? .zero
    let picture = (started ?? edge) + played
    behindLive = max(edge - picture, .zero)
    buffered = edge - (buffer.time(from: buffer.range.lowerBound) ?? edge)
    if failure == nil, let reason = feed.failure { failure = reason }
  }
}
