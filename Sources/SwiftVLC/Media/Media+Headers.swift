// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Puts a file's own headers' container, audio formats, picture sizes, chapters, tags (a
/// Matroska file's, tags libVLC's demuxers do not map) and Matroska track codes and names into
/// `info`, at both depths, so that a file reads the same whichever way it is probed. A header
/// value replaces libVLC's; a value the header leaves to the decoder (HE-AAC) replaces the
/// preparse's guess by `nil` at container depth, and leaves the decoder's at decoded depth.
func correct(_ info: inout MediaInfo, with headers: FileHeaders, depth: ParseDepth) {
  if let container = headers.container { info.container = container }
  dropStaleSet(from: &info.tracks, fileKinds: headers.trackKinds)
  if let duration = headers.duration { info.duration = duration }
  let audio = info.tracks.indices.filter { info.tracks[$0].kind == .audio }
  // libVLC's Musepack demuxer decodes itself and lists the stream as float PCM.
  if let codec = headers.audioCodec, audio.count == 1, info.tracks[audio[0]].codec == "f32l" {
    info.tracks[audio[0]].codec = codec
  }
  // libVLC names MPEG-1 and MPEG-2 video alike ("mpgv").
  if headers.hasMPEG1Video {
    for index in info.tracks.indices where info.tracks[index].codec == "mpgv" {
      info.tracks[index].codec = "mp1v"
    }
  }
  // Headers come in file order, as libVLC lists the tracks (it numbers them from 0).
  if audio.count == headers.audio.count {
    for (index, header) in zip(audio, headers.audio) {
      if let bitrate = header.bitrate { info.tracks[index].bitrate = bitrate }
      if let codec = header.codec { info.tracks[index].codec = codec }
      guard header.declaresFormat else { continue }
      if header.channels != nil || depth == .container {
        info.tracks[index].channels = header.channels
      }
      if header.sampleRate != nil || depth == .container {
        info.tracks[index].sampleRate = header.sampleRate
      }
    }
  }
  let video = info.tracks.indices.filter { info.tracks[$0].kind == .video }
  if !headers.pictureSizes.isEmpty, video.count == headers.pictureSizes.count {
    // The decoder's, when it reported one.
    for (index, size) in zip(video, headers.pictureSizes)
    where depth == .container || info.tracks[index].width == nil {
      info.tracks[index].width = size.width
      info.tracks[index].height = size.height
    }
  }
  if let chapters = headers.chapters(lasting: info.duration) { info.chapters = chapters }
  headers.correct(&info.metadata)
  if let entries = headers.matroskaTracks { MatroskaTracks.correct(&info.tracks, with: entries) }
}

/// Over a server that cannot seek, libVLC's MP4 demuxer lists an MP4 file's tracks, gives
/// up, and libavformat's lists them again under new ids: the media's list holds both, the
/// first set stale (a player lists only the second), and not always whole (a decoded parse
/// kept its audio only), with other codes (`mpga` for the second's `mp3`), and libavformat's
/// may add the chapter track as a subtitle. When the list holds more tracks than the file
/// declares, and after its first track holds a run of the file's kinds in its order, the
/// tracks before the last such run go.
private func dropStaleSet(from tracks: inout [Track], fileKinds declared: [TrackKind]?) {
  // libVLC lists no track of another kind (a timecode, a hint track).
  guard let kinds = declared?.filter({ $0 != .unknown }), !kinds.isEmpty,
    tracks.count > kinds.count
  else { return }
  let listed = tracks.map(\.kind)
  guard
    let start = (1...(tracks.count - kinds.count)).last(where: {
      listed[$0..<$0 + kinds.count].elementsEqual(kinds)
    })
  else { return }
  tracks.removeFirst(start)
}

extension FileHeaders {
  /// `metadata` as libVLC read it, corrected with the tags these headers hold: a Matroska
  /// file's (``MatroskaTags/correct(_:with:)``), and the comment, ID3 and MP4 number tags
  /// libVLC's demuxers leave out; without another file's cover from libVLC's art cache.
  func correct(_ metadata: inout Metadata) {
    if let tags { MatroskaTags.correct(&metadata, with: tags) }
    for (key, value) in commentTags where metadata[key] == nil { metadata[key] = value }
    // libVLC 3's art finder looks in its cache by artist and album, or title
    // (`input_FindArtInCache`): a file with no picture of its own took the cover another
    // file with the same tags had left there, and a probe's answer hung on what was probed
    // before it.
    if declaresNoPicture, let art = metadata[.artworkURL],
      art.contains("/art/artistalbum/") || art.contains("/art/title/")
    {
      metadata[.artworkURL] = nil
    }
  }

  /// The chapters, the last one lasting to `length` when the table gives start times only
  /// (MP4 chapters, as libVLC keeps them); `nil` when the file has none.
  func chapters(lasting length: Duration?) -> [Chapter]? {
    guard var chapters, let last = chapters.last else { return nil }
    if last.duration == .zero, let length, length > last.start {
      chapters[chapters.count - 1].duration = length - last.start
    }
    return chapters
  }
}

/// At container depth, says what only the decoders would tell: channel counts, sample rates,
/// picture sizes and frame rates the container leaves out, the container's name when its
/// first bytes are not known, and chapters of containers whose chapters libVLC reads only
/// while playing, unless the file's headers were searched for them (`searchedChapters`).
func noteWhatDecodersTell(_ info: inout MediaInfo, searchedChapters: Bool) {
  var missing: [String] = []
  let audio = info.tracks.filter { $0.kind == .audio }
  let video = info.tracks.filter { $0.kind == .video }
  if audio.contains(where: { $0.channels == nil }) { missing.append("channel counts") }
  if audio.contains(where: { $0.sampleRate == nil }) { missing.append("sample rates") }
  if video.contains(where: { $0.width == nil || $0.height == nil }) {
    missing.append("picture sizes")
  }
  if video.contains(where: { $0.frameRate == nil }) { missing.append("frame rates") }
  if !missing.isEmpty {
    info.unknowns.append(
      "\(missing.joined(separator: ", ")) of some tracks: the container does not declare "
        + "them and the decoders were not run (depth container; parse with depth .decoded)")
  }
  if info.container == "MPEG-PS" && info.tracks.isEmpty {
    info.unknowns.append(
      "tracks and the duration: libVLC 3 finds the streams and length of an MPEG program "
        + "stream only while playing (depth .decoded)")
  }
  if info.container == nil && !info.tracks.isEmpty {
    info.unknowns.append(
      "the container: its first bytes match no format SwiftVLC reads, and libVLC names its "
        + "demuxer only while playing (depth .decoded)")
  }
  // Not for a file of no stream: that its chapters are unknown is not why it cannot play.
  if ["Matroska/WebM", "Ogg"].contains(info.container) && info.chapters.isEmpty
    && !searchedChapters && !info.tracks.isEmpty
  {
    info.unknowns.append(
      "chapters: libVLC 3 reads \(info.container ?? "") chapters only while playing "
        + "(depth .decoded)")
  }
}
