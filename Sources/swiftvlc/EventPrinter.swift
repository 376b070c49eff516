import Foundation
import SwiftVLC
import SwiftVLCCommandLine

/// Plays with one line per event on stdout (see `swiftvlc play --help`), for scripts and
/// pipes, and returns when playback ends: 0 at the end, 1 on a media error, 130 when
/// interrupted.
@MainActor
struct EventPrinter {
  let player: Player

  func run(_ media: Media) async -> ExitCode {
    let (finished, finish) = AsyncStream.makeStream(of: ExitCode.self)
    let events = player.events  // subscribed before play, so no event is missed
    let printing = Task { await printEvents(events, finish: finish) }
    let signals = SignalWatcher([SIGINT, SIGTERM, SIGHUP]) { [player] _ in
      Task {
        await PlayCommand.stopPlayback(player)
        finish.yield(.interrupted)
      }
    }
    defer {
      signals.cancel()
      printing.cancel()
    }
    do {
      try player.play(media)
    } catch {
      Console.error("play: \(error)")
      return .mediaError
    }
    for await status in finished { return status }
    return .success
  }

  private func printEvents(
    _ events: AsyncStream<PlayerEvent>, finish: AsyncStream<ExitCode>.Continuation
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
        selectedAudio: player.selectedAudioTrack, selectedSubtitle: player.selectedSubtitleTrack)
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
      case .lengthChanged(let duration):
        Console.line(EventLine.duration(duration))
      case .tracksChanged:
        printTracks()
      case .encounteredError:
        let error = player.failure
        Console.line(EventLine.error(error))
        Console.error("play: \(error)")
        finish.yield(.mediaError)
      case .endReached:
        Console.line(EventLine.end)
        finish.yield(.success)
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
