// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The duration of an MPEG-TS file, from the presentation timestamps of its audio and video.
///
/// libVLC 3 estimates a TS file's length from its bitrate or its clock references, which for
/// a recording of a live stream can be off by a third (2.69 s for a file holding 4.09 s), or
/// gives none. The timestamps are exact, with one catch: libVLC's TS muxer writes the audio
/// that was waiting when a recording starts as one large first PES packet, stamped with the
/// time at which it ends (or as packets without a timestamp before the first one). Their
/// length is estimated from their size at the stream's byte rate; the last packet's likewise.
/// The result is the span from the earliest start to the latest end over all streams, as
/// ffprobe reports a TS file's duration.
enum TransportStreamDuration {
  /// One PES packet: its timestamp (90 kHz), if it has one, and how many payload bytes it
  /// carries.
  fileprivate struct Packet {
    var pts: Int64?
    var bytes: Int
  }

  /// The PES packets of one elementary stream, in file order.
  fileprivate struct Stream {
    var isAudio: Bool
    var packets: [Packet] = []
    /// The first bytes of the stream's PES payloads (up to ``firstBytesLimit``: an audio
    /// frame's header and the next one's), from as many packets as they take (a muxer that
    /// puts one frame in each PES packet: libavformat's copy of an MP3 read "MP2" with the
    /// second frame left unread).
    var firstBytes: [UInt8] = []
  }

  /// The audio and video PES packets of one stretch of a transport stream, by packet id.
  struct Timestamps {
    fileprivate var streams: [Int: Stream] = [:]

    /// Takes one packet: a PES header starts a packet of its stream; a continuation adds
    /// its bytes to that stream's last packet.
    mutating func add(_ packet: TransportStreamPackets.Packet) {
      let payload = packet.payload
      if packet.unitStart {
        if let (pts, isAudio) = TransportStreamDuration.header(payload) {
          var stream = streams[packet.pid] ?? Stream(isAudio: isAudio)
          if isAudio, stream.firstBytes.count < firstBytesLimit {
            stream.firstBytes += payload.dropFirst(9 + Int(payload[8]))
              .prefix(firstBytesLimit - stream.firstBytes.count)
          }
          stream.packets.append(Packet(pts: pts, bytes: payload.count))
          streams[packet.pid] = stream
        }
      } else if var stream = streams[packet.pid], !stream.packets.isEmpty {
        stream.packets[stream.packets.count - 1].bytes += payload.count
        if stream.isAudio, stream.firstBytes.count < firstBytesLimit {
          stream.firstBytes += payload.prefix(firstBytesLimit - stream.firstBytes.count)
        }
        streams[packet.pid] = stream
      }
    }
  }

  /// How much of an audio stream's first PES payload is kept: two MPEG audio frames of the
  /// largest kind (layer II at 384 kb/s and 32 kHz: 1,728 bytes each) and a header.
  fileprivate static let firstBytesLimit = 3_460

  /// What each MPEG audio stream's first frame declares, confirmed by the next frame's
  /// header (``MPEGAudioScan/format(ofFrame:confirmed:)``: channels, rate, and MP3, which
  /// libVLC calls `mpga` by its stream type), by packet id.
  static func frameFormats(_ timestamps: Timestamps) -> [Int: FileHeaders.Audio] {
    timestamps.streams.compactMapValues {
      $0.isAudio ? MPEGAudioScan.format(ofFrame: $0.firstBytes, confirmed: true) : nil
    }
  }

  /// From the earliest start to the latest end over every stream found both in `head` (the
  /// file's start) and `tail` (its end; the same as `head` for a short file).
  static func span(head first: Timestamps, tail last: Timestamps) -> Duration? {
    var start: Int64?
    var end: Int64?
    for (pid, opening) in first.streams {
      guard let closing = last.streams[pid], let begins = begin(of: opening),
        let finishes = finish(of: closing, rate: byteRate(of: opening))
      else { continue }
      start = min(start ?? begins, begins)
      end = max(end ?? finishes, finishes)
    }
    guard let start, let end, end > start else { return nil }
    return .microseconds((end - start) * 100 / 9)  // 90 kHz ticks
  }

  /// Bytes per tick of an audio stream, from its timed packets after the first.
  private static func byteRate(of stream: Stream) -> Double? {
    let timed = stream.packets.indices.filter { stream.packets[$0].pts != nil }
    guard stream.isAudio, timed.count >= 4, let from = stream.packets[timed[1]].pts,
      let to = stream.packets[timed[timed.count - 1]].pts, to > from
    else { return nil }
    let bytes = stream.packets[timed[1]..<timed[timed.count - 1]].reduce(0) { $0 + $1.bytes }
    return Double(bytes) / Double(to - from)
  }

  /// When a stream's first packet begins.
  private static func begin(of stream: Stream) -> Int64? {
    let times = stream.packets.compactMap(\.pts)
    guard let earliest = times.min() else { return nil }
    guard let rate = byteRate(of: stream),
      let first = stream.packets.firstIndex(where: { $0.pts != nil })
    else { return earliest }
    // Everything up to the first timed packet, and that packet, ends where the next begins.
    let leading = stream.packets[...first].reduce(0) { $0 + $1.bytes }
    let lasting = Int64(Double(leading) / rate)
    // A first packet stamped where it begins (libavformat's muxer) lasts about until the
    // next one: its own stamp is exact. libVLC's, stamped where it ends, is far longer than
    // the gap to the next stamp. So is one MPEG audio frame larger than the rest (a VBR
    // stream's Xing frame, 745 bytes beside 144, from GStreamer's muxer): one frame is no
    // queue of them (it moved a 10.031 s file's start 0.11 s earlier).
    if first == 0, times[1] - times[0] >= lasting / 2 || holdsOneFrame(stream) {
      return earliest
    }
    return min(earliest, times[1] - lasting)
  }

  /// Whether a stream's first packet holds one MPEG audio frame, as its first frame's header
  /// declares its length (with the PES header), not a queue of them.
  private static func holdsOneFrame(_ stream: Stream) -> Bool {
    guard let first = stream.packets.first, let frame = MPEGAudioScan.frameLength(stream.firstBytes)
    else { return false }
    return first.bytes < frame * 3 / 2 + 32
  }

  /// When a stream's last packet ends.
  private static func finish(of stream: Stream, rate: Double?) -> Int64? {
    let times = stream.packets.compactMap(\.pts)
    guard let latest = times.max(),
      let last = stream.packets.lastIndex(where: { $0.pts != nil }),
      let lastTime = stream.packets[last].pts
    else { return nil }
    if let rate {
      let trailing = stream.packets[last...].reduce(0) { $0 + $1.bytes }
      return max(latest, lastTime + Int64(Double(trailing) / rate))
    }
    // Video: one picture per packet; the last one lasts as long as the usual gap between
    // pictures in presentation order (in file order, B-frames make the gaps three times as
    // long: 80 ms too much at 25 fps).
    let shown = times.sorted()
    let gaps = zip(shown.dropFirst(), shown).map { $0 - $1 }.filter { $0 > 0 }.sorted()
    return latest + (gaps.isEmpty ? 0 : gaps[gaps.count / 2])
  }

  /// The PTS (if any) of the audio or video PES header that starts `bytes`, and whether it
  /// is audio; `nil` for other streams.
  fileprivate static func header(_ bytes: UnsafeRawBufferPointer) -> (Int64?, Bool)? {
    guard bytes.count >= 14, bytes[0] == 0, bytes[1] == 0, bytes[2] == 1 else { return nil }
    let stream = bytes[3]
    // Audio (0xC0-0xDF), video (0xE0-0xEF) and private stream 1 (0xBD: AC-3, Opus, …).
    guard (0xC0...0xEF).contains(stream) || stream == 0xBD else { return nil }
    guard bytes[7] & 0x80 != 0 else { return (nil, stream < 0xE0) }
    let p = (9...13).map { Int64(bytes[$0]) }
    let pts = (p[0] >> 1 & 0x7) << 30 | p[1] << 22 | (p[2] >> 1) << 15 | p[3] << 7 | p[4] >> 1
    return (pts, stream < 0xE0)
  }
}
