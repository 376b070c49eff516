import Foundation
import SwiftVLC
import SwiftVLCCommandLine

/// Gathers what `swiftvlc probe` reports about one source.
///
/// Each source gets its own headless instance, so the container can be read from that
/// instance's log (libVLC 3 has no API for it) without mixing sources probed concurrently.
/// Duration, metadata and tracks come from parsing. Chapters need an open input in libVLC 3,
/// so the source is then opened paused, with no audio, video or subtitle decoding.
struct MediaProber: Sendable {
  /// How long parsing, and then opening, may each take.
  var timeout: Duration

  /// The report for `text`, or a report carrying the error.
  @MainActor
  func probe(_ text: String) async -> ProbeReport {
    do {
      return try await report(text)
    } catch {
      return ProbeReport(source: text, error: error)
    }
  }

  @MainActor
  private func report(_ text: String) async throws(VLCError) -> ProbeReport {
    let source = try MediaSource.parse(text)
    let instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
    let logs = instance.logs(minimumLevel: .debug)
    let demuxer = Task { await firstDemuxer(in: logs) }
    defer { demuxer.cancel() }
    let media = try source.media(on: instance)
    let info = try await media.parse(timeout: timeout, network: source.isNetwork)
    guard info.isPlayable else {
      throw .parseFailed(reason: "no playable stream in \(text)")
    }
    let chapters = try await openChapters(of: source, on: instance)
    demuxer.cancel()
    return ProbeReport(
      source: text, mrl: media.mrl, container: await demuxer.value, info: info,
      chapters: chapters)
  }

  /// Opens the source paused and reads its chapters.
  @MainActor
  private func openChapters(of source: MediaSource, on instance: VLCInstance)
    async throws(VLCError) -> [Chapter]
  {
    let media = try source.media(on: instance)
    for option in [":start-paused", ":no-audio", ":no-video", ":no-spu"] {
      media.addOption(option)
    }
    let player = Player(instance: instance)
    let events = player.events
    try player.play(media)
    // libVLC announces titles before the input starts (the state turns to paused); a media
    // that announced none has no chapters.
    let hasTitles = await withDeadline(timeout) {
      var sawTitle = false
      for await event in events {
        switch event {
        case .titleChanged: sawTitle = true
        case .stateChanged(.paused), .stateChanged(.ended), .stateChanged(.error): return sawTitle
        default: break
        }
      }
      return false
    }
    if hasTitles == true {
      // The player reads chapters on its own queue right after the input starts.
      let deadline = ContinuousClock.now + .seconds(1)
      while player.chapters.isEmpty && ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(10))
      }
    }
    let chapters = player.chapters.map { chapter in
      var chapter = chapter
      // libVLC 3's Matroska demuxer indents chapter names by their nesting level.
      chapter.name = chapter.name?.trimmingCharacters(in: .whitespaces)
      return chapter
    }
    await player.stop()
    return chapters
  }
}

/// The first demuxer an instance's debug log reports, such as "mkv" from
/// `using demux module "mkv"`; `nil` when the stream ends (or is cancelled) first.
private func firstDemuxer(in logs: AsyncStream<LogEntry>) async -> String? {
  let prefix = "using demux module \""
  for await entry in logs where entry.message.hasPrefix(prefix) {
    return String(entry.message.dropFirst(prefix.count).dropLast())
  }
  return nil
}
