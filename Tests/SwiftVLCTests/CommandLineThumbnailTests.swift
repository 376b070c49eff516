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
    "thumbnail --sheet without --precise shows keyframes, but cells sharing one their own frame",
    .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
  func fastSheetCells() async throws {
    // Keyframes every 2 s of 8 s: five cells at 0.8, 2.4, 4.0, 5.6 and 7.2 s have keyframes
    // 0, 2, 4, 4 and 6 s; the two cells on the keyframe at 4 s show their own frames.
    let clip = try await FrameOracle.clip(OracleVariant(container: .mp4))
    let scratch = try ScratchDirectory("cli-sheet-fast")
    defer { scratch.remove() }
    let output = scratch.path("sheet.png")
    let result = try await runTool(["thumbnail", clip.path, "--sheet", "5x1", "-o", output])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let cells = try sheetCells(output, columns: 5, rows: 1)
    let times = try await ContactSheet.times(count: 5, over: parsedDuration(clip.path))
    let keyframes = times.map { clip.keyframe(before: $0.inMilliseconds / 1_000) }
    var wrong: [String] = []
    for (index, time) in times.enumerated() {
      let seconds = time.inMilliseconds / 1_000
      let shared = keyframes.filter { $0 == keyframes[index] }.count > 1
      let expected = shared ? clip.frame(shownAt: seconds) : keyframes[index]
      let match = clip.match(cells[index], expected: expected)
      if match.frame != expected || match.difference >= ThumbnailFrameTests.tolerance {
        wrong.append("cell \(index) at \(seconds) s: frame \(match.frame), expected \(expected)")
      }
    }
    #expect(Set(keyframes).count == 4, "the clip's keyframes are not where the test expects")
    #expect(wrong.isEmpty, "\(wrong)")
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
    let cells = try sheetCells(output, columns: columns, rows: rows)
    let duration = try await parsedDuration(clip.path)
    var wrong: [String] = []
    for (index, time) in ContactSheet.times(count: columns * rows, over: duration).enumerated() {
      let seconds = time.inMilliseconds / 1_000
      let expected = clip.frame(shownAt: seconds)
      let match = clip.match(cells[index], expected: expected)
      if match.frame != expected || match.difference >= ThumbnailFrameTests.tolerance {
        wrong.append("cell \(index) at \(seconds) s: frame \(match.frame), expected \(expected)")
      }
    }
    #expect(wrong.isEmpty, "\(wrong)")
  }
}

/// The cells of the oracle-clip sheet at `path`, row by row.
private func sheetCells(_ path: String, columns: Int, rows: Int) throws -> [Thumbnail] {
  let sheet = try decodePNG(atPath: path)
  let (width, height) = (OracleClip.width, OracleClip.height)
  try #require(sheet.width == columns * width && sheet.height == rows * height)
  return (0..<columns * rows).map { index in
    let (left, top) = (index % columns * width, index / columns * height)
    var cell: [UInt8] = []
    for line in top..<top + height {
      let start = (line * sheet.width + left) * 4
      cell += sheet.rgba[start..<start + width * 4]
    }
    return Thumbnail(width: width, height: height, rgba: cell)
  }
}

/// The duration libVLC parses, which the tool spreads a sheet's cells over.
private func parsedDuration(_ path: String) async throws -> Duration {
  let media = try Media(path: path, instance: headlessInstance())
  return try #require(try await media.parse().duration)
}
