// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The one reader of MPEG transport stream packets (ISO 13818-1 2.4.3): finds the 188-byte
/// packets in a buffer, also the 192-byte ones of Blu-ray's BDAV M2TS files (each behind a
/// 4-byte arrival time stamp), and hands each one's packet id, unit-start flag and payload to
/// the table reader (``TransportStreamTables``) and the timestamp reader
/// (``TransportStreamDuration``).
enum TransportStreamPackets {
  /// One packet with a payload.
  struct Packet {
    /// The packet id.
    var pid: Int
    /// Whether a PES packet or a PSI section starts in this packet.
    var unitStart: Bool
    /// The bytes after the header and adaptation field; never empty.
    var payload: UnsafeRawBufferPointer
  }

  static let size = 188

  /// Where the packets of a buffer start and how far apart they are.
  struct Layout: Equatable {
    /// The offset of the first packet's sync byte.
    var start: Int
    /// 188, or 192 in a BDAV M2TS file.
    var stride: Int
  }

  /// One packet's header (2.4.3.2) and the clock reference of its adaptation field (2.4.3.4).
  struct Header {
    /// The packet id.
    var pid: Int
    /// Whether a PES packet or a PSI section starts in this packet.
    var unitStart: Bool
    /// The program clock reference's base (90 kHz ticks), when the packet carries one.
    var clock: Int64?
    /// Where the payload lies in the buffer read; empty when the packet has none.
    var payload: Range<Int>
  }

  /// The header of the packet at `offset` in `bytes`, or `nil` when no whole packet with the
  /// sync byte starts there.
  static func header(at offset: Int, in bytes: UnsafeRawBufferPointer) -> Header? {
    guard offset >= 0, offset + size <= bytes.count, bytes[offset] == 0x47 else { return nil }
    let control = (bytes[offset + 3] >> 4) & 0x3
    var payload = offset + 4
    var clock: Int64?
    if control & 2 != 0 {
      let length = Int(bytes[offset + 4])
      payload += 1 + length
      // The flags byte, then the 33-bit base of a clock reference when its flag is set.
      if length >= 7, bytes[offset + 5] & 0x10 != 0 {
        clock =
          (0..<4).reduce(Int64(0)) { $0 << 8 | Int64(bytes[offset + 6 + $1]) } << 1
          | Int64(bytes[offset + 10] >> 7)
      }
    }
    let end = offset + size
    return Header(
      pid: Int(bytes[offset + 1] & 0x1F) << 8 | Int(bytes[offset + 2]),
      unitStart: bytes[offset + 1] & 0x40 != 0, clock: clock,
      payload: control & 1 != 0 && payload < end ? payload..<end : end..<end)
  }

  /// Calls `body` with every packet in `bytes` that carries a payload, from the first offset
  /// where three packets in a row start with the sync byte (0x47; fewer at the end of a short
  /// buffer); a packet without the sync byte is skipped. Returns `false`, calling nothing,
  /// when there is no such offset.
  @discardableResult
  static func forEach(
    in bytes: UnsafeRawBufferPointer, _ body: (Packet) throws(Never) -> Void
  ) -> Bool {
    guard let layout = layout(of: bytes) else { return false }
    for offset in stride(from: layout.start, through: bytes.count - size, by: layout.stride) {
      guard let header = header(at: offset, in: bytes), !header.payload.isEmpty else { continue }
      body(
        Packet(
          pid: header.pid, unitStart: header.unitStart,
          payload: UnsafeRawBufferPointer(rebasing: bytes[header.payload])))
    }
    return true
  }

  /// The first offset where three packets in a row start with the sync byte 0x47, 188 bytes
  /// apart, else 192 bytes apart.
  static func layout(of bytes: UnsafeRawBufferPointer) -> Layout? {
    for stride in [size, size + 4] {
      let start = (0..<min(stride, bytes.count)).first { offset in
        (0..<3).allSatisfy {
          let index = offset + $0 * stride
          return index < bytes.count ? bytes[index] == 0x47 : $0 > 0
        }
      }
      if let start { return Layout(start: start, stride: stride) }
    }
    return nil
  }
}
