// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// What a recording through libVLC asks of it before it starts: the container its muxer
/// writes and which streams it selects, decided from the location and the server's answer.
extension Recording {
  /// The container libVLC writes before the final copy. A network source meant for MP4 is
  /// written as MPEG-TS, readable while it grows (the wait for the first keyframe reads it),
  /// which keeps a video that starts after its audio; so is a live transport stream (UDP,
  /// RTP, HLS, `.ts`) meant for Matroska: libVLC's Matroska muxer (libavformat's) cannot add
  /// the video that comes with its first keyframe once the header is written, and lost it.
  /// A Matroska file whose first bytes (`start`) name an audio or video codec libVLC's
  /// MPEG-TS muxer does not take (Vorbis, VP8, VP9, AV1, FLAC) is written as Matroska when
  /// meant for MP4: through MPEG-TS it was refused, though the final copy's MP4 holds Vorbis,
  /// VP9 and AV1, as a local file's copy does. A file whose server was asked first (a name
  /// ``ForwardReading/isWorthAsking(_:)`` takes or, recorded without display, of an MP4's:
  /// ``SourceStart``) and answered no range request is written as Matroska whatever it is
  /// meant for.
  static func libVLCContainer(
    for media: Media, options: RecordingOptions, start: SourceStart? = nil
  ) -> OutputContainer {
    guard !media.isLocalFile else { return options.container }
    // From a server without ranges libVLC reads an MP4 or Matroska file with libavformat's
    // demuxer, whose first packets come before libVLC's input clock runs: its MPEG-TS muxer
    // dropped them, the only keyframe of a short file and its parameter sets with it (the
    // copy into MP4 could not start; an MPEG-TS file was kept without them).
    if start?.answersRanges == false, !isLiveLocation(media) { return .mkv }
    switch options.container {
    case .ts: return .ts
    case .mkv: return isLiveLocation(media) ? .ts : .mkv
    case .mp4:
      let codecs = start?.matroskaCodecs ?? []
      let takes = { (id: String) in
        MatroskaTracks.libVLCTrack(codecID: id).map(OutputContainer.ts.copies)
      }
      return codecs.contains { takes($0) != true } ? .mkv : .ts
    }
  }

  /// Whether a recording through libVLC selects each of the source's streams itself: libVLC
  /// 3's MP4 demuxer gives a track without its enabled flag (ffmpeg's muxer leaves it off a
  /// track that is not default) a priority its `sout-all` mode does not select
  /// (`modules/demux/mp4/mp4.c`), and the track was lost; its other demuxers' streams are all
  /// selected. Decided by the location's name, as ``ForwardReading`` decides: an MP4 family
  /// extension. Not while the recording is shown (two audio tracks would play at once).
  ///
  /// Not from a server that answers no range request, or whose answer did not come
  /// (`answersRanges` not `true`): libVLC's MP4 demuxer refuses a source it cannot seek in, and
  /// libavformat's, which reads it instead, gives every track a priority `sout-all` selects.
  /// There the input started paused (`:start-paused`) deadlocked in about 1 of 4 recordings:
  /// libavformat's demuxer sets the clock reference before it sends a packet, the reference
  /// ends the input's buffering while it is paused, and the packet then waits for room in a
  /// paused decoder's queue (`input_DecoderDecode`, paced by the file output) that never
  /// comes, so the request to play on is never read (`src/input/decoder.c`, `input.c`).
  static func selectsEveryStream(
    _ media: Media, options: RecordingOptions, answersRanges: Bool?
  ) -> Bool {
    !options.display && answersRanges == true
      && ["mp4", "m4a", "m4v", "m4b", "mov", "3gp", "3g2"].contains(media.locationExtension)
  }

  /// Whether `media`'s location names a live transport stream: UDP, RTP, an HLS playlist or an
  /// MPEG-TS (which a broadcast recording joins half-way through a group of pictures).
  static func isLiveLocation(_ media: Media) -> Bool {
    let location = media.mrl.lowercased()
    return ["udp://", "rtp://"].contains { location.hasPrefix($0) }
      || ["m3u8", "m3u", "ts"].contains(media.locationExtension)
  }
}
