// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Telling MPEG-1 video from MPEG-2 in a program stream's first bytes: libVLC 3 names both
/// "mpgv", and an MPEG-1 system stream may carry either (ffmpeg's `mpeg` muxer).
enum MPEGVideoSequence {
  /// Whether the first MPEG video sequence header (start code `B3`) in `bytes` is followed by
  /// a group or a picture (`B8`, `00`) before any sequence extension (`B5` with id 1): MPEG-1.
  /// Pack and packet headers between them are passed over; `nil` when `bytes` end first.
  static func isMPEG1(in bytes: [UInt8]) -> Bool? {
    func startCode(from index: Int) -> Int? {
      var index = index
      while index + 3 < bytes.count {
        if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 { return index }
        index += 1
      }
      return nil
    }
    var index = 0
    while let found = startCode(from: index), bytes[found + 3] != 0xB3 { index = found + 3 }
    guard let header = startCode(from: index) else { return nil }
    index = header + 4
    while let next = startCode(from: index) {
      switch bytes[next + 3] {
      case 0xB5: return next + 4 < bytes.count ? bytes[next + 4] >> 4 != 1 : nil
      case 0xB8, 0x00: return true
      default: index = next + 3
      }
    }
    return nil
  }
}
