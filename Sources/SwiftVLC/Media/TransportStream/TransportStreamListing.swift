// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Which streams of a transport stream's programs libVLC did not list as tracks, for a probe
/// (which lists them too) and a recording through libVLC (which names them lost).
///
/// libVLC lists every stream of a known kind, in PMT order, program by program, each packet
/// id once; a stream the PMT leaves of no known kind it may list (Opus or DTS as private data,
/// which it reads as audio) or not (a data stream), and its preparse lists the first program
/// only.
enum TransportStreamListing {
  /// The streams of `programs` (each packet id once, in PMT order) missing from `tracks`,
  /// libVLC's tracks in its order: the tracks are matched to the streams in order, kind by
  /// kind, a stream of unknown kind matching a track of any kind or none, and the streams
  /// after the last track all missing (another program's). `nil` when they cannot be matched
  /// so (libVLC listed something the tables do not say).
  static func unlisted(in programs: [TransportStreamProgram], tracks: [Track])
    -> [TransportStreamProgram.Stream]?
  {
    var seen = Set<Int>()
    let streams = programs.flatMap(\.streams).filter { seen.insert($0.pid).inserted }
    // The streams skipped from each (stream, track) position on, the fewest of a known kind
    // first: a data stream before an audio one is the one libVLC left out, not the audio.
    var best: [[Int]: [Int]?] = [:]
    func knownKinds(_ skipped: [Int]) -> Int {
      skipped.filter { streams[$0].kind != .unknown }.count
    }
    func skipped(from stream: Int, _ track: Int) -> [Int]? {
      if stream == streams.count { return track == tracks.count ? [] : nil }
      if track == tracks.count { return Array(stream..<streams.count) }
      if let known = best[[stream, track]] { return known }
      let kind = streams[stream].kind
      var options: [[Int]] = []
      if kind == .unknown || kind == tracks[track].kind,
        let rest = skipped(from: stream + 1, track + 1)
      {
        options.append(rest)
      }
      if kind == .unknown, let rest = skipped(from: stream + 1, track) {
        options.append([stream] + rest)
      }
      let chosen = options.min { (knownKinds($0), $0.count) < (knownKinds($1), $1.count) }
      best[[stream, track]] = .some(chosen)
      return chosen
    }
    return skipped(from: 0, 0).map { $0.map { streams[$0] } }
  }

  /// One track per packet id, as the PMTs and ffprobe list them: a playing libVLC 3 makes one
  /// stream per program and packet id, so a video two programs share was listed twice at
  /// decoded depth (and which track belonged to which program was unknown). Applies when the
  /// tracks are exactly those streams, program by program in PMT order (as a program's
  /// tracks are assigned, with repeats): the later copy of a packet id goes, its decoded facts kept, and the tracks
  /// are numbered from 0 again. Returns how many tracks went (0: it did not apply).
  @discardableResult
  static func collapseShared(_ programs: [TransportStreamProgram], in tracks: inout [Track])
    -> Int
  {
    let streams = programs.flatMap(\.streams)
    guard streams.count == tracks.count, Set(streams.map(\.pid)).count < streams.count,
      zip(streams, tracks).allSatisfy({ $0.kind == $1.kind })
    else { return 0 }
    var first: [Int: Int] = [:]  // packet id: index of its first track
    var kept: [Track] = []
    for (stream, track) in zip(streams, tracks) {
      guard let index = first[stream.pid] else {
        first[stream.pid] = kept.count
        var track = track
        track.id = kept.count  // numbered as a container-depth parse numbers them
        kept.append(track)
        continue
      }
      kept[index].channels = kept[index].channels ?? track.channels
      kept[index].sampleRate = kept[index].sampleRate ?? track.sampleRate
      kept[index].width = kept[index].width ?? track.width
      kept[index].height = kept[index].height ?? track.height
      kept[index].frameRate = kept[index].frameRate ?? track.frameRate
    }
    defer { tracks = kept }
    return tracks.count - kept.count
  }
}
