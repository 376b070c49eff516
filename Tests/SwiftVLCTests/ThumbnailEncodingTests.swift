// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Thumbnail encoding: JPEG and PNG text")
struct ThumbnailEncodingTests {
  /// Four 32×32 blocks: red, green, blue and grey.
  private let blocks: Thumbnail = {
    let colours: [[UInt8]] = [[220, 30, 30], [30, 200, 40], [20, 40, 210], [128, 128, 128]]
    var rgba: [UInt8] = []
    for y in 0..<64 {
      for x in 0..<64 {
        rgba += colours[(y / 32) * 2 + x / 32] + [255]
      }
    }
    return Thumbnail(width: 64, height: 64, rgba: rgba)
  }()

  @Test("jpegData decodes with libjpeg to the picture's colours, smaller at a lower quality")
  func jpegColours() throws {
    let data = try blocks.jpegData(quality: 90)
    let decoded = try decodeJPEG(data)
    #expect(decoded.width == 64 && decoded.height == 64)
    // Block centres, away from the chroma edges.
    for (x, y) in [(16, 16), (48, 16), (16, 48), (48, 48)] {
      let offset = (y * 64 + x) * 4
      for channel in 0..<3 {
        let difference = abs(
          Int(decoded.rgba[offset + channel]) - Int(blocks.rgba[offset + channel]))
        #expect(difference <= 6, "(\(x), \(y)) channel \(channel): \(difference)")
      }
    }
    let noisy = Thumbnail(
      width: 64, height: 64,
      rgba: (0..<64 * 64 * 4).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })
    #expect(try noisy.jpegData(quality: 10).count < noisy.jpegData(quality: 95).count)
  }

  @Test("jpegData throws invalidInput for a short buffer and a quality outside 1...100")
  func jpegErrors() {
    let short = Thumbnail(width: 4, height: 4, rgba: [0, 0, 0])
    #expect(throws: VLCError.self) { try short.jpegData() }
    for quality in [0, 101] {
      do {
        _ = try blocks.jpegData(quality: quality)
        Issue.record("quality \(quality) was accepted")
      } catch {
        guard case .invalidInput = error else {
          Issue.record("quality \(quality): \(error)")
          return
        }
      }
    }
  }

  @Test("pngData(text:) writes iTXt chunks libpng still reads past, UTF-8 kept")
  func pngTextChunks() throws {
    let scratch = try ScratchDirectory("png-text")
    defer { scratch.remove() }
    let path = scratch.path("text.png")
    let data = try blocks.pngData(text: [("Title", "Ünïcode — clip"), ("Description", "a\nb")])
    try data.write(to: URL(fileURLWithPath: path))
    #expect(try decodePNG(atPath: path) == blocks)
    #expect(try pngText(atPath: path) == ["Title": "Ünïcode — clip", "Description": "a\nb"])
    #expect(try blocks.pngData().count < data.count)
  }
}
