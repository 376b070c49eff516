// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

extension Media {
  /// Why libVLC cannot open this media, learnt by playing a copy for a moment on a private,
  /// headless instance (no dialog handler: a login is refused at once), within `deadline`;
  /// `nil` when the copy plays, or nothing was learnt in time.
  ///
  /// A failed parse says nothing of why: libVLC 3's preparser objects are quiet
  /// (`OBJECT_FLAGS_QUIET`, which `vlc_vaLog` drops), so its connection errors and HTTP
  /// statuses never reach the log. A player's input logs them, and ``Player`` turns them
  /// into its outcome's reason.
  func openingFailure(until deadline: ContinuousClock.Instant) async -> FailureReason? {
    let limit = deadline - .now
    guard limit > .milliseconds(300),
      let instance = try? VLCInstance(arguments: VLCInstance.headlessArguments),
      let pointer = libvlc_media_new_location(instance.pointer, mrl)
    else { return nil }
    let copy = Media(instance: instance, pointer: pointer)
    // The player lives on the main actor; should the main actor be busy, the parse still
    // ends by its deadline.
    let (answers, answer) = AsyncStream.makeStream(of: FailureReason?.self)
    Task { @MainActor in answer.yield(await Self.failure(playing: copy, within: limit)) }
    return await firstValue(of: answers, within: limit + .seconds(1)) ?? nil
  }

  /// The error of a parse libVLC reports failed: the reason ``openingFailure(until:)`` finds,
  /// else libVLC's "could not read it".
  func failedParse(until deadline: ContinuousClock.Instant) async -> VLCError {
    let reason = await openingFailure(until: deadline)
    return .sourceFailed(reason ?? .other("libVLC could not read it"), source: mrl)
  }

  @MainActor
  private static func failure(playing media: Media, within limit: Duration) async
    -> FailureReason?
  {
    let player = Player(instance: media.instance)
    player.openingTimeout = limit
    let events = player.events
    guard (try? player.play(media)) != nil else { return nil }
    // Until it plays or its session ends (outcome and state change in one main-actor turn).
    _ = await firstValue(of: events, within: limit) { event in
      guard case .stateChanged(let state) = event else { return false }
      return [.playing, .error, .ended, .stopped].contains(state)
    }
    let reason: FailureReason?
    if case .failed(let error) = player.outcome {
      reason = error.failureReason
    } else {
      reason = nil
    }
    await player.stop()
    return reason
  }
}
