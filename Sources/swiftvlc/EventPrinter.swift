// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLC
import SwiftVLCCommandLine

/// Plays with one line per event on stdout (see `swiftvlc play --help`), for scripts and
/// pipes, and returns when playback ends: 0 at the end, 1 on a media error, 130 when
/// interrupted. `end` is always the last line.
@MainActor
struct EventPrinter {
  /// How long the first Ctrl-C may take to stop playback before the process leaves anyway
  /// (documented in `swiftvlc play --help`).
  static let interruptLimit: Duration = .seconds(2)

  let player: Player
  /// The SOURCE argument, as failures name it (`nil`: the demo clip).
  var source: String?

  func run(_ media: Media) async -> ExitCode {
    StderrFilter.install()
    defer { StderrFilter.remove() }
    let (finished, finish) = AsyncStream.makeStream(of: ExitCode.self)
    let events = player.events  // subscribed before play, so no event is missed
    // libVLC says why a source failed only in its log (HTTP status, login, key).
    let witness = LogWitness(instance: media.instance)
    let interruption = Interruption(command: "play", limit: Self.interruptLimit)
    let printing = Task {
      await printEvents(events, witness: witness, interruption: interruption, finish: finish)
    }
    let signals = SignalWatcher([SIGINT, SIGTERM, SIGHUP]) { [player] _ in
      interruption.handle(
        message: "interrupted, stopping",
        timeoutMessage: "libVLC did not stop within \(TimeText.seconds(Self.interruptLimit)) s",
        againMessage: "interrupted again"
      ) {
        Task {
          await PlayCommand.stopPlayback(player)
          finish.yield(.interrupted)
        }
      }
    }
    defer { signals.cancel() }
    do {
      try player.play(media)
    } catch {
      printing.cancel()
      await printing.value
      return PlayCommand.failed(FailureWords.of(error, source: source), inTerminal: false)
    }
    var status = ExitCode.success
    for await code in finished {
      status = code
      break
    }
    interruption.disarm()
    // Whatever the printer was still writing comes before the last line.
    printing.cancel()
    await printing.value
    Console.line(EventLine.end)
    return status
  }

  private func printEvents(
    _ events: AsyncStream<PlayerEvent>, witness: LogWitness, interruption: Interruption,
    finish: AsyncStream<ExitCode>.Continuation
  ) async {
    var lastTracks: String?
    var hasStarted = false
    func printTracks() {
      // While the input opens, tracks appear one by one, before libVLC knows their codecs:
      // the list is printed once playback starts, then whenever it changes.
      let tracks = player.videoTracks + player.audioTracks + player.subtitleTracks
      guard hasStarted, tracks.allSatisfy({ !$0.codec.isEmpty }) else { return }
      let line = EventLine.tracks(
        video: player.videoTracks, audio: player.audioTracks, subtitle: player.subtitleTracks,
        selectedVideo: player.selectedVideoTrack, selectedAudio: player.selectedAudioTrack,
        selectedSubtitle: player.selectedSubtitleTrack)
      if line != lastTracks { Console.line(line) }
      lastTracks = line
    }
    for await event in events {
      switch event {
      case .stateChanged(let state):
        if state == .playing && !hasStarted {
          hasStarted = true
          printTracks()
        }
        Console.line(EventLine.state(state))
        // A stop nobody here asked for (libVLC's own) ends playback too; the stop of a
        // Ctrl-C reports itself.
        if state == .stopped && !interruption.isRequested {
          finish.yield(.success)
          return
        }
      case .lengthChanged(let duration):
        Console.line(EventLine.duration(duration))
      case .tracksChanged:
        printTracks()
      case .stalled:
        Console.line(EventLine.stalled)
      case .recovered:
        Console.line(EventLine.recovered)
      case .encounteredError:
        let message = FailureWords.of(
          player.failure, logged: witness.current.source, source: source)
        Console.line(EventLine.error(message))
        Console.error("play: \(message)")
        finish.yield(.mediaError)
        return
      case .endReached:
        finish.yield(.success)
        return
      default:
        break
      }
    }
  }
}

extension Player {
  /// Why the last session failed, for the one-line error.
  var failure: VLCError {
    if case .failed(let error) = outcome { return error }
    return .playbackFailed(reason: "libVLC reported an error")
  }
}
