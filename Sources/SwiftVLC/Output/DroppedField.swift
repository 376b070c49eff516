// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// A field of a recorded track, or of the recorded file, that the output container did not
/// keep: a track's title in MPEG-TS, say, or the file's artist. Found by reading the finished
/// file back.
public struct DroppedField: Sendable, Hashable {
  /// The source's track the field belongs to; `nil` for the file's own metadata.
  public var track: Track?
  /// "title", "language", "default", "forced" or "enabled" (a Matroska track marked unusable,
  /// in MPEG-TS, which has no such mark) for a track, "packets" for a track's packets
  /// the container refused (their times; the value says how many: "34 of 100"), "damaged
  /// packets" for those it could not convert (an AAC frame cut short), "encoder delay" for
  /// the priming samples a source marks to skip (the value: "1024 samples (23 ms)"),
  /// "rotation" for a video's display rotation (the value: "270° clockwise", how far a
  /// player turns the picture to show it),
  /// "configuration" for the packets of an AAC track left out from where its sample rate or
  /// channels change (the value says to what, when and how many), "styling"
  /// for a text subtitle converted to the container's text format (the value names the
  /// source's: "ASS", "WebVTT"); the metadata key ("artist") for the file, or "programs" for
  /// an MPEG-TS source's programs copied into a container that holds one (the value names
  /// them: "One, Two").
  public var name: String
  /// The source's value: "yes" or "no" for the default, forced and enabled flags.
  public var value: String
  /// Why it was left out ("MPEG-TS keeps no track title").
  public var reason: String

  /// Creates a dropped field.
  public init(track: Track?, name: String, value: String, reason: String) {
    self.track = track
    self.name = name
    self.value = value
    self.reason = reason
  }

  /// The fields a copy into `container` did not keep, with the source's track each belongs to.
  static func of(_ report: RemuxReport, among tracks: [Track], container: OutputContainer)
    -> [DroppedField]
  {
    report.lost.map { lost in
      let track = lost.index.map {
        RecordingCheck.track(at: $0, kind: lost.kind, language: lost.language, among: tracks)
          ?? Track(id: $0, kind: lost.kind, codec: "", language: lost.language)
      }
      let containerName = container.displayName
      let reason =
        switch (track, lost.field) {
        case (nil, "programs"): "\(containerName) holds one program: their tracks are side by side"
        case (nil, let key): "\(containerName) keeps no \(key.lowercased()) metadata"
        case (_, "title"): "\(containerName) keeps no track title"
        case (_, "language"): "\(containerName) keeps no language for this track"
        case (_, "packets"): "\(containerName) refused their times"
        case (_, "encoder delay"):
          "\(containerName) has no place for this codec's encoder delay: players play those "
            + "samples, and the copy is that much longer"
        case (_, "damaged packets"):
          "incomplete frames (a packet cut short, as libVLC 3's MPEG-TS muxer leaves some of "
            + "a live stream's): \(containerName) stores AAC without its ADTS header and "
            + "cannot convert them"
        case (_, "configuration"):
          "\(containerName) holds one AAC configuration per track: packets in another would "
            + "play at the wrong speed, so they are left out; MPEG-TS keeps them"
        case (_, "rotation"):
          "\(containerName), as this libavformat writes it, keeps no rotation: players show "
            + "the video unturned"
        case (_, "styling"):
          "\(containerName) holds text subtitles as \(container.textSubtitleName), without "
            + "\(lost.value)'s fonts and positions"
        case (_, let flag): "\(containerName) keeps no \(flag) flag for this track"
        }
      // Matroska's keys are upper case ("ARTIST"); a file's metadata is named in lower case.
      let name = track == nil ? lost.field.lowercased() : lost.field
      return DroppedField(track: track, name: name, value: lost.value, reason: reason)
    }
  }
}
