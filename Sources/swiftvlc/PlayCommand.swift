// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc play`: in the terminal when stdin and stdout are terminals, as event lines
/// otherwise, and into an X11 window with `--window`.
@MainActor
enum PlayCommand {
  static func run(_ options: Command.Play) async -> ExitCode {
    let inTerminal = Console.isTerminal(STDIN_FILENO) && Console.isTerminal(STDOUT_FILENO)
    if options.window && !DisplayEnvironment().hasX11 {
      let named = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
      return failed(
        "--window needs an X11 display, and "
          + (named.isEmpty ? "DISPLAY is not set" : "no X server answers at DISPLAY \(named)"),
        inTerminal: inTerminal)
    }
    let player: Player
    let media: Media
    var channels: ChannelList?
    do {
      let source = try options.source.map(MediaSource.parse) ?? demoClip()
      let instance = try VLCInstance(arguments: instanceArguments(window: options.window))
      channels = await ChannelsCommand.channelList(at: source)
      if inTerminal, let channels {
        return await TerminalPlayer(
          playback: .channels(try zapper(channels, on: instance, options: options)),
          window: options.window, guide: options.epg.map(ChannelsCommand.guideURL)
        ).run()
      }
      media = try source.media(on: instance, list: channels)
      if !options.window {
        // Frames for the terminal are read by the CPU, so no GPU decoding (and no GPU
        // driver probing on stderr). libVLC 3 honours this as a media option only.
        // (In a window, Player.play keeps libvdpau quiet where there is no VDPAU driver.)
        media.addOption(":avcodec-hw=none")
      }
      if case .file(let path) = source, channels == nil, media.isLocalFile {
        // libVLC 3 "plays" garbage to a normal end; a local file is checked first (not a
        // FIFO, read once from its descriptor).
        let info = try await media.parse()
        guard info.isPlayable else { throw info.unplayableError(source: path) }
      }
      player = Player(instance: instance)
      // A channel that never answers is dead at the channel timeout, as `channels --check`
      // and ChannelPlayer have it, not after a file's 30 s.
      if channels != nil { player.openingTimeout = ChannelChecker.defaultTimeout }
      if let limit = options.openingTimeout { player.openingTimeout = limit }
      if let limit = options.stallTimeout { player.stallTimeout = limit }
    } catch {
      return failed(FailureWords.of(error, source: options.source), inTerminal: inTerminal)
    }
    if inTerminal {
      return await TerminalPlayer(
        playback: .media(player, media), window: options.window,
        timeshift: options.timeshift ? TimeshiftOptions() : nil, source: options.source
      ).run()
    }
    // A channel's failure names the channel's location as the list writes it (a path, not
    // libVLC's `file://` location), as `record` of the list does; not the list's.
    let named = channels.map { $0.channels.first?.location } ?? options.source
    return await EventPrinter(player: player, source: named).run(media)
  }

  /// The channel player the terminal zaps with: frames for the terminal (decoded in software,
  /// since the CPU reads them), or video in libVLC's window with `--window`.
  private static func zapper(
    _ channels: ChannelList, on instance: VLCInstance, options: Command.Play
  ) throws(VLCError) -> ChannelPlayer {
    let zapper = try ChannelPlayer(
      list: channels, instance: instance, format: options.window ? nil : .rgba,
      width: options.window ? nil : TerminalPlayer.frameWidth(),
      timeshift: options.timeshift ? TimeshiftOptions() : nil)
    if !options.window {
      var configuration = VLCConfiguration()
      configuration.hardwareDecoding = .off
      zapper.configuration = configuration
    }
    if let limit = options.openingTimeout { zapper.openingTimeout = limit }
    if let limit = options.stallTimeout { zapper.stallTimeout = limit }
    return zapper
  }

  /// Reports a failure before playback: on stderr, and, for event lines, as an `error` line
  /// followed by `end` (the help promises `end` last after a failure).
  static func failed(_ message: String, inTerminal: Bool) -> ExitCode {
    if !inTerminal {
      Console.line(EventLine.error(message))
      Console.line(EventLine.end)
    }
    Console.error("play: \(message)")
    return .mediaError
  }

  /// The instance's arguments: the default outputs, except that video goes to libVLC's own
  /// X11 window only with `--window`. Otherwise it goes nowhere (or to the terminal, through
  /// frames), never to libVLC's ASCII-art output, which would fight the tool for the terminal.
  /// Run from a script (stdin not a terminal), passwords are kept in memory: nothing can answer
  /// a login, so a source that asks for one fails at once as "authentication required"
  /// instead of waiting for a desktop keystore.
  static func instanceArguments(window: Bool) -> [String] {
    var arguments = VLCInstance.defaultArguments.filter { !$0.hasPrefix("--vout") }
    if !window { arguments.append("--vout=vdummy") }
    if !Console.isTerminal(STDIN_FILENO), !arguments.contains("--keystore=memory") {
      arguments.append("--keystore=memory")
    }
    return arguments
  }

  /// Stops the player, waiting at most a second: libVLC 3 can take seconds to close some
  /// sources (a Matroska file with a default subtitle, stopped in its first 250 ms, takes
  /// until about 6 s after the start), and the user asked to leave now. The process then
  /// exits with `_exit`, which is safe with libVLC threads still running.
  static func stopPlayback(_ player: Player) async {
    _ = await withDeadline(.seconds(1)) { await player.stop() }
  }

  private static func demoClip() throws(VLCError) -> MediaSource {
    guard let clip = MediaSource.demoClip else {
      throw .mediaCreationFailed(source: "the demo clip is missing from the tool's bundle")
    }
    return clip
  }
}
