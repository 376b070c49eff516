// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The result of checking one channel.
public struct ChannelCheck: Sendable, Hashable {
  /// What was found.
  public enum Status: Sendable, Hashable {
    /// A picture was decoded (or, for a radio channel, the sound played) with these tracks.
    case alive(tracks: [Track], width: Int?, height: Int?)
    /// Nothing could be played, for this reason.
    case dead(ChannelFailure)
  }

  /// The channel checked.
  public var channel: Channel
  /// What was found.
  public var status: Status
  /// How long the check took, from opening to the verdict.
  public var elapsed: Duration

  /// Whether the channel plays.
  public var isAlive: Bool {
    if case .alive = status { true } else { false }
  }
}

/// Opens channels to tell the ones that play from the dead ones, with a reason for each dead
/// one (DNS, refused, HTTP status, login, timeout, not media).
///
/// Each worker owns a headless ``VLCInstance`` and checks one channel at a time, so libVLC's
/// log messages (the only place libVLC 3 names an HTTP status) belong to the channel being
/// checked. A channel is alive once its first picture is decoded, or its sound plays when it
/// has no video. Every check ends within ``timeout`` plus the time libVLC takes to stop.
///
/// Runs on the main actor (it drives ``Player``s), but decoding, networking and stopping
/// happen on libVLC's threads.
@MainActor
public struct ChannelChecker {
  /// How many channels are opened at once, 1…32. Default 4.
  public var concurrency: Int
  /// How long one channel may take to show a picture. Default ``defaultTimeout``.
  public var timeout: Duration
  /// How long a channel may take to show a picture unless told otherwise: the checker's and
  /// the ``ChannelPlayer``'s, 10 s.
  public static let defaultTimeout: Duration = .seconds(10)
  /// The arguments of each worker's instance. Default: ``VLCInstance/headlessArguments``.
  public var instanceArguments: [String]

  /// Creates a checker.
  public init(
    concurrency: Int = 4, timeout: Duration = ChannelChecker.defaultTimeout,
    instanceArguments: [String] = VLCInstance.headlessArguments
  ) {
    self.concurrency = min(max(concurrency, 1), 32)
    self.timeout = max(timeout, .milliseconds(500))
    self.instanceArguments = instanceArguments
  }

  /// Checks `channels` and delivers each result as soon as it is known (not in list order).
  /// The stream finishes after the last one; cancelling its consumer stops the checks.
  ///
  /// - Throws: ``VLCError/instanceCreationFailed(reason:)`` when a worker's instance cannot
  ///   be created (bad ``instanceArguments``).
  public func checks(of channels: [Channel]) throws(VLCError) -> AsyncStream<ChannelCheck> {
    let workers = try (0..<min(concurrency, max(channels.count, 1))).map {
      _ throws(VLCError) in try VLCInstance(arguments: instanceArguments)
    }
    let timeout = timeout
    let (stream, continuation) = AsyncStream.makeStream(of: ChannelCheck.self)
    let task = Task {
      await Self.run(channels, on: workers, timeout: timeout, into: continuation)
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  private static func run(
    _ channels: [Channel], on workers: [VLCInstance], timeout: Duration,
    into continuation: AsyncStream<ChannelCheck>.Continuation
  ) async {
    let queue = WorkQueue(channels)
    await withTaskGroup(of: Void.self) { group in
      for instance in workers {
        group.addTask {
          await work(queue, on: instance, timeout: timeout, into: continuation)
        }
      }
    }
    continuation.finish()
  }

  private static func work(
    _ queue: WorkQueue, on instance: VLCInstance, timeout: Duration,
    into continuation: AsyncStream<ChannelCheck>.Continuation
  ) async {
    while !Task.isCancelled {
      guard let channel = queue.next() else { return }
      continuation.yield(await check(channel, instance: instance, timeout: timeout))
    }
  }

  /// Checks `channels` and returns the results in list order.
  ///
  /// - Throws: ``VLCError/instanceCreationFailed(reason:)`` as ``checks(of:)`` does.
  public func check(_ channels: [Channel]) async throws(VLCError) -> [ChannelCheck] {
    var results: [ChannelCheck] = []
    for await result in try checks(of: channels) { results.append(result) }
    let order = Dictionary(zip(channels.map(\.id), channels.indices)) { first, _ in first }
    return results.sorted { (order[$0.channel.id] ?? 0) < (order[$1.channel.id] ?? 0) }
  }

  /// One channel on one worker's instance: play it with frames going to memory, and wait for
  /// the first picture, a failure or the deadline.
  static func check(
    _ channel: Channel, instance: VLCInstance, timeout: Duration
  ) async -> ChannelCheck {
    let start = ContinuousClock.now
    let errors = LogCollector(instance: instance)
    defer { errors.cancel() }
    let player = Player(instance: instance)
    // The check's own deadline decides; the player's opening timeout comes later: when it
    // came first (the two clocks start a moment apart), its teardown logged "cannot peek" and
    // a silent channel was called "no stream" rather than a timeout.
    player.openingTimeout = timeout + .seconds(2)
    let status: ChannelCheck.Status
    do {
      let media = try channel.makeMedia(instance: instance)
      media.addOption(":avcodec-hw=none")
      // No subtitle is decoded: the first picture is all a check needs, and libVLC's SSA
      // decoder starts libass, whose font set-up held a Matroska channel with an ASS track
      // for 6 s (0.13 s without). The tracks are still listed.
      media.addOption(":no-spu")
      let frames = try player.videoFrames(format: .rgba)
      try player.play(media)
      status = await verdict(
        player, media: media, frames: frames, errors: errors, until: start + timeout)
    } catch {
      status = .dead(error.failureReason.map(ChannelFailure.init) ?? .failed(error.description))
    }
    await player.stop()
    return ChannelCheck(channel: channel, status: status, elapsed: .now - start)
  }

  private static func verdict(
    _ player: Player, media: Media, frames: VideoFrameStream, errors: LogCollector,
    until deadline: ContinuousClock.Instant
  ) async -> ChannelCheck.Status {
    var audioOnlySince: ContinuousClock.Instant?
    while ContinuousClock.now < deadline, !Task.isCancelled {
      if frames.deliveredFrameCount > 0 {
        return await alive(media, deadline: min(deadline, .now + .seconds(1)))
      }
      if let outcome = player.outcome {
        // A file of a picture or two ends before its picture reaches the frames (libVLC 3
        // flushes the output at the end): an end the player found natural, after decoding,
        // is a channel that plays (it was "not a media file").
        if case .ended = outcome, let counted = media.statistics(),
          counted.decodedVideo + counted.decodedAudio > 0
        {
          return await alive(media, deadline: .now)
        }
        await errors.catchUp()
        return .dead(failure(outcome, errors: errors.messages))
      }
      if player.state == .playing, player.videoTracks.isEmpty, !player.audioTracks.isEmpty {
        // A radio channel: playing with sound and no picture for a second counts as alive.
        let since = audioOnlySince ?? .now
        audioOnlySince = since
        if ContinuousClock.now - since > .seconds(1) {
          return .alive(tracks: player.audioTracks, width: nil, height: nil)
        }
      }
      // Polled: an audio-only channel counts as alive after a second with no event at all.
      try? await Task.sleep(for: .milliseconds(20))
    }
    await errors.catchUp()
    // At the deadline the player is still opening: "not a media stream" can only come from
    // its teardown ("cannot peek"; a starved main actor let the player's own opening limit
    // pass first), and the channel timed out.
    if let diagnosed = ChannelFailure.diagnose(errors.messages), diagnosed != .noStream {
      return .dead(diagnosed)
    }
    return .dead(.timeout)
  }

  /// After the first picture: MPEG-TS and HLS declare their codecs and size only once the
  /// demuxer runs past the decoder's first picture, so wait a moment for them. The media's
  /// own track list is read: the player's lists hold only what libVLC's track descriptions
  /// say.
  private static func alive(
    _ media: Media, deadline: ContinuousClock.Instant
  ) async -> ChannelCheck.Status {
    var tracks: [Track] = []
    // Polled: the size reaches the track list with no event (input_item_UpdateTracksInfo).
    _ = await poll(every: .milliseconds(20), until: deadline) {
      tracks = media.readTracks()
      return tracks.contains { $0.kind == .video && ($0.width ?? 0) > 0 }
    }
    let video = tracks.first { $0.kind == .video && ($0.width ?? 0) > 0 }
    return .alive(tracks: tracks, width: video?.width, height: video?.height)
  }

  /// Why a channel whose playback ended with `outcome` is dead, from the log's `errors`
  /// first.
  static func failure(_ outcome: PlaybackOutcome, errors: [String]) -> ChannelFailure {
    if let diagnosed = ChannelFailure.diagnose(errors) { return diagnosed }
    if let reason = outcome.failureReason { return ChannelFailure(reason) }
    switch outcome {
    case .failed(let error): return .failed(errors.last ?? error.description)
    case .ended, .stopped: return .noStream
    }
  }
}

/// Hands out each channel once to whichever worker asks next. Main-actor confined.
@MainActor
private final class WorkQueue {
  private var remaining: ArraySlice<Channel>
  init(_ channels: [Channel]) { remaining = channels[...] }
  func next() -> Channel? { remaining.popFirst() }
}

/// The error-level log messages of one instance (a worker's own) while a check runs.
@MainActor
private final class LogCollector {
  private(set) var messages: [String] = []
  private var task: Task<Void, Never>?
  private let instance: VLCInstance
  /// The marker ``catchUp()`` sent, until it comes back, and its waiter.
  private var marker: (id: String, back: Completion<Void>)?

  init(instance: VLCInstance) {
    self.instance = instance
    let logs = instance.logs(minimumLevel: .error)
    task = Task { @MainActor [weak self] in
      for await entry in logs {
        guard let self else { return }
        if entry.module == Self.markerModule {
          if entry.message == marker?.id {
            marker?.back.settle(.success(()))
            marker = nil
          }
        } else {
          messages.append(entry.message)
        }
      }
    }
  }

  private static let markerModule = "swiftvlc.checker"

  /// Returns once every message libVLC logged before the call has been collected (at most
  /// 2 s): the messages come in a stream of their own, which a busy machine leaves behind the
  /// player's events ("connection refused" was missed, the failure then named by the last
  /// message). A marker sent into the instance's log stream comes back after them.
  func catchUp() async {
    let id = UUID().uuidString
    let back = Completion<Void>()
    marker = (id, back)
    instance.logRouter.broadcaster.broadcast(
      LogEntry(level: .error, message: id, module: Self.markerModule))
    _ = await back.value(within: .seconds(2))
  }

  func cancel() { task?.cancel() }
}
