// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

extension Player {
  /// The video track shown (one of ``videoTracks``: several streams, camera angles); setting
  /// it selects that track, `nil` disables video. Setting a track that does not belong to
  /// ``videoTracks`` is ignored; use ``selectVideoTrack(_:)`` to get an error instead.
  public var selectedVideoTrack: Track? {
    get {
      access(keyPath: \.selectedVideoTrack)
      return core.selections.video
    }
    set { try? selectVideoTrack(newValue) }
  }

  /// Shows a video track of ``videoTracks``, or disables video with `nil`.
  ///
  /// Returns at once; libVLC switches decoders on the player's queue and confirms with
  /// ``PlayerEvent/tracksChanged`` (``selectedVideoTrack`` is re-read from libVLC then). The
  /// choice belongs to the current media: the next ``play(_:)`` starts on libVLC's default.
  /// libVLC starts decoding the new stream where the input is: until that stream's next
  /// keyframe the pictures are grey.
  ///
  /// - Throws: ``VLCError/trackNotFound(id:)`` when no video track has that id.
  public func selectVideoTrack(_ track: Track?) throws(VLCError) {
    let id = try validated(track, in: videoTracks)
    setVideoSelection(track.flatMap { picked in videoTracks.first { $0.id == picked.id } })
    emit(.tracksChanged)
    native.async { libvlc_video_set_track($0, id) }
  }

  func setVideoSelection(_ track: Track?) {
    withMutation(keyPath: \.selectedVideoTrack) { core.selections.video = track }
  }
}
