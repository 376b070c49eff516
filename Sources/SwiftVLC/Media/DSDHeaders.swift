// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The format a DSD file's header declares: Sony's DSF (little-endian `DSD `, `fmt ` and
/// `data` chunks) or Philips' DSDIFF (big-endian `FRM8` of `FVER`, `PROP` and `DSD `).
///
/// libVLC 3 has no DSD demuxer or decoder: its libavformat demuxer reads such a file through
/// `avformat_find_stream_info`, packet by packet (58,000 `fstat` calls for a 700 KB file, a
/// sixth of a second), only to list an unidentified codec (`undf`) that nothing decodes. A
/// parse answers from this header instead, as ffprobe does (`sampleRate` is ffprobe's: the
/// bit rate per channel over 8, 352,800 for DSD64).
struct DSDHeader: Equatable {
  var channels: Int
  /// The bits per second of one channel (2,822,400 for DSD64).
  var bitRate: Int
  /// The length, from the number of bits per channel.
  var duration: Duration?

  /// ffprobe's sample rate: bytes per second of one channel.
  var sampleRate: Int { bitRate / 8 }

  /// A header's values as far as they are plausible (1 to 32 channels, at most DSD2048's
  /// rate, less than a year long); `nil` for values no DSD file has, which a damaged or
  /// hostile header may give (a product or a length that would overflow).
  init?(channels: Int, bitRate: Int, seconds: Double) {
    guard (1...32).contains(channels), (1...(1 << 28)).contains(bitRate) else { return nil }
    self.channels = channels
    self.bitRate = bitRate
    duration = seconds > 0 && seconds < 3.2e7 ? .seconds(seconds) : nil
  }

  /// Why a file in `container` does not play, when it is a DSD container: libVLC 3 has no
  /// DSD decoder.
  static func unplayableNote(container: String?) -> String? {
    ["DSF", "DSDIFF"].contains(container) ? "no decoder for DSD audio in this libVLC" : nil
  }

  /// The header of a DSF or DSDIFF file whose first bytes are `bytes`; `nil` for others.
  static func read(_ bytes: [UInt8]) -> DSDHeader? {
    switch FileHeaders.containerName(bytes) {
    case "DSF": dsf(bytes)
    case "DSDIFF": dsdiff(bytes)
    default: nil
    }
  }

  /// DSF 1.01: the `fmt ` chunk follows the 28-byte `DSD ` chunk.
  private static func dsf(_ bytes: [UInt8]) -> DSDHeader? {
    guard bytes.count >= 76, String(decoding: bytes[28..<32], as: UTF8.self) == "fmt " else {
      return nil
    }
    let rate = littleEndian(bytes, 56, 4)
    let samples = Double(UInt64(truncatingIfNeeded: littleEndian(bytes, 64, 8)))
    return DSDHeader(
      channels: littleEndian(bytes, 52, 4), bitRate: rate,
      seconds: rate > 0 ? samples / Double(rate) : 0)
  }

  /// DSDIFF 1.5: the `PROP` chunk's `FS  ` and `CHNL`, and the size of the `DSD ` chunk,
  /// whose bytes interleave the channels.
  private static func dsdiff(_ bytes: [UInt8]) -> DSDHeader? {
    var (channels, rate, dataBytes) = (0, 0, 0)
    for (id, body) in chunks(bytes, from: 16, to: bytes.count) {
      switch id {
      case "PROP" where body.count >= 4:
        for (property, value) in chunks(bytes, from: body.lowerBound + 4, to: body.upperBound) {
          if property == "FS  " { rate = MP4Boxes.integer(bytes, value.lowerBound, 4) }
          if property == "CHNL" { channels = MP4Boxes.integer(bytes, value.lowerBound, 2) }
        }
      case "DSD ":
        dataBytes = body.count
      default:
        continue
      }
    }
    guard channels > 0, rate > 0 else { return nil }
    let seconds = Double(dataBytes) * 8 / Double(channels) / Double(rate)
    return DSDHeader(channels: channels, bitRate: rate, seconds: seconds)
  }

  /// The chunks (id, and the range of their data as declared) from `start` up to `end`; a
  /// chunk's data may run past the bytes read (the sound data), the walk stops there.
  private static func chunks(_ bytes: [UInt8], from start: Int, to end: Int) -> [(
    String, Range<Int>
  )] {
    var found: [(String, Range<Int>)] = []
    var offset = start
    while offset + 12 <= min(end, bytes.count), found.count < 64 {
      let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = MP4Boxes.integer(bytes, offset + 4, 8)
      guard size >= 0, size <= Int.max / 2 else { break }
      found.append((id, offset + 12..<offset + 12 + size))
      offset += 12 + size + size % 2
    }
    return found
  }
}

extension Media {
  /// The parse of a local DSD file named so (`.dsf`, `.dff`), answered from its header
  /// (``DSDHeader``) without libVLC's preparse: one audio track no decoder of libVLC 3 plays, so not
  /// playable, with that reason, at both depths; `nil` for other media.
  func dsdInfo(depth: ParseDepth, until deadline: ContinuousClock.Instant)
    async throws(VLCError) -> MediaInfo?
  {
    // Named as DSD: no read before libVLC's preparse of every other file. A DSD file named
    // otherwise is parsed by libVLC and still answered unplayable (``unplayableNote``).
    guard ["dsf", "dff"].contains(locationExtension), let path = localPath,
      let file = ReadOnlyFile(path: path), let head = file.read(at: 0, upTo: 16),
      ["DSF", "DSDIFF"].contains(FileHeaders.containerName([UInt8](head)))
    else { return nil }
    let track = Track(id: 0, kind: .audio, codec: "dsd")
    let listed = MediaInfo(duration: nil, metadata: Metadata(), tracks: [track], isPlayable: false)
    // The reason is noted there, whichever depth comes first.
    return try await refined(listed, depth: depth, until: deadline)
  }
}
