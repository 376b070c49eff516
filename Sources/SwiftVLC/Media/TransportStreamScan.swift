import FoundationEssentials
import Glibc

/// What the program tables and timestamps of a local MPEG-TS file say: its programs (from the
/// PAT, PMTs and SDT) and its length (from the first and last presentation timestamps).
///
/// libVLC 3 lists no programs, and its TS demuxer measures the length from the first clock
/// reference (PCR), which muxers place up to a second before the first picture; ffprobe and
/// players measure from the first timestamp. Reads at most `window` bytes from each end.
struct TransportStreamScan: Sendable, Equatable {
  /// One program of the PAT, with what its PMT and the SDT tell.
  struct Program: Sendable, Equatable {
    var number: Int
    var name: String?
    var provider: String?
    /// The elementary streams, in PMT order: packet id and MPEG stream type.
    var streams: [(pid: Int, type: Int)]

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.number == rhs.number && lhs.name == rhs.name && lhs.provider == rhs.provider
        && lhs.streams.map(\.pid) == rhs.streams.map(\.pid)
        && lhs.streams.map(\.type) == rhs.streams.map(\.type)
    }
  }

  /// Programs in the order their PMTs first appear in the file (libVLC's ES order).
  var programs: [Program]
  /// From the earliest first timestamp to the latest last timestamp plus one frame.
  var duration: Duration?

  static let window = 4 << 20
  private static let packetSize = 188

  /// Scans `path`; `nil` when it does not start with TS packets.
  static func scan(path: String) -> TransportStreamScan? {
    guard let file = ReadOnlyFile(path: path),
      let start = file.read(at: 0, upTo: packetSize * 4), isTransportStream(start),
      let size = file.size, let head = file.read(at: 0, upTo: window)
    else { return nil }
    var reader = PacketReader()
    reader.read(Array(head))
    if size > UInt64(head.count) {
      let tailStart = max(UInt64(head.count), size - UInt64(window))
      let aligned = tailStart - tailStart % UInt64(packetSize)
      if let tail = file.read(at: aligned, upTo: Int(size - aligned)) {
        reader.read(Array(tail))
      }
    }
    return TransportStreamScan(programs: reader.programs(), duration: reader.duration())
  }

  private static func isTransportStream(_ data: Data) -> Bool {
    let bytes = [UInt8](data.prefix(packetSize * 4))
    guard bytes.count == packetSize * 4 else { return false }
    return (0..<4).allSatisfy { bytes[$0 * packetSize] == 0x47 }
  }
}

/// Walks 188-byte packets: collects PSI sections and PES timestamps.
private struct PacketReader {
  private var pmtPIDs: [Int: Int] = [:]  // PMT pid -> program number
  private var patOrder: [Int] = []
  private var pmts: [Int: TransportStreamScan.Program] = [:]
  private var pmtOrder: [Int] = []
  private var services: [Int: (name: String?, provider: String?)] = [:]
  private var sections: [Int: [UInt8]] = [:]
  /// Per packet id: each PES's presentation time and its PES_packet_length (0: unbounded).
  private var timestamps: [Int: [(pts: Int64, length: Int)]] = [:]

  mutating func read(_ bytes: [UInt8]) {
    var offset = 0
    while offset + 188 <= bytes.count {
      guard bytes[offset] == 0x47 else {
        offset += 1  // resynchronise
        continue
      }
      packet(bytes[offset..<offset + 188])
      offset += 188
    }
  }

  private mutating func packet(_ packet: ArraySlice<UInt8>) {
    let base = packet.startIndex
    let start = packet[base + 1] & 0x40 != 0
    let pid = Int(packet[base + 1] & 0x1F) << 8 | Int(packet[base + 2])
    let control = (packet[base + 3] >> 4) & 0x3
    guard control & 1 != 0 else { return }
    var payload = base + 4
    if control & 2 != 0 { payload += 1 + Int(packet[base + 4]) }
    guard payload < packet.endIndex else { return }
    let body = packet[payload...]
    if pid == 0 || pid == 0x11 || pmtPIDs[pid] != nil {
      section(pid: pid, body, start: start)
    } else if start, isElementary(pid) {
      timestamp(pid: pid, body)
    }
  }

  private func isElementary(_ pid: Int) -> Bool {
    pmts.values.contains { $0.streams.contains { $0.pid == pid } }
  }

  private mutating func timestamp(pid: Int, _ pes: ArraySlice<UInt8>) {
    let b = Array(pes)
    guard b.count >= 14, b[0] == 0, b[1] == 0, b[2] == 1, b[7] & 0x80 != 0 else { return }
    let pts =
      Int64(b[9] & 0x0E) << 29 | Int64(b[10]) << 22 | Int64(b[11] & 0xFE) << 14
      | Int64(b[12]) << 7 | Int64(b[13] >> 1)
    timestamps[pid, default: []].append((pts, Int(b[4]) << 8 | Int(b[5])))
  }

  private mutating func section(pid: Int, _ body: ArraySlice<UInt8>, start: Bool) {
    var data = Array(body)
    if start {
      let pointer = Int(data[0])
      guard 1 + pointer < data.count else { return }
      data = Array(data[(1 + pointer)...])
      sections[pid] = data
    } else {
      guard sections[pid] != nil else { return }
      sections[pid]! += data
    }
    guard let buffer = sections[pid], buffer.count >= 3 else { return }
    let length = Int(buffer[1] & 0x0F) << 8 | Int(buffer[2])
    guard buffer.count >= 3 + length else { return }
    sections[pid] = nil
    let table = Array(buffer[0..<(3 + length)])
    guard table.count >= 12 else { return }
    switch (pid, table[0]) {
    case (0, 0x00): pat(table)
    case (0x11, 0x42): sdt(table)
    case (_, 0x02) where pmtPIDs[pid] != nil: pmt(table, program: pmtPIDs[pid]!)
    default: break
    }
  }

  private mutating func pat(_ s: [UInt8]) {
    var i = 8
    while i + 4 <= s.count - 4 {
      let number = Int(s[i]) << 8 | Int(s[i + 1])
      let pid = Int(s[i + 2] & 0x1F) << 8 | Int(s[i + 3])
      if number != 0, pmtPIDs[pid] == nil {
        pmtPIDs[pid] = number
        patOrder.append(number)
      }
      i += 4
    }
  }

  private mutating func pmt(_ s: [UInt8], program: Int) {
    guard pmts[program] == nil else { return }
    let infoLength = Int(s[10] & 0x0F) << 8 | Int(s[11])
    var i = 12 + infoLength
    var streams: [(pid: Int, type: Int)] = []
    while i + 5 <= s.count - 4 {
      let type = Int(s[i])
      let pid = Int(s[i + 1] & 0x1F) << 8 | Int(s[i + 2])
      let length = Int(s[i + 3] & 0x0F) << 8 | Int(s[i + 4])
      streams.append((pid, type))
      i += 5 + length
    }
    pmts[program] = TransportStreamScan.Program(
      number: program, name: nil, provider: nil, streams: streams)
    pmtOrder.append(program)
  }

  private mutating func sdt(_ s: [UInt8]) {
    var i = 11
    while i + 5 <= s.count - 4 {
      let service = Int(s[i]) << 8 | Int(s[i + 1])
      let length = Int(s[i + 3] & 0x0F) << 8 | Int(s[i + 4])
      var d = i + 5
      let end = min(d + length, s.count - 4)
      while d + 2 <= end {
        let tag = s[d]
        let size = Int(s[d + 1])
        if tag == 0x48, d + 2 + size <= end, size >= 3 {
          let providerLength = Int(s[d + 3])
          let providerEnd = d + 4 + providerLength
          if providerEnd < d + 2 + size {
            let nameLength = Int(s[providerEnd])
            let nameEnd = min(providerEnd + 1 + nameLength, d + 2 + size)
            services[service] = (
              name: dvbText(s[(providerEnd + 1)..<nameEnd]),
              provider: dvbText(s[(d + 4)..<providerEnd])
            )
          }
        }
        d += 2 + size
      }
      i += 5 + length
    }
  }

  func programs() -> [TransportStreamScan.Program] {
    let order = pmtOrder + patOrder.filter { pmts[$0] == nil }
    return order.map { number in
      var program =
        pmts[number]
        ?? TransportStreamScan.Program(number: number, name: nil, provider: nil, streams: [])
      program.name = services[number]?.name
      program.provider = services[number]?.provider
      return program
    }
  }

  /// Earliest first timestamp to latest last timestamp plus the last PES's own length: one
  /// frame step for video (one picture per PES); for audio, whose PES carry several frames
  /// (a third of a second from ffmpeg), the step scaled by the last PES's size over the
  /// largest one's.
  func duration() -> Duration? {
    var first: Int64?
    var last: Int64?
    for (pid, values) in timestamps where !values.isEmpty {
      let start = values.prefix(8).map(\.pts).min()!
      let unwrapped = values.map { ($0.pts < start ? $0.pts + (1 << 33) : $0.pts, $0.length) }
      let sorted = unwrapped.sorted { $0.0 < $1.0 }.suffix(64)
      let times = sorted.map(\.0)
      let step = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.min() ?? 0
      let final = sorted.last!
      let largest = sorted.map(\.1).max() ?? 0
      let isVideo = videoTypes.contains(streamType(of: pid) ?? 0)
      let extra =
        isVideo || final.1 == 0 || largest == 0 ? step : step * Int64(final.1) / Int64(largest)
      first = min(first ?? start, start)
      last = max(last ?? final.0 + extra, final.0 + extra)
    }
    guard let first, let last, last > first else { return nil }
    return .microseconds((last - first) * 100 / 9)
  }

  private func streamType(of pid: Int) -> Int? {
    for program in pmts.values {
      if let stream = program.streams.first(where: { $0.pid == pid }) { return stream.type }
    }
    return nil
  }
}

/// MPEG-1/2 video, MPEG-4 part 2, H.264, HEVC, CAVS, VC-1 stream types.
private let videoTypes: Set<Int> = [0x01, 0x02, 0x10, 0x1B, 0x24, 0x42, 0xEA]

/// DVB text (EN 300 468 annex A): a leading byte below 0x20 names a character table; treat
/// the rest as Latin-1 unless it is UTF-8 (0x15).
private func dvbText(_ bytes: ArraySlice<UInt8>) -> String? {
  var bytes = Array(bytes)
  guard !bytes.isEmpty else { return nil }
  var utf8 = false
  if bytes[0] < 0x20 {
    utf8 = bytes[0] == 0x15
    bytes.removeFirst(bytes[0] == 0x10 ? min(3, bytes.count) : 1)
  }
  let text =
    utf8
    ? String(decoding: bytes, as: UTF8.self)
    : String(bytes.map { Character(Unicode.Scalar($0)) })
  return text.isEmpty ? nil : text
}
