// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

extension Player {
  /// Plays a live source (UDP/RTP multicast or unicast TS, live HLS, an HTTP stream) through a
  /// timeshift buffer on disk, so that it can be paused, moved back within the buffer and
  /// brought back to live: see ``Timeshift``.
  ///
  /// Makes the buffer folder (removing stale buffers of crashed runs first), starts receiving
  /// the source, waits until its first bytes are kept, then plays them in this player.
  /// Suspends (never blocks the main actor) for at most ``openingTimeout`` (15 s when unset).
  /// Call ``Timeshift/stop()`` when done: it deletes the buffer.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a size limit under
  ///   ``TimeshiftOptions/minimumSize``; ``VLCError/operationFailed(_:)`` when the folder cannot
  ///   be made or written, or its disk has less free space than 4 MiB;
  ///   ``VLCError/sourceFailed(_:source:)`` with ``FailureReason/timeout`` when nothing
  ///   arrived in time (as a player names a stalled source);
  ///   ``VLCError/sourceFailed(_:source:)`` when the source failed, naming why as playing it
  ///   would; ``VLCError/playbackFailed(reason:)`` when it ended or stalled first;
  ///   ``VLCError/mediaCreationFailed(source:)`` when libVLC cannot open it.
  public func playTimeshifted(
    _ media: Media, options: TimeshiftOptions = TimeshiftOptions()
  ) async throws(VLCError) -> Timeshift {
    guard media.instance === instance else {
      throw .invalidInput("the media belongs to another VLCInstance than the player")
    }
    try options.validate()
    let folder = try TimeshiftFolder.create(in: options.folder ?? TimeshiftFolder.defaultBase)
    var space = statvfs()
    if statvfs(folder.path, &space) == 0,
      UInt64(space.f_bavail) * UInt64(space.f_frsize) < UInt64(TimeshiftOptions.minimumSize)
    {
      folder.remove()
      throw .operationFailed("the disk of the timeshift folder \(folder.path) is full")
    }
    let buffer = TimeshiftBuffer(folder: folder, sizeLimit: Int64(options.sizeLimit))
    let feed: TimeshiftFeed
    do {
      feed = try TimeshiftFeed(media: media, buffer: buffer)
    } catch {
      folder.remove()
      throw error
    }
    let timeshift = Timeshift(player: self, options: options, buffer: buffer, feed: feed)
    // The first packets: libVLC's reads wait for the rest.
    let arrived = await buffer.started.value(
      within: openingTimeout ?? .seconds(15),
      timeout: .sourceFailed(.timeout, source: media.mrl))
    if case .failure(let error) = arrived {
      // The feed names why its source failed, or why the buffer cannot be written.
      let failure = Task.isCancelled ? .cancelled : feed.failure ?? error
      await timeshift.stop()
      throw failure
    }
    do {
      try timeshift.play(from: 0)
    } catch {
      await timeshift.stop()
      throw error
    }
    return timeshift
  }
}
