// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

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
    "thumbnail --sheet 2x2 of 720p without --width has 320x180 cells, of a 160x120 clip 160x120",
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
    for (source, width, height) in [(clip, 320, 180), (Fixture.seekMP4.path, 160, 120)] {
      let output = scratch.path("sheet-\(width).png")
      let result = try await runTool([
        "thumbnail", source, "--sheet", "2x2", "--no-header", "-o", output,
      ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.isEmpty)
      let sheet = try decodePNG(atPath: output)
      let layout = SheetLayout(
        columns: 2, rows: 2, cellWidth: width, cellHeight: height, headerLines: 0)
      #expect(sheet.width == layout.width && sheet.height == layout.height, "\(source)")
    }
  }

  @Test(
    "a sheet of an MPEG program stream spreads over the length a decoded probe finds",
    .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
  func programStreamSheet() async throws {
    let scratch = try ScratchDirectory("cli-sheet-ps")
    defer { scratch.remove() }
    let clip = scratch.path("program.mpg")
    _ = try await runForData(
      "ffmpeg",
      [
        "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=25:d=4", "-c:v", "mpeg2video",
        "-f", "vob", clip,
      ])
    // Its length is known only while playing: the sheet said it had none.
    let output = scratch.path("sheet.png")
    let result = try await runTool([
      "thumbnail", clip, "--sheet", "2x2", "--no-header", "-o", output,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let sheet = try decodePNG(atPath: output)
    let layout = SheetLayout(columns: 2, rows: 2, cellWidth: 320, cellHeight: 240, headerLines: 0)
    #expect(sheet.width == layout.width && sheet.height == layout.height)
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
    // Each cell's label is the time of the frame it shows (it was the time asked, up to
    // 1.6 s after the keyframe shown).
    let sheet = try await ContactSheet.make(
      columns: 5, rows: 1, of: Media(path: clip.path, instance: headlessInstance()), width: 32,
      mode: .fast, network: false, timeout: .seconds(10), progress: { _ in })
    let shown = times.indices.map { index in
      let seconds = times[index].inMilliseconds / 1_000
      let shared = keyframes.filter { $0 == keyframes[index] }.count > 1
      let frame = shared ? clip.frame(shownAt: seconds) : keyframes[index]
      return TimeText.clock(
        .milliseconds(Int((clip.times[frame] * 1_000).rounded())), milliseconds: true)
    }
    #expect(sheet.labels == shown)
  }

  @Test("a sheet of an MP4 whose pictures start after an empty edit spreads over its pictures")
  func emptyEditSheet() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    // An edit list that starts with 10 s of nothing: 18 s advertised (ffprobe says so too),
    // 8 s of pictures, which libVLC plays from 0.
    let clip = try await generated.make(
      "late.mp4",
      ["-f", "lavfi", "-i", "testsrc2=s=64x48:r=25:d=8", "-c:v", "libx264", "-g", "25"]
        + ["-output_ts_offset", "10"])
    for mode in [ThumbnailMode.fast, .precise] {
      let sheet = try await ContactSheet.make(
        columns: 4, rows: 1, of: Media(path: clip, instance: headlessInstance()), width: 32,
        mode: mode, network: false, timeout: .seconds(20), progress: { _ in })
      // The last two cells (asked at 11.25 and 15.75 s) showed the last picture, 7.960.
      #expect(Set(sheet.labels).count == 4, "\(mode): \(sheet.labels)")
      #expect(sheet.labels == sheet.labels.sorted(), "\(mode): \(sheet.labels)")
      #expect(sheet.labels.last.map { $0 < "0:07.960" } == true, "\(mode): \(sheet.labels)")
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

  @Test("a header line too wide for the sheet breaks between its facts, then between words")
  func headerWraps() {
    let measure: (String) -> Int = { $0.count * 8 }
    let lines = ["name.mp4", "Size: 1 kB   Duration: 0:06   Container: MP4/QuickTime"]
    #expect(
      SheetHeader.wrapped(lines, width: 30 * 8, measure: measure) == [
        "name.mp4", "Size: 1 kB   Duration: 0:06", "Container: MP4/QuickTime",
      ])
    #expect(
      SheetHeader.wrapped(lines, width: 12 * 8, measure: measure) == [
        "name.mp4", "Size: 1 kB", "Duration:", "0:06", "Container:", "MP4/QuickTime",
      ])
    #expect(SheetHeader.wrapped(lines, width: 80 * 8, measure: measure) == lines)
  }

  @Test(
    "a narrow sheet's header takes more lines instead of running off its right edge",
    .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
  func narrowSheetHeader() async throws {
    let scratch = try ScratchDirectory("narrow-sheet")
    defer { scratch.remove() }
    let output = scratch.path("sheet.png")
    let result = try await runTool([
      "thumbnail", Fixture.seekMP4.path, "--sheet", "2x1", "--width", "80", "-o", output,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let sheet = try decodePNG(atPath: output)
    let lines = try pngText(atPath: output)["Description"]?.split(separator: "\n").count ?? 0
    // The name, the facts, the tracks: the facts alone are wider than 2 × 80 pixels.
    let unbroken = SheetLayout(
      columns: 2, rows: 1, cellWidth: 80, cellHeight: 60, headerLines: lines + 1)
    #expect(sheet.width == unbroken.width)
    #expect(sheet.height > unbroken.height, "\(sheet.height) for \(lines + 1) lines")
  }

  @Test(
    "a labelled sheet has its header drawn and as PNG text (as ffprobe sees it), times, gaps",
    .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
  func labelledSheet() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let clip = try await generated.make(
      "titled.mp4", GeneratedMedia.video(seconds: 4) + ["-metadata", "title=Test Pattern"])
    let output = generated.folder.appendingPathComponent("sheet.png").path
    let result = try await runTool([
      "thumbnail", clip, "--sheet", "3x2", "--precise", "-o", output,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let sheet = try decodePNG(atPath: output)
    let layout = SheetLayout(columns: 3, rows: 2, cellWidth: 160, cellHeight: 120, headerLines: 0)
    try #require(sheet.width == layout.width && sheet.height > layout.height)
    let header = sheet.height - layout.height
    func bright(x: Range<Int>, y: Range<Int>) -> Int {
      y.reduce(0) { total, row in
        total + x.filter { sheet.rgba[(row * sheet.width + $0) * 4 + 1] > 150 }.count
      }
    }
    // The header band has light text on the dark background.
    #expect(bright(x: 0..<sheet.width, y: 0..<header) > 200)
    // The text says what ffprobe says of the file.
    let text = try pngText(atPath: output)
    let probed = try await FFprobeReport.probe(clip)
    let size = try #require(FileManager.default.attributesOfItem(atPath: clip)[.size] as? NSNumber)
    let video = try #require(probed.streams.first { $0.kind == "video" })
    #expect(text["Title"] == "titled.mp4 \u{2014} \(try #require(probed.title))")
    let description = try #require(text["Description"])
    let seconds = Int(try #require(probed.duration))
    #expect(description.contains("Size: \(ProgressText.bytes(size.int64Value))"))
    #expect(description.contains("Duration: 0:0\(seconds)"))
    #expect(description.contains("\(try #require(video.width))x\(try #require(video.height))"))
    #expect(description.contains("H.264"))
    #expect(description.contains("Audio AAC"))
    #expect(text["Software"]?.hasPrefix("swiftvlc ") == true)
    let times = ContactSheet.times(count: 6, over: try await parsedDuration(clip))
    for index in 0..<6 {
      let origin = layout.origin(ofCell: index)
      let top = origin.y + header
      // Background in the gap left of the cell and above it.
      let left = ((top + 10) * sheet.width + origin.x - 1) * 4
      let above = ((top - 1) * sheet.width + origin.x + 10) * 4
      #expect(sheet.rgba[left] == ContactSheet.background)
      #expect(sheet.rgba[above] == ContactSheet.background)
      // The time, right-aligned in the strip under the cell.
      let strip = top + 120..<top + 120 + layout.captionHeight
      #expect(bright(x: origin.x + 80..<origin.x + 160, y: strip) > 20, "cell \(index)")
      #expect(bright(x: origin.x..<origin.x + 40, y: strip) == 0, "cell \(index)")
      // The cell is the frame: the same picture as a still at its time.
      let still = generated.folder.appendingPathComponent("still-\(index).png").path
      let seconds = TimeText.seconds(times[index])
      let made = try await runTool([
        "thumbnail", clip, "--at", seconds, "--precise", "-o", still,
      ])
      #expect(made.status == 0, "\(made.stderr)")
      let expected = try decodePNG(atPath: still)
      var difference = 0
      for row in 0..<120 {
        for column in 0..<160 {
          let cell = ((top + row) * sheet.width + origin.x + column) * 4
          let frame = (row * 160 + column) * 4
          for channel in 0..<3 {
            difference += abs(Int(sheet.rgba[cell + channel]) - Int(expected.rgba[frame + channel]))
          }
        }
      }
      let mean = Double(difference) / Double(160 * 120 * 3)
      #expect(mean < 2, "cell \(index) differs from the still at \(seconds) s by \(mean)")
    }
  }

  @Test(
    "an MPEG-TS sheet's header gives its picture size and rate, which the TS does not declare",
    .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
  func transportStreamHeader() async throws {
    let generated = try GeneratedMedia()
    defer { generated.remove() }
    let clip = try await generated.make(
      "clip.ts", GeneratedMedia.video(seconds: 3) + ["-c:a", "aac", "-f", "mpegts"])
    let output = generated.folder.appendingPathComponent("sheet.png").path
    let result = try await runTool(["thumbnail", clip, "--sheet", "2x1", "-o", output])
    #expect(result.status == 0, "\(result.stderr)")
    let description = try #require(try pngText(atPath: output)["Description"])
    let probed = try await FFprobeReport.probe(clip)
    let video = try #require(probed.streams.first { $0.kind == "video" })
    // It said "Video H.264 (h264) program 1": the container depth's listing.
    #expect(
      description.contains("\(try #require(video.width))x\(try #require(video.height)) 25 fps"),
      "\(description)")
  }

  @Test(
    "thumbnail -o x.jpg writes a JPEG still and sheet that libjpeg decodes to the frames",
    .enabled(if: FrameOracle.isAvailable, "needs ffmpeg"))
  func jpegOutput() async throws {
    let clip = try await FrameOracle.clip(OracleVariant(container: .mp4))
    let scratch = try ScratchDirectory("cli-jpeg")
    defer { scratch.remove() }
    let still = scratch.path("still.JPG")
    let result = try await runTool([
      "thumbnail", clip.path, "--at", "3.5", "--precise", "--quality", "95", "-o", still,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let picture = try decodeJPEG(Data(contentsOf: URL(fileURLWithPath: still)))
    let expected = clip.frame(shownAt: 3.5)
    let match = clip.match(picture, expected: expected)
    #expect(match.frame == expected)
    #expect(match.difference < ThumbnailFrameTests.tolerance, "mean difference \(match.difference)")
    // A sheet as JPEG: each cell is its frame; a lower quality makes a smaller file.
    let sheetPath = scratch.path("sheet.jpeg")
    let small = scratch.path("small.jpeg")
    for (path, quality) in [(sheetPath, "90"), (small, "20")] {
      let made = try await runTool([
        "thumbnail", clip.path, "--sheet", "3x2", "--precise", "--quality", quality, "-o", path,
      ])
      #expect(made.status == 0, "\(made.stderr)")
    }
    let sheet = try decodeJPEG(Data(contentsOf: URL(fileURLWithPath: sheetPath)))
    let cells = try sheetCells(sheet, columns: 3, rows: 2)
    let times = ContactSheet.times(count: 6, over: try await parsedDuration(clip.path))
    for (index, time) in times.enumerated() {
      let frame = clip.frame(shownAt: time.inMilliseconds / 1_000)
      let match = clip.match(cells[index], expected: frame)
      #expect(match.frame == frame && match.difference < ThumbnailFrameTests.tolerance, "\(index)")
    }
    let sizes = try [sheetPath, small].map {
      try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0
    }
    #expect(sizes[1] < sizes[0])
  }
}

/// The cells of the oracle-clip sheet at `path`, row by row: where ``SheetLayout`` puts them,
/// under a header of whatever height is left.
private func sheetCells(_ path: String, columns: Int, rows: Int) throws -> [Thumbnail] {
  try sheetCells(decodePNG(atPath: path), columns: columns, rows: rows)
}

/// The cells of the oracle-clip sheet `sheet`, row by row.
private func sheetCells(_ sheet: Thumbnail, columns: Int, rows: Int) throws -> [Thumbnail] {
  let (width, height) = (OracleClip.width, OracleClip.height)
  let layout = SheetLayout(
    columns: columns, rows: rows, cellWidth: width, cellHeight: height, headerLines: 0)
  try #require(sheet.width == layout.width && sheet.height >= layout.height)
  let header = sheet.height - layout.height
  return (0..<columns * rows).map { index in
    let (left, top) = (layout.origin(ofCell: index).x, layout.origin(ofCell: index).y + header)
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
