// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CZlib

/// Inflates a gzip stream (several members, as `cat a.gz b.gz` makes, included) as its bytes
/// arrive, with zlib, handing the output on in blocks of at most 256 KiB. Not thread-safe:
/// one reader owns it.
final class GzipInflater {
  private var stream = z_stream()
  private var output = [UInt8](repeating: 0, count: 256 << 10)
  /// Whether the last member ended; `false` while more compressed bytes are expected.
  private(set) var isFinished = false

  init() throws(VLCError) {
    // 15 + 16: a window of 32 KiB, gzip header and trailer.
    let status = inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw .operationFailed("zlib could not start (status \(status))") }
  }

  deinit { inflateEnd(&stream) }

  /// Inflates `input`, calling `body` with each block of output.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for corrupt data, or what `body` throws.
  func inflate(
    _ input: UnsafeRawBufferPointer,
    _ body: (UnsafeRawBufferPointer) throws(VLCError) -> Void
  ) throws(VLCError) {
    guard let base = input.baseAddress, !input.isEmpty else { return }
    var remaining = input.count
    var next = base.assumingMemoryBound(to: UInt8.self)
    while remaining > 0 {
      if isFinished {
        // Another member follows, or trailing bytes that are not gzip (ignored). Only the
        // first byte is looked at: a member may start at a chunk's last byte, and zlib checks
        // the rest of its header as it comes.
        guard next[0] == 0x1F else { return }
        inflateReset(&stream)
        isFinished = false
      }
      let (status, used, produced) = output.withUnsafeMutableBufferPointer { out in
        stream.next_in = UnsafeMutablePointer(mutating: next)
        stream.avail_in = UInt32(min(remaining, Int(UInt32.max)))
        stream.next_out = out.baseAddress
        stream.avail_out = UInt32(out.count)
        let before = Int(stream.avail_in)
        let status = CZlib.inflate(&stream, Z_NO_FLUSH)
        return (status, before - Int(stream.avail_in), out.count - Int(stream.avail_out))
      }
      next += used
      remaining -= used
      switch status {
      case Z_OK, Z_BUF_ERROR:
        break
      case Z_STREAM_END:
        isFinished = true
      default:
        let reason = stream.msg.map { String(cString: $0) } ?? "status \(status)"
        throw .invalidInput("corrupt gzip data: \(reason)")
      }
      if produced > 0 {
        var failure: VLCError?
        output.withUnsafeBytes { bytes in
          do throws(VLCError) {
            try body(UnsafeRawBufferPointer(rebasing: bytes[0..<produced]))
          } catch {
            failure = error
          }
        }
        if let failure { throw failure }
      } else if used == 0 && status != Z_STREAM_END {
        return  // zlib wants more input
      }
    }
  }
}
