// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// What ``Media/parse(timeout:network:depth:)`` adds to libVLC's preparse.
extension Media {
  /// `info` corrected where libVLC 3's preparse is known to be wrong or silent, reading the
  /// file itself (MPEG-TS tables, MP3 frames) and, for ``ParseDepth/decoded``, the decoders.
  ///
  /// - Throws: ``VLCError/sourceFailed(_:source:)`` when playing decoded nothing and libVLC
  ///   logged why it could not read the source (a server that cannot seek, an HTTP status):
  ///   the reason a player of it fails with.
  func refined(_ info: MediaInfo, depth: ParseDepth, until deadline: ContinuousClock.Instant)
    async throws(VLCError) -> MediaInfo
  {
    var info = info
    let url = URL(string: mrl)
    let path = url.flatMap { $0.isFileURL ? $0.path : nil }
    // Every note is made here: a deeper parse of a cached result starts afresh.
    info.unknowns = []
    var scan = path.flatMap { TransportStreamFile.read(path: $0) }
    var headers = path.flatMap { FileHeaders.read(path: $0) }
    var seekable = true
    var size = path.flatMap(fileSize)
    // A playlist's first bytes name no media container.
    if path == nil, let url, !isPlaylistLocation,
      let remote = await Self.remoteEnds(of: url, until: deadline)
    {
      (headers, scan, seekable, size) = (
        remote.headers, remote.scan, remote.size != nil, remote.size.map(Int64.init)
      )
    }
    var audioFormats: [(program: Int?, id: Int, rate: Int, channels: Int)] = []
    // libVLC 3's preparse lists no stream of an MPEG program stream, and sometimes none of a
    // network source that plays (an MPEG-TS from a plain HTTP/1.0 server that cannot seek):
    // playing finds them, so at decoded depth such a source is played before it is called
    // unplayable, and unplayable when playing finds nothing either.
    let listedNone = info.tracks.isEmpty
    let searchesStreams = listedNone && path == nil && info.isPlayable == false
    if listedNone, headers?.container == "MPEG-PS" { info.isPlayable = true }
    if searchesStreams, depth == .decoded { info.isPlayable = true }
    // The reason a player of it gives (``EndEvidence/lacksIndex``).
    let extent = path == nil ? nil : headers?.extent
    if listedNone, extent?.lacksIndex == true {
      info.isPlayable = false
      info.unknowns.append(ContainerExtent.missingIndex)
    } else if let extent, extent.isCut {
      // What a player of it reports as "ended early" and a recording refuses.
      info.unknowns.append(extent.cutNote)
    }
    if depth == .decoded, input == nil, info.isPlayable {
      // A search plays its input once, up to the caller's limit (a live stream may list its
      // streams late): garbage played with its input repeating lasted the whole limit.
      let searchStart = ContinuousClock.now
      audioFormats = try await decode(
        into: &info, programs: scan?.programs ?? [], repeating: seekable && !searchesStreams,
        until: deadline)
      if listedNone, info.tracks.isEmpty {
        info.isPlayable = false
        // The one thing to say: the decoders' notes are about streams that are not there.
        let searched = ContinuousClock.now - searchStart
        info.unknowns = [
          "libVLC 3's preparse listed no stream, and playing found none either"
            + (searchesStreams ? " in \(formatSeconds(searched))" : "")
        ]
      }
    }
    if let scan {
      if let duration = scan.duration { info.duration = duration }
      TransportStreamListing.collapseShared(scan.programs, in: &info.tracks)
      listEveryProgram(scan.programs, in: &info)
      nameMPEGAudio(scan, in: &info.tracks)
      // Streams the tables list are there to play, though the preparse listed none (a
      // server without ranges).
      if depth == .container, !info.tracks.isEmpty { info.isPlayable = true }
      info.programs = assign(scan.programs, to: &info.tracks, unknowns: &info.unknowns)
    }
    SwiftVLC.apply(audioFormats, to: &info.tracks, pids: scan.map { esIDs(of: $0.programs) })
    if let path, info.tracks.count == 1, ["mp3", "mpga"].contains(info.tracks[0].codec),
      let audio = MPEGAudioScan.scan(path: path)
    {
      info.duration = audio.duration
      info.tracks[0].bitrate = audio.bitrate
    }
    // A cut MP3's or WAV's length is its headers', as other containers' (what a player's end
    // and a recording are judged against).
    if let extent, extent.isCut, let declared = extent.declaredLength,
      declared > info.duration ?? .zero
    {
      info.duration = declared
    }
    if let headers {
      correct(&info, with: headers, depth: depth)
      parsedHeaders.withLock { $0 = headers }
      if let note = DSDHeader.unplayableNote(container: headers.container) {
        info.isPlayable = false
        info.unknowns.append(note)
      }
    }
    // libVLC 3 takes an MPEG program stream's length from the clock near its end, which it
    // seeks to; from a server without ranges it guessed from the first packets (0.3 s of 4).
    if headers?.container == "MPEG-PS", path == nil, !seekable, info.duration != nil {
      info.duration = nil
      info.unknowns.append(
        "the duration: libVLC 3 reads an MPEG program stream's length at its end, which a "
          + "server without ranges does not give")
    }
    if headers?.lengthIsEstimate == true, info.duration != nil {
      info.unknowns.append(
        headers?.container == "ADTS AAC"
          ? "the exact length: it is estimated from the frames of the first "
            + "\(Self.adtsHead >> 10) KiB (a local file's frames are counted)"
          : "the exact length: with no Xing or VBRI header, libVLC 3 estimates it from the "
            + "first frame's bitrate, which is wrong for a VBR stream (a local file's frames "
            + "are counted)")
    }
    // A playlist's own size says nothing about its media's bitrate.
    let isPlaylist = info.demuxer == "adaptive" || isPlaylistLocation
    // A download's size is the one its server gave with a range.
    if !isPlaylist, let duration = info.duration, duration > .zero, let size {
      info.bitrate = Int(Double(size) * 8 / (Double(duration.milliseconds) / 1_000))
    }
    let isImage = PictureSignature.isStill(info, pictureCodec: headers?.pictureCodec)
    if isImage { info.container = info.container ?? "Image" }
    if depth == .container {
      noteWhatDecodersTell(&info, searchedChapters: headers?.searchedChapters == true)
    }
    // libavformat's demuxer, which libVLC takes for a Matroska or Ogg file it cannot seek in
    // (a server without ranges), publishes no chapters: none listed says nothing.
    if depth == .decoded, ["Matroska/WebM", "Ogg"].contains(info.container),
      info.demuxer == "avformat", info.chapters.isEmpty, headers?.searchedChapters != true
    {
      info.unknowns.append(
        "chapters: libVLC 3 read this file with its avformat demuxer, which lists none, and "
          + "they were not found in its first bytes")
    }
    if depth == .decoded, !isImage,
      info.tracks.contains(where: { $0.kind == .video && $0.frameRate == nil })
    {
      info.unknowns.append(
        "frame rates of some tracks: neither the container nor libVLC 3's decoder gives one "
          + "(a variable frame rate; WMV in ASF)")
    }
    if isImage {
      PictureSignature.correct(&info, pictureCodec: headers?.pictureCodec)
    } else if path != nil, info.duration == nil, !info.tracks.isEmpty {
      info.unknowns.append(
        "the duration: the file declares none (raw AAC and other elementary streams) and "
          + "libVLC 3 does not count its frames")
    }
    if path == nil, !seekable, info.duration == nil,
      ["MPEG-TS", "Ogg"].contains(headers?.container ?? "")
    {
      info.unknowns.append(
        "the duration: the server answers no range request, and this stream's length is in "
          + "its last bytes (a live stream has none)")
    }
    if info.tracks.isEmpty && info.duration != nil {
      info.unknowns.append(
        depth == .decoded
          ? "no track was decoded within the time limit"
          : "libVLC 3's preparse does not open adaptive streams (HLS, DASH): parse with "
            + "depth .decoded to list their tracks")
    }
    return info
  }

  /// Plays private copies (one per TS program) and takes what the decoders report; returns
  /// the audio format each pass's memory output saw. `repeating`: whether a pass's input may
  /// start again at its end (``DecodePass/repeating``).
  ///
  /// - Throws: ``VLCError/sourceFailed(_:source:)`` when the preparse listed streams, nothing
  ///   was decoded, libVLC ended a pass's input, and the log names a reason that ends
  ///   reading the source (`FailureReason.endsReading`; not a timeout).
  private func decode(
    into info: inout MediaInfo, programs: [TransportStreamProgram], repeating: Bool,
    until deadline: ContinuousClock.Instant
  ) async throws(VLCError) -> [(program: Int?, id: Int, rate: Int, channels: Int)] {
    var formats: [(program: Int?, id: Int, rate: Int, channels: Int)] = []
    let pass = DecodePass(mrl: mrl, options: options, repeating: repeating)
    let numbers: [Int?] = programs.count > 1 ? programs.map(\.number) : [nil]
    var decodedAll = true
    var failures: [String] = []
    var decodedAnything = false
    var readThroughUndecoded = false
    var sourceFailure: FailureReason?
    // Only media whose streams the preparse listed is unreadable for a reason: garbage that
    // libVLC's MP4 demuxer gave up on also logs that the server cannot seek.
    let listed = !info.tracks.isEmpty
    for (index, number) in numbers.enumerated() {
      // What is left is shared by the passes still to run.
      let share = (deadline - ContinuousClock.now) / (numbers.count - index)
      guard share > .zero, let result = await pass.run(program: number, limit: share) else {
        decodedAll = false
        continue
      }
      decodedAll = decodedAll && result.isComplete
      for failure in result.failures where !failures.contains(failure) { failures.append(failure) }
      decodedAnything = decodedAnything || result.decodedAnything
      readThroughUndecoded = readThroughUndecoded || result.readThroughUndecoded
      // A reason counts from a pass whose input libVLC ended: a pass that ran out of time on
      // a busy machine may just not have decoded yet (and "cannot seek" is also logged for
      // seeks the read-ahead then does without).
      if result.inputEnded, sourceFailure == nil || sourceFailure == .timeout {
        sourceFailure = result.sourceFailure ?? sourceFailure
      }
      formats += result.audioFormats.map { (number, $0.id, $0.rate, $0.channels) }
      // MPEG-TS: the player numbers streams by PID, the media's list does not.
      let live: Set<Int> = programs.isEmpty ? result.liveTrackIDs : []
      info.tracks = merged(
        withoutStale(info.tracks, live: live), with: withoutStale(result.tracks, live: live))
      if info.duration == nil { info.duration = result.duration }
      if info.demuxer == nil, let demuxer = result.demuxer {
        info.demuxer = demuxer
        info.container =
          info.container ?? CodecNames.container(module: demuxer, codecs: info.tracks.map(\.codec))
      }
      if info.chapters.isEmpty { info.chapters = result.chapters }
    }
    if listed, !decodedAnything, let sourceFailure, sourceFailure.endsReading {
      throw .sourceFailed(sourceFailure, source: mrl)
    }
    if !failures.isEmpty {
      info.unknowns.append(
        "libVLC 3 cannot decode every stream (\(failures.joined(separator: "; ")))")
      // Nothing it can play: said at once, not at the time limit.
      if !decodedAnything { info.isPlayable = false }
    }
    if readThroughUndecoded && !decodedAnything {
      // Read through several times and nothing came out: said at once too.
      info.unknowns.append(
        "libVLC 3 decoded nothing of the whole file (its streams are cut or undecodable)")
      info.isPlayable = false
    } else if !decodedAll {
      info.unknowns.append(
        "the decoders did not all report before the time limit or the end of the input: "
          + "channel counts, picture sizes "
          + "and frame rates are what the container declares")
    }
    return formats
  }
}

/// `tracks` without those of a demuxer that gave up: over a server that cannot seek, libVLC's
/// MP4 demuxer makes its streams, fails, and avformat's makes them again under new ids, and
/// the media's track list keeps both (the preparse's too). A track is stale when the playing
/// input has no stream of its id but has one of the same kind and codec; a player lists only
/// the live ones. Not for MPEG-TS, whose player ids are PIDs.
private func withoutStale(_ tracks: [Track], live: Set<Int>) -> [Track] {
  guard !live.isEmpty else { return tracks }
  return tracks.filter { track in
    live.contains(track.id)
      || !tracks.contains {
        live.contains($0.id) && $0.kind == track.kind && $0.codec == track.codec
      }
  }
}

/// The preparsed tracks with the decoders' channel counts, sample rates, sizes and frame
/// rates; tracks only the playback found (other TS programs) are added.
private func merged(_ parsed: [Track], with decoded: [Track]) -> [Track] {
  var tracks = parsed
  for track in decoded {
    guard let index = tracks.firstIndex(where: { $0.id == track.id }) else {
      tracks.append(track)
      continue
    }
    guard tracks[index].kind == track.kind else { continue }
    tracks[index].channels = track.channels ?? tracks[index].channels
    tracks[index].sampleRate = track.sampleRate ?? tracks[index].sampleRate
    tracks[index].width = track.width ?? tracks[index].width
    tracks[index].height = track.height ?? tracks[index].height
    tracks[index].frameRate = track.frameRate ?? tracks[index].frameRate
    tracks[index].bitrate = tracks[index].bitrate ?? track.bitrate
    tracks[index].language = tracks[index].language ?? track.language
  }
  return tracks.sorted { $0.id < $1.id }
}

/// The audio formats the decode passes saw, by the player's ES id: for MPEG-TS the packet
/// id (`pids`, in track order), elsewhere the track's id. An id that matches nothing (HLS)
/// still tells the format of a program's (or the media's) only audio track.
private func apply(
  _ formats: [(program: Int?, id: Int, rate: Int, channels: Int)], to tracks: inout [Track],
  pids: [Int]?
) {
  for format in formats {
    let audio = tracks.indices.filter {
      tracks[$0].kind == .audio && (format.program == nil || tracks[$0].program == format.program)
    }
    let byID = audio.filter { index in
      if let pids { return pids.count == tracks.count && pids[index] == format.id }
      return tracks[index].id == format.id
    }
    if let index = byID.first ?? (audio.count == 1 ? audio.first : nil) {
      tracks[index].channels = format.channels
      tracks[index].sampleRate = format.rate
    }
  }
}
