// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@testable import SwiftVLCCommandLine

/// What the tool writes to files and reports: contact sheets, progress lines and probe reports.
extension CommandLineOutputTests {
  // MARK: Contact sheet and progress

  @Test("a contact sheet takes its pictures at the middle of equal parts of the duration")
  func contactSheetTimes() {
    #expect(
      ContactSheet.times(count: 4, over: .seconds(3))
        == [.milliseconds(375), .milliseconds(1_125), .milliseconds(1_875), .milliseconds(2_625)])
    #expect(ContactSheet.times(count: 1, over: .seconds(10)) == [.seconds(5)])
    #expect(ContactSheet.times(count: 0, over: .seconds(10)).isEmpty)
  }

  @Test("a contact sheet lays pictures out row by row with gaps, crops or pads, fills the rest")
  func contactSheetLayout() throws {
    func solid(_ width: Int, _ height: Int, _ value: UInt8) -> Thumbnail {
      Thumbnail(
        width: width, height: height,
        rgba: Array(repeating: [value, value, value, 255], count: width * height).flatMap { $0 })
    }
    // Cells are 20x10; the third picture is cropped, the fourth padded.
    let pictures = [solid(20, 10, 10), solid(20, 10, 20), solid(30, 20, 30), solid(10, 10, 40)]
    let layout = SheetLayout(columns: 2, rows: 3, cellWidth: 20, cellHeight: 10, headerLines: 0)
    let sheet = try ContactSheet.compose(pictures, times: [], header: [], layout: layout)
    #expect(layout.gap == 4)
    #expect(sheet.width == 2 * 20 + 3 * 4)
    #expect(sheet.height == 4 + 3 * (10 + layout.captionHeight + 4))
    func red(_ point: (x: Int, y: Int)) -> UInt8 {
      sheet.rgba[(point.y * sheet.width + point.x) * 4]
    }
    let corners = (0..<6).map { layout.origin(ofCell: $0) }
    #expect(corners.map(red) == [10, 20, 30, 40, 24, 24])
    #expect(corners.map { red(($0.x + 19, $0.y + 9)) } == [10, 20, 30, 24, 24, 24])
    // The gaps between cells are the background.
    #expect(red((corners[0].x + 20, corners[0].y)) == ContactSheet.background)
    #expect(red((corners[0].x, corners[0].y - 1)) == ContactSheet.background)
    #expect(stride(from: 3, to: sheet.rgba.count, by: 4).allSatisfy { sheet.rgba[$0] == 255 })
    let empty = SheetLayout(columns: 0, rows: 2, cellWidth: 20, cellHeight: 10, headerLines: 0)
    #expect(throws: VLCError.self) {
      try ContactSheet.compose(pictures, times: [], header: [], layout: empty)
    }
  }

  @Test("a contact sheet writes each cell's time under it and the header above the grid")
  func contactSheetText() throws {
    let picture = Thumbnail(
      width: 160, height: 90, rgba: [UInt8](repeating: 255, count: 160 * 90 * 4))
    let layout = SheetLayout(columns: 2, rows: 1, cellWidth: 160, cellHeight: 90, headerLines: 2)
    let header = ["clip.mp4", "Size: 1.00 MB   Duration: 0:30"]
    let sheet = try ContactSheet.compose(
      [picture, picture], times: ["0:07", "0:22"], header: header, layout: layout)
    func bright(x: Range<Int>, y: Range<Int>) -> Int {
      y.reduce(0) { total, row in
        total + x.filter { sheet.rgba[(row * sheet.width + $0) * 4] > 120 }.count
      }
    }
    // Text is light on the dark background: in the header band, and in each caption strip
    // (right-aligned: the right half of the strip has it, the left does not).
    #expect(bright(x: 0..<sheet.width, y: 0..<layout.headerHeight) > 100)
    for cell in 0..<2 {
      let origin = layout.origin(ofCell: cell)
      let strip = origin.y + 90..<origin.y + 90 + layout.captionHeight
      #expect(bright(x: origin.x + 80..<origin.x + 160, y: strip) > 20)
      #expect(bright(x: origin.x..<origin.x + 80, y: strip) == 0)
    }
    let bare = try ContactSheet.compose(
      [picture, picture], times: [], header: [],
      layout: SheetLayout(columns: 2, rows: 1, cellWidth: 160, cellHeight: 90, headerLines: 0))
    #expect(bare.height == sheet.height - layout.headerHeight)
  }

  @Test("a sheet's header gives the file's name and title, size, duration, bitrate and tracks")
  func sheetHeader() {
    let info = MediaInfo(
      duration: .seconds(90), metadata: Metadata([.title: "Big Clip"]),
      tracks: [
        Track(id: 0, kind: .video, codec: "h264", width: 1_280, height: 720, frameRate: 25),
        Track(id: 1, kind: .audio, codec: "mp4a", channels: 6, sampleRate: 48_000),
      ],
      isPlayable: true, container: "MP4/QuickTime", bitrate: 2_500_000)
    #expect(
      SheetHeader.lines(name: "clip.mp4", fileSize: 28_125_000, info: info) == [
        "clip.mp4 \u{2014} Big Clip",
        "Size: 28.1 MB   Duration: 1:30   Bitrate: 2.5 Mb/s   Container: MP4/QuickTime",
        "Video H.264 (h264) 1280x720 25 fps", "Audio AAC (mp4a) 5.1 48000 Hz",
      ])
  }

  @Test("progress lines: a bar with a count, a recording's time and size, sizes in SI units")
  func progressText() {
    #expect(
      ProgressText.bar("sheet", done: 3, total: 6, width: 4)
        == "sheet \u{2588}\u{2588}\u{2591}\u{2591} 3/6")
    #expect(ProgressText.bar("still", done: 0, total: 1, width: 2) == "still \u{2591}\u{2591} 0/1")
    #expect(
      ProgressText.recording(elapsed: .seconds(65), bytes: 1_234_567, mediaTime: .seconds(64))
        == "recording 1:05  1.23 MB  (source 1:04)")
    #expect(
      ProgressText.recording(elapsed: .seconds(5), bytes: 0, mediaTime: nil)
        == "recording 0:05  0 B")
    let sizes: [Int64] = [812, 1_000, 1_500, 12_345, 999_999, 123_456_789, 2_040_000_000]
    #expect(
      sizes.map(ProgressText.bytes) == [
        "812 B", "1.00 kB", "1.50 kB", "12.3 kB", "1.00 MB", "123 MB", "2.04 GB",
      ])
  }

  // MARK: Probe report

  @Test("a probe report keeps times in milliseconds, names metadata keys and leaves out unknowns")
  func probeReportJSON() throws {
    let info = MediaInfo(
      duration: .milliseconds(4_017), metadata: Metadata([.title: "Demo", .trackNumber: "3"]),
      tracks: [
        Track(
          id: 0, kind: .video, codec: "h264", width: 96, height: 64, frameRate: 30_000.0 / 1_001)
      ],
      isPlayable: true, container: "Matroska/WebM", demuxer: "mkv",
      chapters: [Chapter(index: 0, name: "Opening", start: .zero, duration: .milliseconds(2_000))])
    let report = ProbeReport(source: "a.mkv", mrl: "file:///a.mkv", info: info)
    let failed = ProbeReport(source: "b.mkv", error: .parseTimeout)
    let json = ProbeReport.json([report, failed])
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(decoded[0]["durationMs"] as? Int == 4_017)
    #expect(decoded[0]["metadata"] as? [String: String] == ["title": "Demo", "trackNumber": "3"])
    let track = try #require((decoded[0]["tracks"] as? [[String: Any]])?.first)
    #expect(Set(track.keys) == ["id", "kind", "codec", "format", "width", "height", "fps"])
    #expect(decoded[0]["container"] as? String == "Matroska/WebM")
    #expect(decoded[0]["demuxer"] as? String == "mkv")
    #expect(track["fps"] as? Double == 29.97)
    #expect((decoded[0]["chapters"] as? [[String: Any]])?.first?["startMs"] as? Int == 0)
    #expect(
      decoded[1] as? [String: String] == [
        // As every path names a stalled source (it was "parsing the media timed out").
        "source": "b.mkv", "error": "b.mkv: timeout",
      ])
    #expect(json.contains("\"source\" : \"a.mkv\"") || json.contains("\"source\": \"a.mkv\""))
  }

  @Test("probe text aligns its values after the longest key, known languages only, 5.1 and 7.1")
  func probeReportText() {
    let info = MediaInfo(
      duration: .seconds(4),
      metadata: Metadata([.description: "A long one", .trackNumber: "3", .title: "Demo"]),
      tracks: [
        Track(id: 0, kind: .audio, codec: "mp4a", language: "???", channels: 6),
        Track(id: 1, kind: .audio, codec: "mp4a", language: "eng", channels: 8),
        Track(id: 2, kind: .audio, codec: "mp4a", channels: 3),
      ],
      isPlayable: true)
    let lines = ProbeReport(source: "a.mkv", mrl: "file:///a.mkv", info: info).text
      .split(separator: "\n").map(String.init)
    #expect(lines.contains("  description A long one"))
    #expect(lines.contains("  trackNumber 3"))
    #expect(lines.contains("  title       Demo"))
    #expect(lines.contains("  duration    0:04.000"))
    #expect(lines.contains("  track 0     audio AAC (mp4a) 5.1"))
    #expect(lines.contains("  track 1     audio AAC (mp4a) 7.1 [eng]"))
    #expect(lines.contains("  track 2     audio AAC (mp4a) 3 ch"))
    #expect(!lines.joined().contains("???"))
  }
}
