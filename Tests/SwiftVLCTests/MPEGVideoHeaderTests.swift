// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Testing

@testable import SwiftVLC

/// Telling MPEG-1 video from MPEG-2 in a program stream's first bytes.
@Suite("MPEG video headers")
struct MPEGVideoHeaderTests {
  static let pack: [UInt8] = [0, 0, 1, 0xBA, 0x21, 0, 1, 0, 1, 0x80, 0x1B, 0x91]
  static let sequence: [UInt8] = [0, 0, 1, 0xB3, 0x16, 0x01, 0x20, 0x13, 0xFF, 0xFF, 0xE0, 0x18]
  static let packet: [UInt8] = [0, 0, 1, 0xE0, 0x07, 0xEC, 0x60, 0x00]

  @Test("a sequence extension makes MPEG-2, a group or picture first MPEG-1, none yet unknown")
  func sequenceExtension() {
    let mpeg2 = Self.pack + Self.packet + Self.sequence + [0, 0, 1, 0xB5, 0x14, 0x8A, 0, 1]
    #expect(MPEGVideoSequence.isMPEG1(in: mpeg2) == false)
    let mpeg1 = Self.pack + Self.packet + Self.sequence + [0, 0, 1, 0xB8, 0, 8, 0, 0]
    #expect(MPEGVideoSequence.isMPEG1(in: mpeg1) == true)
    // A pack and a packet header between the sequence header and its extension are passed.
    let split = Self.pack + Self.sequence + Self.pack + Self.packet + [0, 0, 1, 0xB5, 0x14]
    #expect(MPEGVideoSequence.isMPEG1(in: split) == false)
    // A VCD's first packs hold only system headers and padding: not told from them.
    let padding = Self.pack + [0, 0, 1, 0xBE, 0x07, 0xEC] + [UInt8](repeating: 0xFF, count: 64)
    #expect(MPEGVideoSequence.isMPEG1(in: padding) == nil)
    #expect(MPEGVideoSequence.isMPEG1(in: Self.pack + Self.sequence) == nil)
    #expect(MPEGVideoSequence.isMPEG1(in: Self.sequence + [0, 0, 1, 0xB5]) == nil)
  }
}
