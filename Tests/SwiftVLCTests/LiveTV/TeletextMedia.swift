// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC

/// A transport stream with DVB teletext, made at test time: `scripts/teletext-ts.py` writes
/// the teletext (page 100: text and a white block on rows 4–9, columns 10–29; subtitle page
/// 888: a boxed white bar on row 20 and boxed text on row 22) and ffmpeg muxes it with a flat
/// dark-blue 320×240 H.264 picture, keeping the PMT's teletext descriptor.
enum TeletextMedia {
  /// Where each page draws on a 320×240 frame (a teletext row is 240 / 25 = 9.6 lines).
  enum Band {
    /// Page 100's white block: rows 4–9, columns 10–29.
    case indexBlock
    /// Page 888's boxed lines: rows 20–22.
    case subtitleLines

    var rows: Range<Int> {
      switch self {
      case .indexBlock: 42..<90
      case .subtitleLines: 190..<222
      }
    }

    var columns: Range<Int> {
      switch self {
      case .indexBlock: 84..<228
      case .subtitleLines: 40..<280
      }
    }
  }

  /// Makes the stream (`seconds` long) in `generated`'s folder and returns its path.
  static func make(_ generated: GeneratedMedia, seconds: Int = 20) async throws -> String {
    let teletext = generated.folder.appendingPathComponent("teletext-only.ts").path
    let script = try await runProgram(
      python3, python3Options + [Self.script.path, teletext, "--seconds", "\(seconds + 1)"],
      within: .seconds(120))
    guard script.status == 0 else {
      throw GenerationFailed(name: "teletext-only.ts", message: script.stderr)
    }
    return try await generated.make(
      "teletext.ts",
      [
        "-f", "lavfi", "-i", "color=c=0x204080:s=320x240:r=25:d=\(seconds)", "-i", teletext,
        "-map", "0:v", "-map", "1:0", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-g", "25",
        "-c:s", "copy", "-f", "mpegts",
      ])
  }

  /// Near-white pixels (every channel above 200) of an RGBA frame inside `band`; the flat
  /// blue picture has none.
  static func whitePixels(in frame: VideoFrame, _ band: Band) -> Int {
    guard frame.width == 320, frame.height == 240 else { return 0 }
    return frame.withUnsafeBytes { bytes in
      var count = 0
      for row in band.rows {
        for column in band.columns {
          let offset = row * frame.pitch + column * 4
          if bytes[offset] > 200, bytes[offset + 1] > 200, bytes[offset + 2] > 200 { count += 1 }
        }
      }
      return count
    }
  }

  /// `scripts/teletext-ts.py`: this file is `<repo>/Tests/SwiftVLCTests/LiveTV/…`.
  private static var script: URL {
    var repository = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { repository.deleteLastPathComponent() }
    return repository.appendingPathComponent("scripts/teletext-ts.py")
  }
}
