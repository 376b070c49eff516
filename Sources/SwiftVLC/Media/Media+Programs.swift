// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

// An MPEG-TS file's programs, from its own tables (``TransportStreamFile``), given to the
// tracks libVLC's parse listed: what ``Media/refined(_:depth:until:)`` adds to a TS parse.

/// The packet ids of the programs' streams in libVLC's track order (see ``assign``).
func esIDs(of programs: [TransportStreamProgram]) -> [Int] {
  var seen = Set<Int>()
  return programs.flatMap(\.streams).map(\.pid).filter { seen.insert($0).inserted }
}

/// The programs with their tracks: libVLC creates one track per packet id, program by
/// program in the order the PMTs arrive, each in PMT order.
func assign(
  _ programs: [TransportStreamProgram], to tracks: inout [Track], unknowns: inout [String]
) -> [MediaProgram] {
  let pids = esIDs(of: programs)
  let owners = pids.map { pid in
    (pid: pid, program: programs.first { $0.streams.contains { $0.pid == pid } }!.number)
  }
  // One program owns every track, however many streams each side lists (a decoded parse
  // leaves out a data stream the PMT names).
  if programs.count == 1, owners.count != tracks.count {
    for index in tracks.indices { tracks[index].program = programs[0].number }
    let program = programs[0]
    return [
      MediaProgram(
        number: program.number, name: program.name, provider: program.provider,
        trackIDs: tracks.map(\.id))
    ]
  }
  guard owners.count == tracks.count else {
    if programs.count > 1 {
      unknowns.append(
        "which track belongs to which program: the PMTs list \(owners.count) streams, "
          + "libVLC \(tracks.count)")
    }
    return programs.map {
      MediaProgram(number: $0.number, name: $0.name, provider: $0.provider)
    }
  }
  for (index, owner) in owners.enumerated() { tracks[index].program = owner.program }
  // A stream two programs list (a shared video PID) is in both programs' tracks.
  return programs.map { program in
    let listed = Set(program.streams.map(\.pid))
    return MediaProgram(
      number: program.number, name: program.name, provider: program.provider,
      trackIDs: tracks.indices.filter { listed.contains(pids[$0]) }.map { tracks[$0].id })
  }
}

/// Adds the streams of the programs libVLC 3's preparse leaves out (it lists only the first
/// program's) and those it never lists (a data stream), from their PMTs
/// (``TransportStreamListing``).
func listEveryProgram(_ programs: [TransportStreamProgram], in info: inout MediaInfo) {
  guard let unlisted = TransportStreamListing.unlisted(in: programs, tracks: info.tracks) else {
    return
  }
  var next = (info.tracks.map(\.id).max() ?? -1) + 1
  for stream in unlisted {
    info.tracks.append(
      Track(
        id: next, kind: stream.kind, codec: codec(ofStreamType: stream),
        language: stream.language))
    next += 1
  }
}

/// Gives MPEG audio (the PMT's stream type 3 or 4, libVLC 3's `mpga` whatever the layer) its
/// first frame's format: MP3 for layer III, channels and rate, which the container depth has
/// from no other place. The PMTs' MPEG audio streams (``esIDs(of:)``'s order) pair with the
/// tracks named `mpga`, in order, when there are as many: a decoded parse may leave out a
/// data stream, which would shift a pairing of every track.
func nameMPEGAudio(_ scan: TransportStreamFile, in tracks: inout [Track]) {
  let streams = scan.programs.flatMap(\.streams)
  let mpegAudio = Set(streams.filter { [0x03, 0x04].contains($0.streamType) }.map(\.pid))
  let pids = esIDs(of: scan.programs).filter(mpegAudio.contains)
  let named = tracks.indices.filter { tracks[$0].codec == "mpga" }
  guard pids.count == named.count else { return }
  for (index, pid) in zip(named, pids) {
    guard let format = scan.frameFormats[pid] else { continue }
    if let codec = format.codec { tracks[index].codec = codec }
    tracks[index].channels = format.channels
    tracks[index].sampleRate = format.sampleRate
  }
}

/// libVLC's fourcc for a PMT stream type (ISO 13818-1 table 2-34, ATSC A/52, DVB descriptors).
func codec(ofStreamType stream: TransportStreamProgram.Stream) -> String {
  switch stream.streamType {
  case 0x01: "mp1v"
  case 0x02: "mpgv"
  case 0x10: "mp4v"
  case 0x1B: "h264"
  case 0x24: "hevc"
  case 0x42: "cavs"
  case 0xEA: "WVC1"
  case 0x03, 0x04: "mpga"
  case 0x0F, 0x11: "mp4a"
  case 0x81: "a52"
  case 0x87: "eac3"
  default: stream.isTeletext ? "telx" : stream.kind == .subtitle ? "dvbs" : "undf"
  }
}
