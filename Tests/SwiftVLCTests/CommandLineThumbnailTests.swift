import Foundation
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
}
