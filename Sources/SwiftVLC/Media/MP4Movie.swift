// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// What an MP4/QuickTime file's `moov` box declares that libVLC 3's preparse leaves out or
/// gets wrong: each AAC track's AudioSpecificConfig (ISO 14496-3 1.6.2.1: channels and
/// rate) and the chapters as libVLC plays them: Nero's `chpl` list, else a QuickTime text
/// chapter track (`tref`/`chap`; ffprobe prefers that one, and its sample ends).
struct MP4Movie {
  var audio: [FileHeaders.Audio] = []
  var chapters: [Chapter]?
  /// The kinds of the movie's tracks in `trak` order (libVLC's), by their handler; chapter
  /// tracks left out (libVLC's MP4 demuxer hides them).
  var trackKinds: [TrackKind] = []
  /// MPEG audio tracks whose first frame lies in bytes not at hand (a download's part not
  /// fetched): their index in ``audio`` and the frame's offset (``noteFrame(_:ofAudio:)``).
  var unreadFrames: [(audio: Int, offset: Int)] = []
  /// The track and disc numbers and totals of its iTunes metadata (`udta/meta/ilst`, `trkn`
  /// and `disk`), which libVLC 3 leaves out of a file FFmpeg tagged ("track=3/12").
  var numberTags: [MetadataKey: String] = [:]

  /// One `trak`, as far as is needed here.
  private struct TrackBox {
    var id = 0
    var handler = ""
    var timescale = 0
    var duration = 0
    /// The size of all its samples (`stsz`).
    var bytes = 0
    var chapterTrackIDs: [Int] = []
    var audio: FileHeaders.Audio?
    /// MPEG-1/2 audio of any layer, which libVLC 3 calls `mpga` (the frames say which).
    var isMPEGAudio = false
    var table: SampleTable?
  }

  /// Reads the `moov` box of `file` (top-level boxes are walked by seeking); `nil` when there
  /// is none within ``FileHeaders/moovLimit`` bytes.
  static func read(_ file: borrowing some RandomAccessBytes & ~Copyable) -> MP4Movie? {
    var offset: UInt64 = 0
    while let (type, size, headerLength) = MP4Boxes.header(file, at: offset) {
      // A size of 0 runs to the end of the file; a negative one is damage.
      guard size == 0 && type == "moov" || size >= headerLength else { return nil }
      if type == "moov" {
        let length = size == 0 ? FileHeaders.moovLimit : size - headerLength
        guard length <= FileHeaders.moovLimit,
          let body = try? MP4Boxes.read(
            file, at: offset + UInt64(headerLength), count: length)
        else { return nil }
        return MP4Movie(moov: body, file: file)
      }
      offset += UInt64(size)
    }
    return nil
  }

  /// Takes the first bytes of an MPEG audio track's first frame, fetched for
  /// ``unreadFrames``: the format they declare replaces the sample entry's.
  mutating func noteFrame(_ bytes: [UInt8], ofAudio index: Int) {
    guard audio.indices.contains(index), let format = MPEGAudioScan.format(ofFrame: bytes) else {
      return
    }
    audio[index].channels = format.channels
    audio[index].sampleRate = format.sampleRate
    audio[index].declaresFormat = true
    audio[index].codec = format.codec
  }

  private init(moov: [UInt8], file: borrowing some RandomAccessBytes & ~Copyable) {
    var tracks: [TrackBox] = []
    var nero: [(start: Int64, name: String)]?
    for box in MP4Boxes.children(moov, 0..<moov.count) {
      switch box.type {
      case "trak": tracks.append(Self.track(moov, box.body))
      case "udta":
        let children = MP4Boxes.children(moov, box.body)
        if let chpl = children.first(where: { $0.type == "chpl" }) {
          nero = Self.neroChapters(moov, chpl.body)
        }
        if let meta = children.first(where: { $0.type == "meta" }) {
          numberTags = Self.iTunesNumbers(moov, meta.body)
        }
      default: break
      }
    }
    // Every sound track, so that they pair with libVLC's audio tracks in order.
    for track in tracks where track.handler == "soun" {
      let bitrate =
        track.duration > 0 && track.timescale > 0 && track.bytes > 0
        ? Int(Double(track.bytes) * 8 * Double(track.timescale) / Double(track.duration)) : nil
      // MPEG audio's sample entry says stereo whatever the stream holds; its frames say.
      var format = track.audio
      if track.isMPEGAudio, let offset = track.table?.firstOffset {
        if let frame = try? MP4Boxes.read(file, at: UInt64(clamping: offset), count: 4) {
          format = MPEGAudioScan.format(ofFrame: frame)
        } else {
          unreadFrames.append((audio.count, offset))
        }
      }
      audio.append(
        FileHeaders.Audio(
          trackID: track.id, channels: format?.channels, sampleRate: format?.sampleRate,
          declaresFormat: format != nil, bitrate: bitrate, codec: format?.codec))
    }
    // libVLC 3's order (mp4.c, LoadChapter): Nero's list when it has chapters, else the first
    // text chapter track. Either way a chapter lasts until the next one starts (libVLC keeps
    // only starts), and the last one's end is the media's, which the caller knows.
    var starts: [(start: Duration, name: String?)] = []
    let chapterIDs = Set(tracks.flatMap(\.chapterTrackIDs))
    trackKinds = tracks.filter { !chapterIDs.contains($0.id) }.map { track in
      switch track.handler {
      case "vide": .video
      case "soun": .audio
      case "subt", "sbtl", "text", "clcp", "subp": .subtitle
      default: .unknown
      }
    }
    if let nero, !nero.isEmpty {
      starts = nero.map { (.microseconds($0.start / 10), $0.name) }
    } else if let text = tracks.first(where: { chapterIDs.contains($0.id) && $0.table != nil }),
      let table = text.table, text.timescale > 0
    {
      // Samples that cannot be read (not downloaded) leave the chapters unknown (`nil`).
      guard let samples = table.textSamples(file) else { return }
      starts = samples.map {
        (.microseconds($0.time * 1_000_000 / Int64(text.timescale)), $0.text)
      }
    }
    if !starts.isEmpty {
      chapters = starts.enumerated().map { index, entry in
        let end = index + 1 < starts.count ? starts[index + 1].start : entry.start
        return Chapter(
          index: index, name: entry.name, start: entry.start, duration: end - entry.start)
      }
    }
  }

  private static func track(_ bytes: [UInt8], _ range: Range<Int>) -> TrackBox {
    var track = TrackBox()
    for box in MP4Boxes.children(bytes, range) {
      switch box.type {
      case "tkhd" where box.body.count >= 24:
        let start = box.body.lowerBound
        track.id = MP4Boxes.integer(bytes, start + (bytes[start] == 1 ? 20 : 12), 4)
      case "tref":
        for reference in MP4Boxes.children(bytes, box.body) where reference.type == "chap" {
          track.chapterTrackIDs = stride(
            from: reference.body.lowerBound, to: reference.body.upperBound - 3, by: 4
          ).map { MP4Boxes.integer(bytes, $0, 4) }
        }
      case "mdia":
        for child in MP4Boxes.children(bytes, box.body) {
          let start = child.body.lowerBound
          switch child.type {
          case "mdhd" where child.body.count >= (bytes[start] == 1 ? 32 : 20):
            let long = bytes[start] == 1
            track.timescale = MP4Boxes.integer(bytes, start + (long ? 20 : 12), 4)
            track.duration = MP4Boxes.integer(bytes, start + (long ? 24 : 16), long ? 8 : 4)
          case "hdlr" where child.body.count >= 12:
            track.handler = String(decoding: bytes[(start + 8)..<(start + 12)], as: UTF8.self)
          case "minf":
            guard let stbl = MP4Boxes.find(bytes, child.body, path: ["stbl"]) else { continue }
            track.table = SampleTable(bytes, stbl)
            track.bytes = sampleBytes(bytes, stbl)
            if track.handler == "soun" {
              track.audio = audioConfig(bytes, stbl)
              track.isMPEGAudio = isMPEGAudio(bytes, stbl)
            }
          default: break
          }
        }
      default: break
      }
    }
    return track
  }

  /// The size of all samples of a `stbl`'s `stsz` (one size for all, or one each).
  private static func sampleBytes(_ bytes: [UInt8], _ stbl: Range<Int>) -> Int {
    guard let stsz = MP4Boxes.find(bytes, stbl, path: ["stsz"]), stsz.count >= 12 else {
      return 0
    }
    let fixed = MP4Boxes.integer(bytes, stsz.lowerBound + 4, 4)
    let count = MP4Boxes.integer(bytes, stsz.lowerBound + 8, 4)
    if fixed != 0 {
      let (total, overflow) = fixed.multipliedReportingOverflow(by: count)
      return overflow ? 0 : total
    }
    let listed = min(count, (stsz.count - 12) / 4)
    return (0..<listed).reduce(0) { $0 + MP4Boxes.integer(bytes, stsz.lowerBound + 12 + $1 * 4, 4) }
  }

  /// The AudioSpecificConfig of an `mp4a` sample entry's `esds` (also inside QuickTime's
  /// `wave`); `nil` for other codecs.
  private static func audioConfig(_ bytes: [UInt8], _ stbl: Range<Int>) -> FileHeaders.Audio? {
    guard let (type, esds) = soundEntry(bytes, stbl), type == "mp4a", let esds,
      let config = decoderConfig(bytes, esds),
      [0x40, 0x66, 0x67, 0x68].contains(config.objectType), let specific = config.specific
    else { return nil }
    return AudioSpecificConfig(specific)?.audio
  }

  /// Whether a sound track holds MPEG-1/2 audio: QuickTime's `.mp3` entry, or an `mp4a`
  /// entry whose `esds` names ISO 11172-3 or 13818-3 audio (what FFmpeg writes for MP2 and
  /// MP3 alike).
  private static func isMPEGAudio(_ bytes: [UInt8], _ stbl: Range<Int>) -> Bool {
    guard let (type, esds) = soundEntry(bytes, stbl) else { return false }
    if type == ".mp3" { return true }
    guard type == "mp4a", let esds, let config = decoderConfig(bytes, esds) else { return false }
    return [0x69, 0x6B].contains(config.objectType)
  }

  /// The first sample entry of a sound track's `stsd`: its type and its `esds` box (also
  /// inside QuickTime's `wave`), if any.
  private static func soundEntry(_ bytes: [UInt8], _ stbl: Range<Int>) -> (
    type: String, esds: Range<Int>?
  )? {
    guard let stsd = MP4Boxes.find(bytes, stbl, path: ["stsd"]), stsd.count > 8 else { return nil }
    guard let entry = MP4Boxes.children(bytes, (stsd.lowerBound + 8)..<stsd.upperBound).first,
      entry.body.count >= 28
    else { return nil }
    // The QuickTime sound description's version adds fields before the child boxes.
    let version = MP4Boxes.integer(bytes, entry.body.lowerBound + 8, 2)
    let extra = version == 1 ? 16 : version == 2 ? 36 : 0
    let children = (entry.body.lowerBound + 28 + extra)..<entry.body.upperBound
    guard children.lowerBound < children.upperBound else { return (entry.type, nil) }
    return (
      entry.type,
      MP4Boxes.find(bytes, children, path: ["esds"])
        ?? MP4Boxes.find(bytes, children, path: ["wave", "esds"])
    )
  }

  /// The object type of an `esds` box's DecoderConfigDescriptor (tag 4) and its
  /// DecoderSpecificInfo (tag 5), if any: an MPEG-4/2 AAC stream's AudioSpecificConfig.
  private static func decoderConfig(_ bytes: [UInt8], _ esds: Range<Int>) -> (
    objectType: UInt8, specific: [UInt8]?
  )? {
    var offset = esds.lowerBound + 4  // version, flags
    func descriptor() -> (tag: UInt8, body: Range<Int>)? {
      guard offset < esds.upperBound else { return nil }
      let tag = bytes[offset]
      offset += 1
      var length = 0
      for _ in 0..<4 where offset < esds.upperBound {
        let byte = bytes[offset]
        offset += 1
        length = length << 7 | Int(byte & 0x7F)
        if byte & 0x80 == 0 { break }
      }
      guard offset + length <= esds.upperBound else { return nil }
      return (tag, offset..<offset + length)
    }
    guard let es = descriptor(), es.tag == 3, es.body.count >= 3 else { return nil }
    let flags = bytes[es.body.lowerBound + 2]
    offset = es.body.lowerBound + 3
    if flags & 0x80 != 0 { offset += 2 }
    if flags & 0x40 != 0, offset < es.body.upperBound { offset += 1 + Int(bytes[offset]) }
    if flags & 0x20 != 0 { offset += 2 }
    guard let config = descriptor(), config.tag == 4, config.body.count >= 13 else { return nil }
    let objectType = bytes[config.body.lowerBound]
    offset = config.body.lowerBound + 13
    guard let info = descriptor(), info.tag == 5, !info.body.isEmpty else {
      return (objectType, nil)
    }
    return (objectType, Array(bytes[info.body]))
  }

  /// Nero chapters: start times in 100 ns units and names.
  private static func neroChapters(_ bytes: [UInt8], _ body: Range<Int>) -> [(Int64, String)] {
    guard body.count >= 5 else { return [] }
    var offset = body.lowerBound + (bytes[body.lowerBound] == 1 ? 8 : 4)
    guard offset < body.upperBound else { return [] }
    let count = Int(bytes[offset])
    offset += 1
    var chapters: [(Int64, String)] = []
    for _ in 0..<count {
      guard offset + 9 <= body.upperBound else { break }
      let start = Int64(MP4Boxes.integer(bytes, offset, 8))
      let length = Int(bytes[offset + 8])
      offset += 9
      guard offset + length <= body.upperBound else { break }
      chapters.append((start, String(decoding: bytes[offset..<offset + length], as: UTF8.self)))
      offset += length
    }
    return chapters
  }

  /// `trkn` and `disk` of a `meta` box's `ilst`: each a `data` box whose payload (after its
  /// type and locale) holds the number and the total as 16-bit integers after 2 bytes.
  /// ISO's `meta` is a full box (4 bytes of version and flags first), QuickTime's is not.
  private static func iTunesNumbers(_ bytes: [UInt8], _ meta: Range<Int>) -> [MetadataKey: String] {
    // A `meta` box too short for its version and flags has no list either way.
    let starts = meta.count >= 4 ? [meta.lowerBound + 4, meta.lowerBound] : [meta.lowerBound]
    let list = starts.lazy.compactMap { start in
      MP4Boxes.children(bytes, start..<meta.upperBound).first { $0.type == "ilst" }
    }.first
    guard let list else { return [:] }
    var found: [MetadataKey: String] = [:]
    for item in MP4Boxes.children(bytes, list.body) {
      let keys: (MetadataKey, MetadataKey)
      switch item.type {
      case "trkn": keys = (.trackNumber, .trackTotal)
      case "disk": keys = (.discNumber, .discTotal)
      default: continue
      }
      guard let data = MP4Boxes.children(bytes, item.body).first(where: { $0.type == "data" }),
        data.body.count >= 8 + 6
      else { continue }
      let payload = data.body.lowerBound + 8
      let number = MP4Boxes.integer(bytes, payload + 2, 2)
      let total = MP4Boxes.integer(bytes, payload + 4, 2)
      if number > 0 { found[keys.0] = String(number) }
      if total > 0 { found[keys.1] = String(total) }
    }
    return found
  }
}

/// ISO 14496-3's AudioSpecificConfig, as far as the channel count and rate.
private struct AudioSpecificConfig {
  var objectType: Int
  var sampleRate: Int?
  var channelConfiguration: Int

  init?(_ bytes: [UInt8]) {
    var reader = BitReader(bytes)
    guard var type = reader.read(5) else { return nil }
    if type == 31 { type = 32 + (reader.read(6) ?? 0) }
    objectType = type
    guard let index = reader.read(4) else { return nil }
    if index == 15 {
      sampleRate = reader.read(24)
    } else {
      sampleRate = index < adtsRates.count ? adtsRates[index] : nil
    }
    guard let channels = reader.read(4) else { return nil }
    channelConfiguration = channels
  }

  /// What it tells for sure: SBR (5) and parametric stereo (29) change both the rate and the
  /// channels the decoder gives; configuration 0 defers to a program config element.
  var audio: FileHeaders.Audio {
    let plain = objectType != 5 && objectType != 29
    let channels = [0, 1, 2, 3, 4, 5, 6, 8, nil, nil, nil, 7, 8, 24, 8][
      min(channelConfiguration, 14)]
    return FileHeaders.Audio(
      trackID: nil, channels: plain && channels != 0 ? channels : nil,
      sampleRate: plain ? sampleRate : nil)
  }
}

/// Reads big-endian bit fields.
private struct BitReader {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func read(_ count: Int) -> Int? {
    guard position + count <= bytes.count * 8 else { return nil }
    var value = 0
    for _ in 0..<count {
      value = value << 1 | Int(bytes[position / 8] >> (7 - position % 8) & 1)
      position += 1
    }
    return value
  }
}
