// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Dispatch
import FoundationEssentials
import Glibc
import SwiftVLC
import SwiftVLCCommandLine

/// Plays in the terminal: the video drawn with half-block characters above a status line
/// (full-screen), or only the status line on the current line when the video plays in an
/// X11 window. Reads keys, follows the window's size, and restores the terminal on every way
/// out.
@MainActor
final class TerminalPlayer {
  let player: Player
  private let screen: TerminalScreen
  private let isFullScreen: Bool
  private var keys = KeyDecoder()
  var notice: (text: String, until: ContinuousClock.Instant)?
  /// The newest decoded frame, not drawn yet.
  var pendingFrame: VideoFrame?
  /// The frame on screen, drawn again after a resize or a return from Ctrl-Z.
  var shownFrame: VideoFrame?
  private var finish: AsyncStream<ExitCode>.Continuation?
  var tasks: [Task<Void, Never>] = []
  private var input: DispatchSourceRead?
  /// Where the seek keys pressed so far lead; seeks run one at a time, each waiting until
  /// playback has landed, and keys pressed meanwhile add up.
  private var seekTarget: Duration?
  private var seekTask: Task<Void, Never>?
  /// The channel list zapped through with Page Up and Page Down, and the channel playing.
  let channels: ChannelList?
  var channelIndex = 0
  /// Why the current channel's timeshift buffer could not start (`--timeshift`), until the
  /// next zap: its player never played it, so its outcome cannot say.
  var startFailure: VLCError?
  /// The latest zap through a timeshift buffer (`--timeshift`); each waits for the one before,
  /// so two buffers are never started at once and none is left running.
  var zapTask: Task<Void, Never>?
  /// The programme guide of ``channels`` (`--epg`, or the list's), once read.
  let guideSource: URL?
  var guide: ProgrammeGuide?
  /// The status line's programme text, kept until the next programme boundary.
  var programmeText: (channel: Int, text: String?, until: Date)?
  /// The timeshift options (`--timeshift`), and the buffer of the live source playing.
  let timeshiftOptions: TimeshiftOptions?
  private var timeshift: Timeshift?

  init(
    player: Player, window: Bool, channels: ChannelList? = nil, guide: URL? = nil,
    timeshift: TimeshiftOptions? = nil
  ) {
    self.player = player
    self.channels = channels
    guideSource = guide
    timeshiftOptions = timeshift
    isFullScreen = !window
    screen = TerminalScreen(alternateScreen: !window)
  }

  /// Plays `media` until it ends, fails, or the user quits; returns the exit status.
  func run(_ media: Media) async -> ExitCode {
    let (finished, finish) = AsyncStream.makeStream(of: ExitCode.self)
    self.finish = finish
    screen.enter()
    let signals = SignalWatcher([SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP]) { [weak self] in
      self?.handle(signal: $0)
    }
    startVideo()
    do {
      try await start(media)
    } catch {
      signals.cancel()
      screen.restore()
      Console.error("play: \(FailureWords.of(error))")
      return .mediaError
    }
    startReadingKeys()
    watchPlayback()
    loadGuide()
    redrawAll()

    var status = ExitCode.success
    for await code in finished {
      status = code
      break
    }
    // Give the terminal back first; the player may take a moment to close the source.
    input?.cancel()
    for task in tasks { task.cancel() }
    signals.cancel()
    screen.restore()
    if status == .mediaError { Console.error("play: \(FailureWords.of(player.failure))") }
    zapTask?.cancel()
    await zapTask?.value
    if let timeshift { _ = await withDeadline(.seconds(2)) { await timeshift.stop() } }
    await PlayCommand.stopPlayback(player)
    return status
  }

  /// Plays `media`, through a timeshift buffer with `--timeshift`.
  func start(_ media: Media) async throws(VLCError) {
    guard let timeshiftOptions else { return try player.play(media) }
    if let previous = timeshift {
      timeshift = nil
      await previous.stop()
    }
    timeshift = try await player.playTimeshifted(media, options: timeshiftOptions)
  }

  // MARK: - Video

  /// The time between two draws: at most 25 frames a second, because a terminal takes tens of
  /// kilobytes of escape sequences per frame.
  private static let frameInterval = Duration.milliseconds(40)

  /// Starts the decoded frames flowing into the video area. Called once, before playback.
  ///
  /// Frames are kept, not drawn, as they arrive; a loop draws the newest one every
  /// ``frameInterval``. While a draw is being written (it holds the main actor), the frames
  /// decoded meanwhile replace each other, so a slow terminal skips frames instead of falling
  /// behind. The frames are twice as wide as the terminal (the renderer samples one pixel per
  /// cell column and two per cell row), which leaves room for the window to grow; a resize
  /// needs no new stream, since each draw fits the frame to the current video area.
  func startVideo() {
    guard isFullScreen else { return }
    let frames: VideoFrameStream
    do {
      frames = try player.videoFrames(
        format: .rgba, width: min(max(screen.size.columns * 2, 16), 1_920))
    } catch {
      show("no video: \(error)")
      return
    }
    tasks.append(
      Task { [weak self] in
        for await frame in frames { self?.pendingFrame = frame }
      })
    tasks.append(
      Task { [weak self] in
        while !Task.isCancelled {
          self?.drawPendingFrame()
          try? await Task.sleep(for: Self.frameInterval)
        }
      })
  }

  private func drawPendingFrame() {
    guard let frame = pendingFrame else { return }
    pendingFrame = nil
    draw(frame)
  }

  /// Draws one RGBA frame, fitted and centred in the video area, and keeps it for redraws.
  private func draw(_ frame: VideoFrame) {
    guard isFullScreen, screen.isActive else { return }
    if shownFrame == nil { clearVideoArea() }
    shownFrame = frame
    let area = HalfBlockRenderer.fit(width: frame.width, height: frame.height, in: videoArea)
    let text = frame.withUnsafeBytes { pixels in
      HalfBlockRenderer.render(
        rgba: pixels, width: frame.width, height: frame.height, pitch: frame.pitch, in: area)
    }
    screen.write(text)
  }

  // MARK: - Layout and drawing

  /// Everything above the status line.
  private var videoArea: CellArea {
    let size = screen.size
    return CellArea(row: 1, column: 1, columns: size.columns, rows: max(size.rows - 1, 0))
  }

  func redrawAll() {
    guard screen.isActive else { return }
    if isFullScreen {
      screen.write("\u{1B}[0m\u{1B}[2J")
      if let shownFrame { draw(shownFrame) } else { drawPlaceholder() }
    }
    drawStatus()
  }

  private func clearVideoArea() {
    let rows = (0..<videoArea.rows).map { "\u{1B}[\($0 + 1);1H\u{1B}[2K" }
    screen.write("\u{1B}[0m" + rows.joined())
  }

  /// What the video area shows without video: the title and the keys.
  private func drawPlaceholder() {
    let area = videoArea
    let title =
      channels.map { "\(channelIndex + 1) \($0.channels[channelIndex].name)" }
      ?? player.currentMedia?.displayTitle ?? ""
    let lines = [
      title, "",
      "space pause   \u{2190}/\u{2192} seek   \u{2191}/\u{2193} volume   a audio   v video   s subtitles   m mute   q quit",
      (channels == nil ? "" : "PgUp/PgDn channel   ") + (timeshiftOptions == nil ? "" : "l live"),
    ]
    let top = area.row + max((area.rows - lines.count) / 2, 0)
    for (offset, line) in lines.enumerated() where top + offset < area.row + area.rows {
      let text = String(line.prefix(area.columns))
      let column = max((area.columns - text.count) / 2, 0) + 1
      screen.write("\u{1B}[\(top + offset);\(column)H\u{1B}[2m\(text)\u{1B}[0m")
    }
  }

  private func drawStatus() {
    guard screen.isActive else { return }
    if let notice, notice.until < .now { self.notice = nil }
    var status = PlaybackStatus(
      state: player.state, time: player.currentTime, duration: player.duration,
      volume: player.volume, isMuted: player.isMuted,
      audio: TrackChoice.label(player.selectedAudioTrack),
      subtitle: TrackChoice.label(player.selectedSubtitleTrack),
      message: notice?.text ?? channelStatus ?? timeshift?.failure.map { "\($0)" },
      programme: currentProgramme())
    status.behindLive = timeshift?.behindLive
    status.buffered = timeshift?.buffered
    let size = screen.size
    let line = StatusLine.render(status, width: size.columns)
    screen.write(isFullScreen ? "\u{1B}[\(size.rows);1H\(line)" : "\r\(line)")
  }

  // MARK: - Events, keys and signals

  private func watchPlayback() {
    let events = player.events
    tasks.append(
      Task { [weak self] in
        for await event in events {
          guard let self else { return }
          switch event {
          case .endReached where channels != nil: show("channel ended: PgUp/PgDn to zap")
          case .encounteredError where channels != nil: channelFailed()
          case .endReached: finish?.yield(.success)
          case .encounteredError: finish?.yield(.mediaError)
          case .timeChanged: break  // the refresh loop below draws time
          default: drawStatus()
          }
        }
      })
    tasks.append(
      Task { [weak self] in
        while !Task.isCancelled {
          self?.drawStatus()
          try? await Task.sleep(for: .milliseconds(100))
        }
      })
  }

  func startReadingKeys() {
    let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readKeys() }
    }
    source.resume()
    input = source
  }

  private func readKeys() {
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    guard count > 0 else {
      if count == 0 { input?.cancel() }  // end of input: keys are gone, playback goes on
      return
    }
    for key in keys.feed(buffer.prefix(count)) { handle(key) }
    drawStatus()
  }

  private func handle(_ key: PlayerKey) {
    if let timeshift, handleTimeshift(key, timeshift) { return }
    switch key {
    case .togglePause:
      player.togglePause()
    case .jumpToLive:
      show("l jumps to live with --timeshift")
    case .seekBackward, .seekForward:
      let step: Duration = key == .seekForward ? .seconds(5) : .seconds(-5)
      var target = max((seekTarget ?? player.currentTime) + step, .zero)
      if let duration = player.duration { target = min(target, duration) }
      seekTarget = target
      if seekTask == nil { seekTask = Task { await runSeeks() } }
    case .volumeUp, .volumeDown:
      try? player.setAudioVolume(player.volume + (key == .volumeUp ? 0.05 : -0.05))
    case .nextAudioTrack:
      player.selectedAudioTrack = TrackChoice.next(
        after: player.selectedAudioTrack, in: player.audioTracks, allowingNone: false)
      show("audio \(TrackChoice.label(player.selectedAudioTrack))")
    case .nextSubtitleTrack:
      player.selectedSubtitleTrack = TrackChoice.next(
        after: player.selectedSubtitleTrack, in: player.subtitleTracks, allowingNone: true)
      show("subtitles \(TrackChoice.label(player.selectedSubtitleTrack))")
    case .nextVideoTrack:
      guard player.videoTracks.count > 1 else { return show("one video track") }
      player.selectedVideoTrack = TrackChoice.next(
        after: player.selectedVideoTrack, in: player.videoTracks, allowingNone: false)
      show("video \(TrackChoice.label(player.selectedVideoTrack))")
    case .toggleMute:
      player.isMuted.toggle()
    case .toggleFullscreen:
      guard !isFullScreen else { return show("fullscreen needs --window") }
      Task {
        player.setFullscreen(!(await player.isFullscreen()))
        show(await player.isFullscreen() ? "fullscreen" : "windowed")
      }
    case .quit:
      finish?.yield(.success)
    case .previousChannel, .nextChannel:
      zap(by: key == .nextChannel ? 1 : -1)
    }
  }

  /// Seeks to ``seekTarget`` until it stops moving, each seek waiting for playback to land.
  private func runSeeks() async {
    while let target = seekTarget {
      do {
        try await player.seek(to: target, mode: .precise, timeout: .seconds(5))
      } catch {
        show("cannot seek: \(error)")
      }
      if seekTarget == target { seekTarget = nil }
    }
    seekTask = nil
  }

  private func handle(signal: Int32) {
    switch signal {
    case SIGWINCH:
      redrawAll()
    case SIGTSTP:
      // Ctrl-Z: hand the terminal back, stop, and take it again when continued.
      screen.restore()
      kill(getpid(), SIGSTOP)
      screen.enter()
      redrawAll()
    default:
      finish?.yield(.interrupted)
    }
  }

  func show(_ text: String) {
    notice = (text, .now + .seconds(2))
  }
}
