// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// What the tables and timestamps of a local MPEG-TS file say: its programs (PAT, PMTs, SDT:
/// ``TransportStreamTables``) and its length (PES timestamps: ``TransportStreamDuration``).
///
/// libVLC 3 lists no programs, its preparse lists only the first program's streams, and its
/// TS demuxer measures the length from the first clock reference (PCR), which muxers place
/// up to a second before the first picture; ffprobe and players measure from the first
/// timestamp. Reads at most ``window`` bytes from each end of the file.
struct TransportStreamFile: Sendable {
  /// The programs in the order their PMTs first appear (libVLC's track order).
  var programs: [TransportStreamProgram]
  /// From the earliest start to the latest end of the audio and video.
  var duration: Duration?
  /// The format of MPEG audio streams (whose stream type leaves the layer open), from their
  /// first frame (``TransportStreamDuration/frameFormats(_:)``), by packet id.
  var frameFormats: [Int: FileHeaders.Audio] = [:]
  /// Whether the PAT and every program's map were read (``TransportStreamTables/hasEveryMap``),
  /// and a service description table, which names the programs.
  var hasEveryTable = false

  static let window = 4 << 20

  /// Reads `path`; `nil` when it does not start with three TS packets (told from its first
  /// kibibyte: the window is read only then, not for every file a parse reads).
  static func read(path: String) -> TransportStreamFile? {
    guard let file = ReadOnlyFile(path: path), let first = file.read(at: 0, upTo: 1_024),
      startsWithPackets(first), let head = file.read(at: 0, upTo: window), let size = file.size
    else { return nil }
    return read(head: head) {
      guard size > UInt64(head.count) else { return nil }
      let start = max(UInt64(head.count), size - UInt64(window))
      return file.read(at: start, upTo: Int(size - start)) ?? Data()
    }
  }

  /// Reads a stream's first bytes and, only once they are TS packets, its last ones (`tail`
  /// gives them; `nil`: the head is the whole stream), as a file's or a download's ends;
  /// `nil` when `head` does not start with three TS packets.
  static func read(head: Data, tail readTail: () -> Data?) -> TransportStreamFile? {
    guard startsWithPackets(head) else { return nil }
    var tables = TransportStreamTables()
    var first = TransportStreamDuration.Timestamps()
    _ = head.withUnsafeBytes { bytes in
      TransportStreamPackets.forEach(in: bytes) { packet in
        tables.add(packet)
        first.add(packet)
      }
    }
    var last = first
    if let tail = readTail() {
      var end = TransportStreamDuration.Timestamps()
      _ = tail.withUnsafeBytes { bytes in
        TransportStreamPackets.forEach(in: bytes) { packet in
          tables.add(packet)
          end.add(packet)
        }
      }
      last = end
    }
    return TransportStreamFile(
      programs: tables.programsInMapOrder ?? [],
      duration: TransportStreamDuration.span(head: first, tail: last),
      frameFormats: TransportStreamDuration.frameFormats(first),
      hasEveryTable: tables.hasEveryMap && tables.hasServiceDescriptions)
  }

  /// Whether `bytes` start with three TS packets: a file whose first bytes are not packets
  /// is not read as one, whatever follows; a BDAV packet starts with its 4-byte time stamp.
  private static func startsWithPackets(_ bytes: Data) -> Bool {
    let layout = bytes.withUnsafeBytes { TransportStreamPackets.layout(of: $0) }
    guard let layout else { return false }
    return layout.start == layout.stride - TransportStreamPackets.size
  }
}
