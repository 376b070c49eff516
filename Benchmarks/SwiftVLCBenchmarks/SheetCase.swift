// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLCCommandLine

extension Bench {
  /// Case 8: contact sheets of the 60 s 720p clip (4×3 and 10×10 cells of 320×180): the
  /// `swiftvlc` tool and the library against ffmpeg's `fps,tile` filter and against one
  /// `ffmpeg -ss T` per cell, with every cell of every run checked against ffmpeg's frames.
  func sheetCase() throws -> CaseReport {
    let clip = try inputs.clip720
    let tool = (executable as NSString).deletingLastPathComponent + "/swiftvlc"
    guard FileManager.default.isExecutableFile(atPath: tool) else {
      throw BenchError.setup("swiftvlc is not built: swift build -c release --product swiftvlc")
    }
    var report = CaseReport(
      name: "sheets",
      title: "8. Contact sheets (320×180 cells from 60 s of 720p H.264, keyframes every 4 s)")
    let reference = try SheetReference(clip: clip, ffmpeg: inputs.ffmpeg, scratch: scratch)
    for (columns, rows) in [(4, 3), (10, 10)] {
      try sheetRows(
        columns: columns, rows: rows, clip: clip, tool: tool, reference: reference,
        into: &report)
    }
    report.notes.append(
      "Times are wall clock from start to the written picture, processes included (the "
        + "library row: in one process, instance made before the clock, no PNG). A cell is right "
        + "when, among ffmpeg's frames from 2 before to 2 after the expected one, the closest is "
        + "the expected one and differs from it by less than \(format(FrameChecker.threshold)) "
        + "(0–255); every run is checked. Expected: the keyframe at or before the cell's time "
        + "(fast; the frame showing at it when other cells share that keyframe), the frame "
        + "showing at it (precise, and `fps`, which keeps the last frame before each output "
        + "time), the first frame at or after it (`ffmpeg -ss`).")
    return report
  }

  /// One grid: every contender in rounds, then the times, ratios and right cells.
  private func sheetRows(
    columns: Int, rows: Int, clip: String, tool: String, reference: SheetReference,
    into report: inout CaseReport
  ) throws {
    let grid = "\(columns)x\(rows)"
    let count = columns * rows
    let directory = "\(scratch)/sheets-\(grid)"
    // The cell times and the duration libVLC parsed, from the library row (which runs first).
    var times: [Double] = []
    var duration = 0.0
    // Every run's pictures are kept and checked once the cell times are known.
    var outputs: [String: [(path: String, kind: SheetOutput)]] = [:]
    var folders: [String: Int] = [:]
    func output(_ name: String, _ kind: SheetOutput, _ file: String) throws -> String {
      if folders[name] == nil { folders[name] = folders.count }
      let run = "\(directory)/\(folders[name] ?? 0)-\(outputs[name]?.count ?? 0)"
      try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
      outputs[name, default: []].append((run + "/" + file, kind))
      return run + "/" + file
    }
    func timed(_ run: ChildRun) throws -> [String: Double] {
      guard run.status == 0 else { throw BenchError.child("exit \(run.status): \(run.errors)") }
      return ["seconds": run.wallSeconds, "cpu": run.cpuSeconds]
    }
    let cliFast = "swiftvlc thumbnail --sheet \(grid)"
    let cliPrecise = "swiftvlc thumbnail --sheet \(grid) --precise"
    let library = "SwiftVLC ContactSheet.make, fast"
    let tile = "ffmpeg -vf fps,scale,tile"
    let seeks = "ffmpeg -ss T -i F -frames:v 1, \(count) runs"
    var contenders: [Contender] = []
    // The default sheet has a header and each cell's time; the bare one shows what they cost.
    let cliBare = "swiftvlc thumbnail --sheet \(grid) --no-header"
    for (name, extra, mode) in [
      (cliFast, [String](), SheetOutput.Expectation.fast), (cliPrecise, ["--precise"], .showing),
      (cliBare, ["--no-header"], .fast),
    ] {
      contenders.append(
        (
          name,
          {
            let path = try output(name, .sheet(mode), "sheet.png")
            return try timed(
              runChild(tool, ["thumbnail", clip, "--sheet", grid, "-o", path] + extra))
          }
        ))
    }
    contenders.append(
      (
        library,
        {
          let path = try output(library, .raw(.fast), "sheet.rgba")
          let run = try swiftChild(["sheet", clip, "\(columns)", "\(rows)", "fast", path])
          let json = try run.json()
          times = try json.numbers("times")
          duration = try json.number("duration")
          return ["seconds": try json.number("seconds"), "cpu": run.cpuSeconds]
        }
      ))
    contenders.append(
      (
        tile,
        {
          let path = try output(tile, .sheet(.showing), "sheet.png")
          // One output picture every duration ÷ cells seconds: the fps filter shows at each the
          // frame showing at the middle of a part, the tool's times.
          guard duration > 0 else { throw BenchError.child("no duration from the library row") }
          let rate = "\(count * 1_000)/\(Int((duration * 1_000).rounded()))"
          return try timed(
            runChild(
              ffmpeg ?? inputs.ffmpeg,
              [
                "-v", "error", "-i", clip, "-vf", "fps=\(rate),scale=320:180,tile=\(grid)",
                "-frames:v", "1", "-y", path,
              ]))
        }
      ))
    contenders.append(
      (
        seeks,
        {
          let folder = (try output(seeks, .cells, "0.png") as NSString).deletingLastPathComponent
          var total: [String: Double] = ["seconds": 0, "cpu": 0]
          guard times.count == count else {
            throw BenchError.child("no times from the library row")
          }
          for (index, time) in times.enumerated() {
            let run = try timed(
              runChild(
                ffmpeg ?? inputs.ffmpeg,
                [
                  "-v", "error", "-ss", String(format: "%.3f", time), "-i", clip, "-frames:v", "1",
                  "-vf", "scale=320:-1", "-y", "\(folder)/\(index).png",
                ]))
            total.merge(run, uniquingKeysWith: +)
          }
          return total
        }
      ))
    let results = rounds(contenders)
    report.noteFailures(results)
    for contender in contenders {
      let values = results[contender.name] ?? [:]
      report.add(contender.name, "\(grid) sheet", "s", values["seconds"] ?? [])
      report.add(contender.name, "\(grid) CPU", "s", values["cpu"] ?? [])
    }
    func ratio(_ peer: String, _ ours: String) -> Double? {
      guard let peer = report.median(of: peer, "\(grid) sheet"),
        let ours = report.median(of: ours, "\(grid) sheet")
      else { return nil }
      return peer / ours
    }
    let goal = grid == "4x3" ? 5.0 : 1.0
    report.target("\(grid): ffmpeg fps,tile ÷ swiftvlc (time)", ratio(tile, cliFast), atLeast: goal)
    report.target(
      "\(grid): ffmpeg fps,tile ÷ swiftvlc --precise (time)", ratio(tile, cliPrecise),
      atLeast: goal)
    report.target(
      "\(grid): ffmpeg -ss per cell ÷ swiftvlc (time)", ratio(seeks, cliFast), atLeast: 1)

    guard times.count == count else {
      report.notes.append("\(grid): no cell times from the library row; cells not checked")
      return
    }
    for contender in contenders {
      var right: [Double] = []
      var last: [FrameVerdict] = []
      do {
        for (path, kind) in outputs[contender.name] ?? [] {
          last = try reference.check(
            path, kind: kind, times: times, columns: columns, rows: rows)
          right.append(Double(last.filter(\.isRight).count))
        }
      } catch {
        report.notes.append("\(contender.name): cells not checked: \(error)")
        continue
      }
      report.rows.append(
        Row(
          contender: contender.name, metric: "\(grid) right cells (every run)",
          unit: "of \(count)", median: right.min() ?? 0, runs: right))
      let wrong = last.indices.filter { !last[$0].isRight }
      if !wrong.isEmpty {
        let offsets = wrong.prefix(12).map {
          "cell \($0): \(String(format: "%+d", last[$0].offset))"
        }
        report.notes.append(
          "\(contender.name): \(wrong.count) of \(count) cells wrong in the last run; frame "
            + "offsets from the expected one: \(offsets.joined(separator: ", "))"
            + (wrong.count > 12 ? ", …" : ""))
      }
    }
  }
}

/// What a sheet contender wrote, and which frame each of its cells should show.
enum SheetOutput {
  /// Which frame the cell for time T should be.
  enum Expectation {
    /// The keyframe at or before T, or the frame showing at T when another cell's time has
    /// the same keyframe (the tool's fast sheet).
    case fast
    /// The first frame at or after T.
    case atOrAfter
    /// The frame showing at T: the last one that starts at or before it.
    case showing
  }

  /// A PNG of the whole grid.
  case sheet(Expectation)
  /// Raw RGBA of the whole grid.
  case raw(Expectation)
  /// One PNG per cell (0.png, 1.png, …) beside the given path, each the first frame at or
  /// after its time.
  case cells
}

/// Every frame of the clip at 320×180 RGBA, decoded once by ffmpeg (and cached beside the
/// inputs), to check sheet cells against.
struct SheetReference {
  static let cellWidth = 320
  static let cellHeight = 180
  static let frameDuration = 0.04
  static let keyframeInterval = 100
  private static let cellBytes = cellWidth * cellHeight * 4
  let ffmpeg: String
  let scratch: String
  private let frames: Data
  private let checker: FrameChecker

  init(clip: String, ffmpeg: String, scratch: String) throws {
    self.ffmpeg = ffmpeg
    self.scratch = scratch
    checker = try FrameChecker(clip: clip, ffmpeg: ffmpeg, scratch: scratch)
    let path = (clip as NSString).deletingPathExtension + "-320x180.rgba"
    if !FileManager.default.fileExists(atPath: path) {
      log("decoding every frame of \((clip as NSString).lastPathComponent) at 320×180")
      let run = try runChild(
        ffmpeg,
        [
          "-v", "error", "-i", clip, "-vf", "scale=\(Self.cellWidth):\(Self.cellHeight)", "-f",
          "rawvideo", "-pix_fmt", "rgba", "-y", path + ".partial",
        ])
      guard run.status == 0 else { throw BenchError.setup("ffmpeg reference: \(run.errors)") }
      try FileManager.default.moveItem(atPath: path + ".partial", toPath: path)
    }
    frames = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
  }

  /// The verdict for every cell of the picture(s) at `path`, in cell order.
  func check(_ path: String, kind: SheetOutput, times: [Double], columns: Int, rows: Int) throws
    -> [FrameVerdict]
  {
    switch kind {
    case .cells:
      let folder = (path as NSString).deletingLastPathComponent
      return try times.indices.map { index in
        let cell = try decode("\(folder)/\(index).png", scale: true)
        return verdict(cell, expected: frameIndex(times[index], .atOrAfter))
      }
    case .sheet(let expectation), .raw(let expectation):
      let sheet: [UInt8]
      if case .sheet = kind {
        sheet = try decode(path, scale: false)
      } else {
        sheet = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      }
      let origins = try cellOrigins(of: sheet, path: path, columns: columns, rows: rows)
      let rowBytes = Self.cellWidth * 4
      let expected = expectedFrames(times, expectation)
      return times.indices.map { index in
        let (left, top) = origins.cell(index)
        var cell: [UInt8] = []
        cell.reserveCapacity(Self.cellBytes)
        for line in 0..<Self.cellHeight {
          let start = ((top + line) * origins.width + left) * 4
          cell += sheet[start..<start + rowBytes]
        }
        return verdict(cell, expected: expected[index])
      }
    }
  }

  /// Where the cells of `sheet` are: a bare grid (ffmpeg's `tile`), or swiftvlc's layout
  /// (``SheetLayout``: gaps and times) under a header of whatever height is left.
  private func cellOrigins(of sheet: [UInt8], path: String, columns: Int, rows: Int) throws
    -> (width: Int, cell: (Int) -> (Int, Int))
  {
    if sheet.count == columns * rows * Self.cellBytes {
      return (
        columns * Self.cellWidth,
        { ($0 % columns * Self.cellWidth, $0 / columns * Self.cellHeight) }
      )
    }
    let layout = SheetLayout(
      columns: columns, rows: rows, cellWidth: Self.cellWidth, cellHeight: Self.cellHeight,
      headerLines: 0)
    let height = sheet.count / (layout.width * 4)
    guard sheet.count == layout.width * height * 4, height >= layout.height else {
      throw BenchError.child("\(path): \(sheet.count) bytes, not a \(columns)×\(rows) sheet")
    }
    let header = height - layout.height
    return (layout.width, { (layout.origin(ofCell: $0).x, layout.origin(ofCell: $0).y + header) })
  }

  /// The frame each cell should show.
  private func expectedFrames(_ times: [Double], _ expectation: SheetOutput.Expectation) -> [Int] {
    let frames = times.map { frameIndex($0, expectation) }
    guard case .fast = expectation else { return frames }
    return times.indices.map { index in
      frames.filter { $0 == frames[index] }.count > 1
        ? frameIndex(times[index], .showing) : frames[index]
    }
  }

  private func frameIndex(_ time: Double, _ expectation: SheetOutput.Expectation) -> Int {
    let position = time / Self.frameDuration
    switch expectation {
    case .fast:
      return Int(time / (Self.frameDuration * Double(Self.keyframeInterval)))
        * Self.keyframeInterval
    case .atOrAfter: return Int((position - 1e-6).rounded(.up))
    case .showing: return Int((position + 1e-6).rounded(.down))
    }
  }

  /// Compares `cell` with the frames from 2 before to 2 after `expected`.
  private func verdict(_ cell: [UInt8], expected: Int) -> FrameVerdict {
    let count = frames.count / Self.cellBytes
    let candidates = max(0, expected - 2)...min(count - 1, expected + 2)
    let differences = candidates.map { checker.difference(cell, frame($0)) }
    let closest = differences.indices.min { differences[$0] < differences[$1] } ?? 0
    return FrameVerdict(
      offset: candidates.lowerBound + closest - expected,
      difference: differences[expected - candidates.lowerBound])
  }

  private func frame(_ index: Int) -> [UInt8] {
    [UInt8](frames[index * Self.cellBytes..<(index + 1) * Self.cellBytes])
  }

  private func decode(_ png: String, scale: Bool) throws -> [UInt8] {
    let output = png + ".rgba"
    let run = try runChild(
      ffmpeg,
      ["-v", "error", "-i", png]
        + (scale ? ["-vf", "scale=\(Self.cellWidth):\(Self.cellHeight)"] : [])
        + ["-f", "rawvideo", "-pix_fmt", "rgba", "-y", output])
    guard run.status == 0 else { throw BenchError.child("ffmpeg png: \(run.errors)") }
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
  }
}
