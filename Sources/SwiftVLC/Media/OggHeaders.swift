// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The header packets at the start of an Ogg file (RFC 3533 pages): each stream's
/// identification header and comment header, in the order the streams begin, reassembled
/// across pages. The one walk of Ogg pages, for the chapters (``OggChapters``) and Theora's
/// picture size (``FileHeaders``).
enum OggHeaders {
  /// The codecs whose headers are read; `bare` for a comment list with no header of its own
  /// (Speex's second packet, a native FLAC file's block).
  enum Codec: Sendable { case vorbis, opus, theora, flac, bare }

  /// One stream of a known codec.
  struct Stream: Sendable {
    var codec: Codec
    /// The first packet.
    var identification: [UInt8]
    /// The second packet, the comment header.
    var comment: [UInt8]
  }

  /// The picture size a Theora identification header declares (PICW and PICH, the size libVLC
  /// reports once its decoder has read the same header); `nil` for another codec or a header
  /// cut short.
  static func theoraPictureSize(_ stream: Stream) -> (width: Int, height: Int)? {
    let bytes = stream.identification
    guard stream.codec == .theora, bytes.count >= 22 else { return nil }
    // In macroblocks of 16 pixels: the coded frame the picture lies in (libtheora and FFmpeg
    // refuse a picture that does not).
    let frameWidth = (Int(bytes[10]) << 8 | Int(bytes[11])) * 16
    let frameHeight = (Int(bytes[12]) << 8 | Int(bytes[13])) * 16
    let width = Int(bytes[14]) << 16 | Int(bytes[15]) << 8 | Int(bytes[16])
    let height = Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
    let (x, y) = (Int(bytes[20]), Int(bytes[21]))
    guard width > 0, height > 0, width + x <= frameWidth, height + y <= frameHeight else {
      return nil
    }
    return (width, height)
  }

  /// The headers of every stream of a known codec; `nil` when `bytes`, the file's first bytes,
  /// end before every stream's comment header (the headers of all streams come before any
  /// data, RFC 3533), or are not Ogg.
  static func streams(_ bytes: [UInt8]) -> [Stream]? {
    var streams: [Int: (codec: Codec?, packets: [[UInt8]], packet: [UInt8])] = [:]
    var order: [Int] = []
    var offset = 0
    while offset + 27 <= bytes.count, bytes[offset..<offset + 4].elementsEqual("OggS".utf8) {
      let segments = Int(bytes[offset + 26])
      var body = offset + 27 + segments
      guard body <= bytes.count else { return nil }
      let serial = (0..<4).reduce(0) { $0 | Int(bytes[offset + 14 + $1]) << (8 * $1) }
      if bytes[offset + 5] & 0x02 != 0, streams[serial] == nil {
        streams[serial] = (nil, [], [])
        order.append(serial)
      }
      for segment in 0..<segments {
        let length = Int(bytes[offset + 27 + segment])
        guard body + length <= bytes.count else { return nil }
        defer { body += length }
        guard var stream = streams[serial], stream.packets.count < 2 else { continue }
        stream.packet += bytes[body..<body + length]
        // A lacing value under 255 ends a packet.
        if length < 255 {
          if stream.packets.isEmpty { stream.codec = codec(of: stream.packet) }
          stream.packets.append(stream.packet)
          stream.packet = []
        }
        streams[serial] = stream
      }
      offset = body
      // Done once every stream has given its comment header or is of an unknown codec.
      let done = order.allSatisfy { serial in
        guard let stream = streams[serial] else { return false }
        return stream.packets.count >= 2 || (stream.packets.count == 1 && stream.codec == nil)
      }
      if !order.isEmpty, done {
        return order.compactMap { serial in
          guard let stream = streams[serial], let codec = stream.codec else { return nil }
          return Stream(codec: codec, identification: stream.packets[0], comment: stream.packets[1])
        }
      }
    }
    return nil
  }

  /// The codec an identification header names.
  private static func codec(of packet: [UInt8]) -> Codec? {
    func starts(_ text: [UInt8]) -> Bool { packet.starts(with: text) }
    if starts([0x01] + Array("vorbis".utf8)) { return .vorbis }
    if starts(Array("OpusHead".utf8)) { return .opus }
    if starts([0x80] + Array("theora".utf8)) { return .theora }
    if starts([0x7F] + Array("FLAC".utf8)) { return .flac }
    if starts(Array("Speex   ".utf8)) { return .bare }
    return nil
  }
}
