// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

@testable import SwiftVLC

/// A DSD file's header (``DSDHeader``), as a probe reads it from a file or a download: the
/// values of whole files, and no crash or absurd length from a damaged or hostile one.
@Suite("DSD headers")
struct DSDHeaderTests {
  /// The first 80 bytes of `dsfSilence` with `edit` applied.
  func dsf(_ edit: (inout [UInt8]) -> Void = { _ in }) -> [UInt8] {
    var bytes = [UInt8](dsfSilence(seconds: 1).prefix(128))
    edit(&bytes)
    return bytes
  }

  func put(_ value: UInt64, width: Int, at offset: Int, in bytes: inout [UInt8]) {
    for index in 0..<width {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
    }
  }

  @Test("a whole DSF header: channels, DSD64's rate and the length")
  func wholeFile() throws {
    let header = try #require(DSDHeader.read(dsf()))
    #expect(header.channels == 2 && header.bitRate == 2_822_400 && header.sampleRate == 352_800)
    #expect(header.duration == .seconds(1))
  }

  @Test("huge or zero fields give no header or no length, never a trap")
  func hostileFields() {
    // 2^32 - 1 channels at 2^32 - 1 bits a second: the bitrate product overflowed.
    #expect(
      DSDHeader.read(
        dsf {
          put(0xFFFF_FFFF, width: 4, at: 52, in: &$0)
          put(0xFFFF_FFFF, width: 4, at: 56, in: &$0)
        }) == nil)
    #expect(DSDHeader.read(dsf { put(0, width: 4, at: 52, in: &$0) }) == nil)
    #expect(DSDHeader.read(dsf { put(0, width: 4, at: 56, in: &$0) }) == nil)
    // 2^64 - 1 samples at 1 bit a second: a length of 5.8e11 years overflowed Duration.
    let endless = DSDHeader.read(
      dsf {
        put(1, width: 4, at: 56, in: &$0)
        put(.max, width: 8, at: 64, in: &$0)
      })
    #expect(endless?.duration == nil)
    #expect(endless?.channels == 2)
    // Cut inside the format chunk.
    #expect(DSDHeader.read(Array(dsf().prefix(60))) == nil)
    // A DSDIFF whose chunk sizes run past every limit.
    var dsdiff = Array("FRM8".utf8) + [UInt8](repeating: 0xFF, count: 8) + Array("DSD ".utf8)
    dsdiff += Array("PROP".utf8) + [UInt8](repeating: 0x7F, count: 8) + Array("SND ".utf8)
    dsdiff += Array("FS  ".utf8) + [0, 0, 0, 0, 0, 0, 0, 4] + [0xFF, 0xFF, 0xFF, 0xFF]
    #expect(DSDHeader.read(dsdiff) == nil)
  }

  @Test("a parse deepened on the same media keeps the reason a DSD file does not play")
  func deepenedParse() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let dsf = media.folder.appendingPathComponent("silence.dsf")
    try dsfSilence(seconds: 1).write(to: dsf)
    let file = try Media(path: dsf.path, instance: try headlessInstance())
    for depth in [ParseDepth.container, .decoded] {
      let info = try await file.parse(depth: depth)
      #expect(!info.isPlayable, "\(depth)")
      #expect(info.unknowns == ["no decoder for DSD audio in this libVLC"], "\(depth)")
    }
  }
}
