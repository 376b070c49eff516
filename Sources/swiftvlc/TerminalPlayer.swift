// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Dispatch
import FoundationEssentials
import Glibc
import SwiftVLC
import SwiftVLCCommandLine

/// What the terminal player plays.
enum TerminalPlayback {
  /// One media on one player: a file, a URL, a live source (through a timeshift buffer with
  /// `--timeshift`).
  case media(Player, Media)
  /// A channel list, zapped with Page Up and Page Down, through the library's
  /// ``ChannelPlayer``: the same opening, dead-channel reasons and timeshift buffers.
  case channels(ChannelPlayer)
}

/// Plays in the terminal: the video drawn with half-block characters above a status line
/// (full-screen), or only the status line on the current line when the video plays in an
/// X11 window. Reads keys, follows the window's size, and restores the terminal on every way
/// out.
@MainActor
final class TerminalPlayer {
  private let playback: TerminalPlayback
  /// The player of what plays: the media's, or the current channel's (`nil` before the
  /// first channel plays).
  var player: Player? {
    switch playback {
    case .media(let player, _): player
    case .channels(let zapper): zapper.player
    }
  }
  /// The channel player, when a channel list plays.
  var zapper: ChannelPlayer? {
    if case .channels(let zapper) = playback { zapper } else { nil }
  }
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
  /// Follows the events of ``player``; a zap follows the new channel's player.
  private var eventsTask: Task<Void, Never>?
  /// The programme guide of the channel list (`--epg`, or the list's), once read.
  let guideSource: URL?
  var guide: ProgrammeGuide?
  /// The status line's programme text, kept until the next programme boundary.
  var programmeText: (channel: Int, text: String?, until: Date)?
  /// The timeshift options of a single media (`--timeshift`; a channel player has its own),
  /// and its buffer once started.
  private let timeshiftOptions: TimeshiftOptions?
  private var mediaTimeshift: Timeshift?

  /// The timeshift buffer of what plays: the media's, or the current channel's.
  private var timeshift: Timeshift? { zapper?.timeshift ?? mediaTimeshift }

  /// The SOURCE argument, as failures name it.
  private let source: String?

  init(
    playback: TerminalPlayback, window: Bool, guide: URL? = nil,
    timeshift: TimeshiftOptions? = nil, source: String? = nil
  ) {
    self.playback = playback
    self.source = source
    guideSource = guide
    timeshiftOptions = timeshift
    isFullScreen = !window
    screen = TerminalScreen(alternateScreen: !window)
  }

  /// The width of the frames drawn in a terminal `columns` cells wide: twice as wide (one
  /// pixel per cell column and two per cell row), which leaves room for the window to grow.
  static func frameWidth(columns: Int = TerminalScreen.currentSize.columns) -> Int {
    min(max(columns * 2, 16), 1_920)
  }

  /// Plays until the media ends, fails, or the user quits; returns the exit status.
  func run() async -> ExitCode {
    let (finished, finish) = AsyncStream.makeStream(of: ExitCode.self)
    self.finish = finish
    screen.enter()
    let signals = SignalWatcher([SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP]) { [weak self] in
      self?.handle(signal: $0)
    }
    startVideo()
    do {
      try await start()
    } catch {
      signals.cancel()
      screen.restore()
      Console.error("play: \(FailureWords.of(error, source: source))")
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
    eventsTask?.cancel()
    signals.cancel()
    screen.restore()
    if status == .mediaError, let player {
      Console.error("play: \(FailureWords.of(player.failure, source: source))")
    }
    switch playback {
    case .channels(let zapper):
      _ = await withDeadline(.seconds(2)) { await zapper.stop() }
    case .media(let player, _):
      if let mediaTimeshift {
        _ = await withDeadline(.seconds(2)) { await mediaTimeshift.stop() }
      }
      await PlayCommand.stopPlayback(player)
    }
    return status
  }

  /// Plays the media, through a timeshift buffer with `--timeshift`, or the first channel.
  private func start() async throws(VLCError) {
    switch playback {
    case .channels:
      try openChannel(from: 0, step: 1)
    case .media(let player, let media):
      guard let timeshiftOptions else { return try player.play(media) }
      mediaTimeshift = try await player.playTimeshifted(media, options: timeshiftOptions)
    }
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
  /// needs no new stream, since each draw fits the frame to the current video area. A
  /// channel player's frames are of whichever channel is current.
  func startVideo() {
    guard isFullScreen else { return }
    switch playback {
    case .channels(let zapper):
      let frames = zapper.frames
      tasks.append(Task { [weak self] in for await frame in frames { self?.pendingFrame = frame } })
    case .media(let player, _):
      do {
        let frames = try player.videoFrames(format: .rgba, width: Self.frameWidth())
        tasks.append(
          Task { [weak self] in for await frame in frames { self?.pendingFrame = frame } })
      } catch {
        show("no video: \(error)")
        return
      }
    }
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
    let title = channelLabel ?? player?.currentMedia?.displayTitle ?? ""
    let timeshifted = timeshiftOptions != nil || zapper?.timeshiftOptions != nil
    let lines = [
      title, "",
      "space pause   \u{2190}/\u{2192} seek   \u{2191}/\u{2193} volume   a audio   v video   s subtitles   m mute   q quit",
      (zapper == nil ? "" : "PgUp/PgDn channel   ") + (timeshifted ? "l live" : ""),
    ]
    let top = area.row + max((area.rows - lines.count) / 2, 0)
    for (offset, line) in lines.enumerated() where top + offset < area.row + area.rows {
      let text = String(line.prefix(area.columns))
      let column = max((area.columns - text.count) / 2, 0) + 1
      screen.write("\u{1B}[\(top + offset);\(column)H\u{1B}[2m\(text)\u{1B}[0m")
    }
  }

  private func drawStatus() {
    guard screen.isActive, let player else { return }
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
    watchEvents()
    tasks.append(
      Task { [weak self] in
        while !Task.isCancelled {
          self?.drawStatus()
          try? await Task.sleep(for: .milliseconds(100))
        }
      })
  }

  /// Follows the events of ``player`` (after a zap, of the new channel's player).
  func watchEvents() {
    eventsTask?.cancel()
    guard let events = player?.events else { return }
    eventsTask = Task { [weak self] in
      for await event in events {
        guard let self else { return }
        switch event {
        case .endReached where zapper != nil: show("channel ended: PgUp/PgDn to zap")
        case .encounteredError where zapper != nil: channelFailed()
        case .endReached: finish?.yield(.success)
        case .encounteredError: finish?.yield(.mediaError)
        case .timeChanged: break  // the refresh loop draws time
        default: drawStatus()
        }
      }
    }
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
    if key == .previousChannel || key == .nextChannel {
      return zap(by: key == .nextChannel ? 1 : -1)
    }
    guard let player else { return }
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
      break  // zapped above
    }
  }

  /// Seeks to ``seekTarget`` until it stops moving, each seek waiting for playback to land.
  private func runSeeks() async {
    while let target = seekTarget, let player {
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

  /// Shows `text` in the status line for 2 s, drawn at once (not at the next refresh, which a
  /// busy machine can delay past the notice's end).
  func show(_ text: String) {
    notice = (text, .now + .seconds(2))
    drawStatus()
  }
}
