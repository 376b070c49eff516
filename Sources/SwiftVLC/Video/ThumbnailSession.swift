// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// One hidden, audio-less player decoding its own media for a location into memory, for one
/// thumbnail of ``Thumbnailer``: it plays with `:start-time`, and the first picture it shows is
/// the thumbnail (libVLC's decoder drops the pictures before the start time, except in fast
/// mode, where the demuxer starts at the keyframe before it and the player starts paused).
final class ThumbnailSession: Sendable {
  private let session: NativeSession
  /// The media it plays: a copy of the caller's, with the thumbnail's options.
  let media: Media
  let capture = FrameCapture()
  private let watcher: Task<Void, Never>

  /// Prepares a player for `media`, starting at `start`.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` when libVLC cannot open the location.
  init(media: Media, request: FrameRequest, mode: ThumbnailMode, start: Duration) throws(VLCError) {
    // Fast mode starts paused: libVLC then shows the keyframe it opened at and stops there.
    // Playing instead, a loaded machine sometimes shows the frame after the keyframe (about 1
    // thumbnail in 10 at a load of 4 on 2 cores), and decodes on for nothing. A paused start
    // shows a picture only after a seek, so the start time is at least 1 ms (still the first
    // keyframe). Precise mode cannot start paused: libVLC 3 then never shows the prerolled
    // picture.
    let startsPaused = mode == .fast
    let startTime = startsPaused ? max(start, .milliseconds(1)) : start
    var options = [":no-audio", ":no-spu", ":avcodec-hw=none", ":start-time=\(seconds(startTime))"]
    if startsPaused { options += [":input-fast-seek", ":start-paused"] }
    // A private copy: these options must not reach the caller's media.
    let copy = try media.copy(adding: options)
    let session = NativeSession(instance: copy.instance)
    self.session = session
    self.media = copy
    let sink = FrameSink(request: request, receiver: capture)
    sink.setSource(copy)
    sink.install(on: session.native)

    let events = session.events()
    let native = session.native
    let witness = LogWitness(instance: media.instance)  // why the source failed
    watcher = Task { [capture] in
      var resume: Task<Void, Never>?
      defer { resume?.cancel() }
      for await tagged in events {
        switch tagged.event {
        case .error, .endReached, .stopped:
          capture.fail(
            witness.current.source.map { .sourceFailed($0, source: media.mrl) }
              ?? .playbackFailed(reason: "libVLC could not decode a frame of \(media.mrl)"))
        case .paused where startsPaused && resume == nil:
          // Paused, libVLC never reaches the end of a file whose data stops short of the start
          // time, so it would never fail. When no picture has come a while after the pause,
          // play on: a broken file then ends (and fails), a slow healthy one shows its frame.
          resume = Task {
            try? await Task.sleep(for: ThumbnailSession.pausedGrace)
            if !Task.isCancelled && capture.isReceiving {
              native.async { libvlc_media_player_set_pause($0, 0) }
            }
          }
        default: break
        }
      }
    }
  }

  /// How long a paused start may take to show its picture before the player plays on.
  static let pausedGrace = Duration.milliseconds(750)

  /// Starts playback; the first frame shown is the one at the start time.
  func play() { session.open(media) }

  /// The source's visible picture size, once a frame came; `nil` when libVLC does not learn
  /// it within `limit`. Maps `libvlc_video_get_size`, which in libVLC 3 reads the media's
  /// track list: for MPEG-TS and HLS the size appears there only when the demuxer sends data
  /// after the decoder's first picture, so a paused session plays on (near the end of a file
  /// no data may follow, and the size never comes).
  func visibleSize(within limit: Duration) async -> (width: Int, height: Int)? {
    let native = session.native
    native.async { libvlc_media_player_set_pause($0, 0) }
    var size: (width: Int, height: Int)?
    // Polled: the size reaches the track list with no event (input_item_UpdateTracksInfo).
    _ = await poll(every: .milliseconds(10), until: .now + limit) {
      size = await native.run { player -> (width: Int, height: Int)? in
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard libvlc_video_get_size(player, 0, &width, &height) == 0, width > 0, height > 0
        else { return nil }
        return (Int(width), Int(height))
      }
      return size != nil
    }
    return size
  }

  /// The length of the media, once libVLC has opened it; `nil` while unknown. Maps
  /// `libvlc_media_get_duration`, which keeps its value after the input closed.
  func length() async -> Duration? {
    let media = media
    let milliseconds = await session.native.run { _ in libvlc_media_get_duration(media.pointer) }
    return milliseconds > 0 ? .milliseconds(milliseconds) : nil
  }

  /// Detaches events and stops and releases the player off the caller's thread.
  func end() {
    watcher.cancel()
    session.end()
  }
}

/// `time` as libVLC option seconds with millisecond precision, independent of the locale.
private func seconds(_ time: Duration) -> String {
  let milliseconds = time.milliseconds
  let fraction = String(milliseconds % 1_000)
  return "\(milliseconds / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
