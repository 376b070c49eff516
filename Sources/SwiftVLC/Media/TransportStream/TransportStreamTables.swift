// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Collects the PAT, the PMTs and the SDT (actual transport stream) from 188-byte transport
/// stream packets. Sections may span packets; CRCs are not checked (a damaged table is read as
/// far as it is consistent, and bounds are checked at every step).
struct TransportStreamTables {
  private static let patPID = 0
  private static let sdtPID = 0x11

  private var mapPIDs: [Int: Int] = [:]  // program number → PMT PID
  private var patSeen = false
  private var sdtSeen = false
  private var streams: [Int: [TransportStreamProgram.Stream]] = [:]
  private var services: [Int: (name: String?, provider: String?)] = [:]
  private var sections: [Int: [UInt8]] = [:]  // PID → section being assembled
  private var mapOrder: [Int] = []  // program numbers, as their PMTs first came

  /// The programs found, in PAT order; `nil` without a PAT.
  var programs: [TransportStreamProgram]? {
    guard patSeen else { return nil }
    return mapPIDs.keys.sorted().map { number in
      TransportStreamProgram(
        number: number, mapPID: mapPIDs[number] ?? 0, name: services[number]?.name,
        provider: services[number]?.provider, streams: streams[number] ?? [])
    }
  }

  /// The programs in the order their PMTs first came (libVLC's track order), then those
  /// whose PMT was not found; `nil` without a PAT.
  var programsInMapOrder: [TransportStreamProgram]? {
    guard let programs else { return nil }
    let rank = Dictionary(uniqueKeysWithValues: mapOrder.enumerated().map { ($1, $0) })
    return programs.enumerated().sorted {
      (rank[$0.element.number] ?? mapOrder.count + $0.offset)
        < (rank[$1.element.number] ?? mapOrder.count + $1.offset)
    }.map(\.element)
  }

  /// Whether the PAT and the map table of every program in it have been read.
  var hasEveryMap: Bool {
    patSeen && mapPIDs.keys.allSatisfy { streams[$0] != nil }
  }

  /// Whether a service description table (actual transport stream) has been read.
  var hasServiceDescriptions: Bool { sdtSeen }

  /// Reads the packets in `bytes` (see ``TransportStreamPackets/forEach(in:_:)``).
  mutating func read(_ bytes: UnsafeRawBufferPointer) throws(VLCError) {
    let found = TransportStreamPackets.forEach(in: bytes) { add($0) }
    guard found else {
      throw .invalidInput("not an MPEG transport stream: no 188-byte packet sync found")
    }
  }

  /// Takes one packet: PAT, SDT and PMT sections are assembled; others are ignored.
  mutating func add(_ packet: TransportStreamPackets.Packet) {
    let pid = packet.pid
    guard pid == Self.patPID || pid == Self.sdtPID || mapPIDs.values.contains(pid) else { return }
    var bytes = Array(packet.payload)
    if packet.unitStart {
      let pointer = Int(bytes[0])
      guard 1 + pointer <= bytes.count else { return }
      bytes = Array(bytes[(1 + pointer)...])
      sections[pid] = bytes
    } else if sections[pid] != nil {
      sections[pid]?.append(contentsOf: bytes)
    }
    guard let section = sections[pid], section.count >= 3 else { return }
    let length = (Int(section[1] & 0x0F) << 8 | Int(section[2])) + 3
    guard section.count >= length else { return }
    sections[pid] = nil
    self.section(Array(section[..<length]), pid: pid)
  }

  private mutating func section(_ section: [UInt8], pid: Int) {
    guard section.count >= 12 else { return }
    let end = section.count - 4  // CRC
    switch (pid, section[0]) {
    case (Self.patPID, 0x00):
      patSeen = true
      for entry in stride(from: 8, to: end - 3, by: 4) {
        let number = Int(section[entry]) << 8 | Int(section[entry + 1])
        let mapPID = Int(section[entry + 2] & 0x1F) << 8 | Int(section[entry + 3])
        if number != 0 { mapPIDs[number] = mapPID }  // 0 names the network table
      }
    case (Self.sdtPID, 0x42):
      sdtSeen = true
      serviceDescriptions(section, end: end)
    case (_, 0x02):
      programMap(section, end: end)
    default:
      break
    }
  }

  private mutating func programMap(_ section: [UInt8], end: Int) {
    let number = Int(section[3]) << 8 | Int(section[4])
    var offset = 12 + (Int(section[10] & 0x0F) << 8 | Int(section[11]))
    var found: [TransportStreamProgram.Stream] = []
    while offset + 5 <= end {
      let type = Int(section[offset])
      let pid = Int(section[offset + 1] & 0x1F) << 8 | Int(section[offset + 2])
      let infoLength = Int(section[offset + 3] & 0x0F) << 8 | Int(section[offset + 4])
      let body = Self.descriptors(section, from: offset + 5, to: min(offset + 5 + infoLength, end))
      let descriptors = body.map(\.tag)
      let teletext = descriptors.contains(0x56)
      found.append(
        TransportStreamProgram.Stream(
          pid: pid, streamType: type, kind: Self.kind(type, descriptors: descriptors),
          isTeletext: teletext, language: Self.language(body)))
      offset += 5 + infoLength
    }
    if streams[number] == nil { mapOrder.append(number) }
    streams[number] = found
  }

  private static func descriptors(_ bytes: [UInt8], from start: Int, to end: Int)
    -> [(tag: UInt8, body: ArraySlice<UInt8>)]
  {
    var found: [(tag: UInt8, body: ArraySlice<UInt8>)] = []
    var offset = start
    while offset + 2 <= end {
      let bodyEnd = min(offset + 2 + Int(bytes[offset + 1]), end)
      found.append((bytes[offset], bytes[(offset + 2)..<bodyEnd]))
      offset += 2 + Int(bytes[offset + 1])
    }
    return found
  }

  /// A stream's language as libVLC's TS demuxer takes it: the ISO 639 descriptor's (0x0A),
  /// else a teletext or DVB subtitling descriptor's first (0x56, 0x59); three letters.
  private static func language(_ descriptors: [(tag: UInt8, body: ArraySlice<UInt8>)])
    -> String?
  {
    let named =
      descriptors.first { $0.tag == 0x0A }
      ?? descriptors.first { $0.tag == 0x56 || $0.tag == 0x59 }
    guard let body = named?.body, body.count >= 3 else { return nil }
    let code = body.prefix(3)
    guard code.allSatisfy({ (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) }) else {
      return nil
    }
    return String(decoding: code, as: UTF8.self)
  }

  private static func kind(_ type: Int, descriptors: [UInt8]) -> TrackKind {
    switch type {
    case 0x01, 0x02, 0x10, 0x1B, 0x24, 0x42, 0xEA: return .video
    case 0x03, 0x04, 0x0F, 0x11, 0x81, 0x87: return .audio
    case 0x06:
      if descriptors.contains(where: { $0 == 0x56 || $0 == 0x59 }) { return .subtitle }
      if descriptors.contains(where: { $0 == 0x6A || $0 == 0x7A }) { return .audio }
      return .unknown
    default: return .unknown
    }
  }

  private mutating func serviceDescriptions(_ section: [UInt8], end: Int) {
    var offset = 11
    while offset + 5 <= end {
      let service = Int(section[offset]) << 8 | Int(section[offset + 1])
      let loopLength = Int(section[offset + 3] & 0x0F) << 8 | Int(section[offset + 4])
      var descriptor = offset + 5
      let loopEnd = min(offset + 5 + loopLength, end)
      while descriptor + 2 <= loopEnd {
        let tag = section[descriptor]
        let length = Int(section[descriptor + 1])
        let body = descriptor + 2
        if tag == 0x48, body + length <= loopEnd, length >= 3 {
          let providerLength = Int(section[body + 1])
          let providerEnd = body + 2 + providerLength
          if providerEnd < body + length {
            let nameLength = Int(section[providerEnd])
            let nameEnd = min(providerEnd + 1 + nameLength, body + length)
            services[service] = (
              Self.text(section[(providerEnd + 1)..<nameEnd]),
              Self.text(section[(body + 2)..<providerEnd])
            )
          }
        }
        descriptor = body + length
      }
      offset += 5 + loopLength
    }
  }

  /// DVB text (EN 300 468 annex A): an optional character-table byte, then the text. UTF-8
  /// (0x15) is decoded as such; everything else as Latin-1, which is right for ASCII names.
  private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
    var body = bytes
    var utf8 = false
    if let first = body.first, first < 0x20 {
      utf8 = first == 0x15
      body = body.dropFirst(first == 0x10 ? 3 : 1)
    }
    guard !body.isEmpty else { return nil }
    return String(bytes: body, encoding: utf8 ? .utf8 : .isoLatin1)
  }
}
