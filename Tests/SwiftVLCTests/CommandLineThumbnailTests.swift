import Foundation
import SwiftVLC
import SwiftVLCCommandLine
import Testing

@Suite("swiftvlc thumbnail sheets", .sharesTheMachine)
struct CommandLineThumbnailTests {
  @Test("a sheet without --width has cells 320 pixels wide, or the source's width when smaller")
  func defaultCellWidth() {
    #expect(ContactSheet.defaultCellWidth(sourceWidth: 1_280) == 320)
    #expect(ContactSheet.defaultCellWidth(sourceWidth: 160) == 160)
    #expect(ContactSheet.defaultCellWidth(sourceWidth: nil) == 320)
  }

  @Test(
    "thumbnail --sheet 2x2 of 720p without --width writes a 640x360 PNG, of a 160x120 clip 320x240",
    .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
  func sheetWithoutWidth() async throws {
    let scratch = try ScratchDirectory("cli-sheet-width")
    defer { scratch.remove() }
    let clip = scratch.path("720p.mp4")
    _ = try await runForData(
      "ffmpeg",
      [
        "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=1280x720:r=25:d=2", "-c:v", "libx264",
        "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip,
      ])
    for (source, width, height) in [(clip, 640, 360), (Fixture.seekMP4.path, 320, 240)] {
      let output = scratch.path("sheet-\(width).png")
      let result = try await runTool(["thumbnail", source, "--sheet", "2x2", "-o", output])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.isEmpty)
      let sheet = try decodePNG(atPath: output)
      #expect(sheet.width == width && sheet.height == height, "\(source)")
    }
  }

  @Test(
    "thumbnail --sheet --precise shows in each cell the frame shown at the cell's time",
    .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
  func preciseSheetCells() async throws {
    let clip = try await FrameOracle.clip(OracleVariant(container: .mp4))
    let scratch = try ScratchDirectory("cli-sheet-precise")
    defer { scratch.remove() }
    let output = scratch.path("sheet.png")
    let (columns, rows) = (5, 4)
    let result = try await runTool(
      ["thumbnail", clip.path, "--sheet", "\(columns)x\(rows)", "--precise", "-o", output])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let sheet = try decodePNG(atPath: output)
    let (width, height) = (OracleClip.width, OracleClip.height)
    try #require(sheet.width == columns * width && sheet.height == rows * height)
    // The cells are spread over the duration libVLC parses, as the tool does.
    let media = try Media(path: clip.path, instance: headlessInstance())
    let duration = try #require(try await media.parse().duration)
    var wrong: [String] = []
    for (index, time) in ContactSheet.times(count: columns * rows, over: duration).enumerated() {
      let (left, top) = (index % columns * width, index / columns * height)
      var cell: [UInt8] = []
      for line in top..<top + height {
        let start = (line * sheet.width + left) * 4
        cell += sheet.rgba[start..<start + width * 4]
      }
      let seconds = time.inMilliseconds / 1_000
      let expected = clip.frame(shownAt: seconds)
      let match = clip.match(
        Thumbnail(width: width, height: height, rgba: cell), expected: expected)
      if match.frame != expected || match.difference >= ThumbnailFrameTests.tolerance {
        wrong.append("cell \(index) at \(seconds) s: frame \(match.frame), expected \(expected)")
      }
    }
    #expect(wrong.isEmpty, "\(wrong)")
  }
}
